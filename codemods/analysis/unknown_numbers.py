"""Unknown values the run knows to be Python numbers (script_run.py; issue 13).

`Opaque` stands for any value the run cannot know: a number, but also a device object, a dtype
or a traced array. Python and JAX treat a number differently where the run needs to follow it:
`copy.deepcopy` of a float is the float itself, of a device it raises (TypeError: cannot pickle);
`jax.lax.psum(x.shape[0], "data")` in a shard_map body reduces a Python int by multiplying it by
the axis size, tracing nothing, so JAX raises nothing there whatever the size is; `max(a, b)` of
numbers compares. The run notes here the Opaques it made as numbers: a draw from an unseeded
generator (`rng.uniform(a, b)`), `float(x)` or `int(x)` of an array, `math.exp(...)` or
arithmetic of such numbers, and an array's sizes (`x.ndim`, `x.size`, an entry of `x.shape`:
Python ints at trace time, their values unknown). `x.shape` of an unknown rank is not a number
but a tuple of them: its items are numbers again. Only values noted here are taken as numbers.
The run keeps what it noted (and so keeps it alive: an id stays its own).
"""
from __future__ import annotations

from codemods.analysis.script_values import Opaque

_NUMBER, _SIZES = "number", "sizes"


def _noted(run, kind: str) -> Opaque:
    made = Opaque()
    run.__dict__.setdefault("_numbers", {})[id(made)] = (made, kind)
    return made


def _kind(run, value: object) -> str | None:
    if type(value) is not Opaque:
        return None
    found = run.__dict__.get("_numbers", {}).get(id(value))
    return found[1] if found is not None and found[0] is value else None


def number(run, kind: str | None = None) -> Opaque:
    """A new unknown Python number (an array's size among them: `x.ndim`, `x.shape[0]`); `kind`
    "int" or "float" where its type is certain (`float(x)` is a float whatever x is)."""
    made = _noted(run, _NUMBER)
    if kind is not None:
        run.__dict__.setdefault("_number_kinds", {})[id(made)] = kind
    return made


def number_kind(run, value: object) -> str | None:
    """"int" or "float": the type of an unknown Python number where it is certain, else None."""
    return run.__dict__.get("_number_kinds", {}).get(id(value)) if is_number(run, value) else None


def integer(run) -> Opaque:
    """A new unknown Python int (`int(x)`, and what `+ - * // %` make of ints): a number that
    indexes a list as an int does (a float there raises TypeError)."""
    return number(run, "int")


def is_integer(run, value: object) -> bool:
    """A Python int, or an unknown number certainly one (`int(x)`, an entry of `x.shape`)."""
    return type(value) is int or number_kind(run, value) == "int"


def sizes(run) -> Opaque:
    """`x.shape` of an array of unknown rank: a tuple of unknown Python ints."""
    return _noted(run, _SIZES)


def is_number(run, value: object) -> bool:
    return _kind(run, value) == _NUMBER


def of_numbers(run, value: object) -> bool:
    """A Python number or a tuple of them (what a reduction computes without tracing)."""
    return type(value) in (int, float) or _kind(run, value) is not None


def item(run, holder: Opaque, key: object) -> Opaque:
    """`holder[key]` of an unknown value: an entry of unknown sizes is a number; any other item
    (a slice of sizes, an item of something else) is the unknown value again."""
    return number(run) if _kind(run, holder) == _SIZES and type(key) is int else holder
