"""A transfer table's operations decoded one by one, when the analysis first asks for each (issue 16).

Decoding a whole table (some 600 operations, 3.6 MB of JSON) took about a twentieth of a
`check` of four large test files, which look up a few dozen operations. The generator writes
each operation on a line of its own (`  "name": {...},`) and JSON strings hold no raw line
break, so the line of an operation is its whole entry: the rest of the table is decoded at once,
each operation's line only when it is asked for. A file laid out any other way is decoded whole.

Unpacking the table and splitting it into lines still cost about 2% of that `check`: the split
table (the rest decoded, each operation's line) is kept beside the package's bytecode (kept.py)
with the packed file's length and checksum, and read back while they match.
"""
from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator, Mapping
from json.decoder import scanstring
from pathlib import Path

from codemods.kept import kept_path, read_kept, write_kept

_OPENING = ' "operations": {'
_ENTRY = '  "'


class LazyOperations(Mapping):
    """name -> an operation's data, each entry decoded from its line on first use."""

    def __init__(self, lines: dict[str, str]) -> None:
        self._lines = lines
        self._decoded: dict[str, dict] = {}

    def __getitem__(self, name: str) -> dict:
        found = self._decoded.get(name)
        if found is None:
            found = self._decoded[name] = json.loads(self._lines[name])
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


def read_lazily(path) -> dict:
    """A table file's data (as `table.read` gives it), its operations a `LazyOperations`."""
    raw = path.read_bytes()
    where = kept_path(str(path.parent), path.name) if isinstance(path, Path) else None
    stamp = (len(raw), zlib.crc32(raw))
    kept = read_kept(where) if where is not None else None
    if type(kept) is tuple and len(kept) == 3 and kept[0] == stamp and type(kept[1]) is dict \
            and type(kept[2]) is dict:
        data = kept[1]
        data["operations"] = LazyOperations(kept[2])
        return data
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    text = raw.decode("utf-8")
    split = _split(text)
    if split is None:
        return json.loads(text)
    rest, lines = split
    data = json.loads(rest)
    if data.get("operations") != {}:
        return json.loads(text)
    if where is not None:
        write_kept(where, (stamp, data, lines))
    data["operations"] = LazyOperations(lines)
    return data


def _split(text: str) -> tuple[str, dict[str, str]] | None:
    """The table's text with an empty operations object, and each operation's JSON by name;
    None when the operations are not one entry per line."""
    lines = text.split("\n")
    try:
        start = lines.index(_OPENING)
    except ValueError:
        return None
    found: dict[str, str] = {}
    end = start + 1
    while end < len(lines) and lines[end].startswith(_ENTRY):
        line = lines[end]
        try:
            name, after = scanstring(line, len(_ENTRY))
        except ValueError:
            return None
        value = line[after:].rstrip()
        if not value.startswith(": {") or name in found:
            return None
        value = value[2:]
        if end + 1 < len(lines) and lines[end + 1].startswith(_ENTRY):  # not the last entry
            if not value.endswith(","):
                return None
            value = value[:-1]
        found[name] = value
        end += 1
    if end >= len(lines) or not lines[end].lstrip().startswith("}"):
        return None
    rest = "\n".join(lines[:start] + [_OPENING] + lines[end:])
    return rest, found
