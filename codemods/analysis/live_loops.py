"""What a `for` of a host or script run walks (host_runs.py, script_run.py), as Python walks it.

Python's `for` over a list asks the list for its item at the next index after each round, so items
the body appends (`queue.extend(includes)`) are walked too, and items it removes shift the rest; a
dict (or a view of one, `vars(C)` of a class included) walked while its size changes raises
RuntimeError. `enumerate`, `zip`, `reversed`, `map`, `filter` and a generator walk their lists the
same way, lazily. The run holds
real lists and dicts, so the walk is Python's own iterator over them; an iterator whose items the
run computed when it was made (a generator's elements, a callback's results) is walked only while
what it was made from stays as it was (else the run stops: Bail).
"""
from __future__ import annotations

from collections import OrderedDict
from types import MappingProxyType

from codemods.analysis.host_objects import Bail

_VIEWS = frozenset({"dict_keys", "dict_values", "dict_items", "odict_keys", "odict_values", "odict_items"})


def live(value: object) -> bool:
    """A container a Python iterator walks by looking at it again for each item."""
    return type(value) in (list, dict, OrderedDict, MappingProxyType) or type(value).__name__ in _VIEWS \
        or getattr(type(value), "walked_live", False)  # (a deque, a Counter: script_collections.py)


def walk(iterator):
    """Python's iterator, asked one item at a time (a dict changed in size stops the run)."""
    while True:
        try:
            item = next(iterator)
        except StopIteration:
            return
        except Exception:  # noqa: BLE001  (RuntimeError of a dict changed in size, a builtin callback's error)
            raise Bail from None
        yield item


def unchanged(items: list, sources: tuple):
    """`items`, each handed out only while every source still holds what it held at the start."""
    kept = [_contents(source) for source in sources]
    for item in items:
        yield item
        if any(not _same(_contents(source), before) for source, before in zip(sources, kept)):
            raise Bail


def sources_of(values) -> tuple:
    return tuple(value for value in values if live(value))


def _contents(source) -> list:
    return list(source.items()) if type(source) in (dict, OrderedDict, MappingProxyType) else list(source)


def _same(now: list, before: list) -> bool:
    return len(now) == len(before) and all(a is b or (type(a) is tuple and type(b) is tuple and _same(list(a), list(b)))
                                           for a, b in zip(now, before))
