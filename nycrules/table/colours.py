"""The colours of the table, for terminals (ANSI) and pictures (SVG): the colours a ruleset names, seats.

Only names of colours live in the ruleset; how a colour looks on a screen is a
matter of display and lives here.
"""

from __future__ import annotations

# Colour name -> (ANSI escape, SVG fill).
TABLE = {
    "yellow": ("\033[33m", "#e0b020"),
    "brown": ("\033[38;5;130m", "#8a5a2b"),
    "grey": ("\033[90m", "#8c8c8c"),
    "red": ("\033[31m", "#c8322d"),
    "blue": ("\033[34m", "#2f6fc0"),
    "green": ("\033[32m", "#3c9a46"),
    "pink": ("\033[95m", "#e07ab8"),
}
# Seats in clockwise order get these colours (none of them is a colour of the TABLE above, which rulesets name).
SEATS = [("\033[35m", "#b03aa8", "purple"), ("\033[36m", "#1d9aa6", "teal"),
         ("\033[38;5;208m", "#e8772e", "orange"), ("\033[97m", "#f4f4f4", "white")]
NEUTRAL = ("\033[37m", "#5a5a5a", "dark grey")
RESET = "\033[0m"


def ansi(text: str, colour: str, on: bool) -> str:
    """`text` in a table colour on a colour terminal; unchanged otherwise or for unknown colours."""
    if not on or colour not in TABLE:
        return text
    return f"{TABLE[colour][0]}{text}{RESET}"


def ansi_seat(text: str, index: int, on: bool) -> str:
    return f"{SEATS[index % len(SEATS)][0]}{text}{RESET}" if on else text


def fill(colour: str) -> str:
    return TABLE.get(colour, ("", "#999999"))[1]


def seat_fill(index: int) -> str:
    return SEATS[index % len(SEATS)][1]


def seat_colour_name(index: int) -> str:
    return SEATS[index % len(SEATS)][2]
