"""The order a set is walked in (issue 13): the same on every run for a set of ints (a small int
hashes to itself), but for a set of strs it changes from run to run with str hashing
(PYTHONHASHSEED). A host or script run holds real sets, so whatever reads a set of strs in order
(`tuple(s)`, `zip(s, ...)`, `",".join(s)`, `lst.extend(s)`) would give the run one order among
many. Results that do not depend on the order (`sorted(s)`, `min`, `len`, `in`) are read as usual
(script_builtins.py). A set of one item (a task's one downstream task) is walked the same way on
every run.

A script run walks a small set of strs (a task's `required_resource_keys`, its upstream names)
as an open choice (unknown_choices.py): it takes one order, and is made again taking each other
order, so a stop is reported only when every order meets it. Each walk is its own choice, even of
a set walked before (a superset of what Python does, which walks an unchanged set the same way
twice). A bigger set, or a run that is not enumerated (a host run), stops there (Bail)."""
from __future__ import annotations

import itertools

SET_AT_MOST = 3  # items of a walked set of strs (3! = 6 orders, each a run)


def unordered(values) -> bool:
    """One of `values` is a set whose walking order is not the same on every run."""
    return any(type(value) in (set, frozenset) and len(value) > 1 and not all(type(item) in (int, bool) for item in value)
               for value in values)


def walked(run, value) -> list:
    """The items of `value` in the order this run walks them (a set of strs: one order per run)."""
    from codemods.analysis.host_objects import Bail
    from codemods.analysis.unknown_choices import choose

    items = list(value)
    if not unordered([value]):
        return items
    if len(items) > SET_AT_MOST:
        raise Bail
    orders = list(itertools.permutations(range(len(items))))
    return [items[i] for i in orders[choose(run, len(orders))]]


def unordered_within(value, depth: int = 0) -> bool:
    """`value` holds, at any depth, a set walked in an order that changes from run to run: its
    text (`str(s)`, `f"{s}"`, `"%s" % (s,)`) changes with it."""
    if depth > 10:
        return True
    if type(value) in (set, frozenset):
        return unordered([value]) or any(unordered_within(item, depth + 1) for item in value)
    if type(value) in (list, tuple):
        return any(unordered_within(item, depth + 1) for item in value)
    if type(value) is dict:
        return any(unordered_within(key, depth + 1) or unordered_within(item, depth + 1) for key, item in value.items())
    return False
