"""`jax.custom_vjp` and `jax.custom_jvp` functions inside a shard_map body (issue 13): which of
the functions the user gave JAX traces, with which types.

What JAX does, run on jax 0.10.2 (8 CPU devices):
- Without differentiation JAX traces the primal; its arguments (but the `nondiff_argnums` ones)
  are traced arrays there: a Python float becomes an invariant array.
- Under differentiation (grad through the shard_map) it traces the custom_vjp's fwd rule, or the
  custom_jvp's jvp rule `rule(primals, tangents)` instead, where a tangent has its primal's
  type and the primals keep what was passed (a Python float stays one); an argument that carries
  no tangent (not differentiated) still has the primal traced. Which one runs depends on the
  data flow, so both are run and a site counts only where both reach it (higher_order.py's
  `_custom_vjp` rule); the result stands only when both give the same types.
- `nondiff_argnums` arguments reach the primal and the rules as they were passed; an array
  (a tracer) there raises UnexpectedTracerError at the call, before anything is traced: no line
  inside or after the call is reached. An argument certainly traced (in some state on a named
  mesh axis) stops the run there; one that may be a Python value is followed as passed (a run
  that reaches the lines inside or after the call passed JAX's check).
- Forms followed: `@jax.custom_vjp` or `@partial(jax.custom_vjp, nondiff_argnums=...)` on a
  module def, or `g = jax.custom_vjp(f, nondiff_argnums=...)` at the module's top level, whose
  one `g.defvjp(fwd, bwd)` is a top-level statement; `@jax.custom_jvp` with one `@g.defjvp`
  rule def (or a top-level `g.defjvp(rule)`). Other spellings (defvjp options, `defjvps`, a
  rule set twice or inside a function) stay unknown.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.nodes import module_parents
from codemods.analysis.values import (
    UNKNOWN,
    AxisState,
    Const,
    Function,
    JaxName,
    Partial,
    TupleValue,
    Value,
    leaves,
    same_value,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

KINDS = {"jax.custom_vjp": ("custom_vjp", "defvjp", 2), "jax.custom_jvp": ("custom_jvp", "defjvp", 1)}
_OPTIONS = frozenset({"nondiff_argnums"})


def _nondiff(value: Value | None) -> tuple[int, ...] | None:
    """The `nondiff_argnums` positions (a tuple of ints); None when not read."""
    if value is None:
        return ()
    if isinstance(value, Const) and isinstance(value.value, tuple) and all(type(item) is int for item in value.value):
        return value.value
    if isinstance(value, TupleValue) and all(isinstance(item, Const) and type(item.value) is int for item in value.items):
        return tuple(item.value for item in value.items)
    return None


def _traced_array(leaf: Value) -> bool:
    """A value of the body with a state on a named mesh axis: a traced array (a NumPy constant,
    a Python value or an unknown one has none)."""
    return type(leaf) is AxisState and bool(leaf.named)


def _traced(value: Value) -> Value:
    """An argument as the primal sees it: a Python number is a traced (invariant) array."""
    from codemods.analysis.higher_order import traced_carry

    return traced_carry(value)


class CustomDerivatives:
    """The custom-derivative half of HigherOrder (the Interpreter supplies call, slots, eval...)."""

    def custom_kind(self, value: Value) -> tuple[str, tuple[int, ...]] | None:
        """("custom_vjp" | "custom_jvp", nondiff positions) for `jax.custom_vjp` or
        `partial(jax.custom_vjp, nondiff_argnums=(...))`; None for anything else."""
        options: tuple = ()
        if isinstance(value, Partial) and not value.args:
            value, options = value.func, value.keywords
        if not isinstance(value, JaxName) or value.name not in KINDS or not {key for key, _ in options} <= _OPTIONS:
            return None
        positions = _nondiff(dict(options).get("nondiff_argnums"))
        if positions is None or positions and value.name == "jax.custom_jvp":
            return None  # a custom_jvp's nondiff arguments come first in its rule: not followed
        return KINDS[value.name][0], positions

    def custom_rule(self, kind: str, name: str, frame: Frame, function: ast.AST | None = None) -> Value | None:
        """The rule `name.defvjp(fwd, bwd)` / `name.defjvp(rule)` sets, once, at the top level
        (`function`: the def `name` binds, whose reference that `name` is)."""
        if frame is not self.module_frame:
            return None
        method, count = {"custom_vjp": ("defvjp", 2), "custom_jvp": ("defjvp", 1)}[kind]
        uses = [node for node in ast.walk(self.scope.tree) if isinstance(node, ast.Attribute)
                and node.attr.startswith("def") and isinstance(node.value, ast.Name) and node.value.id == name]
        if len(uses) != 1 or uses[0].attr != method:
            return None
        use = uses[0]
        calls = [stmt.value for stmt in self.scope.tree.body if isinstance(stmt, ast.Expr)
                 and isinstance(stmt.value, ast.Call) and stmt.value.func is use]
        if len(calls) == 1 and len(calls[0].args) == count and not calls[0].keywords:
            rule_node = calls[0].args[0]
            rule = self.eval(rule_node, frame)
        elif not calls and kind == "custom_jvp" and (defs := [stmt for stmt in self.scope.tree.body
                                                             if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
                                                             and stmt.decorator_list == [use]]):
            if len(defs) != 1 or isinstance(defs[0], ast.AsyncFunctionDef):
                return None
            rule_node, rule = use, Function(defs[0], frame)  # `@f.defjvp` returns the rule itself
        else:
            return None
        if not isinstance(rule, Function):
            return None
        if function is not None:
            self.analysed_refs.setdefault(id(function), set()).add(id(use.value))
        self.note_ref(rule, rule_node)
        return rule

    def custom_call(self, value: Value, expr: ast.Call | None, args, keywords, frame: Frame) -> Value | None:
        """`g = jax.custom_vjp(f, nondiff_argnums=(0,))` at the module's top level."""
        from codemods.analysis.higher_order import Transformed

        found = self.custom_kind(Partial(value, (), tuple((key, item) for key, (item, _) in keywords.items())))
        if found is None or expr is None or len(args) != 1 or not isinstance(args[0][0], Function):
            return None
        holder = module_parents(self.scope.tree).get(id(expr))
        if not (type(holder) is ast.Assign and holder in self.scope.tree.body and len(holder.targets) == 1
                and type(holder.targets[0]) is ast.Name):
            return None
        kind, positions = found
        rule = self.custom_rule(kind, holder.targets[0].id, frame)
        if rule is None:
            return None
        self.note_ref(args[0][0], args[0][1])
        return Transformed(kind, args[0][0], args[0][1], (("rule", rule), ("nondiff", positions)))

    def run_custom(self, custom, expr: ast.Call | None, args, keywords, frame: Frame) -> Value:
        """The call of a custom-derivative function: primal and rule both run (module docstring)."""
        options = dict(custom.keywords)
        primal, rule, positions = custom.func, options["rule"], options.get("nondiff", ())
        if any(index >= len(args) for index in positions) or (keywords and custom.kind == "custom_jvp"):
            return UNKNOWN
        if any(_traced_array(leaf) for index in positions for leaf in leaves(args[index][0])):
            return UNKNOWN  # JAX raises at the call: nothing inside or after it is reached
        if expr is not None and isinstance(primal, Function) and isinstance(expr.func, ast.Name) \
                and expr.func.id == getattr(primal.node, "name", None):
            self.analysed_refs.setdefault(id(primal.node), set()).add(id(expr.func))
        traced = [(value if index in positions else _traced(value), node) for index, (value, node) in enumerate(args)]
        traced_keywords = {key: (_traced(value), node) for key, (value, node) in keywords.items()}
        running = self.__dict__.setdefault("_custom_running", set())
        key = id(primal.node) if isinstance(primal, Function) else id(custom)
        if key in running:  # called by its own rule: the primal is traced
            return self.call(primal, None, traced, traced_keywords, False, frame)
        first = len(self.slots)
        out = self.call(primal, None, traced, traced_keywords, False, frame)
        middle = len(self.slots)
        running.add(key)
        try:
            if custom.kind == "custom_jvp":
                node = expr if expr is not None else (args[0][1] if args else None)
                primals = TupleValue(tuple(value for value, _ in args))
                tangents = TupleValue(tuple(_traced(value) for value, _ in args))
                forward = self.call(rule, None, [(primals, node), (tangents, node)], {}, False, frame)
            else:
                forward = self.call(rule, None, traced, traced_keywords, False, frame)
        finally:
            running.discard(key)
        return self.settle_custom(first, middle, out, forward)

    def settle_custom(self, first: int, middle: int, out: Value, forward: Value) -> Value:
        """Sites the primal (slots first..middle) or the rule (middle..) reached alone are unsure;
        the result stands when the rule's primal output has the primal's types."""
        both = {site.key for site, _ in self.slots[first:middle]} & {site.key for site, _ in self.slots[middle:]}
        for site, index in self.slots[first:]:
            if site.key not in both:
                self.verdicts[site.key][index] = None  # traced with or without differentiation only
                self.__dict__.setdefault("unsure_sites", set()).add(site.key)
        pair = forward.items[0] if isinstance(forward, TupleValue) and len(forward.items) == 2 else UNKNOWN
        return out if same_value(out, pair) else UNKNOWN
