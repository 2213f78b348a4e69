"""``python -m mjscore`` runs the command line."""

from mjscore.interfaces.cli import main

main()
