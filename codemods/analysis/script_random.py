"""Seeded random number generators in a script run (script_run.py; issue 13).

Search algorithms of tuning frameworks draw their trial configs from a generator of their own,
seeded by the program (`rng = random.Random(seed)`; `rng.choice(categories)`,
`rng.uniform(lower, upper)`, `rng.randint(...)`): with an int seed, CPython's Mersenne Twister
gives the same draws in every run, so the run makes the very same `random.Random` and calls its
methods on the values it knows. An unseeded generator (`random.Random()`, `random.Random(None)`:
seeded from the OS) is made and passed along, as a search algorithm builds one it may never draw
from; a draw from it or from the module's global one (`random.choice(...)`, seeded or not: every value is
possible) is unknown, and the run goes on where Python's answer is one of a few the run can list
or a number it never needs (unknown_choices.py makes the run again for each):
- `choice(seq)` of a non-empty list, tuple or range: one of its items;
- `randrange(...)` / `randint(a, b)` of ints over a non-empty range of at most MAX_RUNS values: one of them;
- `random()`, `uniform(a, b)`, `gauss(mu, sigma)`, `normalvariate(mu, sigma)` of plain numbers: an
  unknown number (`Opaque`: a test of it stops the run);
- `random.seed(...)` of the global generator: nothing to follow (its draws stay unknown).
Anything else drawn from them (`sample`, `shuffle`, `choices`, `getrandbits`, a seed of an own
generator), a seed the run does not know, or a draw over values it cannot hand to the real method
stops the run (Bail).
"""
from __future__ import annotations

import random

from codemods.analysis.host_exprs import guard
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import RunCallable
from codemods.analysis.unknown_choices import MAX_RUNS, choose
from codemods.analysis.unknown_numbers import number

_NUMBERS = (int, float, bool)
_DRAWS = frozenset({"random", "uniform", "randint", "randrange", "gauss", "normalvariate", "lognormvariate",
                    "expovariate", "betavariate", "gammavariate", "triangular", "vonmisesvariate", "paretovariate",
                    "weibullvariate", "getrandbits", "seed"})
_PICKS = frozenset({"choice", "choices", "sample", "shuffle"})


class RandomMethod(RunCallable):
    """A method of a seeded `random.Random`."""

    __slots__ = ("name", "rng")

    def __init__(self, rng: random.Random, name: str) -> None:
        self.rng, self.name = rng, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if type(self.rng) is Unseeded:
            return unknown_draw(run, self.name, args, kwargs)  # (its draws differ from run to run)
        values = (*args, *kwargs.values())
        method = getattr(self.rng, self.name)
        if self.name in _DRAWS:
            if not all(type(value) in _NUMBERS for value in values) or self.name == "seed" and (
                    len(args) != 1 or type(args[0]) is not int or kwargs):
                raise Bail
            return guard(method, *args, **kwargs)
        if not args or not (type(args[0]) is list or type(args[0]) in (tuple, range) and self.name != "shuffle"):
            raise Bail
        if not all(type(value) in _NUMBERS or type(value) in (list, tuple) and all(type(v) in _NUMBERS for v in value)
                   for value in (*args[1:], *kwargs.values())):
            raise Bail  # (weights, a count: numbers only; a key function is not handed over)
        return guard(method, *args, **kwargs)


class Unseeded:
    """A `random.Random` seeded from the OS: its every draw is unknown."""

    __slots__ = ()


def random_attribute(rng: random.Random | Unseeded, name: str) -> RandomMethod:
    if name not in _DRAWS and name not in _PICKS:
        raise Bail
    return RandomMethod(rng, name)


def _make(run, args: list, kwargs: dict) -> random.Random | Unseeded:
    if not kwargs and (not args or len(args) == 1 and args[0] is None):
        return Unseeded()
    if len(args) != 1 or kwargs or type(args[0]) is not int:
        raise Bail  # (unseeded, or a seed the run does not know)
    return random.Random(args[0])


def unknown_draw(run, name: str, args: list, kwargs: dict) -> object:
    """A draw whose value the run does not know: one of the values it can list, or a number."""
    if kwargs:
        raise Bail
    if name == "choice" and len(args) == 1 and type(args[0]) in (list, tuple, range) and len(args[0]):
        return args[0][choose(run, len(args[0]))]
    if name in ("randrange", "randint") and all(type(arg) is int for arg in args) \
            and (1 <= len(args) <= 3 if name == "randrange" else len(args) == 2):
        values = range(args[0], args[1] + 1) if name == "randint" else range(*args)
        if not 1 <= len(values) <= MAX_RUNS:
            raise Bail  # (Python raises for an empty range; more values than runs: not listed)
        return values[choose(run, len(values))]
    if (name, len(args)) in (("random", 0), ("uniform", 2), ("gauss", 2), ("normalvariate", 2)) \
            and all(type(arg) in _NUMBERS for arg in args):
        return number(run)
    raise Bail


def _global(name: str):
    def draw(run, args: list, kwargs: dict) -> object:
        if name == "seed":
            if kwargs or len(args) > 1 or args and type(args[0]) not in (int, type(None)):
                raise Bail
            return None
        return unknown_draw(run, name, args, kwargs)
    return draw


LIBRARY = {"random.Random": _make,
           **{f"random.{name}": _global(name)
              for name in ("choice", "randrange", "randint", "random", "uniform", "gauss", "normalvariate", "seed")}}
