"""Merging a mod into its base: mappings key by key, lists of items with an `id` item by item (new
items last, or in the mod's order when it names every item), items removed with `remove: true`,
and marks on the items a mod adds or writes over, for the checks that tell a mistake from a change."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ..diagnostics import Sink
from .marked_yaml import MDict, MList


def copy_marked(d: MDict) -> MDict:
    out = MDict(d)
    out.loc = d.loc
    out.key_locs = dict(d.key_locs)
    out.value_locs = dict(d.value_locs)
    return out


def deep_merge(base: Any, overlay: Any) -> Any:
    """Overlay wins; mappings merge by key, lists of items with ids merge by id (in the overlay's order
    when it names every item of the base, else in the base's, new items last)."""
    if isinstance(base, MDict) and isinstance(overlay, MDict):
        out = copy_marked(base)
        out.loc = overlay.loc
        for key, value in overlay.items():
            out[key] = deep_merge(base[key], value) if key in base else value
            out.key_locs[key] = overlay.key_locs[key]
            out.value_locs[key] = overlay.value_locs[key]
        return out
    if isinstance(base, MList) and isinstance(overlay, MList) and has_ids(base) and has_ids(overlay):
        out = MList(base)
        out.loc = overlay.loc
        out.item_locs = list(base.item_locs)
        index = {item["id"]: i for i, item in enumerate(base)}
        for item, loc in zip(overlay, overlay.item_locs):
            if item["id"] in index:
                i = index[item["id"]]
                out[i] = deep_merge(out[i], item)
                if isinstance(out[i], MDict):
                    out[i].written_over = getattr(item, "written_over", None)
                out.item_locs[i] = loc
            else:
                index[item["id"]] = len(out)
                out.append(item)
                out.item_locs.append(loc)
        if {item["id"] for item in base} <= {item["id"] for item in overlay}:  # every item named: its order
            order = [index[item["id"]] for item in overlay]
            ordered = MList(out[i] for i in order)
            ordered.loc, ordered.item_locs = out.loc, [out.item_locs[i] for i in order]
            return ordered
        return out
    return overlay


@dataclass(frozen=True)
class NewItem:
    """Marks an item a mod adds to a list of its base (an id the base does not have), so that a
    mistyped id can be told as such instead of as a new item missing its keys (schema_check.py)."""

    base: str  # the name the mod extends, as written
    base_ids: tuple  # the ids of the base's list


def removed(base: Any, overlay: Any, base_name: str, sink: Sink) -> Any:
    """The base without the items the overlay removes (an item of a list with ids, named by its id
    with `remove: true`; the overlay loses them too). Removing what the base lacks is an error."""
    if isinstance(base, MDict) and isinstance(overlay, MDict):
        out = base
        for key, value in overlay.items():
            if key in base:
                kept = removed(base[key], value, base_name, sink)
                if kept is not base[key]:
                    out = copy_marked(out) if out is base else out
                    out[key] = kept
        return out
    if not (isinstance(base, MList) and isinstance(overlay, MList) and has_ids(base) and has_ids(overlay)):
        return base
    gone, inner = set(), {}
    by_id = {other["id"]: other for other in base}
    for i in range(len(overlay) - 1, -1, -1):
        item = overlay[i]
        if not isinstance(item, MDict) or "remove" not in item:
            if isinstance(item, MDict) and item["id"] in by_id:  # what it removes further down
                kept = removed(by_id[item["id"]], item, base_name, sink)
                if kept is not by_id[item["id"]]:
                    inner[item["id"]] = kept
            continue
        where = item.value_locs["remove"]
        ids = [other["id"] for other in base]
        if item["remove"] is not True:
            sink.error("E207", "remove takes only `remove: true` (the item is removed from the base)", where)
        elif item["id"] not in ids:
            close = difflib.get_close_matches(str(item["id"]), [str(i) for i in ids], n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            sink.error("E207", f"removes {item['id']}, which {base_name} does not have here{hint}",
                       item.value_locs["id"])
        elif len(item) > 2:
            sink.error("E207", f"an item removed needs only its id and `remove: true` (not "
                               f"{', '.join(str(k) for k in item if k not in ('id', 'remove'))})", where)
        else:
            gone.add(item["id"])
        del overlay[i]
        del overlay.item_locs[i]
    if not gone and not inner:
        return base
    out = MList(inner.get(item["id"], item) for item in base if item["id"] not in gone)
    out.loc = base.loc
    out.item_locs = [loc for item, loc in zip(base, base.item_locs) if item["id"] not in gone]
    return out


@dataclass(frozen=True)
class WrittenOver:
    """Marks an item a mod merges onto an item of its base with the same id (`item.written_over`), so
    that a check can tell a new item written over an old one by mistake (games/nyc/data_checks.py)."""

    base: str  # the name the mod extends, as written
    item: MDict  # the base's item, as it was before the mod
    keys: tuple  # the keys the mod's item gives


def note_new_items(base: Any, overlay: Any, base_name: str) -> None:
    """Mark each item of `overlay` that is new to the list of `base` it merges into (`item.new_item`),
    and each that merges onto one of the base's (`item.written_over`)."""
    if isinstance(base, MDict) and isinstance(overlay, MDict):
        for key, value in overlay.items():
            if key in base:
                note_new_items(base[key], value, base_name)
    elif isinstance(base, MList) and isinstance(overlay, MList) and has_ids(base) and has_ids(overlay):
        ids = tuple(item["id"] for item in base)
        by_id = {item["id"]: item for item in base}
        for item in overlay:
            if item["id"] not in ids:
                item.new_item = NewItem(base_name, ids)
            elif isinstance(item, MDict) and isinstance(by_id[item["id"]], MDict):
                item.written_over = WrittenOver(base_name, by_id[item["id"]], tuple(item))


def has_ids(items: list) -> bool:
    return all(isinstance(item, dict) and isinstance(item.get("id"), (str, int))
               and not isinstance(item.get("id"), bool) for item in items)
