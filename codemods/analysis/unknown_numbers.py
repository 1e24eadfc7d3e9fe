"""Unknown values the run knows to be Python numbers (script_run.py; issue 13).

`Opaque` stands for any value the run cannot know: a number, but also a device object, a dtype
or a traced array. Python and JAX treat a number differently where the run needs to follow it:
`copy.deepcopy` of a float is the float itself, of a device it raises (TypeError: cannot pickle);
`jax.lax.psum(x.shape[0], "data")` in a shard_map body reduces a Python int by multiplying it by
the axis size, tracing nothing, so JAX raises nothing there whatever the size is; `max(a, b)` of
numbers compares. The run notes the Opaques it made as numbers (in unknown_kinds.py's record): a
draw from an unseeded generator (`rng.uniform(a, b)`), `float(x)` or `int(x)` of an array,
`math.exp(...)` or arithmetic of such numbers, and an array's sizes (`x.ndim`, `x.size`, an entry of `x.shape`:
Python ints at trace time, their values unknown). `x.shape` of an unknown rank is not a number
but a tuple of them: its items are numbers again. Only values noted are taken as numbers.
"""
from __future__ import annotations

import ast

from codemods.analysis.script_values import Opaque
from codemods.analysis.unknown_kinds import FLOAT, INT, NUMBER, NUMBERS, SIZES, STR, fact, note_fact, typed
from codemods.analysis.unknown_kinds import kind as noted_kind


def number(run, kind: str | None = None) -> Opaque:
    """A new unknown Python number (an array's size among them: `x.ndim`, `x.shape[0]`); `kind`
    "int" or "float" where its type is certain (`float(x)` is a float whatever x is)."""
    return typed(run, NUMBER if kind is None else kind)


def number_kind(run, value: object) -> str | None:
    """"int" or "float": the type of an unknown Python number where it is certain, else None."""
    found = noted_kind(run, value)
    return found if found in (INT, FLOAT) else None


def integer(run) -> Opaque:
    """A new unknown Python int (`int(x)`, and what `+ - * // %` make of ints): a number that
    indexes a list as an int does (a float there raises TypeError)."""
    return number(run, INT)


def is_integer(run, value: object) -> bool:
    """A Python int, or an unknown number certainly one (`int(x)`, an entry of `x.shape`)."""
    return type(value) is int or number_kind(run, value) == INT


def unary(run, op: type, operand: Opaque) -> Opaque:
    """`-n`, `+n`, `~n` of an unknown value: a new unknown, never `n` itself, whose facts (a drawn
    interval, a sign, a chosen truth) are n's own and not its negation's. A number of n's type
    where n is a number (`~` an int), with the interval draw_ranges can move exactly; for
    anything else (`~` of a float, `-` of a text or a bool's choice) Python may raise TypeError or
    give what the run does not follow: a step of unknown outcome, and an unknown of no type."""
    from codemods.analysis.draw_ranges import unary_operated
    from codemods.analysis.passed_steps import passed

    integral = is_integer(run, operand)
    if op is ast.Invert and not integral or not is_number(run, operand):
        passed(run)
        return Opaque()
    made = integer(run) if integral else number(run, number_kind(run, operand))
    return unary_operated(run, op, operand, made)


def sizes(run) -> Opaque:
    """`x.shape` of an array of unknown rank: a tuple of unknown Python ints."""
    return typed(run, SIZES)


def is_number(run, value: object) -> bool:
    return noted_kind(run, value) in NUMBERS


def of_numbers(run, value: object) -> bool:
    """A Python number or a tuple of them (what a reduction computes without tracing)."""
    return type(value) in (int, float) or noted_kind(run, value) in (*NUMBERS, SIZES)


def item(run, holder: Opaque, key: object) -> Opaque:
    """`holder[key]` of an unknown value: an entry of unknown sizes is a number, a slice of them
    sizes again, an item of a text a text; of anything else a new unknown, never `holder` itself
    (whose facts, a drawn interval or a chosen truth, are its own). A number's item raises
    (TypeError for a Python number, IndexError for a NumPy scalar: a class the run cannot tell),
    so the run stops there."""
    found = noted_kind(run, holder)
    if found in NUMBERS:
        from codemods.analysis.host_objects import Bail

        raise Bail
    if found == SIZES and type(key) in (int, slice):
        return number(run) if type(key) is int else sizes(run)
    if found == STR and type(key) in (int, slice):  # (a text's character or slice is a text; an index may overrun)
        if type(key) is int:
            from codemods.analysis.passed_steps import passed

            passed(run)
        return typed(run, STR)
    return Opaque()


# Signs of unknown ints the run knows (device and process counts are at least 1, a process index at
# least 0): a divisor known positive never raises ZeroDivisionError, so `batch // jax.device_count()`
# keeps the run going where `16 // (jax.device_count() - 8)` stops it (it may be 0).
_POSITIVE, _NATURAL, _SIGNS = "positive", "natural", "_signs"
_FLOAT_INTS = 2 ** 1000  # (ints far below float's range: no OverflowError turning them into floats)


def signed(run, value: Opaque, positive: bool) -> Opaque:
    """Note `value` (an unknown int) as at least 1 (`positive`) or at least 0."""
    return note_fact(run, _SIGNS, value, _POSITIVE if positive else _NATURAL)


def _sign(run, value: object) -> str | None:
    if type(value) is int:  # (bool included: True is 1)
        return _POSITIVE if value >= 1 else _NATURAL if value >= 0 else None
    return fact(run, _SIGNS, value)


def operated_sign(run, op: type, left: object, right: object, result: object) -> None:
    """The sign `+` and `*` of signed ints keep (`jax.process_index() + 1` is positive)."""
    if type(result) is not Opaque or op not in (ast.Add, ast.Mult):
        return
    signs = {_sign(run, left), _sign(run, right)}
    if None in signs:
        return
    if signs == {_NATURAL} or op is ast.Mult and _NATURAL in signs:
        signed(run, result, False)
    else:
        signed(run, result, True)


def may_raise(run, op: type, left: object, right: object) -> bool:
    """Whether `left op right` of numbers, one of them unknown, may raise where Python's own
    operator would: `/ // %` by a divisor that may be 0 (ZeroDivisionError), `**` of a base that
    may be 0 to a negative power, or one whose float result may overflow (OverflowError). A run
    that goes on has passed it, but only where no handler may catch the error (passed_steps.py):
    there the run stops (over_counts then tries real device counts: device_counts.py)."""
    if op in (ast.Div, ast.FloorDiv, ast.Mod):
        if op is ast.Div and type(left) is int and abs(left) >= _FLOAT_INTS:
            return True  # (its quotient may be too large for a float)
        return not (type(right) in (int, float, bool) and right != 0 or _sign(run, right) == _POSITIVE)
    if op is not ast.Pow:
        return False
    if type(right) in (int, float) and 0 <= right <= 1:
        return False  # (|b| ** e is at most max(|b|, 1): no overflow; 0 ** e is 0 or 1)
    if type(right) is int and right > 1 and is_integer(run, left):
        return False  # (int ** int never overflows)
    # (a nonzero int to an int power: an int, or a float of magnitude at most 1)
    return not (type(left) is int and 1 <= abs(left) < _FLOAT_INTS and is_integer(run, right)
                or _sign(run, left) == _POSITIVE and type(right) is int)
