"""What New York City's web page shows beside the picture and the options (web/page.js reads it as data).

`PAGE`: the answer box's example, the picture's label for screen readers, the note over the hand,
how clicked cards join in a typed answer at a decision of each kind (a bid is its cards, a drafted
pair two cards joined by +), the parts of the picture whose change is marked (with the attributes
that name each part), and the options that are things on the board, by their key's kind (a
borough, a vessel, a character of the elevator), found in the picture by a selector (`{id}`: the
rest of the key), and the views typed at the terminal that the page shows itself (where).
`page_hand(observed)`: the seat's cards to click, and its reserve.
"""

from __future__ import annotations

from typing import Any

PAGE = {
    "example": "e.g. 2x press wild, or info joker",
    "board_label": "The board: boroughs, tracks, seats and the elevator",
    "hand_note": "Click a card to add it to the typed answer (a bid is its cards).",
    "joiners": {"bid": " ", "draft": " + "},
    "watched": ["g.borough", "g.seat", "g.elevator-row", "text.piles", "text.status", "g.key"],
    "keys": ["data-borough", "data-seat", "data-value"],
    "on_board": {"borough": 'g.borough[data-borough="{id}"]', "vessel": 'line.vessel[data-vessel="{id}"]',
                 "char": 'rect.elevator-tile[data-char="{id}"]'},
    "shows": {"hand": "your hand", "seats": "the board", "chars": "the board", "characters": "the board"},
}


def page_hand(observed: dict[str, Any]) -> dict[str, Any]:
    """The seat's own cards (its observation's), as buttons, and its reserve in a line under them."""
    reserve = observed["reserve"]
    return {"cards": observed["hand"], "notes": ["Reserve: " + (", ".join(reserve) if reserve else "none")]}
