"""New York City's own limits, beside the shared ones (nycrules/limits.py), so that no ruleset can make a
bid that costs unbounded time or memory (documented with the others in docs/ruleset.md):

- MAX_BID_SETS: different sets of hand cards a seat could bid at once (each is tabled; the shipped
  game needs at most 432, with 11 cards in a hand).
- MAX_BID_CARDS: cards a bid counts for (a card played as N cards counts N): the counts of a bid are
  kept in 16 bits each, and a hand adds at most MAX_GAME_NUMBER * 10 cards to them.
"""

MAX_BID_SETS = 50_000
MAX_BID_CARDS = 50_000
