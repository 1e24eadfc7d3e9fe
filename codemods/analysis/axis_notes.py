"""The axis names one shard_map use meets, noted while the interpreter analyses it (symbols.py
checks them once the use is done). A stack: a use is analysed inside no other, but a sink that
is not active costs one list test."""
from __future__ import annotations

_SINKS: list[set] = []


def noted(axes):
    """`axes` (a tuple of names, or None), recorded in the active sink."""
    if _SINKS and axes:
        _SINKS[-1].update(axes)
    return axes


def start() -> set:
    sink: set = set()
    _SINKS.append(sink)
    return sink


def stop(sink: set) -> None:
    if _SINKS and _SINKS[-1] is sink:
        _SINKS.pop()
