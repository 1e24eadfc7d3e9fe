"""The children of a LibCST node, read from its fields.

LibCST's own `CSTNode.children` rebuilds the node to list them: over a whole module that cost
more than the parse itself (SF104's parent map). Reading the dataclass fields gives every node
`children` gives, with the same parent, plus the spacing LibCST leaves out around a part that is
absent (a `case` without a guard keeps the spacing of its missing `if`). The fields come in
declaration order, not source order: `in_source_order` puts the few nodes a rule reports on back
in the order `children` walks them.
"""
from __future__ import annotations

import dataclasses
from functools import cmp_to_key
from typing import TYPE_CHECKING

from codemods.lazy import lazy_module

if TYPE_CHECKING:
    from libcst import CSTNode

cst = lazy_module("libcst")
_FIELDS: dict[type, tuple[str, ...]] = {}


def field_children(node: CSTNode) -> list[CSTNode]:
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(kind))
    found: list[CSTNode] = []
    for name in names:
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            found.append(value)
        elif isinstance(value, (tuple, list)):
            found += [item for item in value if isinstance(item, cst.CSTNode)]
    return found


def reads_name(node: CSTNode, name: str) -> bool:
    """Whether `name` appears as a Name anywhere in `node` (its own scopes included)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value == name:
            return True
        stack.extend(current.children)
    return False


def in_source_order(nodes: list[CSTNode], parent_of: dict) -> list[CSTNode] | None:
    """`nodes` in the order of a walk over `children` (parents first), or None when one of them
    is not below the others' common ancestors through `children`."""
    if len(nodes) < 2:
        return list(nodes)

    def path(node: CSTNode) -> list[CSTNode]:
        found = [node]
        while (parent := parent_of.get(found[-1])) is not None:
            found.append(parent)
        found.reverse()
        return found

    paths = {id(node): path(node) for node in nodes}
    lost = False

    def compare(a: CSTNode, b: CSTNode) -> int:
        nonlocal lost
        first, second = paths[id(a)], paths[id(b)]
        depth = 0
        while depth < min(len(first), len(second)) and first[depth] is second[depth]:
            depth += 1
        if depth == 0:  # not in the module
            lost = True
            return 0
        if depth == len(first) or depth == len(second):  # one holds the other: the holder first
            return len(first) - len(second)
        siblings = [id(child) for child in first[depth - 1].children]
        if id(first[depth]) not in siblings or id(second[depth]) not in siblings:
            lost = True
            return 0
        return siblings.index(id(first[depth])) - siblings.index(id(second[depth]))

    ordered = sorted(nodes, key=cmp_to_key(compare))
    return None if lost else ordered
