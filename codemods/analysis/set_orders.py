"""The order a set is walked in (issue 13): the same on every run for a set of ints (a small int
hashes to itself), but for a set of strs it changes from run to run with str hashing
(PYTHONHASHSEED). A host or script run holds real sets, so whatever reads a set of strs in order
(`tuple(s)`, `zip(s, ...)`, `",".join(s)`, `lst.extend(s)`) would give the run one order among
many: it stops there (Bail) instead. Results that do not depend on the order (`sorted(s)`,
`min`, `len`, `in`) are read as usual (script_builtins.py). A set of one item (a task's one
downstream task) is walked the same way on every run."""
from __future__ import annotations


def unordered(values) -> bool:
    """One of `values` is a set whose walking order is not the same on every run."""
    return any(type(value) in (set, frozenset) and len(value) > 1 and not all(type(item) in (int, bool) for item in value)
               for value in values)
