"""Function objects changed after they are made: `f.__defaults__ = (...)` or
`Cls.__init__.__kwdefaults__ = {...}` replace the defaults a call that leaves those arguments out
uses, and `p.keywords["axes"] = ...` changes the keywords a `functools.partial` object passes (its
`func`, `args` and `keywords` cannot be rebound, but that dict can be changed in place). Real code
rarely does either, so a module that does so anywhere is read without any parameter default, field
default or partial keyword (adversarial10)."""
from __future__ import annotations

import ast

from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import attributes_by_name, nodes_of_type

_DEFAULTS = frozenset({"__defaults__", "__kwdefaults__"})


def defaults_patched(tree: ast.Module) -> bool:
    """Whether the module names a function's defaults at all (`setattr(f, "__defaults__", d)` too)."""
    cached = tree.__dict__.get("_shardfix_defaults_patched")
    if cached is None:
        # (from the module's indexes: an `ast.walk` of the whole module before)
        by_name = attributes_by_name(tree)
        cached = any(name in by_name for name in _DEFAULTS) \
            or any(node.value in _DEFAULTS for node in nodes_of_type(tree, ast.Constant))
        tree.__dict__["_shardfix_defaults_patched"] = cached
    return cached


def partials_patched(tree: ast.Module) -> bool:
    """Whether some code changes a `.keywords` dict in place (through any alias)."""
    # mutated_names keys an attribute's object by the attribute's name: no `.keywords` read, no key
    return "keywords" in attributes_by_name(tree) and ".keywords" in mutated_names(tree)
