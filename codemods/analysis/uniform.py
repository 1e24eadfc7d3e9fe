"""Walking a pytree that one state describes: `for name, g in grads.items():`.

One in_spec for a dict of params gives every leaf one state, and so does a transform of it
(`jax.grad`, `jax.tree.map(lambda g: psum(g, ax), grads)`): the interpreter keeps such a tree as
one AxisState. Its `.items()`, `.values()` and `.keys()` are then collections of unknown length
whose every item is known: a subtree (or leaf) in that same state, its key a Python value. A
`for` loop over one runs its body on that item (control.py); nothing else reads it (unknown).
"""
from __future__ import annotations

from dataclasses import replace
from codemods.dataclass_code import dataclass

from codemods.analysis.values import STATIC, AxisState, TupleValue, Value

_VIEWS = frozenset({"items", "values", "keys"})


@dataclass(frozen=True)
class Uniform:
    """A collection of unknown length whose every item is `item`."""

    item: Value


def tree_view(receiver: AxisState, method: str, args, keywords) -> Uniform | None:
    """`tree.items()` and its kin of a tree in one state (None: not such a call)."""
    if method not in _VIEWS or args or keywords or receiver.mixed:
        return None
    subtree = replace(receiver, shape=None)  # a subtree or a leaf: same state, another shape
    return Uniform({"items": TupleValue((STATIC, subtree)), "values": subtree, "keys": STATIC}[method])
