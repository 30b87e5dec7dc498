"""A game in progress as a set of operations, and the document they fold to (a JSON CRDT).

Every edit is an operation with a stamp `(clock, device, n)`: a Lamport clock, the device that made it and
that device's own counter. Stamps are unique and totally ordered, the same way on every device.

- `set` puts a value at a path, `del` takes the key away: per value, the latest stamp wins (a scalar, or an
  object or list whose newest inner change is later). Concurrent edits of different fields all stay.
- Lists hold items with ids of their own: `ins` puts an item after a named one (None: at the front), `rm`
  removes one and `back` brings it back (both: latest stamp wins). Items inserted after the same item are
  ordered newest stamp first, so an insert lands right where its device saw the gap (RGA); an entry binds to
  its item's id, never to a position.
- A path is a list of keys (strings) and items (`{"#": id}`).

Applying an operation twice changes nothing, and the fold does not depend on the order in which operations
arrive: `apply` only ever raises a value's stamp or adds items, so the state is a join of the operations.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

Stamp = tuple[int, str, int]
Op = dict[str, Any]
Ids = Any  # the ids beside a folded value: {key: Ids} for an object, [(item id, Ids)] for a list, None for a scalar
KINDS = {"set", "del", "ins", "rm", "back"}


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


class Item:
    __slots__ = ("after", "ins", "rm", "rm_stamp", "slot")

    def __init__(self) -> None:
        self.after: str | None = None
        self.ins: Stamp | None = None  # None until its `ins` arrives (an edit of it came first)
        self.rm = False
        self.rm_stamp: Stamp | None = None
        self.slot = Slot()


class Slot:
    """One place in the document: it may hold a scalar, an object and a list at once; the newest shows."""

    __slots__ = ("items", "keys", "list_top", "map_top", "scalar", "scalar_stamp")

    def __init__(self) -> None:
        self.scalar: Any = ABSENT
        self.scalar_stamp: Stamp | None = None
        self.keys: dict[str, Slot] | None = None
        self.map_top: Stamp | None = None
        self.items: dict[str, Item] | None = None
        self.list_top: Stamp | None = None

    def child(self, key: str, stamp: Stamp) -> Slot:
        if self.keys is None:
            self.keys = {}
        if self.map_top is None or stamp > self.map_top:
            self.map_top = stamp
        found = self.keys.get(key)
        if found is None:
            found = self.keys[key] = Slot()
        return found

    def item(self, item_id: str, stamp: Stamp) -> Item:
        if self.items is None:
            self.items = {}
        if self.list_top is None or stamp > self.list_top:
            self.list_top = stamp
        found = self.items.get(item_id)
        if found is None:
            found = self.items[item_id] = Item()
        return found


def stamp_of(op: Op) -> Stamp:
    return (op["c"], op["dev"], op["n"])


def item_key(value: Any) -> str | None:
    return value.get("#") if isinstance(value, dict) and len(value) == 1 else None


# ---- applying ------------------------------------------------------------------------------------------


def apply(root: Slot, op: Op) -> None:
    """Fold one (valid) operation into the state."""
    stamp = stamp_of(op)
    slot = root
    for part in op["p"]:
        slot = slot.item(item_key(part), stamp).slot if isinstance(part, dict) else slot.child(part, stamp)
    kind = op["k"]
    if kind == "set":
        _put(slot, op["v"], stamp, op["id"])
    elif kind == "del":
        _put(slot, ABSENT, stamp, op["id"])
    elif kind == "ins":
        item = slot.item(op["i"], stamp)
        item.after, item.ins = op.get("a"), stamp
        _put(item.slot, op["v"], stamp, op["i"])
    else:  # rm, back
        item = slot.item(op["i"], stamp)
        if item.rm_stamp is None or stamp > item.rm_stamp:
            item.rm, item.rm_stamp = kind == "rm", stamp


def _put(slot: Slot, value: Any, stamp: Stamp, origin: str) -> None:
    """A value put whole: an object or list becomes its parts, each list item with an id made from `origin`."""
    if isinstance(value, dict):
        if slot.keys is None:
            slot.keys = {}
        if slot.map_top is None or stamp > slot.map_top:
            slot.map_top = stamp
        for key, inner in value.items():
            _put(slot.child(key, stamp), inner, stamp, _origin(origin, key))
    elif isinstance(value, list):
        if slot.items is None:
            slot.items = {}
        if slot.list_top is None or stamp > slot.list_top:
            slot.list_top = stamp
        after = None
        for index, inner in enumerate(value):
            item_id = f"{origin}#{index}"
            item = slot.item(item_id, stamp)
            item.after, item.ins = after, stamp
            _put(item.slot, inner, stamp, item_id)
            after = item_id
    elif slot.scalar_stamp is None or stamp > slot.scalar_stamp:
        slot.scalar, slot.scalar_stamp = value, stamp


def _origin(origin: str, key: str) -> str:
    return f"{origin}/{len(key)}:{key}"


def shadow(value: Any, origin: str) -> Ids:
    """The ids `_put` gives the lists inside a value put whole."""
    if isinstance(value, dict):
        ids = {key: shadow(inner, _origin(origin, key)) for key, inner in value.items()}
        return {key: inner for key, inner in ids.items() if inner is not None}
    if isinstance(value, list):
        return [(f"{origin}#{i}", shadow(inner, f"{origin}#{i}")) for i, inner in enumerate(value)]
    return None


# ---- folding -------------------------------------------------------------------------------------------


def fold(slot: Slot) -> tuple[Any, Ids]:
    """The value the state shows (ABSENT where nothing is) and the ids of its list items."""
    best = slot.scalar_stamp
    shows = "scalar"
    if slot.map_top is not None and (best is None or slot.map_top > best):
        best, shows = slot.map_top, "map"
    if slot.list_top is not None and (best is None or slot.list_top > best):
        shows = "list"
    if shows == "map":
        assert slot.keys is not None
        out: dict[str, Any] = {}
        ids: dict[str, Ids] = {}
        for key in sorted(slot.keys):
            value, inner = fold(slot.keys[key])
            if value is not ABSENT:
                out[key] = value
                if inner is not None:
                    ids[key] = inner
        return out, ids
    if shows == "list":
        assert slot.items is not None
        values, id_list = [], []
        for item_id in order(slot.items):
            item = slot.items[item_id]
            if item.rm:
                continue
            value, inner = fold(item.slot)
            if value is not ABSENT:
                values.append(value)
                id_list.append((item_id, inner))
        return values, id_list
    return slot.scalar, None


def order(items: dict[str, Item]) -> list[str]:
    """Item ids in list order: each item after the one it was inserted after, newest insert first."""
    children: dict[str | None, list[tuple[Stamp, str]]] = {}
    for item_id, item in items.items():
        if item.ins is not None:
            children.setdefault(item.after, []).append((item.ins, item_id))
    out: list[str] = []
    pending: list[Iterator[tuple[Stamp, str]]] = [iter(sorted(children.get(None, ()), reverse=True))]
    while pending:
        nxt = next(pending[-1], None)
        if nxt is None:
            pending.pop()
            continue
        out.append(nxt[1])
        pending.append(iter(sorted(children.get(nxt[1], ()), reverse=True)))
    return out


def lookup(root: Slot, path: list[Any]) -> Any:
    """The value shown at a path (ABSENT where there is none, or the path's item is removed)."""
    slot: Slot | None = root
    for part in path:
        assert slot is not None
        if isinstance(part, dict):
            item = (slot.items or {}).get(item_key(part))  # type: ignore[arg-type]
            if item is None or item.rm or item.ins is None:
                return ABSENT
            slot = item.slot
        else:
            slot = (slot.keys or {}).get(part)
        if slot is None:
            return ABSENT
    return fold(slot)[0]


# ---- edits as operations -------------------------------------------------------------------------------

Make = Callable[..., Op]  # make(kind, path, **fields): an operation with a fresh id and stamp


def diff(old: Any, new: Any, ids: Ids, path: list[Any], make: Make) -> tuple[list[Op], Ids]:
    """The operations that turn `old` (shown with `ids`) into `new`, and the ids beside `new`.

    Objects are compared key by key and lists item by item (an item keeps its id while it changes), so an
    operation touches only what this edit changed."""
    if old is not ABSENT and old == new and type(old) is type(new):
        return [], ids
    if isinstance(old, dict) and isinstance(new, dict):
        return _diff_object(old, new, ids or {}, path, make)
    if isinstance(old, list) and isinstance(new, list) and isinstance(ids, list) and len(ids) == len(old):
        return _diff_list(old, new, ids, path, make)
    fields = {} if old is ABSENT else {"was": old}
    op = make("set", path, v=new, **fields)
    return [op], shadow(new, op["id"])


def _diff_object(old: dict[str, Any], new: dict[str, Any], ids: dict[str, Ids], path: list[Any],
                 make: Make) -> tuple[list[Op], Ids]:
    ops: list[Op] = []
    out_ids: dict[str, Ids] = {}
    for key, value in new.items():
        made, inner = diff(old.get(key, ABSENT), value, ids.get(key), [*path, key], make)
        ops += made
        if inner is not None:
            out_ids[key] = inner
    ops += [make("del", [*path, key], was=value) for key, value in old.items() if key not in new]
    return ops, out_ids


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _diff_list(old: list[Any], new: list[Any], ids: list[tuple[str, Ids]], path: list[Any],
               make: Make) -> tuple[list[Op], Ids]:
    ops: list[Op] = []
    out_ids: list[tuple[str, Ids]] = []
    after: str | None = None

    def insert(value: Any) -> None:
        nonlocal after
        op = make("ins", path, v=value, a=after)
        op["i"] = op["id"]
        ops.append(op)
        out_ids.append((op["id"], shadow(value, op["id"])))
        after = op["id"]

    # Items keep their place: the unchanged ones at both ends stay, the rest pair up in order (a changed item
    # keeps its id), and what is left over was removed or inserted there. Matching items by content instead
    # would take one of two equal rounds for the other.
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    paired = min(len(old), len(new)) - head - tail
    for k in range(len(old) - tail):
        if k < head + paired:
            item_id, inner = ids[k]
            made, inner = diff(old[k], new[k], inner, [*path, {"#": item_id}], make)
            ops += made
            out_ids.append((item_id, inner))
            after = item_id
        else:
            ops.append(make("rm", path, i=ids[k][0]))
    for k in range(head + paired, len(new) - tail):
        insert(new[k])
    out_ids += ids[len(old) - tail:]
    return ops, out_ids


def inverse(root: Slot, op: Op, make: Make) -> Op | None:
    """The operation that takes `op` back, or None where there is nothing left of it to take back (another
    device has since changed that value: its work stays)."""
    kind = op["k"]
    if kind == "ins":
        return make("rm", op["p"], i=op["i"])
    if kind in ("rm", "back"):
        return make("back" if kind == "rm" else "rm", op["p"], i=op["i"])
    now = lookup(root, op["p"])
    if now != (op["v"] if kind == "set" else ABSENT):
        return None
    return make("set", op["p"], v=op["was"]) if "was" in op else make("del", op["p"])


# ---- the state whole -----------------------------------------------------------------------------------


class Log:
    """The operations of one game folded into its state; knows which it holds and the latest clock."""

    def __init__(self) -> None:
        self.root = Slot()
        self.seen: set[str] = set()
        self.clock = 0
        self.last_at = ""  # the time of the latest operation (ISO, UTC)

    def add(self, ops: Iterable[Op]) -> list[Op]:
        """Fold in the operations not held yet; returns those."""
        new = []
        for op in ops:
            if op["id"] in self.seen:
                continue
            apply(self.root, op)
            self.seen.add(op["id"])
            self.clock = max(self.clock, op["c"])
            self.last_at = max(self.last_at, op.get("at") or "")
            new.append(op)
        return new

    def document(self) -> tuple[dict[str, Any], Ids]:
        value, ids = fold(self.root)
        return (value if isinstance(value, dict) else {}), (ids if isinstance(ids, dict) else {})


    def to_json(self) -> dict[str, Any]:
        return {"root": _slot_json(self.root), "seen": sorted(self.seen), "clock": self.clock, "at": self.last_at}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Log:
        log = cls()
        log.root = _slot_from(data["root"])
        log.seen = set(data["seen"])
        log.clock = data["clock"]
        log.last_at = data.get("at", "")
        return log


def _slot_json(slot: Slot) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if slot.scalar_stamp is not None:
        out["s"] = [*slot.scalar_stamp, slot.scalar] if slot.scalar is not ABSENT else [*slot.scalar_stamp]
    if slot.keys is not None:
        out["m"] = [slot.map_top, {key: _slot_json(inner) for key, inner in slot.keys.items()}]
    if slot.items is not None:
        out["l"] = [slot.list_top, {item_id: [item.after, item.ins, item.rm, item.rm_stamp, _slot_json(item.slot)]
                                    for item_id, item in slot.items.items()}]
    return out


def _stamp(value: list[Any] | None) -> Stamp | None:
    return None if value is None else (value[0], value[1], value[2])


def _slot_from(data: dict[str, Any]) -> Slot:
    slot = Slot()
    if "s" in data:
        slot.scalar_stamp = _stamp(data["s"][:3])
        slot.scalar = data["s"][3] if len(data["s"]) > 3 else ABSENT
    if "m" in data:
        slot.map_top = _stamp(data["m"][0])
        slot.keys = {key: _slot_from(inner) for key, inner in data["m"][1].items()}
    if "l" in data:
        slot.list_top = _stamp(data["l"][0])
        slot.items = {}
        for item_id, (after, ins, rm, rm_stamp, inner) in data["l"][1].items():
            item = slot.items[item_id] = Item()
            item.after, item.ins, item.rm, item.rm_stamp = after, _stamp(ins), rm, _stamp(rm_stamp)
            item.slot = _slot_from(inner)
    return slot


# ---- operations from outside (backups, files): checked before anything is folded -----------------------

MAX_PATH = 24
MAX_KEY = 200
MAX_VALUE_BYTES = 64_000


class BadOperationError(ValueError):
    """An operation no version of this app writes."""


def check(op: Any) -> Op:
    """The operation if it is well formed, else BadOperationError saying why."""
    if not isinstance(op, dict):
        raise BadOperationError("an operation is not an object")
    kind = op.get("k")
    if kind not in KINDS:
        raise BadOperationError(f"unknown operation kind {kind!r}")
    dev, n, clock = op.get("dev"), op.get("n"), op.get("c")
    if not (isinstance(dev, str) and 0 < len(dev) <= MAX_KEY and ":" not in dev):
        raise BadOperationError("an operation without a valid device")
    for number in (n, clock):
        if not (isinstance(number, int) and not isinstance(number, bool) and 0 <= number < 2**53):
            raise BadOperationError("an operation without a valid counter or clock")
    if op.get("id") != f"{dev}:{n}":
        raise BadOperationError("an operation whose id is not its device and counter")
    path = op.get("p")
    if not (isinstance(path, list) and len(path) <= MAX_PATH and all(_good_part(p) for p in path)):
        raise BadOperationError("an operation with a damaged path")
    if kind in ("ins", "rm", "back") and not (isinstance(op.get("i"), str) and 0 < len(op["i"]) <= MAX_KEY):
        raise BadOperationError("a list operation without its item")
    if kind == "ins" and not (op.get("a") is None or isinstance(op["a"], str)):
        raise BadOperationError("an insert after a damaged item")
    if kind in ("set", "ins") and ("v" not in op or len(_canonical(op["v"])) > MAX_VALUE_BYTES):
        raise BadOperationError("an operation without a value, or with one too large")
    return op


def _good_part(part: Any) -> bool:
    if isinstance(part, str):
        return len(part) <= MAX_KEY
    key = item_key(part)
    return isinstance(key, str) and 0 < len(key) <= MAX_KEY
