"""A shard_map written in a module function that its callers call with different constants
(issue 13): `reduce_over(mesh, x, "data")` then `reduce_over(mesh, x, ("data", "model"))`. The
callers disagree, so the parameter has no one value (callers.py); here each call is a context of
its own: the use is analysed once per call with the parameters the calls disagree on bound to
what that call passes.

A site whose contexts disagree is a finding from the first call, in the order its function runs
them, where every run fails alike, when the calls run unconditionally in their function (no
branch, loop, comprehension, try or lambda around them), the shard_map is applied in the function
at each call (`shard_map(...)(x)`, or returned and applied at once: `make_step(mesh, "i")(x)`) and
no earlier call of the same function met a failing site. No fix: a cast right for one call
breaks another.
"""
from __future__ import annotations

from dataclasses import replace
from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

import ast

from codemods.analysis.sequence_kinds import kinded
from codemods.analysis.callers import _argument
from codemods.analysis.contexts import _Applied, _conditional, disagreeing_sites, first_failing
from codemods.analysis.leaving_calls import block_nodes, leaving_names
from codemods.analysis.loop_params import _STOPS
from codemods.analysis.sequences import items_of
from codemods.analysis.nodes import FunctionDef, positional_params
from codemods.analysis.sites import Verdict
from codemods.analysis.values import Const, JaxName, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.contexts import _Context
    from codemods.analysis.interpreter import Frame, Interpreter
    from codemods.analysis.shardmap import ShardMapUse

# Between a call and the loop that repeats it: anything that may skip it or run it elsewhere.
_OPAQUE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module, ast.If, ast.While, ast.Try,
           ast.IfExp, ast.BoolOp, ast.Match, ast.AsyncFor, ast.comprehension, ast.DictComp, ast.With, ast.AsyncWith)
CALLER_NOTE = "another call of the function around the shard_map passes this line; a cast here would break it"
MAX_CALLS = 8  # each call is a run of the whole use: more is left unknown
# Builtins that pull every item of the iterable they are given.
_DRAINING = frozenset(f"builtins.{name}" for name in ("list", "tuple", "set", "frozenset", "sorted", "sum", "dict",
                                                     "min", "max"))


@dataclass(frozen=True)
class CallerRound:
    function: FunctionDef  # the module function the shard_map is written in
    call: ast.Call  # the call of it this context stands for
    scope: int  # id of the function (or 0: the module) the call is written in
    values: dict  # parameter -> the constant this call passes
    loop: ast.AST | None = None  # the loop (or comprehension) running the call once per item
    where: ast.AST | None = None  # the function (or module) the call is written in
    index: int = 0  # the item of that loop


