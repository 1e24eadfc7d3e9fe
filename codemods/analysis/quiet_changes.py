"""In-place changes that change no object another name may hold (issue 13): those in a loop that
never runs (empty_loops.py), which change nothing at all, and those of a function's own fresh copy
(fresh_copies.py), which change only the copy: the name itself still counts as changed (its text
is not its value), but no alias of another function's name of that spelling does. The readers of
changes by spelling (mutation.py, changed_args.py, attr_dicts.py) leave them out so."""
from __future__ import annotations

import ast

from codemods.analysis.empty_loops import never_run
from codemods.analysis.fresh_copies import fresh_changes

__all__ = ["fresh_changes", "live", "quiet"]


def quiet(tree: ast.Module) -> frozenset[int]:
    """Ids of the nodes inside a never-run loop, and of the changes of fresh copies."""
    return never_run(tree) | fresh_changes(tree)


def live(tree: ast.Module, nodes: list) -> list:
    """`nodes` but those inside a loop that never runs."""
    skipped = never_run(tree)
    return [node for node in nodes if id(node) not in skipped] if skipped else nodes
