"""JSON texts of values the run does not all know (script_run.py; issue 13): a pipeline writes
its drawn records to a JSONL file in a temporary directory (`fh.write(json.dumps({"label":
int(rng.integers(10)), "pixels": img.tolist()}) + "\\n")`) and its source reads them back
(`rows = [json.loads(line) for line in fh]`).

The text is unknown (its digits are), but what `json.loads` makes of it is not: the same keys in
the same order, lists as long as they were, and numbers of the same type whatever their values
(Python's json writes an int as digits, a float with a point, an exponent, or as NaN / Infinity,
and reads each back as the type it was). Its layout is known too where a JSONL reader needs it:
with the default `indent=None` json.dumps writes no line break (a newline or a CR inside a str is
escaped), with `ensure_ascii=True` only ASCII (which every codec of text_encodings.py spells
alike), and the text is never empty and never begins or ends with whitespace. So a file of such
texts, each followed by "\\n", has one line per record, each the text of its record.

Held as JsonText (script_values.py): its pieces, known strs and holes (a Hole: the text of one
dumped value). Modelled: `json.dumps(value)` without keywords of a tree of dicts with str keys,
lists, tuples, known plain values, unknown Python numbers (unknown_numbers.py) and lists of them
of unknown length (`x.tolist()` of a drawn vector: unsized_lists.py); `+` of such a
text and a str; `handle.write(text)` (temp_texts.py), whose holes the file's record keeps as
marks (NUL, a token drawn for this process, a serial, NUL: ASCII with no line break, so the
record stays bytes and its lines stay where they were); `for line in fh` of such a file, each line
holding a mark a JsonText again; `text.strip()` (and `lstrip`, `rstrip`) without argument;
`json.loads(text)` of one hole with only JSON's whitespace around it: the tree again, its unknown
numbers new ones of the same type. `isinstance(text, str)` is True and the text is true (never
empty). Anything else stops the run (Bail): reading such a file whole, comparing, measuring,
formatting or indexing such a text, dumping any other value.
"""
from __future__ import annotations

import ast
import json
import re
import secrets

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail, Seq
from codemods.analysis.script_values import JsonText, Opaque, RunCallable
from codemods.analysis.unknown_numbers import integer, is_number, number, number_kind
from codemods.analysis.unsized_lists import numbers_kind, of_numbers_list

MARK = "\x00" + secrets.token_hex(8) + ":"  # (drawn once: no program's own text holds it)
_MARKED = re.compile("(" + re.escape(MARK) + r"[0-9]+\x00)")
_JSON_SPACE = " \t\n\r"  # (what json.loads skips around a value)
_MAX_DEPTH = 12


class Hole:
    """The text of one dumped value: `tree` is what json.loads gives of it, its unknown numbers
    as Number."""

    __slots__ = ("tree",)

    def __init__(self, tree: object) -> None:
        self.tree = tree


class Number:
    """An unknown Python number in a dumped tree: "int", "float", or None when either."""

    __slots__ = ("kind",)

    def __init__(self, kind: str | None) -> None:
        self.kind = kind


class Numbers(Number):
    """A list of unknown length of unknown Python numbers in a dumped tree (unsized_lists.py)."""

    __slots__ = ()


def dumped(run, args: list, kwargs: dict) -> JsonText:
    """`json.dumps(value)` of a tree holding unknown numbers."""
    if len(args) != 1 or kwargs:
        raise Bail  # (indent, separators, default=...: not followed)
    return JsonText((Hole(_skeleton(run, args[0], 0)),))


def _skeleton(run, value: object, depth: int) -> object:
    if depth > _MAX_DEPTH:
        raise Bail
    if type(value) is Opaque and (listed := numbers_kind(run, value)) is not None:
        return Numbers(listed[0])
    if type(value) is Opaque and is_number(run, value):
        return Number(number_kind(run, value))
    if type(value) is dict:
        if not all(type(k) is str for k in value):
            raise Bail  # (other keys become strs, or TypeError: not followed)
        return {k: _skeleton(run, v, depth + 1) for k, v in value.items()}
    if type(value) in (list, tuple, Seq):
        return [_skeleton(run, item, depth + 1) for item in value]
    if type(value) in (str, int, float, bool, type(None)) and plain_tree(value):
        return json.loads(json.dumps(value))
    raise Bail


def loaded(run, text: JsonText) -> object:
    """`json.loads(text)`: a new tree of the hole the text is (JSON's whitespace around it)."""
    holes = [piece for piece in text.pieces if type(piece) is Hole]
    if len(holes) != 1 or any(type(piece) is str and piece.strip(_JSON_SPACE) for piece in text.pieces):
        raise Bail  # (two values, or other text: json.JSONDecodeError, not followed)
    return _fresh(run, holes[0].tree)


def _fresh(run, tree: object) -> object:
    if type(tree) is Number:
        return number(run, tree.kind)
    if type(tree) is Numbers:
        return of_numbers_list(run, tree.kind)
    if type(tree) is dict:
        return {k: _fresh(run, v) for k, v in tree.items()}
    if type(tree) is list:
        return [_fresh(run, item) for item in tree]
    return tree


def added(op: type, left: object, right: object) -> JsonText:
    """`text + "\\n"`, `prefix + text`."""
    if op is not ast.Add or not all(type(side) in (str, JsonText) for side in (left, right)):
        raise Bail
    return JsonText(_pieces(left) + _pieces(right))


def _pieces(value: object) -> tuple:
    if type(value) is JsonText:
        return value.pieces
    return (value,) if value else ()


def marked(run, text: JsonText) -> str:
    """The text as the file's record keeps it: each hole a mark."""
    holes = run.__dict__.setdefault("_json_holes", [])
    out = []
    for piece in text.pieces:
        if type(piece) is Hole:
            holes.append(piece)
            piece = f"{MARK}{len(holes) - 1}\x00"
        out.append(piece)
    return "".join(out)


def unmarked(run, line: str) -> object:
    """A line read back: a JsonText where it holds marks, else the str itself."""
    if MARK not in line:
        return line
    holes = run.__dict__.get("_json_holes", [])
    pieces = []
    for part in _MARKED.split(line):
        if _MARKED.fullmatch(part):
            pieces.append(holes[int(part[len(MARK):-1])])
        elif MARK in part:
            raise Bail  # (a mark cut apart: not a file the run wrote)
        elif part:
            pieces.append(part)
    return JsonText(tuple(pieces))


def written_length(run) -> object:
    """What `handle.write(text)` returns: the text's length, an unknown int."""
    return integer(run)


class Stripped(RunCallable):
    """`text.strip`, `text.lstrip`, `text.rstrip`, called without argument: whitespace stops at
    a hole (a JSON text neither begins nor ends with it)."""

    __slots__ = ("text", "name")

    def __init__(self, text: JsonText, name: str) -> None:
        self.text, self.name = text, name

    def __call__(self, run, args: list, kwargs: dict) -> JsonText:
        if args or kwargs:
            raise Bail
        pieces = list(self.text.pieces)
        if self.name in ("strip", "lstrip"):
            while type(pieces[0]) is str:
                pieces[0] = pieces[0].lstrip()
                if pieces[0]:
                    break
                pieces.pop(0)
        if self.name in ("strip", "rstrip"):
            while type(pieces[-1]) is str:
                pieces[-1] = pieces[-1].rstrip()
                if pieces[-1]:
                    break
                pieces.pop()
        return JsonText(tuple(pieces))


def attribute(text: JsonText, name: str) -> Stripped:
    if name not in ("strip", "lstrip", "rstrip"):
        raise Bail
    return Stripped(text, name)
