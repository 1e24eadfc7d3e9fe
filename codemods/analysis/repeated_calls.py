"""Helpers called several times in one trace: each call is a run of the helper, with its own
argument states (`w = gather(w, FSDP)` then `w = gather(w, (FSDP, TP), axis=1)`). JAX traces the
calls in order and raises at the first one that fails, so a site that certainly fails in one run
is a finding even where another run of the same shard_map passes it. No fix is offered: a cast
written in the helper runs on every call, and breaks the one that passes (issue 13)."""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.repeat_guards import same_way_each_call
from codemods.analysis.sites import Verdict

if TYPE_CHECKING:
    from codemods.analysis.contexts import _Context
    from codemods.analysis.interpreter import Interpreter

REPEATED_NOTE = "another call of the function passes this line; a cast here would break it"


def repeated_verdicts(interpreter: Interpreter, contexts: list[_Context], taken: list[Verdict]) -> list[Verdict]:
    """Sites whose runs in one shard_map disagree because the function around them is called
    more than once there: the failing runs must agree, no run may be one the interpreter marked
    uncertain (a later loop round, a custom_vjp half), and the function must run in that one
    shard_map only (which of several is traced is the context rule's question)."""
    done = {verdict.site.key for verdict in taken}
    unsure = interpreter.__dict__.get("unsure_sites", set())
    found: list[Verdict] = []
    for key, verdicts in interpreter.verdicts.items():
        if key in done or key in unsure or all(verdict is None for verdict in verdicts):
            continue
        function = interpreter.site_nodes[key].function
        mine = [context for context in contexts if context.runs.get(id(function), 0)]
        if not _one_trace(mine, key, len(verdicts)):
            continue
        if any(context.runs[id(function)] < 2 for context in mine) or not interpreter._closed(function):
            continue  # one run: its verdict stands or falls alone
        if not all(same_way_each_call(interpreter.scope, repeated) for repeated in _repeated(interpreter, mine)):
            continue  # an earlier call may send a later one another way (repeat_guards.py)
        if any(all(verdict is None for verdict in verdicts[slice(*context.verdicts[key])]) for context in mine):
            continue  # a reading of the shard_map where no call fails here
        # A run that judged nothing here passed a value in no state the rules judge (a varying
        # operand of `v * c`) or stopped before: the failing run is certain all the same.
        failing = [replace(verdict, fixable=False, rebind=None, note=REPEATED_NOTE)
                   for verdict in verdicts if verdict is not None]
        if any(verdict.key() != failing[0].key() for verdict in failing):
            continue
        found.append(failing[0])
    return found


def _one_trace(mine: list[_Context], key: int, count: int) -> bool:
    """The contexts that ran the site's function are readings of one shard_map call, and their
    verdicts there are all the site has. A body handed through a wrapper's parameter
    (`shard_module(layer, mesh, ...)`) is read twice: the wrapper's own shard_map, and the same
    call reached from the caller; both are the one trace JAX makes."""
    if not mine or any(key not in context.verdicts for context in mine) \
            or any(context.use.node is not mine[0].use.node for context in mine):
        return False
    return sum(end - start for start, end in (context.verdicts[key] for context in mine)) == count


def _repeated(interpreter: Interpreter, mine: list[_Context]) -> list:
    """The functions some of these readings ran more than once: the site's, and those calling it."""
    ids = {function for context in mine for function, count in context.runs.items() if count > 1}
    tree = interpreter.scope.tree
    return [node for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            for node in nodes_of_type(tree, kind) if id(node) in ids]
