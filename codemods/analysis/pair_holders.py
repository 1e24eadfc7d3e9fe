"""Objects held as one item of the pairs of a list (issue 13), AlphaFold's heads:

    self.heads = [(name, HEAD_REGISTRY[name](head_config, gc)) for name, head_config in heads.items()]
    ...
    for name, head in self.heads:
        outputs[name] = head(representations, outputs)
    return outputs[self.heads[-1][0]]

A head's `__call__` runs where `head` is called (the loop unpacks each pair, the object at its
place) and nowhere else: `self.heads[-1][0]` reads a name, not a head. `paired` finds such a
list for a construction (its place and the pairs' size); `pair_read_analysed` answers for one
read of what holds the list, as instances._read_analysed does for a list of objects: a loop
unpacking the pairs into names (the object's name read only where analysed), an item's item at
another place, `len(...)` or an identity test; anything else is not followed.

The same attribute name read off a config (`config.heads.items()` of a config dict) is no read
of the object: `config_read` tells so when the receiver's value, read where it is written, is a
dict the analysis holds (a config or plain dict is never an object of a module class).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_with_scopes, nodes_of_type
from codemods.analysis.values import DictValue


def paired(interp, call: ast.Call) -> tuple[ast.expr, int, int] | None:
    """(the list display or comprehension holding `call` at `position` of its `size`-tuples)."""
    parents = interp._parent_map()
    pair = parents.get(id(call))
    if type(pair) is not ast.Tuple or call not in pair.elts or any(type(item) is ast.Starred for item in pair.elts):
        return None
    holder = parents.get(id(pair))
    if type(holder) is ast.ListComp and holder.elt is pair \
            or type(holder) is ast.List and all(type(item) is ast.Tuple and len(item.elts) == len(pair.elts)
                                                 for item in holder.elts):
        return holder, pair.elts.index(call), len(pair.elts)
    return None


def pair_read_analysed(interp, seen, read: ast.expr, position: int, size: int, depth: int) -> bool:
    """The read of the list calls the object at `position` only where the analysis ran."""
    parents = interp._parent_map()
    parent = parents.get(id(read))
    if type(parent) in (ast.For, ast.comprehension) and parent.iter is read:
        target = parent.target
        if type(target) is not ast.Tuple or len(target.elts) != size or any(type(name) is not ast.Name for name in target.elts):
            return False
        name = target.elts[position].id
        region = parent
        while region is not None and not isinstance(region, DEFS + (ast.Lambda, ast.Module)):
            region = parents.get(id(region))
        uses = [node for node in nodes_of_type(region, ast.Name) if node.id == name and type(node.ctx) is ast.Load] \
            if region is not None else []
        return bool(uses) and all(interp._read_analysed(seen, node, False, depth) for node in uses)
    if type(parent) is ast.Subscript and parent.value is read and type(parent.ctx) is ast.Load \
            and type(parent.slice) is not ast.Slice:
        outer = parents.get(id(parent))
        if type(outer) is not ast.Subscript or outer.value is not parent or type(outer.ctx) is not ast.Load \
                or type(outer.slice) is not ast.Constant or type(outer.slice.value) is not int \
                or not -size <= outer.slice.value < size:
            return False
        return outer.slice.value % size != position or interp._read_analysed(seen, outer, False, depth)
    return type(parent) is ast.Call and interp._builtin_call(parent) == "len" and parent.args == [read]


def config_read(interp, read: ast.Attribute) -> bool:
    """`config.heads` whose receiver, read in its own function, is a dict the analysis holds."""
    scopes = _attribute_scopes(interp).get(id(read))
    if scopes is None:
        return False
    interp.silent += 1  # read for its kind only
    try:
        value = interp.eval(read.value, interp._static_frame(scopes))
    finally:
        interp.silent -= 1
    return isinstance(value, DictValue)


def _attribute_scopes(interp) -> dict[int, tuple]:
    key = "attribute scopes"
    if key not in interp._class_tables:
        interp._class_tables[key] = {id(node): scopes for node, scopes in iter_with_scopes(interp.scope.tree)
                                     if type(node) is ast.Attribute}
    return interp._class_tables[key]