class CallerContexts:
    """Interpreter hooks: the parameters of the call under analysis."""

    caller_binding: CallerRound | None = None

    def _static_value(self, name: str, frame: Frame) -> Value:
        binding = self.caller_binding
        scopes = frame.static_scopes or ()
        if binding is not None and name in binding.values and binding.function in scopes:
            inner = scopes[scopes.index(binding.function) + 1:]
            if not any(self.scope.locals_of(scope).binds(name) for scope in inner):
                return binding.values[name]
        return super()._static_value(name, frame)

    def caller_rounds(self, use: ShardMapUse) -> list[CallerRound] | None:
        """One round per call of the module function the use is written in, in the order the
        calls run, when the calls pass constants that differ for some parameter."""
        # The function the shard_map is written in; for a body handed through helpers
        # (`run_on_mesh(mesh, body, x)`), the one making the outermost call.
        scopes = use.outer_scopes if use.chain else use.call_scopes
        if len(scopes) != 1 or use.decorated:
            return None
        function = scopes[0]
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        cache = self.__dict__.setdefault("_caller_rounds", {})  # per function: its calls do not depend on the use
        if id(function) not in cache:
            cache[id(function)] = self._rounds_of(function)
        rounds = cache[id(function)]
        # Rounds no call-ordered verdict can come from leave the use to one run, where a
        # parameter every call passes a str literal for is a symbol (symbols.py).
        return rounds if rounds is None or self.caller_certain(use, rounds) else None

    def _rounds_of(self, function: FunctionDef) -> list[CallerRound] | None:
        if not any(param.arg not in ("self", "cls") for param in function.args.args + function.args.kwonlyargs):
            return None  # nothing a call could pass
        if self.scope.class_of(function) is not None and not self.scope.attribute_references(function.name):
            return None  # a method nothing calls (a test method): finding its calls walks the module
        calls, skip = self._callers(function)  # a method: every `obj.run(...)`, its receiver skipped
        if not calls:
            return self._parametrized(function) if self.scope.class_of(function) is None else None
        if len(calls) > MAX_CALLS:
            return None
        names = [param.arg for param in positional_params(function.args) + list(function.args.kwonlyargs)
                 if param.arg not in self._locals_of(function)]
        defaults = function.args.defaults + [default for default in function.args.kw_defaults if default is not None]
        passed: list[tuple[ast.Call, tuple, ast.AST | None, int, dict[str, Value]]] = []
        for call, scopes in calls:
            loop, variable, items = self._per_item(call, scopes) or (None, None, [None])
            for index, item in enumerate(items):
                given_values: dict[str, Value] = {}
                for name in names:
                    given = _argument(call, function, name, skip)
                    if given is None:
                        continue
                    if type(given) is ast.Name and given.id == variable:
                        given_values[name] = item
                        continue
                    value = self.scope.constant(given, () if any(given is d for d in defaults) else scopes)
                    if isinstance(value, (str, tuple)):
                        given_values[name] = Const(value)
                passed.append((call, scopes, loop, index, given_values))
        if not 2 <= len(passed) <= MAX_CALLS:
            return None
        differing = [name for name in names if all(name in given[4] for given in passed)
                     and any(given[4][name] != passed[0][4][name] for given in passed)]
        if not differing:
            return None
        rounds = [CallerRound(function, call, id(scopes[-1]) if scopes else 0, {name: given[name] for name in differing},
                              loop, scopes[-1] if scopes else self.scope.tree, index)
                  for call, scopes, loop, index, given in passed]
        return sorted(rounds, key=lambda found: (found.scope, found.call.lineno, found.call.col_offset, found.index))

    def _parametrized(self, function: FunctionDef) -> list[CallerRound] | None:
        """A test pytest runs once per case, `@pytest.mark.parametrize("axes", [...])` its only
        decorator: each case a round of its own (a failing case does not stop the others)."""
        if len(function.decorator_list) != 1 or self.scope.globals.binds("pytest"):
            return None
        decorator = function.decorator_list[0]
        func = decorator.func if type(decorator) is ast.Call else None
        if type(func) is not ast.Attribute or func.attr != "parametrize" or type(func.value) is not ast.Attribute \
                or func.value.attr != "mark" or type(func.value.value) is not ast.Name or func.value.value.id != "pytest" \
                or len(decorator.args) != 2 or decorator.keywords or type(decorator.args[0]) is not ast.Constant:
            return None
        name = decorator.args[0].value
        if not isinstance(name, str) or not name.isidentifier() or name in self._locals_of(function) \
                or name not in [param.arg for param in positional_params(function.args)]:
            return None
        items = items_of(self.eval_silently(decorator.args[1], self.module_frame))  # the cases are read, not run
        items = [_axis_names(item) for item in items or ()]
        if not 2 <= len(items) <= MAX_CALLS or None in items:
            return None
        return [CallerRound(function, decorator, -index - 1, {name: item}, None, self.scope.tree, index)
                for index, item in enumerate(items)]

    def _per_item(self, call: ast.Call, scopes: tuple) -> tuple[ast.AST, str, list[Value]] | None:
        """(loop, variable, items) when `call` runs once per item of a loop over known constants,
        in order: a statement of a `for` body (no break, continue, return, raise, try or branch in
        it) or the element of a comprehension with one `for` and no `if`."""
        parents = self._parent_map()
        node, loop = call, None
        while loop is None:
            parent = parents.get(id(node))
            if type(parent) is ast.For and node in parent.body:
                loop = parent
            elif type(parent) in (ast.ListComp, ast.SetComp) and node is parent.elt:
                loop = parent
            elif type(parent) is ast.GeneratorExp and node is parent.elt and self._exhausted(parent, parents, scopes):
                loop = parent
            elif parent is None or isinstance(parent, _OPAQUE):
                return None
            node = parent
        if type(loop) is ast.For:
            target, iterable = loop.target, loop.iter
            if loop.orelse or any(isinstance(found, _STOPS) for stmt in loop.body for found in ast.walk(stmt)
                                  if not isinstance(found, (ast.FunctionDef, ast.Lambda))):
                return None
            if any(type(found) is ast.Name and found.id == getattr(target, "id", None) and not isinstance(found.ctx, ast.Load)
                   for stmt in loop.body for found in ast.walk(stmt)):
                return None  # the variable is rebound in the loop
        else:
            if len(loop.generators) != 1 or loop.generators[0].ifs or loop.generators[0].is_async:
                return None
            target, iterable = loop.generators[0].target, loop.generators[0].iter
        if type(target) is not ast.Name:
            return None
        items = items_of(self.eval_silently(iterable, self._static_frame(scopes)))  # the sequence is read, not run
        items = [_axis_names(item) for item in items or ()]
        if not items or len(items) > MAX_CALLS or None in items:
            return None
        return loop, target.id, items


    def _exhausted(self, generator: ast.GeneratorExp, parents: dict, scopes: tuple) -> bool:
        """A generator runs its element only as far as its consumer pulls: `next`, `any`, `zip`
        or a `for` that breaks stop early, so only a builtin that drains it (not shadowed where
        it is called), called on it alone, makes the element run once per item."""
        consumer = parents.get(id(generator))
        if not (type(consumer) is ast.Call and consumer.args == [generator] and type(consumer.func) is ast.Name):
            return False
        callee = self.eval_silently(consumer.func, self._static_frame(scopes))
        return type(callee) is JaxName and callee.name in _DRAINING

    def caller_certain(self, use: ShardMapUse, rounds: list[CallerRound]) -> bool:
        """Every call runs unconditionally where it is written, and the shard_map is applied at
        each: in the function, or returned and applied at once by every call."""
        maybe = self.__dict__.get("_maybe_nodes")
        if maybe is None:
            maybe = self.__dict__["_maybe_nodes"] = _conditional(self.scope.tree)
        if any(id(found.loop if found.loop is not None else found.call) in maybe for found in rounds) or id(use.node) in maybe:
            return False
        # Nothing may leave a function before the call on the way: `if len(axes) > 1: return`
        # skips the shard_map for exactly the calls that would fail.
        steps = [(found.where, found.loop or found.call) for found in rounds]
        if use.chain:
            steps.append((use.outer_scopes[-1], use.chain[0][0]))
            steps += [(outer[1], inner[0]) for outer, inner in zip(use.chain, use.chain[1:])]
            steps.append((use.chain[-1][1], use.node))
        else:
            steps.append((rounds[0].function, use.node))
        leaving = leaving_names(self.scope)  # (helpers that never return: leaving_calls.py)
        if any(_exits_before(where, node, leaving) for where, node in steps):
            return False
        applied = self.__dict__.get("_applied_calls")
        if applied is None:
            applied = self.__dict__["_applied_calls"] = _Applied(self.scope.tree)
        if any(id(call) in maybe for call, *_ in use.chain):
            return False  # a helper on the way to shard_map called under a condition
        first = use.node.args[0] if use.node.args else None
        if use.chain and first is not None and first is use.inner_body:
            first = use.body_ref or use.body  # the helper's parameter, bound to the body by the chain
        elif type(first) is ast.Call and use.bound_args and first.args and first.args[0] is use.body_ref:
            first = use.body_ref  # `shard_map(partial(body, axes=axes), ...)`: the partial is the body
        if first is None or first not in (use.body_ref, use.body):
            return False  # `partial(shard_map, ...)(f)` and the like: the call gives the mapper
        bound = applied.bound.get(id(use.node))
        if id(use.node) in applied.direct or bound is not None and applied.assigned.get(bound) == 1 and bound in applied.calls:
            return True
        parents = self._parent_map()
        if use.chain or type(parents.get(id(use.node))) is not ast.Return:
            return False
        return all(type(parents.get(id(found.call))) is ast.Call and parents[id(found.call)].func is found.call
                   for found in rounds)


