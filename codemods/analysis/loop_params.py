"""A shard_map applied once per item of a parameter list (issue 13): test cases written as a
loop (`for axes in CASES:` building and applying a mapper, often under `self.subTest`), the
axis names taken from the loop variable.

Each item is a context of its own: the use is analysed once per item with the loop variable
bound to it (`for` over a known sequence, one plain name as the target, never rebound in the
loop). A site whose items disagree is a finding from the first item where every run fails alike,
when the loop runs unconditionally in its function, the mapper is built and applied in every
round (no `break`, `continue`, `return`, `raise` or `try` in the loop, only `with` around them)
and no earlier item met a failing site. No fix: a cast right for one item breaks another.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.contexts import disagreeing_sites, first_failing
from codemods.analysis.mutation import mutated_names
from codemods.analysis.sequences import items_of
from codemods.analysis.sites import Verdict
from codemods.analysis.values import AxisState, Value

if TYPE_CHECKING:
    from codemods.analysis.contexts import _Context
    from codemods.analysis.interpreter import Frame, Interpreter
    from codemods.analysis.shardmap import ShardMapUse

LOOP_NOTE = "another item of the loop passes this line; a cast here would break it"
MAX_ITEMS = 16
_STOPS = (ast.Break, ast.Continue, ast.Return, ast.Raise, ast.Try, ast.If, ast.While, ast.For, ast.AsyncFor,
          ast.Match, ast.Yield, ast.YieldFrom)


class LoopParams:
    """Interpreter hooks: the loop variable of the item under analysis."""

    loop_binding: tuple | None = None  # (function, name, value, written item) while one item is analysed

    def _static_value(self, name: str, frame: Frame) -> Value:
        binding = self.loop_binding
        scopes = frame.static_scopes or ()
        if binding is not None and binding[0] in scopes and (name == binding[1] or type(binding[1]) is tuple
                                                             and name in binding[1]):
            inner = scopes[scopes.index(binding[0]) + 1:]
            if not any(self.scope.locals_of(scope).binds(name) for scope in inner):
                if type(binding[1]) is tuple:  # `for name, fn in TABLE.items()`: one part of the item
                    return items_of(binding[2])[binding[1].index(name)]
                return binding[2]
        return super()._static_value(name, frame)

    def loop_items(self, use: ShardMapUse) -> tuple[ast.For, ast.FunctionDef, str, list[Value]] | None:
        """(loop, its function, variable, items) of a use inside a `for` over a known sequence."""
        if not use.call_scopes or use.decorated or use.chain \
                or use.body is not None and type(use.written_body) is ast.Name and use.body_ref is not use.written_body:
            return None  # a body one item of the loop gave (looped_bodies.py): analysed once
        function = use.call_scopes[-1]
        loop = enclosing_loop(self._parent_map(), use.node, function)
        if loop is None or loop.orelse:
            return None
        names = _target_names(loop.target)
        if names is None:
            return None
        name = names[0] if type(loop.target) is ast.Name else names
        if any(type(found) is ast.Name and found.id in names and not isinstance(found.ctx, ast.Load)
               for stmt in loop.body for found in ast.walk(stmt)):
            return None
        items = items_of(self.eval_silently(loop.iter, self._static_frame(use.call_scopes)))
        if not items or len(items) > MAX_ITEMS or any(isinstance(item, AxisState) for item in items):
            return None
        if type(name) is tuple and any(len(parts or ()) != len(name) or any(isinstance(part, AxisState) for part in parts)
                                       for parts in map(items_of, items)):
            return None  # each item must unpack into the target's names, none of them an array
        nodes, where = self._item_nodes(loop.iter, use.call_scopes, function) or ((), ())
        return loop, function, name, [(item, (nodes[index], where) if len(nodes) == len(items) else None)
                                      for index, item in enumerate(items)]

    def _item_nodes(self, expr: ast.expr, scopes: tuple, function: ast.FunctionDef):
        """The written items of a case list (`CASES = [...]`, a class's `PARAMS = [...]` read
        through `self`) and the scopes they are written in, when no code changes it in place."""
        changed = mutated_names(self.scope.tree)
        where: tuple = ()
        if type(expr) is ast.Name:
            bound, where = self.scope.lookup_value(expr.id, scopes)
            if expr.id in changed:
                return None
        elif type(expr) is ast.Attribute and type(expr.value) is ast.Name and "." + expr.attr not in changed:
            cls = self.scope.class_of(function)
            params = function.args.posonlyargs + function.args.args
            owner = cls.name if cls is not None and params and expr.value.id == params[0].arg else expr.value.id
            bound = self.scope.class_value(owner, expr.attr)
        else:
            return None
        if type(bound) not in (ast.List, ast.Tuple) or any(type(item) is ast.Starred for item in bound.elts):
            return None
        return bound.elts, where

    def item_spec(self, expr: ast.expr, scopes: tuple) -> tuple[ast.expr, tuple] | None:
        """`params["in_spec"]` of the item under analysis: the expression its case writes."""
        binding = self.loop_binding
        if binding is None or binding[3] is None or type(expr) is not ast.Subscript or type(expr.value) is not ast.Name \
                or expr.value.id != binding[1] or binding[0] not in scopes or type(expr.slice) is not ast.Constant:
            return None
        inner = scopes[scopes.index(binding[0]) + 1:]
        if any(self.scope.locals_of(scope).binds(binding[1]) for scope in inner):
            return None
        (case, where), key = binding[3], expr.slice.value
        if type(case) is ast.Dict and None not in case.keys:
            found = [value for name, value in zip(case.keys, case.values) if type(name) is ast.Constant and name.value == key]
            unique = len(case.keys) == len({name.value for name in case.keys if type(name) is ast.Constant})
            return (found[0], where) if len(found) == 1 and unique else None
        if type(case) is ast.Call and type(case.func) is ast.Name and case.func.id == "dict" and not case.args \
                and "dict" not in self.scope.imports.bindings and not self.scope.globals.binds("dict"):
            found = [keyword.value for keyword in case.keywords if keyword.arg == key]
            return (found[0], where) if len(found) == 1 and all(keyword.arg for keyword in case.keywords) else None
        return None

    def every_round(self, loop: ast.For, function: ast.FunctionDef, use: ShardMapUse) -> bool:
        """The loop runs unconditionally in its function, and each round builds the mapper and
        applies it (`f = shard_map(...)` then `f(x)`, or `shard_map(...)(x)`)."""
        parents = self._parent_map()
        node = parents.get(id(loop))
        while node is not function:
            if type(node) not in (ast.With, ast.AsyncWith) or node is None:
                return False
            node = parents.get(id(node))
        body = _flat(loop.body)
        if body is None:
            return False
        if any(isinstance(found, _STOPS) for stmt in body for found in ast.walk(stmt)
               if not isinstance(found, (ast.FunctionDef, ast.Lambda))):
            return False
        parent = parents.get(id(use.node))
        if type(parent) is ast.Call and parent.func is use.node:
            return True
        if type(parent) is not ast.Assign or parent not in body or len(parent.targets) != 1 \
                or type(parent.targets[0]) is not ast.Name:
            return False
        name = parent.targets[0].id
        later = body[body.index(parent) + 1:]
        return any(type(found) is ast.Call and type(found.func) is ast.Name and found.func.id == name
                   for stmt in later for found in ast.walk(stmt))


def _target_names(target: ast.expr) -> tuple[str, ...] | None:
    """The names a loop target binds: one plain name, or a flat tuple of distinct plain names."""
    if type(target) is ast.Name:
        return (target.id,)
    if type(target) is ast.Tuple and target.elts and all(type(each) is ast.Name for each in target.elts):
        names = tuple(each.id for each in target.elts)
        return names if len(set(names)) == len(names) else None
    return None


def enclosing_loop(parents: dict, node: ast.AST, function: ast.AST) -> ast.For | None:
    """The innermost `for` of `function` whose body holds `node`."""
    while node is not None and node is not function:
        parent = parents.get(id(node))
        if type(parent) is ast.For and node in parent.body:
            return parent
        node = parent
    return None


def _flat(block: list[ast.stmt]) -> list[ast.stmt] | None:
    """The statements of a loop body with its `with` blocks opened."""
    found: list[ast.stmt] = []
    for stmt in block:
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            inner = _flat(stmt.body)
            if inner is None:
                return None
            found.extend(inner)
        else:
            found.append(stmt)
    return found


def loop_verdicts(interpreter: Interpreter, contexts: list[_Context], taken: list[Verdict]) -> list[Verdict]:
    """Sites the items of one loop disagree on: see the module's doc."""
    found: list[Verdict] = []
    for key, function, rounds in disagreeing_sites(interpreter, contexts, taken,
                                                    lambda context: getattr(context, "round", None) is not None):
        if not interpreter.every_round(rounds[0].round[0], rounds[0].round[1], rounds[0].use):
            continue
        first = first_failing(interpreter, key, function, rounds)  # later rounds are never traced
        if first is not None:
            found.append(replace(first, fixable=False, rebind=None, note=LOOP_NOTE))
    return found
