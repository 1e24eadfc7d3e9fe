"""Numbers a jitted call's Python changes, where JAX may answer the call from its cache
(jit_retraces.py; issue 13).

A small framework counts the runs of its modules, `_RUNS[0] += 1` in `apply`, and a training
loop calls a jitted step that applies the model: a call JAX answers from its cache runs no
Python and leaves the count as it was; one it traces anew runs it. The run does not know which,
so a later call whose rerun changed program state stopped it. Where the two outcomes differ only
in numbers held in a list, a dict or an object's `__dict__` (the same lengths and keys; each
changed slot a Python int or float, known or an unknown number, before and after), the program
after the call is one of the two states the run holds apart only in those slots: each then holds
an unknown number (an unknown int where both outcomes are ints), and whatever later reads it is
followed as any unknown number is (a comparison or index on it stops the run). Any other change
stops the run (Bail), as before.
"""
from __future__ import annotations

from codemods.analysis.script_values import Opaque

_NUMBERS = (int, float)


def merged(run, before: dict) -> bool:
    """Whether every change since `before` (retraced_bodies.snapshot, its numbers kept) is of a
    number slot; those slots are then made unknown numbers. False: another change."""
    from codemods.analysis.retraced_bodies import unchanged

    changes = []
    for obj, held in before.values():
        if type(obj) is list:
            now = tuple(map(id, obj))
            if now == held:
                continue
            if len(now) != len(held):
                return False
            slots = [(index, old) for index, (old, new) in enumerate(zip(held, now)) if old != new]
        elif type(obj) is dict:
            now = tuple((id(key), id(value)) for key, value in obj.items())
            if now == held:
                continue
            if [key for key, _ in now] != [key for key, _ in held]:
                return False
            keys = list(obj)
            slots = [(keys[index], old[1]) for index, (old, new) in enumerate(zip(held, now)) if old != new]
        elif unchanged({id(obj): (obj, held)}):
            continue
        else:
            return False
        for slot, old in slots:
            kinds = (_kind(run, before.get(old, (None,))[0]), _kind(run, obj[slot]))
            if None in kinds:
                return False
            changes.append((obj, slot, kinds))
    for obj, slot, kinds in changes:
        obj[slot] = _unknown(run, kinds)
    return True


def _kind(run, value: object) -> str | None:
    """"int", "float" or "number" for a Python number (known, or an unknown one the run noted);
    None for anything else (a bool too: its text and type are not an int's)."""
    from codemods.analysis.unknown_numbers import is_number, number_kind

    if type(value) in _NUMBERS:
        return type(value).__name__
    if type(value) is Opaque and is_number(run, value):
        return number_kind(run, value) or "number"
    return None


def _unknown(run, kinds: tuple) -> Opaque:
    from codemods.analysis.unknown_numbers import number

    first, second = kinds
    if first != second or first == "number":
        return number(run)
    return number(run, first)


def keep_numbers(seen: dict, obj: object) -> None:
    """A number met by a snapshot: kept (alive, so its id stays its own) to be read back."""
    if type(obj) in _NUMBERS and id(obj) not in seen:
        seen[id(obj)] = (obj, ())
