"""nycrules: the board game New York City as data, with an interpreter to play it."""

__version__ = "0.1.0"
