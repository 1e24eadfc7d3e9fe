"""Library objects a script run (script_run.py; issue 13) models by a class of its own whose
attributes that class gives (a ContextVar's `get`, a singledispatch function's `register`)."""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


class ModelledObject:
    """Read as `obj.attribute(run, name)`; a name it does not model stops the run (Bail)."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        raise NotImplementedError


class ModelledContainer(ModelledObject):
    """A library container (script_collections.py) the run reads as Python reads it: `for`,
    `x[k]`, `x[k] = v`, `k in x`, truth. Iterated by Python's own iterator over its storage when
    `walked_live` (a change while it is walked raises RuntimeError, which stops the run: live_loops.py)."""

    __slots__ = ()
    walked_live = False
    derives: tuple = ()  # the builtin types its real class derives from (`isinstance(counter, dict)`)

    def items(self, run) -> list:
        raise NotImplementedError

    def truth(self) -> bool:
        return len(self) > 0  # (a container's `__len__`)

    def item(self, run, key: object) -> object:
        raise NotImplementedError

    def store(self, run, key: object, value: object) -> None:
        raise NotImplementedError

    def contains(self, run, key: object) -> bool:
        raise NotImplementedError


class UnkeyedContainer(ModelledContainer):
    """A modelled container the run may walk but never index (a text stream, letters drawn at
    random): an item read, a store or a membership test stops the run."""

    __slots__ = ()

    def item(self, run, key: object) -> object:
        raise Bail

    def store(self, run, key: object, value: object) -> None:
        raise Bail

    def contains(self, run, key: object) -> bool:
        raise Bail


class RealContainer(ModelledContainer):
    """A modelled container that keeps CPython's own object (`real`) as its storage: its length
    and its iteration are the real object's."""

    __slots__ = ("real",)

    def __init__(self, real: object) -> None:
        self.real = real

    def __iter__(self):
        return iter(self.real)

    def __len__(self) -> int:
        return len(self.real)
