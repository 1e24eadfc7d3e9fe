"""Whether a name or attribute is among `mutation.mutated_names`, answered without that whole-module
pass when the module's own spellings of it show it cannot be (issue 16).

`mutated_names` ties every assignment, loop, call argument and in-place change of the module
together (about a twelfth of a `check` of jax's shard_map_test.py), and most files ask it of a
few keys only: a test method `self.assertIs` read as a class attribute, a local tuple `obj2` read
from its assignment. Every key it can hold is spelled by a node of the module: `.x` by an
Attribute reading `x`, a bare name by a Name (a parameter's name only ever leads from it, never to
it). So a key none of whose spellings stands where the pass reads one cannot be among them:

- an attribute or name that is only ever called (`self.assertIs(...)`, `check(...)`): the pass
  reads a callee's name to find defs and mutators, never as a key;
- a bare name assigned (inside a function) a value that holds no name (`obj2 = (object(), 1)`):
  it is tied to nothing;
- a bare name subscripted in an argument (`f(obj2[0])`) of a call that neither changes it (no
  mutator, no copy, no def of the module that could change its parameters, no `dict`), or
  passed to the call of a call (`shard_map(f, ...)(obj2)`): no def of the module is named.

Any other spelling, anywhere, means the whole pass runs as before. The test only says "cannot";
it never decides that a key is changed.
"""
from __future__ import annotations

from codemods.analysis.passed_objects import HANDING_CALLEES

import ast

from codemods.analysis.mutation import _ITEM_READS, MUTATORS, _copied, _held, _item_read, mutated_names
from codemods.analysis.introspection_roads import introspects
from codemods.analysis.nodes import attributes_by_name, module_parents, names_by_id, nodes_of_type

# Callees whose arguments the pass may read as the object changed or copied (`list.pop(x)`,
# `copy.copy(x)`, `dict(x)`), besides the module's own defs and classes.
_READING_CALLEES = MUTATORS | _ITEM_READS | frozenset({"copy", "dict", "list", "tuple", "set", "OrderedDict"})


def changed_in_place(tree: ast.Module, key: str) -> bool:
    """`key in mutated_names(tree)` (a bare name, or `.attr` for an attribute)."""
    cached = tree.__dict__.get("_shardfix_mutated")
    if cached is not None:
        return key in cached
    known = tree.__dict__.get("_shardfix_unchanged_keys")
    if known is None:
        known = tree._shardfix_unchanged_keys = {}
    unchanged = known.get(key)
    if unchanged is None:
        unchanged = known[key] = _never_a_key(tree, key)
    return False if unchanged else key in mutated_names(tree)


def _never_a_key(tree: ast.Module, key: str) -> bool:
    if introspects(tree, unseen=False):
        return False  # (every name a function binds is changed: mutation.py's guard on running frames)
    parents = module_parents(tree)
    if key.startswith("."):
        for node in attributes_by_name(tree).get(key[1:], ()):
            parent = parents.get(id(node))
            if type(parent) is not ast.Call or parent.func is not node:
                return False
        return True
    local_defs = None
    for node in names_by_id(tree).get(key, ()):
        parent = parents.get(id(node))
        kind = type(parent)
        if kind is ast.Call and parent.func is node:
            continue  # `check(...)`
        if kind is ast.Assign and type(node.ctx) is ast.Store and node in parent.targets:
            if parents.get(id(parent)) is not tree and _item_read(parent.value) is None \
                    and _copied(parent.value) is None and _held(parent.value) == (set(), set(), set()):
                continue  # `obj2 = (object(), object())` in a function: tied to nothing
            return False
        if type(node.ctx) is not ast.Load:
            return False
        if kind is ast.Subscript and parent.value is node and type(parent.ctx) is ast.Load:
            holder = parents.get(id(parent))  # `f(obj2[0])`
            if type(holder) is ast.keyword:
                holder = parents.get(id(holder))
            if type(holder) is not ast.Call or holder.func is parent:
                return False
            func = holder.func
            callee = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
            if local_defs is None:
                local_defs = {node.name for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
                              for node in nodes_of_type(tree, kind)}
            if callee is None or callee in _READING_CALLEES or callee in local_defs or callee in HANDING_CALLEES:
                return False
            continue
        if kind is ast.Call and type(parent.func) not in (ast.Name, ast.Attribute) and node in parent.args:
            continue  # `shard_map(f, ...)(obj2)`: the call of a call names no def
        return False
    return True
