"""Reads by a computed name inside methods nothing can call (issue 13).

Diffusers' `DiffusionPipeline` carries a property no code of the program reads:

    @property
    def components(self):
        return {name: getattr(self, name) for name in self.config}

`getattr(self, name)` there could read any attribute (`from_config` among them), but only when the
property runs, and nothing runs it: no attribute of its name is read, no string spells it (no
`getattr(pipe, "components")`, `hasattr`, `attrgetter`), no name loads it (`alias = components`
in the class body), and it is not a dunder Python calls by itself. A method reached only through
computed names is never reached when every computed read sits inside such methods: nothing starts
the first one. So those reads reach nothing. Any computed read outside them, a decorator other
than property/staticmethod/classmethod (it may file the method), or `getmembers`/`dir` (which read
every attribute) keeps them all as reads that may reach anything.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type

_PLAIN_DECORATORS = frozenset({"property", "staticmethod", "classmethod"})
_EVERY_ATTRIBUTE = frozenset({"getmembers", "dir", "attrgetter", "methodcaller", "__dict__"})


def unreached_reads(tree: ast.Module, by_name: tuple[str, ...]) -> set[int]:
    """Ids of the `by_name` Name nodes (getattr, vars) that sit inside methods nothing calls."""
    cache = tree.__dict__.setdefault("_shardfix_unreached_getattrs", {})
    if by_name in cache:
        return cache[by_name]
    found: set[int] = set()
    cache[by_name] = found
    names = [node for node in nodes_of_type(tree, ast.Name)]
    if any(node.id in _EVERY_ATTRIBUTE for node in names) \
            or any(node.attr in _EVERY_ATTRIBUTE for node in nodes_of_type(tree, ast.Attribute)):
        return found
    attributes = {node.attr for node in nodes_of_type(tree, ast.Attribute)}
    strings = {node.value for node in nodes_of_type(tree, ast.Constant) if type(node.value) is str}
    loaded = {node.id for node in names if type(node.ctx) is ast.Load}
    for cls in nodes_of_type(tree, ast.ClassDef):
        for member in cls.body:
            if type(member) is not ast.FunctionDef or member.name.startswith("__") \
                    or member.name in attributes or member.name in strings or member.name in loaded \
                    or not all(type(decorator) is ast.Name and decorator.id in _PLAIN_DECORATORS
                               for decorator in member.decorator_list):
                continue
            found |= {id(node) for node in ast.walk(member) if type(node) is ast.Name and node.id in by_name}
    return found
