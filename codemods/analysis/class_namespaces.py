"""What `vars(C)` and `C.__dict__` hand out in a script run (class_descriptors.class_vars; issue 13).

Python hands out a read-only view of the class's own namespace, not a copy: a store or delete on
the class after the view was taken (`d = vars(C); C.axis = "y"`) shows in every later read
through it (`d["axis"]` is "y"), its length and its keys. So the view here reads the class each
time it is read. The members CPython makes itself (slot wrappers, `__dict__`, what a dataclass
conversion adds) are objects of their own: a view hands out the same ones on each read, those it
made when it was taken. `for name in vars(C)` walks the names the class holds when the walk
starts; a body that changes the class under the walk makes Python raise RuntimeError, and so it
does here. A walk of `vars(C).items()` (or keys, values) is of the names when it starts: a change
under it is not told apart (Python raises there too).
"""
from __future__ import annotations

from collections.abc import Mapping


class ClassNamespace(Mapping):
    """The mapping under the proxy: `read()` builds the namespace from the class `owner` as it
    is now (class_descriptors.py); `first` is the first build."""

    __slots__ = ("first", "owner", "read")

    def __init__(self, read, owner) -> None:
        self.read, self.owner = read, owner
        self.first = read()

    def now(self) -> dict:
        found, own = self.read(), self.owner.attrs
        return {key: self.first[key] if key not in own and key in self.first else value
                for key, value in found.items()}

    def __getitem__(self, key: object) -> object:
        return self.now()[key]

    def __iter__(self):
        names = list(self.now())
        for name in names:
            yield name
            if list(self.now()) != names:  # (Python's dict iterator raises once the size changed; any
                # other change the run does not follow: the walk stops the run, live_loops.walk)
                raise RuntimeError("dictionary changed size during iteration")

    def __len__(self) -> int:
        return len(self.now())

    def __contains__(self, key: object) -> bool:
        return key in self.now()

    def __reversed__(self):
        return reversed(list(self.now()))

    def keys(self):
        return self.now().keys()

    def values(self):
        return self.now().values()

    def items(self):
        return self.now().items()

    def copy(self) -> dict:
        return self.now()

    def __or__(self, other: object) -> object:
        return self.now() | other if isinstance(other, Mapping) else NotImplemented

    def __ror__(self, other: object) -> object:
        return other | self.now() if isinstance(other, Mapping) else NotImplemented

    def __repr__(self) -> str:
        return repr(self.now())
