"""The ways in: the command line and the web app. They call the scorekeeper and the scoring engine;
nothing below them imports them."""
