"""The web app and HTTP API (``mjscore serve``): score a hand by tapping tiles, run a table from a phone.

:func:`create_app` builds the FastAPI application; :mod:`.app` lists its pages and routers.
"""

from mjscore.interfaces.web.app import create_app

__all__ = ["create_app"]
