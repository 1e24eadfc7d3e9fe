"""The one record of what a script run knows of its unknown values (script_run.py; issue 13).

An `Opaque` stands for any value the run cannot know: a number, a text, a device object, a dtype,
a traced array. Where the run made one from a call whose result type is certain it notes that
type here, one kind per Opaque: "int", "float", "number" (an int or a float, which one not
known), "sizes" (`x.shape` of an unknown rank: a tuple of unknown ints) or "str" (what
unknown_numbers.py and unknown_texts.py read). An Opaque not noted is of no known type, and
only noted values are taken as of their kind. A fact about a value of a kind (an int's sign:
unknown_numbers.py) is kept in a table of its own by `note_fact` and read by `fact`.

The run keeps what it noted, and so keeps it alive: an id stays its own, and a lookup checks
the value is the one noted.
"""
from __future__ import annotations

from codemods.analysis.script_values import Opaque

INT, FLOAT, NUMBER, SIZES, STR = "int", "float", "number", "sizes", "str"
NUMBERS = frozenset({INT, FLOAT, NUMBER})  # (a Python number, its type known or not)
_KINDS = "_unknown_kinds"


def typed(run, kind: str, made: Opaque | None = None) -> Opaque:
    """`made` (or a new Opaque) noted as of `kind`."""
    made = Opaque() if made is None else made
    return note_fact(run, _KINDS, made, kind)


def kind(run, value: object) -> str | None:
    """The kind noted of `value`, None for any other value (a known one among them)."""
    return fact(run, _KINDS, value)


def note_fact(run, table: str, value: Opaque, found: object) -> Opaque:
    """Note `found` of `value` in the run's `table` (replacing what it held of it)."""
    run.__dict__.setdefault(table, {})[id(value)] = (value, found)
    return value


def fact(run, table: str, value: object) -> object:
    """What the run's `table` holds of `value` (an Opaque), else None."""
    if type(value) is not Opaque:
        return None
    found = run.__dict__.get(table, {}).get(id(value))
    return found[1] if found is not None and found[0] is value else None
