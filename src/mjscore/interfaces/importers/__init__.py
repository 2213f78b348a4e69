"""Importers: game logs of other platforms read into hand records (``mjscore import ...``)."""
