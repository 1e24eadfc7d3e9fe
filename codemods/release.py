"""Letting go of a checked file (issue 16): its syntax tree and analysis freed at once.

The analyses keep what they computed on the tree itself (`tree._shardfix_nodes` lists the tree,
a function's shape facts name the function) and on the file's context (the axis-state analysis,
whose module view and interpreter refer to each other). Each of those is a reference cycle, so
a checked file's whole tree and analysis (some 100,000 objects for a 5,000-line file) waited for
the cycle collector. Dropping those caches once the file's findings are made frees nearly all of
it by reference counting; the collector then has a few thousand objects a file left to find.
Nothing reads a cache after this: the engine calls it when a context's work is done.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.nodes import nodes_of_type

if TYPE_CHECKING:
    from codemods.context import FileContext

_PREFIX = "_shardfix_"
# Node types the analyses hang facts on that name the node again (a cycle): scopes.
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def release_context(ctx: FileContext) -> None:
    """Drop what `ctx` and its tree cached. A cached value with a `break_cycles` method (an
    analysis whose parts refer to each other) is asked to break its own first."""
    from codemods.context import FileContext
    cached = list(ctx._cache.values())
    ctx._cache.clear()
    for value in cached:
        break_cycles = getattr(type(value), "break_cycles", None)
        if callable(break_cycles):
            break_cycles(value)
        elif isinstance(value, FileContext):  # `whole_file`: a context of its own
            release_context(value)
    tree = ctx.__dict__.get("_tree")
    if isinstance(tree, ast.Module):
        release_tree(tree)


def release_tree(tree: ast.Module) -> None:
    """Remove the analyses' caches from `tree` and its scopes (from the module's index of nodes
    by type, when one was made: without it no walk of the module ran, and none is made now)."""
    if _PREFIX + "by_type" in tree.__dict__ or _PREFIX + "nodes" in tree.__dict__:
        for kind in _SCOPES:
            for node in nodes_of_type(tree, kind):
                fields = node.__dict__
                if len(fields) > len(node._fields) + len(node._attributes):  # something was added
                    for key in [key for key in fields if key.startswith(_PREFIX)]:
                        del fields[key]
    fields = tree.__dict__
    for key in [key for key in fields if key.startswith(_PREFIX)]:
        del fields[key]
