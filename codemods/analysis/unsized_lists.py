"""Lists whose length a script run (script_run.py; issue 13) does not know: `jax.devices()` when
the run reads the device count as unknown (device_counts.py).

A program checks the host before it builds its mesh: `devs = jax.devices(); assert len(devs) ==
DP * TP, f"need {DP * TP}, found {len(devs)}"`, `if len(jax.devices()) < 8: sys.exit(...)`. The
run does not know how many devices there are, but it knows what `len` of a list is: a Python int,
and asking for it never raises. So `len` of such a list is an unknown number
(unknown_numbers.py); a comparison of it is an unknown bool whose branches are choices, and an
unknown `assert` the run goes on past has passed (unknown_truths.py). Nothing else is known of
the list: its items, a slice, an iteration, `np.array(devs)` stop the run as any unknown value
does, and the device-count trials take over (device_counts.py).

`jax.device_count()` of an unknown count is an unknown number for the same reason. And a
response that reports an array's shape, `{"shape": list(out.shape)}` of an array whose rank the
run does not know, holds such a list too: `list` of a tuple of Python ints never raises; `tuple`
of it is the same tuple of unknown ints (unknown_numbers.py). `x.tolist()` of a drawn vector of a
length the run does not know is such a list too, of Python numbers of the vector's kind
(array_lists.py), which a JSON text keeps (unknown_json.py) and `np.asarray` makes a vector again.
"""
from __future__ import annotations

from codemods.analysis.script_values import Opaque
from codemods.analysis.unknown_numbers import number, of_numbers, is_number


def unsized(run) -> Opaque:
    """A new list of unknown length (kept alive by the run: its id stays its own)."""
    made = Opaque()
    run.__dict__.setdefault("_unsized", {})[id(made)] = made
    return made


def length(run, args: list, kwargs: dict) -> object:
    """`len(devs)` of a list of unknown length: an unknown number; NotImplemented otherwise."""
    if len(args) != 1 or kwargs or type(args[0]) is not Opaque:
        return NotImplemented
    if run.__dict__.get("_unsized", {}).get(id(args[0])) is not args[0]:
        return NotImplemented
    return number(run)


def converted(run, name: str, args: list, kwargs: dict) -> object:
    """`list(x.shape)`, `tuple(x.shape)` of sizes of unknown rank: a list of unknown length, the
    sizes themselves; NotImplemented otherwise."""
    if name not in ("list", "tuple") or len(args) != 1 or kwargs or type(args[0]) is not Opaque \
            or not of_numbers(run, args[0]) or is_number(run, args[0]):
        return NotImplemented
    return unsized(run) if name == "list" else args[0]


def of_numbers_list(run, kind: str | None) -> Opaque:
    """A new list of unknown length whose items are Python numbers (of `kind`, "int" or "float",
    where certain): `x.tolist()` of a vector of unknown length (array_lists.py)."""
    made = unsized(run)
    run.__dict__.setdefault("_number_lists", {})[id(made)] = (made, kind)
    return made


def numbers_kind(run, value: object) -> tuple | None:
    """`(kind,)` where `value` is a list `of_numbers_list` made, else None."""
    held = run.__dict__.get("_number_lists", {}).get(id(value))
    return (held[1],) if held is not None and held[0] is value else None
