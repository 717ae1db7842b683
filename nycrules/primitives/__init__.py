"""The primitives of the effect language. Importing this package registers them all."""

from . import bidding, boroughs, cards, characters, choices, lists, log, seats, vessels  # noqa: F401
