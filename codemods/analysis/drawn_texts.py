"""Strings drawn from a known alphabet in a script run (script_run.py; issue 13): host code makes
random sequences of letters (proteins, DNA, tokens) and turns them into token ids before the
sharded part runs: `"".join(rng.choice(list(AMINO), size=n))`, then `[AMINO.index(a) for a in s]`.
Which letters are drawn is not known, but what the program does with them is: the ids are
numbers, the arrays made of them have a known shape, and nothing raises.

What NumPy and Python do (checked with NumPy 1.26 / CPython 3.11): `Generator.choice(seq, size=n)`
(with replacement) of a non-empty list or tuple of str gives a 1-D array of n str items, each one
of `seq` as a NumPy str array holds it: without its trailing NULs (a drawn "\0" is "", "a\0" is
"a"); `"".join(items)` of one-letter items is a text of n letters, of items that are all "" the
text `sep * (n - 1)`; iterating a text gives its
letters; `text.index(letter)` / `text.find(letter)` of a letter that `text` holds gives an int
(index raises ValueError only for a letter it does not hold). Anything else asked of a drawn
item (equality, hashing, its text, a comparison, any other method) depends on the letter drawn:
the run stops there (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import guard
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import UnkeyedContainer
from codemods.analysis.script_values import RunCallable
from codemods.analysis.unknown_numbers import number

_LOOKUPS = frozenset({"index", "find", "rfind", "rindex"})


class _Drawn(UnkeyedContainer):
    """What every drawn value refuses: whatever depends on the letters drawn."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        raise Bail

    def __eq__(self, other: object) -> bool:
        raise Bail

    def __hash__(self) -> int:
        raise Bail

    def __str__(self) -> str:
        raise Bail

    def __repr__(self) -> str:
        raise Bail

    def __format__(self, spec: str) -> str:
        raise Bail

    def __lt__(self, other: object) -> bool:
        raise Bail

    __le__ = __gt__ = __ge__ = __lt__


class DrawnMember(_Drawn):
    """One item of `alphabet` (which one is not known)."""

    __slots__ = ("alphabet",)

    def __init__(self, alphabet: tuple[str, ...]) -> None:
        self.alphabet = alphabet

    def items(self, run) -> list:
        if not all(len(member) == 1 for member in self.alphabet):
            raise Bail
        return [self]

    def __len__(self) -> int:
        lengths = {len(member) for member in self.alphabet}
        if len(lengths) != 1:
            raise Bail
        return lengths.pop()

    def __iter__(self):
        raise Bail


class DrawnItems(_Drawn):
    """`count` items, each one of `alphabet` (a NumPy array of str, or a text of letters)."""

    __slots__ = ("alphabet", "count", "text")

    def __init__(self, alphabet: tuple[str, ...], count: int, text: bool) -> None:
        self.alphabet, self.count, self.text = alphabet, count, text

    def items(self, run) -> list:
        return [DrawnMember(self.alphabet) for _ in range(self.count)]

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        raise Bail


class DrawChoice(RunCallable):
    """`rng.choice` of a NumPy generator the run holds as a host array (script_jax.py)."""

    __slots__ = ("fallback",)

    def __init__(self, fallback: object) -> None:
        self.fallback = fallback

    def __call__(self, run, args: list, kwargs: dict) -> object:
        given = dict(zip(("a", "size"), args), **kwargs)
        pool = given.get("a")
        if type(pool) in (list, tuple) and pool and all(type(member) is str for member in pool):
            size = given.get("size")
            if len(args) > 2 or set(given) - {"a", "size"} or type(size) is not int or size < 0:
                raise Bail  # (`replace=`, `p=`, a shape: not modelled)
            return DrawnItems(tuple(member.rstrip("\0") for member in pool), size, False)
        return run.call(self.fallback, args, kwargs)


def str_method(run, text: str, name: str, args: list, kwargs: dict) -> object:
    """`text.join(drawn)` and `text.index(letter)` with drawn values; NotImplemented when no
    argument is drawn."""
    if not any(isinstance(value, _Drawn) for value in (*args, *kwargs.values())):
        return NotImplemented
    if name == "join" and len(args) == 1 and not kwargs and type(args[0]) is DrawnItems:
        drawn = args[0]
        if not drawn.text and all(member == "" for member in drawn.alphabet):
            return text.join([""] * drawn.count)  # (each drawn item is "", whichever was drawn: a NUL letter)
        if text or not all(len(member) == 1 for member in drawn.alphabet):
            raise Bail
        return DrawnItems(drawn.alphabet, drawn.count, True)
    if name in _LOOKUPS and len(args) == 1 and not kwargs and type(args[0]) is DrawnMember \
            and all(member in text for member in args[0].alphabet):
        return number(run)  # (found, wherever it is: never -1, never a ValueError)
    raise Bail


def drawn(value: object) -> bool:
    return isinstance(value, _Drawn)


def called(run, method, args: list, kwargs: dict) -> object:
    """A builtin type's bound method called on the run's values: a str method given drawn values
    as `str_method` answers, anything else as Python does (`guard`)."""
    if type(method.__self__) is str and (made := str_method(run, method.__self__, method.__name__, args, kwargs)) \
            is not NotImplemented:
        return made
    return guard(method, *args, **kwargs)
