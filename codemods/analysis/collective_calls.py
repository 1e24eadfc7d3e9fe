"""How the interpreter judges a collective's input and what the collective gives: the sites it
asks the judge about, and the verdicts recorded for them (the analysis decides no finding)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods import jaxapi
from codemods.analysis import transfer
from codemods.analysis.transfer import Transfer, collective_result, pcast_result
from codemods.analysis.transfer_keys import case_keys
from codemods.analysis.pytrees import plain_tree, restored
from codemods.analysis.axis_notes import noted
from codemods.analysis.pyvalues import SPREAD
from codemods.analysis.sequence_symbols import group_items
from codemods.analysis.sites import Site, Verdict
from codemods.analysis.syntax import SIMPLE, header_parts, name_count, read_after, target_occurrences
from codemods.analysis.values import (
    UNKNOWN,
    STATIC,
    AxisState,
    Const,
    DictValue,
    Instance,
    State,
    Static,
    TupleValue,
    Value,
    axes_of,
    leaves,
    map_leaves,
    one_state_leaf,
    replicated_partner,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

V, R, U, Q = State.VARYING, State.REDUCED, State.UNREDUCED, State.UNKNOWN
_UNWRITTEN = "the value or the axes are passed through `*args` or `**kwargs`: no fix is written there"
_VMAP_CAST = "under vmap a cast of a reduced value raises NotImplementedError: repair it outside the vmapped function"


class Collectives:
    """The collective half of the Interpreter's expressions (which supplies judge, mesh, silent,
    the verdict tables and note_later)."""

    # pmax and pmin met: JAX has no differentiation rule for them ("Differentiation rule for
    # 'pmax' not implemented", run on 0.10.2), so a gradient through one is never computed.
    undifferentiable = 0

    # -- collectives -------------------------------------------------------------------------
    def collective(self, name: str, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value:
        """A NamedTuple of arrays (grads) goes in as the tuple JAX flattens it to, and comes out
        as an object of its class."""
        record = args[0][0] if args and isinstance(args[0][0], Instance) else None
        if record is None:
            return self._collective(name, expr, args, keywords, starred, frame)
        args = [(plain_tree(record), args[0][1])] + list(args[1:])
        return restored(record, self._collective(name, expr, args, keywords, starred, frame))

    def _collective(self, name: str, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value:
        self.hazards += 1  # under vmap a collective may act otherwise (higher_order.py)
        if name.rsplit(".", 1)[-1] in ("pmax", "pmin"):
            self.undifferentiable += 1
        rule = transfer.collective_rule(name)
        if starred and starred != SPREAD:  # `psum(x, **REDUCE_KWARGS)` of a known dict: its items
            return UNKNOWN
        bound: dict[str, tuple[Value, ast.expr]] = {}
        for param, arg in zip(rule.params, args):
            bound[param] = arg
        for key, arg in keywords.items():
            bound.setdefault(key, arg)
        if "x" not in bound or "axis_name" not in bound or "axis_index_groups" in bound:
            return UNKNOWN
        value, arg_node = bound["x"]
        axes_value, axes_node = bound["axis_name"]
        items = group_items(self.mesh, axes_value) or self.mesh_axis_names(axes_value) \
            or self.unpacked_axis_names(axes_value)
        if items is not None:
            axes = noted(items)  # a tuple the mesh was built from (sequence_symbols.py)
        else:
            axes = axes_of(axes_value, symbols=True)
        if axes is None or not axes:
            return UNKNOWN
        if self.mesh is not None and not set(axes) <= set(self.mesh.axes):
            return UNKNOWN
        to = self._to(rule, bound)
        if to is False:
            return UNKNOWN
        gives = self._gives(name, rule, to)
        if gives is None:
            return UNKNOWN
        short = name.rsplit(".", 1)[-1]
        why = f"{short} result" if to in (None, jaxapi.VARYING) and short != "pcast" else f"{short}(..., to={to!r}) result"
        if isinstance(value, (Const, Static)) and rule.reduction and short != "pmean":
            return STATIC  # psum of a Python constant is computed without tracing
        tree = value  # a pytree of leaves in one state is judged as one of them (JAX judges each)
        leaf = one_state_leaf(value) if isinstance(value, (TupleValue, DictValue)) else None
        if leaf is not None:
            value = leaf
        if self.vmapped and (gives is R or short in ("pcast", "pvary", "preduced")):
            # Under vmap a gather to reduced, or a cast of a reduced value, raises
            # NotImplementedError (higher_order.py); other casts are followed, not judged.
            held = any(isinstance(leaf, AxisState) and (leaf.has(R) or leaf.has(U)) for leaf in leaves(tree))
            if expr is not None and frame.function is not None:
                site = Site(expr, name, arg_node, axes, axes_node, to if short == "all_gather" else None, value, rule,
                            frame.statement, frame.function, mesh=self.mesh)
                self._record(site, None)
                self.__dict__.setdefault("unsure_sites", set()).add(site.key)  # it raises otherwise there
            return UNKNOWN if gives is R or held else self._collective_on_tree(tree, axes, gives, rule, why, name)
        if expr is None or frame.function is None:
            return self._collective_on_tree(tree, axes, gives, rule, why, name)
        if short in ("pcast", "pvary", "preduced"):
            if isinstance(value, AxisState) and not value.mixed and gives is V and short != "preduced" \
                    and self._cast_of_varying(expr, name, arg_node, axes, axes_node, value, rule, frame):
                # Judged a cast of a value already varying: its fix drops those axes, which
                # leaves a value varying on all of them.
                return map_leaves(tree, lambda item: item.with_axes(axes, V, "pcast result"))
            return self._collective_on_tree(tree, axes, gives, rule, why, name)
        if leaf is None and gives is not R and isinstance(tree, TupleValue) and type(arg_node) in (ast.Tuple, ast.List) \
                and len(arg_node.elts) == len(tree.items) and not any(type(e) is ast.Starred for e in arg_node.elts) \
                and all(isinstance(item, AxisState) and not item.mixed for item in tree.items):
            return TupleValue(tuple(self._judged(Site(expr, name, node, axes, axes_node, None, item, rule, frame.statement,
                                                      frame.function, mesh=self.mesh, leaf=node), item, gives, why, frame)
                                    for item, node in zip(tree.items, arg_node.elts)))
        site = Site(expr, name, arg_node, axes, axes_node, to if short == "all_gather" else None, value, rule,
                    frame.statement, frame.function, mesh=self.mesh)
        if leaf is None and isinstance(tree, (TupleValue, DictValue)):
            return self.judge_leaves(site, tree, gives, why, frame)  # leaves in different states
        if not isinstance(value, AxisState) or value.mixed:
            return self._collective_on_tree(tree, axes, gives, rule, why, name)
        return self._judged(site, tree, gives, why, frame)

    def _judged(self, site: Site, tree: Value, gives, why: str, frame: Frame) -> Value:
        """The collective's result at a site judged (a fix's cast applied to the input first)."""
        value, axes, rule = site.value, site.axes, site.transfer
        self.note_round_axes(site.key, axes)
        if self.silent:
            self.note_round_value(site.key, value)
            self.note_later(site)
        verdict = self.judge.collective(site) if not self.silent else None
        if verdict is not None and verdict.fixable and self.vmapped and (value.has(R) or value.has(U)):
            verdict = replace(verdict, fixable=False, note=_VMAP_CAST)
        if verdict is not None and verdict.fixable and type(site.arg) is ast.Starred:
            verdict = replace(verdict, fixable=False, note=_UNWRITTEN)  # a cast is written around the operand
        if verdict is not None and verdict.fixable and isinstance(site.arg, ast.Name) \
                and self._can_rebind(site.arg.id, site, frame):
            verdict = replace(verdict, rebind=site.arg.id)
        self._record(site, verdict)
        if verdict is not None:
            tree = map_leaves(tree, lambda item: item.with_axes(verdict.cast, V, "pcast result"))
            if verdict.rebind is not None:
                frame.vars[verdict.rebind] = tree
        gather = site.key if gives is R else None
        return map_leaves(tree, lambda item: collective_result(item, axes, gives, rule, why, gather))

    def _cast_of_varying(self, expr: ast.Call, name: str, arg_node: ast.expr, axes: tuple[str, ...],
                         axes_node: ast.expr, value: AxisState, rule: Transfer, frame: Frame) -> bool:
        """Asks the judge about a cast to varying; True when it found a problem there."""
        site = Site(expr, name, arg_node, axes, axes_node, None, value, rule, frame.statement, frame.function,
                    mesh=self.mesh)
        verdict = self.judge.collective(site)
        if verdict is not None and verdict.fixable and _unwritten(site):
            verdict = replace(verdict, fixable=False, note=_UNWRITTEN)
        if self.silent:
            # A loop's later rounds go on as the first does, with the cast fixed (nothing recorded).
            self.note_round_value(site.key, value)
            self.note_later(site)
        else:
            self._record(site, verdict)
        return verdict is not None

    def _to(self, rule: Transfer, bound):
        if rule.gives != "to":
            return None
        if "to" not in bound:
            return rule.default_to if rule.default_to is not None else False
        value = bound["to"][0]
        if isinstance(value, Const) and isinstance(value.value, str):
            return value.value
        return False

    def _gives(self, name: str, rule: Transfer, to) -> State | None:
        return collective_gives(name, rule, to)

    def _collective_on_tree(self, value: Value, axes, gives: State, rule: Transfer, why: str, name: str) -> Value:
        if isinstance(value, TupleValue):
            return TupleValue(tuple(self._collective_on_tree(item, axes, gives, rule, why, name) for item in value.items))
        if isinstance(value, DictValue):
            return DictValue(value.keys, tuple(self._collective_on_tree(item, axes, gives, rule, why, name)
                                               for item in value.items))
        if isinstance(value, AxisState):
            short = name.rsplit(".", 1)[-1]
            if short in ("pcast", "pvary", "preduced"):
                return pcast_result(value, axes, gives, why, short)
            if any(value.on(axis) in (R, U, Q) for axis in axes):
                return UNKNOWN
            return collective_result(value, axes, gives, rule, why)
        return UNKNOWN

    def _can_rebind(self, name: str, site: Site, frame: Frame) -> bool:
        """A new line `name = pcast(name, ...)` before the statement is as good as a wrap only when
        nothing else reads `name` afterwards (or the statement itself rebinds it)."""
        statement = frame.statement
        if statement is None or frame.loops or name not in frame.local_names or frame.function is None:
            return False
        if isinstance(frame.function, ast.Lambda):
            return False
        simple = isinstance(statement, SIMPLE)
        reads = sum(name_count(node, name) for node in ([statement] if simple else header_parts(statement)))
        if simple and name in frame.statement_target:
            reads -= target_occurrences(statement, name)
            return reads == 1
        if reads != 1:
            return False
        return not read_after(frame.function, statement, name)

    def _judge_replicated(self, node: ast.expr, name: str, operands: list[tuple[Value, ast.expr]],
                          frame: Frame, rule: transfer.OperandRule, keywords=None) -> bool:
        """JAX rejects a reduced operand beside one replicated (a constant, or invariant) on its
        reduced axes; one operand alone stands for a function that adds constants itself (mean).
        Records a verdict only when every state involved is known; True when it is a problem."""
        if frame.function is None:
            return False
        for index, (value, arg) in enumerate(operands):
            if not isinstance(value, AxisState) or value.mixed or value.rest is R:
                continue
            axes = tuple(axis for axis, state in value.named if state is R)
            if not axes:
                continue
            others = [item for position, item in enumerate(operands) if position != index]
            partner, undecided = replicated_partner(others, axes)
            if partner is None and undecided:
                return False
            positional = [item for item, _ in operands]
            named = {key: item for key, (item, _) in (keywords or {}).items()}
            if partner is not None and not any(
                    rule.raises_replicated(case_keys(rule, positional, named, axis, _mesh_axes(self.mesh)))
                    for axis in axes):
                return False  # the table does not show JAX raising for these operands: unknown
            site = Site(node, name, arg, axes, None, None, value, None, frame.statement, frame.function,
                        partner or "", mesh=self.mesh)
            verdict = self.judge.replicated(site) if partner is not None and not self.silent else None
            if verdict is not None and verdict.fixable and self.vmapped:
                verdict = replace(verdict, fixable=False, note=_VMAP_CAST)
            if partner is not None:
                self.hazards += 1  # JAX raises here (higher_order.py: not followed through vmap)
            if self.silent and partner is not None:
                self.note_later(site, replicated=True)
            self._record(site, verdict)
            return verdict is not None
        return False

    def _record(self, site: Site, verdict: Verdict | None) -> None:
        if self.silent:
            return
        key = site.key
        if key not in self.verdicts:
            self.verdicts[key] = []
            self.site_nodes[key] = site
        self.slots.append((site, len(self.verdicts[key])))
        self.verdicts[key].append(verdict)
        self.sites.append(site)


def collective_gives(name: str, rule: Transfer, to) -> State | None:
    """The state collective `name` gives on its axes, with `to=` `to` (None: not a known `to`)."""
    if rule.gives != "to":
        return State(rule.gives)
    if name == "jax.lax.all_gather":
        state = transfer.gather_gives(to)
        return State(state) if state is not None else None
    if transfer.is_cast_target(to):
        return State(to)
    return None


def _unwritten(site: Site) -> bool:
    """The site's operand or axes come from `*args` / `**kwargs` items (marked as Starred nodes
    that are not the call's own text): a fix rewriting the axes has no text to rewrite."""
    return type(site.arg) is ast.Starred or type(site.axes_node) is ast.Starred


def _mesh_axes(mesh) -> tuple[str, ...] | None:
    """The body's mesh axes, when known (an unknown state elsewhere is one of four on each)."""
    return tuple(mesh.axes) if mesh is not None and mesh.axes and not mesh.groups else None
