"""Bodies shared by several shard_maps: each shard_map is a context of its own (issue 13).

A body given to two shard_maps with different specs may be legal in one and fail in the other.
The interpreter's verdicts must agree across every run to count; here a site where they do not
is judged once per context: a context whose every run of the site's function fails alike is a
finding when that shard_map is certainly applied (a mapper built and never called raises
nothing). No fix is offered: the cast that repairs the failing context breaks the legal one
(a cast to varying of a value that varies already raises).
"""
from __future__ import annotations

from dataclasses import field, replace
from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

import ast

from codemods.analysis.nodes import iter_with_scopes
from codemods.analysis.shardmap import ShardMapUse
from codemods.analysis.sites import BodyRun, Verdict

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter

SHARED_NOTE = "the body is shared with another shard_map where this line does not fail"


@dataclass
class _Context:
    use: ShardMapUse
    verdicts: dict[int, tuple[int, int]] = field(default_factory=dict)  # site key -> slice of its verdicts
    round: tuple | None = None  # (loop, function) when the use was analysed for one item of a loop
    runs: dict[int, int] = field(default_factory=dict)  # function id -> runs in this context
    caller: object = None  # the CallerRound when the use was analysed for one call of its function


def analyse_each(interpreter: Interpreter, uses: list[ShardMapUse]) -> tuple[list[BodyRun], list[_Context]]:
    """Run every use, noting which verdicts and function runs each one produced."""
    runs: list[BodyRun] = []
    contexts: list[_Context] = []
    for use, round in _rounds(interpreter, uses):
        verdicts_before = {key: len(found) for key, found in interpreter.verdicts.items()}
        runs_before = dict(interpreter.function_runs)
        runs.append(interpreter.analyse_checked(use))  # symbols.py
        context = _Context(use)
        context.round, context.caller = (round, None) if not isinstance(round, Caller) else (None, round.round)
        for key, found in interpreter.verdicts.items():
            start = verdicts_before.get(key, 0)
            if len(found) > start:
                context.verdicts[key] = (start, len(found))
        # The pairs not there before are the functions this use ran (compared as sets, in C: a
        # file runs hundreds of uses over hundreds of functions).
        for function, count in interpreter.function_runs.items() - runs_before.items():
            if count > runs_before.get(function, 0):
                context.runs[function] = count - runs_before.get(function, 0)
        contexts.append(context)
    return runs, contexts


def _rounds(interpreter: Interpreter, uses: list[ShardMapUse]):
    """Each use once, or once per item of the parameter loop it is applied in (loop_params.py),
    with the loop variable bound to the item meanwhile."""
    for use in uses:
        looped = interpreter.loop_items(use)
        if looped is None:
            yield from _caller_rounds(interpreter, use)
            continue
        loop, function, name, items = looped
        for item, written in items:
            interpreter.loop_binding = (function, name, item, written)
            interpreter.scope.item_spec = interpreter.item_spec  # `in_specs=params["in_spec"]` (meshspec.py)
            interpreter._static.clear()  # names read from the text may depend on the item
            try:
                yield _item_body(interpreter, use, loop, function), (loop, function)
            finally:
                interpreter.loop_binding = None
                interpreter.scope.item_spec = None
                interpreter._static.clear()


def _item_body(interpreter: Interpreter, use: ShardMapUse, loop: ast.For, function) -> ShardMapUse:
    """The body one round of the loop hands to shard_map, read with the loop variable bound:
    `for name in names: fn = partial(METRICS[name], axis=ax); shard_map(fn, ...)(x)` runs, round
    by round, each entry its key reads. Only for a loop whose every round builds and applies the
    mapper (loop_params.every_round): each such body is certainly traced."""
    if use.body is not None or not interpreter.every_round(loop, function, use):
        return use
    from codemods.analysis.evaluated_bodies import function_of_evaluated  # (it reads the interpreter's modules)

    return function_of_evaluated(interpreter, use)


@dataclass
class Caller:
    round: object  # caller_contexts.CallerRound


def _caller_rounds(interpreter: Interpreter, use: ShardMapUse):
    """The use once, or once per call of the module function it is written in (caller_contexts.py)."""
    rounds = interpreter.caller_rounds(use)
    if rounds is None:
        yield use, None
        return
    for round in rounds:
        interpreter.caller_binding = round
        interpreter._static.clear()  # names read from the text depend on the call
        try:
            yield use, Caller(round)
        finally:
            interpreter.caller_binding = None
            interpreter._static.clear()


