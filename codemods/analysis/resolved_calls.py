"""A method's own calls of a namesake on another object (issue 13): a Gym-style wrapper's
`def step(self, obs, action): next_obs, reward = self.env.step(obs, action)` reads `.step`, which
by spelling alone may be the wrapper's own `step`, so a verdict inside it was never counted as
closed (every reference to the method must be one the analysis ran).

Such a reference runs only while the method itself runs. Where every analysed run of the method
evaluated the call and resolved it to another function (`BatchedEnv.step` of the wrapped
object), it is not a way into the method: the runs that matter are the analysed ones, and in
each the call went elsewhere. A run that could not resolve the call (an unknown receiver) or
resolved it to the method itself leaves the reference counted as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.values import Function, Partial


class ResolvedCalls:
    """Interpreter hook: which function each `obj.name(...)` call ran, by the attribute node."""

    def call(self, callee, expr, args, keywords, starred, frame):
        if expr is not None and type(expr.func) is ast.Attribute and not self.silent:
            target = callee.func if isinstance(callee, Partial) else callee
            node = target.node if isinstance(target, Function) else None
            self.__dict__.setdefault("_resolved_calls", {}).setdefault(id(expr.func), []).append(
                id(node) if node is not None else None)
            if frame.function is not None:  # (a run frame: where the reference is)
                self.__dict__.setdefault("_resolved_where", {})[id(expr.func)] = (expr.func.attr, frame.function)
        return super().call(callee, expr, args, keywords, starred, frame)

    def resolved_elsewhere(self, function) -> set[int]:
        """Ids of the `.name` callees inside `function` (named `name`) that every analysed run
        of it resolved to another function."""
        resolved = self.__dict__.get("_resolved_calls")
        runs = self.function_runs.get(id(function), 0)
        if not resolved or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return set()
        if not runs:  # never run: only reads elsewhere may name it (dead_functions.py)
            return self._resolved_in_others(function, resolved)
        found = set()
        pending = list(function.body)  # the method's own statements: a nested def runs on its own
        while pending:
            node = pending.pop()
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                pending.extend(ast.iter_child_nodes(node))
            if type(node) is ast.Attribute and node.attr == function.name and type(node.ctx) is ast.Load:
                ran = resolved.get(id(node), ())
                if len(ran) >= runs and None not in ran and id(function) not in ran:
                    found.add(id(node))
        return found | self._resolved_in_others(function, resolved)

    def _resolved_in_others(self, function, resolved) -> set[int]:
        """Ids of the `.name` callees in other functions (`self.callbacks.on_batch_end(0, logs)` in
        the trainer's step, for a callback's `on_batch_end`) that every analysed run of their
        function resolved to another function, when every reference to that function was
        analysed: the reference runs only in those runs."""
        found, closing = set(), self.__dict__.setdefault("_closing", set())
        for node_id, (attr, where) in self.__dict__.get("_resolved_where", {}).items():
            ran = resolved.get(node_id, ())
            if attr != function.name or where is function or id(where) in closing or None in ran \
                    or id(function) in ran or len(ran) < self.function_runs.get(id(where), 0) or not ran:
                continue
            closing.add(id(where))
            try:
                if self._closed(where):
                    found.add(node_id)
            finally:
                closing.discard(id(where))
        return found
