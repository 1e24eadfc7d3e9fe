"""Function objects changed after they are made: `f.__defaults__ = (...)` or
`Cls.__init__.__kwdefaults__ = {...}` replace the defaults a call that leaves those arguments out
uses, and `p.keywords["axes"] = ...` changes the keywords a `functools.partial` object passes (its
`func`, `args` and `keywords` cannot be rebound, but that dict can be changed in place). Real code
rarely does either, so a module that does so anywhere is read without any parameter default, field
default or partial keyword (adversarial10)."""
from __future__ import annotations

import ast

from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import attributes_by_name

_DEFAULTS = frozenset({"__defaults__", "__kwdefaults__"})


def defaults_patched(tree: ast.Module) -> bool:
    """Whether the module names a function's defaults at all (`setattr(f, "__defaults__", d)` too)."""
    cached = tree.__dict__.get("_shardfix_defaults_patched")
    if cached is None:
        cached = any(type(node) is ast.Attribute and node.attr in _DEFAULTS
                     or type(node) is ast.Constant and node.value in _DEFAULTS for node in ast.walk(tree))
        tree.__dict__["_shardfix_defaults_patched"] = cached
    return cached


def partials_patched(tree: ast.Module) -> bool:
    """Whether some code changes a `.keywords` dict in place (through any alias)."""
    # mutated_names keys an attribute's object by the attribute's name: no `.keywords` read, no key
    return "keywords" in attributes_by_name(tree) and ".keywords" in mutated_names(tree)
