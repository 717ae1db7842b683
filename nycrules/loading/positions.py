"""A position file (engine/snapshot.py writes and reads its data) read from the path a user named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine.snapshot import PositionError
from ..limits import MAX_GAME_POSITION_BYTES, MAX_POSITION_VALUES
from ..reading.files import FileRefused, read_text
from ..text import shown_path


def read_position_file(path: Any) -> dict[str, Any]:
    """The data of a position file (JSON), refused with one line when it cannot be one."""
    path = Path(path)
    name = shown_path(path)  # safe on a terminal, whatever the name holds
    try:  # a regular file under the limit, never a pipe or a device (which would block or never end)
        text = read_text(path, MAX_GAME_POSITION_BYTES, "the position file")
    except FileRefused as err:
        raise PositionError(f"{name}: {err}") from None
    # Each value read takes 30-60 bytes or more: 15 million empty lists ([],[],...) in a file under the size
    # limit took 1.15 GB. Counted before reading (a comma or bracket inside a text counts too).
    if text.count(",") + text.count("[") + text.count("{") > MAX_POSITION_VALUES:
        raise PositionError(f"{name}: not a position file (it holds more than {MAX_POSITION_VALUES} values; "
                            "a game's position holds some 15,000)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise PositionError(f"{name}: not a position file (JSON: {err})") from None
    except ValueError:  # a number of more than 4,300 digits, which Python refuses to read
        raise PositionError(f"{name}: not a position file (it holds a number far too long)") from None
    except RecursionError:
        raise PositionError(f"{name}: not a position file (JSON nested too deeply)") from None
    if not isinstance(data, dict):
        raise PositionError(f"{name}: not a position file (it holds no JSON object)")
    return data