def caller_verdicts(interpreter: Interpreter, contexts: list[_Context], taken: list[Verdict]) -> list[Verdict]:
    """Sites the calls of one function disagree on: see the module's doc."""
    found: list[Verdict] = []
    for key, function, rounds in disagreeing_sites(interpreter, contexts, taken,
                                                    lambda context: context.caller is not None):
        everyone = [context for context in contexts if context.use is rounds[0].use]
        if not interpreter.caller_certain(rounds[0].use, [context.caller for context in everyone]):
            continue
        verdict = _first_failing(interpreter, key, function, everyone)
        if verdict is not None:
            found.append(replace(verdict, fixable=False, rebind=None, note=CALLER_NOTE))
    return found


def _first_failing(interpreter: Interpreter, key: int, function, rounds: list[_Context]) -> Verdict | None:
    """The failure at the site in the first call of its function (the calls of each function
    in order) that fails there, when every earlier call of that function passed everything."""
    scopes: dict[int, list[_Context]] = {}
    for context in rounds:
        scopes.setdefault(context.caller.scope, []).append(context)
    for group in scopes.values():
        verdict = first_failing(interpreter, key, function, group)
        if verdict is not None:
            return verdict
    return None


def _axis_names(value: Value) -> Const | None:
    """A name or a tuple of names as one constant (`("i", ("i", "j"))` yields a nested tuple)."""
    if isinstance(value, TupleValue):
        items = [_axis_names(item) for item in value.items]
        return None if None in items else Const(kinded((item.value for item in items), value.kind))
    return value if isinstance(value, Const) and isinstance(value.value, (str, tuple)) else None


_EXITS = (ast.Return, ast.Raise, ast.Assert, ast.Break, ast.Continue)
_EXIT_CALLS = frozenset({"skip", "skipTest", "exit", "fail", "xfail", "abort", "importorskip"})


def _exits_before(where: ast.AST, node: ast.AST, leaving: frozenset[str] = frozenset()) -> bool:
    """A statement of `where` (not of a def inside it) ending before `node` may leave it: a
    return, raise, assert, break or continue, or a call like `pytest.skip(...)`, `sys.exit()`, or
    of a module def in `leaving` (one that never returns: `finish(result)` raising SystemExit)."""
    # (leaving_calls.may_leave, but only before `node`, and with asserts and test skips counted)
    for found in block_nodes([where]):
        if found is not where and (getattr(found, "end_lineno", 0) or 0, getattr(found, "end_col_offset", 0) or 0) \
                <= (node.lineno, node.col_offset):
            name = found.func.attr if type(found) is ast.Call and type(found.func) is ast.Attribute else \
                found.func.id if type(found) is ast.Call and type(found.func) is ast.Name else None
            if isinstance(found, _EXITS) or name in _EXIT_CALLS or name in leaving and type(found.func) is ast.Name:
                return True
    return False
