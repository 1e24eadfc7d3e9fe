"""In-place changes that change no object another name may hold (issue 13): those in a loop that
never runs (empty_loops.py), which change nothing at all, and the method calls on a function's
own fresh copy (fresh_copies.py, own_copies.py), which change only the copy. The readers of changes by
spelling that have no finer test of their own (changed_args.py, attr_dicts.py) leave them out;
mutation.py leaves out the never-run ones (`live`) and keeps a copy's name changed itself."""
from __future__ import annotations

import ast

from codemods.analysis.empty_loops import never_run
from codemods.analysis.fresh_copies import fresh_copy_changes
from codemods.analysis.own_copies import own_copy_changes


def quiet(tree: ast.Module) -> frozenset[int]:
    """Ids of the nodes inside a never-run loop, and of the changes of fresh copies."""
    return never_run(tree) | fresh_copy_changes(tree) | own_copy_changes(tree)


def live(tree: ast.Module, nodes: list) -> list:
    """`nodes` but those inside a loop that never runs."""
    skipped = never_run(tree)
    return [node for node in nodes if id(node) not in skipped] if skipped else nodes