def context_verdicts(interpreter: Interpreter, contexts: list[_Context], agreed: list[Verdict]) -> list[Verdict]:
    """Verdicts at sites the runs disagree on, from the one applied context where they agree."""
    taken = {verdict.site.key for verdict in agreed}
    applied: _Applied | None = None
    found: list[Verdict] = []
    for key, verdicts in interpreter.verdicts.items():
        if key in taken or not any(verdict is None for verdict in verdicts):
            continue  # agreed already, or failing everywhere but not agreed for another reason
        function = interpreter.site_nodes[key].function
        if not interpreter._closed(function):
            continue
        for context in contexts:
            if key not in context.verdicts or context.caller is not None:
                continue  # one call of several: which runs first is caller_contexts.py's question
            start, end = context.verdicts[key]
            mine = verdicts[start:end]
            first = mine[0]
            if first is None or any(v is None or v.key() != first.key() for v in mine) \
                    or len(mine) != context.runs.get(id(function), 0):
                continue
            applied = applied or _Applied(interpreter.scope.tree)
            if applied.certain(context.use):
                found.append(replace(first, fixable=False, note=SHARED_NOTE))
                break
    return found


class _Applied:
    """Which shard_map calls are applied to arguments: `shard_map(f, ...)(x)`, or bound once to a
    name that the same function (or module) calls; the application not under a condition, a loop,
    a try or a lambda of that function."""

    def __init__(self, tree: ast.Module) -> None:
        self.direct: set[int] = set()
        self.bound: dict[int, tuple[str, int]] = {}  # shard_map call -> (name, id of its scope)
        self.calls: set[tuple[str, int]] = set()
        self.assigned: dict[tuple[str, int], int] = {}
        maybe = _conditional(tree)
        for node, scopes in iter_with_scopes(tree):
            scope = id(scopes[-1]) if scopes else 0
            if type(node) is ast.Call and id(node) not in maybe:
                if type(node.func) is ast.Call:
                    self.direct.add(id(node.func))
                elif type(node.func) is ast.Name:
                    self.calls.add((node.func.id, scope))
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in ast.walk(target):
                        if type(name) is ast.Name:
                            self.assigned[(name.id, scope)] = self.assigned.get((name.id, scope), 0) + 1
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and type(node.targets[0]) is ast.Name \
                        and node.value is not None:
                    self.bound[id(node.value)] = (node.targets[0].id, scope)

    def certain(self, use: ShardMapUse) -> bool:
        if use.decorated or use.chain:
            return False  # called wherever the decorated function or the wrapper is: not followed
        if not (use.node.args and use.node.args[0] in (use.body_ref, use.body)):
            return False  # `partial(shard_map, ...)(f)` and the like: the call gives the mapper
        if id(use.node) in self.direct:
            return True
        bound = self.bound.get(id(use.node))
        return bound is not None and self.assigned.get(bound) == 1 and bound in self.calls


_MAYBE = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.With, ast.AsyncWith, ast.IfExp, ast.BoolOp,
          ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Match)


def _conditional(tree: ast.Module) -> set[int]:
    """Ids of the nodes that run only on some paths of their function (or not at once)."""
    found: set[int] = set()
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, inside = stack.pop()
        if inside:
            found.add(id(node))
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                stack.append((child, False))  # a def's body: its own function, run from its start
            else:
                stack.append((child, inside or isinstance(node, _MAYBE) and not _is_test(node, child)))
    return found


def _is_test(node: ast.AST, child: ast.AST) -> bool:
    """The part of a compound statement that always runs: an if's or while's test, a loop's iterable."""
    return child is getattr(node, "test", None) and not isinstance(node, ast.IfExp) or \
        child is getattr(node, "iter", None) and isinstance(node, (ast.For, ast.AsyncFor))


def disagreeing_sites(interpreter: Interpreter, contexts: list[_Context], taken: list[Verdict], in_round):
    """Sites not judged yet that some run met, in a closed function every one of whose runs is
    a round of one use (`in_round(context)`: a loop item, a call of the function around it):
    (site key, function, those rounds)."""
    done = {verdict.site.key for verdict in taken}
    for key, verdicts in interpreter.verdicts.items():
        if key in done or all(verdict is None for verdict in verdicts):
            continue
        function = interpreter.site_nodes[key].function
        if not interpreter._closed(function):
            continue
        mine = [context for context in contexts if context.runs.get(id(function), 0)]
        rounds = [context for context in mine if in_round(context)]
        if rounds and len(rounds) == len(mine) and len({id(context.use) for context in rounds}) == 1:
            yield key, function, rounds


def first_failing(interpreter: Interpreter, key: int, function, rounds: list[_Context]) -> Verdict | None:
    """The failure at the site in the first round (in program order) that fails there, when
    every earlier round passed everything: a round that does not reach the site, fails elsewhere
    first, or fails there only in some of its runs ends the search (JAX stops at its first error)."""
    for context in rounds:
        if key not in context.verdicts:
            return None
        start, end = context.verdicts[key]
        own = interpreter.verdicts[key][start:end]
        if all(verdict is None for verdict in own):
            if not round_passed(interpreter, context):
                return None
            continue
        first = own[0]
        if first is not None and all(v is not None and v.key() == first.key() for v in own) \
                and len(own) == context.runs.get(id(function), 0):
            return first
        return None
    return None


def round_passed(interpreter: Interpreter, context: _Context) -> bool:
    """No site of the round failed."""
    return all(verdict is None for key, (start, end) in context.verdicts.items()
               for verdict in interpreter.verdicts[key][start:end])
