"""How the interpreter evaluates expressions: names, calls, and the collectives whose input it
judges (through the judge it was given: the analysis decides no finding); arithmetic and
comparisons are in operator_exprs.py."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast
import functools

from codemods import jaxapi
from codemods.analysis.const_text import joined
from codemods.analysis.enum_texts import text_unsure
from codemods.analysis.dispatch import entry_results, registry_callee, table_entries
from codemods.analysis.sequence_classes import sequence_object
from codemods.analysis.super_calls import is_super_call, super_method
from codemods.analysis.host_numbers import host_number, named_number
from codemods.analysis.leaf_walks import WITH_PATH, path_call, spec_value
from codemods.analysis.function_marks import mark_value
from codemods.analysis.index_updates import index_update, is_index_update
from codemods.analysis.decorators import APPLIED_BY
from codemods.analysis.module_rebinds import captured_defaults
from codemods.analysis.module_writes import patched, patched_jax
from codemods.analysis import index_operands, transfer, unfollowed_states
from codemods.analysis.transfer import elementwise
from codemods.analysis.transfer_keys import is_python_value, takes_shape_from
from codemods.analysis.nodes import NOT_LITERAL, call_args, literal_value
from codemods.analysis.number_slots import without_number_slots
from codemods.analysis.mutation import MUTATORS
from codemods.analysis.patched_functions import partials_patched
from codemods.analysis.pyvalues import SPREAD, STATIC_SPREAD, either, spread_keywords
from codemods.analysis.attr_dicts import AttrTable
from codemods.analysis.builtin_types import builtin_instance_test
from codemods.analysis.class_families import Family
from codemods.analysis.cli_args import Namespace
from codemods.analysis.pytrees import TREE_LEAVES, python_sum, tree_leaves
from codemods.analysis.collective_calls import Collectives
from codemods.analysis.uniform import tree_view
from codemods.analysis.dynamic_attrs import GETATTR, jax_attribute, object_attribute, spelled_method
from codemods.analysis.object_methods import instance_test
from codemods.analysis.operator_exprs import OperatorExprs
from codemods.analysis.replaced import REPLACERS, record_method
from codemods.analysis.sequences import Sequences, converted, items_of
from codemods.analysis.comparisons import type_of
from codemods.analysis.values import (truth, NUMBER_INFO_FIELDS, NumberInfo, DictValue, ClassValue, Instance, CONSTANT,
                                      STATIC, UNKNOWN, AxisState, Const, Function, JaxName, Partial, State, Static,
                                      TupleValue, Value, as_array, axes_of, join, leaves)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN

MAX_EXPRESSION_DEPTH = 150  # deeper expressions are "unknown" (no RecursionError, ever)
BUILTINS_STATIC = frozenset({"len", "range", "isinstance", "int", "float", "bool", "str", "min", "max", "print", "tuple", "list", "enumerate", "zip", "slice", "reversed"})
# NumPy calls that hand back None (in place, or a file written) or bytes, no array (NumPy 2.4).
_NO_ARRAY = frozenset({f"numpy.{name}" for name in (
    "random.shuffle", "random.seed", "random.set_state", "random.bytes", "copyto", "put", "place", "putmask",
    "put_along_axis", "fill_diagonal", "save", "savez", "savez_compressed", "savetxt", "set_printoptions")})
_IN_PLACE_METHODS = frozenset({"sort", "fill", "partition", "put", "setflags", "resize", "itemset"})
_HOLDING_BUILTINS = frozenset({"min", "max", "tuple", "list", "enumerate", "zip", "slice", "reversed"})  # their result holds their arguments' items


class Expressions(OperatorExprs, Collectives, Sequences):
    """The expression half of the Interpreter (which supplies lookup, assign, run_function)."""

    hazards = 0  # collectives met, and operations JAX certainly rejects: a count only ever growing

    # -- expressions -------------------------------------------------------------------------
    def eval(self, expr: ast.expr | None, frame: Frame) -> Value:
        if expr is None:
            return Const(None)
        if self.depth >= MAX_EXPRESSION_DEPTH:
            return UNKNOWN
        self.depth += 1
        try:
            handler = getattr(self, "eval_" + type(expr).__name__, None)
            start = self.shape_clock()
            return self.shaped(expr, handler(expr, frame) if handler is not None else UNKNOWN, start)
        finally:
            self.depth -= 1

    def eval_Name(self, expr: ast.Name, frame: Frame) -> Value:
        if hasattr(expr, APPLIED_BY):  # the def as the decorator it stands for receives it
            return self.applied_value(expr, getattr(expr, APPLIED_BY), frame)
        captured = captured_defaults(self.scope.tree).get(id(expr))
        if captured is not None:  # `axis=AX` keeps the AX bound above the def (module_rebinds.py)
            return self.eval(captured, self.module_frame)
        return named_number(self.lookup(expr.id, frame))

    def eval_Constant(self, expr: ast.Constant, frame: Frame) -> Value:
        value = literal_value(expr)
        return Const(value) if value is not NOT_LITERAL else STATIC  # bytes, complex, ...

    def eval_JoinedStr(self, expr, frame) -> Value:
        found = joined(self, expr, frame)  # `f"{PREFIX}_data"` of constants (const_text.py)
        return found if found is not None else STATIC

    def eval_Set(self, expr: ast.Set, frame) -> Value:
        for element in expr.elts:
            self.eval(element.value if isinstance(element, ast.Starred) else element, frame)
        return STATIC

    def eval_Dict(self, expr: ast.Dict, frame: Frame) -> Value:
        keys, items = [], []
        for key, value in zip(expr.keys, expr.values):
            keys.append(self.eval(key, frame) if key is not None else None)
            items.append(self.eval(value, frame))
        if all(isinstance(key, Const) and isinstance(key.value, str) for key in keys) \
                and len({key.value for key in keys}) == len(keys):
            return DictValue(tuple(key.value for key in keys), tuple(items))
        if None in keys:  # `{**state, "af": af}`: a new dict, later keys win in their first place
            merged: dict[str, Value] = {}
            for key, item in zip(keys, items):
                if key is None and isinstance(item, DictValue):
                    merged.update(zip(item.keys, item.items))
                elif isinstance(key, Const) and isinstance(key.value, str):
                    merged[key.value] = item
                else:
                    return UNKNOWN
            return DictValue(tuple(merged), tuple(merged.values()))
        return UNKNOWN

    def eval_Lambda(self, expr: ast.Lambda, frame: Frame) -> Value:
        return Function(expr, frame)

    def eval_IfExp(self, expr: ast.IfExp, frame: Frame) -> Value:
        test = truth(self.eval(expr.test, frame))
        if test is not None:
            return self.eval(expr.body if test else expr.orelse, frame)
        with self.unsure(self.type_test(expr.test)):
            body, orelse = self.eval(expr.body, frame), self.eval(expr.orelse, frame)
        joined = join(body, orelse)
        if joined is UNKNOWN and (same := either(body, orelse)) is not None:
            return same  # `tuple(e) if isinstance(e, list) else e`: one Python value either way
        return joined

    def eval_NamedExpr(self, expr: ast.NamedExpr, frame: Frame) -> Value:
        value = self.eval(expr.value, frame)
        self.assign(expr.target, value, frame)
        return value

    def eval_Attribute(self, expr: ast.Attribute, frame: Frame) -> Value:
        receiver = self.eval(expr.value, frame)
        attr = expr.attr
        self.array_reads[id(expr)] = self.array_reads.get(id(expr), True) and type(receiver) is AxisState
        if isinstance(receiver, JaxName):
            name = jaxapi.canonical(f"{receiver.name}.{attr}")
            return UNKNOWN if patched(name, patched_jax(self.scope)) else named_number(JaxName(name))  # a compat shim
        if isinstance(receiver, (ClassValue, Instance)):
            return self.class_attribute(receiver, attr)
        if isinstance(receiver, Family):  # `self` of a class others extend (class_families.py)
            return self.family_attribute(receiver, attr)
        if isinstance(receiver, AxisState):
            if transfer.is_static_attribute(attr):
                return STATIC
            rule = transfer.attribute_rule(attr, self.judge.target)
            if rule is not None:
                return transfer.through(rule, [receiver], [receiver], why=receiver.why)
        if isinstance(receiver, (Namespace, AttrTable)):  # `args.data_axis`, `config.sharding` (cli_args.py, attr_dicts.py)
            return self.named_attribute(receiver, attr)
        if isinstance(receiver, (Const, Static)) or isinstance(receiver, NumberInfo) and attr in NUMBER_INFO_FIELDS:
            return STATIC
        if isinstance(receiver, Function) and (marked := mark_value(self, receiver, attr)) is not None:
            return marked  # `LOSSES[name].log_axes` its decorator set (function_marks.py)
        return UNKNOWN  # attributes of objects are not followed

    def eval_Call(self, expr: ast.Call, frame: Frame) -> Value:
        expr = spelled_method(self, expr, frame) if type(expr.func) is ast.Call else expr  # `getattr(x, "mean")()`
        if is_index_update(expr):
            return index_update(self, expr, frame)  # `x.at[i].set(v)` (index_updates.py)
        if isinstance(expr.func, ast.Attribute) and is_super_call(expr.func.value) \
                and (extended := super_method(self, expr.func, frame)) is not None:
            args, keywords, starred = self._eval_args(expr, frame)
            return self.call(extended, expr, args, keywords, starred, frame)  # (super_calls.py)
        if isinstance(expr.func, ast.Attribute):
            receiver = self.eval(expr.func.value, frame)
            method = expr.func.attr
            self.array_reads[id(expr.func)] = self.array_reads.get(id(expr.func), True) and type(receiver) is AxisState
            args, keywords, starred = self._eval_args(expr, frame)
            rule = transfer.method_rule(method, self.judge.target)
            if rule is not None and rule.rejects_replicated and isinstance(receiver, AxisState) and not starred:
                self._judge_replicated(expr, f".{method}()", [(receiver, expr.func.value)] + list(args), frame, rule,
                                       keywords)
            if isinstance(receiver, JaxName):
                callee = JaxName(jaxapi.canonical(f"{receiver.name}.{method}"))
                callee = UNKNOWN if patched(callee.name, patched_jax(self.scope)) else callee
                return self.call(callee, expr, args, keywords, starred, frame)
            if method in MUTATORS and (isinstance(receiver, (TupleValue, DictValue))
                                       or isinstance(receiver, Const) and isinstance(receiver.value, tuple)):
                if (grown := self.grow_list(expr.func.value, receiver, method, args, keywords, starred, frame)) is not None:
                    return grown  # None from `append`; the item `spec.pop("type")` takes out
                # `parts.append(x)`; a list of constants (`list(AXES)`) is one Const object
                self.forget_object(receiver) if not isinstance(receiver, Const) else self.replace_object(receiver, UNKNOWN)
            elif not isinstance(receiver, (JaxName, ClassValue, Instance, Family, AxisState, TupleValue, DictValue, Const, Static)):
                self.forget_arguments(args, keywords)  # a method of an object not followed
            if isinstance(receiver, Instance) and not args and record_method(receiver.cls, method) \
                    and (copied := self.replaced_record(receiver, keywords, starred)) is not None:
                return copied  # `state.replace(grads=g)` (replaced.py)
            if isinstance(receiver, (ClassValue, Instance, Family)):
                callee = self.class_attribute(receiver, method) if not isinstance(receiver, Family) \
                    else self.family_attribute(receiver, method)
                target = callee
                while isinstance(target, Partial):  # `self.mix = partial(self._scale, factor=f)` (fn_values.py)
                    target = target.func
                if isinstance(target, Function):  # `self._helper(w)`: this reference was analysed
                    self.analysed_refs.setdefault(id(target.node), set()).add(id(expr.func))
                return self.call(callee, expr, args, keywords, starred, frame)
            return self.call_method(receiver, method, args, keywords, starred)
        if (built := registry_callee(self, expr, frame)) is not None:  # `Base.registry[kind](n=16)` (dispatch.py)
            args, keywords, starred = self._eval_args(expr, frame)
            return self.call(built, expr, args, keywords, starred, frame)
        if (entries := table_entries(self, expr.func, frame)) is not None:
            args, keywords, starred = self._eval_args(expr, frame)
            results = entry_results(self, entries, expr, args, keywords, starred, frame)
            return functools.reduce(join, results) if results else UNKNOWN  # `ACTS[name](h)` (dispatch.py)
        callee = self.eval(expr.func, frame)
        if isinstance(callee, JaxName) and callee.name in ("builtins.list", "builtins.tuple") \
                and (mapped := self.consumed_map(expr, frame)) is not None:
            return mapped  # `list(map(f, xs))` (sequences.py)
        args, keywords, starred = self._eval_args(expr, frame)
        return self.call(callee, expr, args, keywords, starred, frame)

    def _eval_args(self, expr: ast.Call, frame: Frame):
        args: list[tuple[Value, ast.expr]] = []
        keywords: dict[str, tuple[Value, ast.expr]] = {}
        starred: bool | str = False
        spread = []
        for arg in call_args(expr):
            value = self.eval(arg.value, frame)
            if arg.star == "**" and isinstance(value, DictValue):
                spread.append((value, arg.value))  # `Dense(**self.axes)`: pyvalues.py
            elif arg.star == "*" and (items := items_of(value)) is not None:
                # `fn(*args)` of a known sequence (a wrapper's own `*args`): its items, each marked
                # as no expression of its own (a fix never rewrites it)
                marker = ast.copy_location(ast.Starred(value=arg.value, ctx=ast.Load()), arg.value)
                args.extend((item, marker) for item in items)
            elif arg.star == "*" and isinstance(value, Static) and not starred:
                marker = ast.copy_location(ast.Starred(value=arg.value, ctx=ast.Load()), arg.value)
                args.append((value, marker))
                starred = STATIC_SPREAD
            elif arg.star:
                starred = True
            elif arg.keyword is not None:
                keywords[arg.keyword] = (value, arg.value)
            else:
                args.append((value, arg.value))
        if spread:
            starred = spread_keywords(spread, keywords) if not starred else True
        return args, keywords, starred

    def call_method(self, receiver: Value, method: str, args, keywords, starred) -> Value:
        if isinstance(receiver, AxisState) and (view := tree_view(receiver, method, args, keywords)) is not None:
            return view  # `grads.items()` (uniform.py)
        if isinstance(receiver, DictValue) and not args and not keywords and method in ("items", "keys", "values"):
            keys = tuple(Const(key) for key in receiver.keys)  # a dict of params walked by key
            pairs = {"items": tuple(TupleValue(pair) for pair in zip(keys, receiver.items)),
                     "keys": keys, "values": receiver.items}
            return TupleValue(pairs[method])
        if isinstance(receiver, DictValue) and method == "get" and not keywords and not starred \
                and 1 <= len(args) <= 2 and isinstance(args[0][0], Const):  # `self.axes.get("model")`
            found = receiver.get(args[0][0].value)
            return found if found is not None else args[1][0] if len(args) == 2 else Const(None)
        if method in _IN_PLACE_METHODS and _host_constant(receiver):
            return UNKNOWN  # (a NumPy array's `a.sort()` sorts it in place and hands back None; JAX's gives an array)
        rule = transfer.method_rule(method, self.judge.target)
        if method == "astype" and isinstance(receiver, AxisState) and not starred:
            args, keywords = _dtype_arguments(args, keywords)
        spelled = transfer.method_as_function(method, [value for value, _ in args], self.judge.target) \
            if not keywords and not starred else None
        if spelled is not None:  # `x.transpose(1, 0, 2)`: lax.transpose(x, (1, 0, 2))
            rule, args = spelled[0], [(value, None) for value in spelled[1]]
        if starred == STATIC_SPREAD and rule is not None and not keywords and takes_shape_from(
                rule.operation, 1 + min(at for at, (_, node) in enumerate(args) if isinstance(node, ast.Starred))):
            starred = False  # `x.reshape(-1, *head.shape)`: however many numbers, they are the shape
        if starred or not isinstance(receiver, AxisState) or rule is None:
            return unfollowed_states.unfollowed_state(f".{method}()", [receiver], self.judge.target) or UNKNOWN
        if _SHARDING_KEYWORDS & set(keywords):
            return UNKNOWN
        operands = [receiver]
        for value, _ in list(args) + list(keywords.values()):
            if is_python_value(value):  # a shape tuple too: `x.reshape((n, -1))`
                continue
            array = as_array(value)
            if array is None:
                return UNKNOWN
            operands.append(array)
        positional = [receiver] + [value for value, _ in args]
        observed = index_operands.observed_result(rule, positional, operands, keywords, why=receiver.why)
        return observed if observed is not None else _mark_mixed(elementwise(operands, False, why=receiver.why), operands,
                                                                  rule, positional, keywords)

    def call(self, callee: Value, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value:
        if isinstance(callee, Partial):
            merged_args = [(value, node) for value, node in zip(callee.args, callee.arg_nodes)] + list(args)
            merged_keywords = {name: (value, node) for (name, value), (_, node) in zip(callee.keywords, callee.keyword_nodes)}
            merged_keywords.update(keywords)
            return self.call(callee.func, expr, merged_args, merged_keywords, starred, frame)
        if (followed := self.higher_order(callee, expr, args, keywords, starred, frame)) is not None:
            return followed  # cond, loops, vmap, grad, checkpoint (higher_order.py)
        if isinstance(callee, Function):
            return self.call_function(callee, expr, args, keywords, starred)
        if isinstance(callee, ClassValue):
            built = sequence_object(self, callee, args, keywords, starred)  # `Sequential([a, b])` (sequence_classes.py)
            return built if built is not None else self.construct(callee, args, keywords, starred)
        if isinstance(callee, Instance):  # `block(x)`: the class's __call__
            method = self.class_attribute(callee, "__call__")
            if isinstance(method, Partial) and isinstance(method.func, Function) and expr is not None:
                self.analysed_refs.setdefault(id(method.func.node), set()).add(id(expr.func))
            return self.call(method, expr, args, keywords, starred, frame)
        if not isinstance(callee, JaxName):
            self.forget_arguments(args, keywords)
            return UNKNOWN
        name = callee.name
        if name in _NO_ARRAY:  # (changed in place, or written out: no array comes back)
            return self.unseen_code([value for value, _ in list(args) + list(keywords.values())]) or UNKNOWN
        if name in REPLACERS and len(args) == 1 and (copied := self.replaced_record(args[0][0], keywords, starred)) is not None:
            return copied  # `dataclasses.replace(state, grads=g)` (replaced.py)
        if name == GETATTR and (attribute := jax_attribute(args, keywords, starred)) is not None:
            return attribute  # `getattr(jax.lax, "psum")` (dynamic_attrs.py)
        if name == GETATTR and (attribute := object_attribute(self, args, keywords, starred)) is not None:
            return attribute  # `getattr(self, f"diag_{name}")`
        if name == jaxapi.PARTIAL:
            if starred and starred != SPREAD or not args or partials_patched(self.scope.tree):  # (patched_functions.py)
                return UNKNOWN
            return Partial(args[0][0], tuple(v for v, _ in args[1:]), tuple((k, v) for k, (v, _) in keywords.items()),
                           tuple(n for _, n in args[1:]), tuple((k, n) for k, (_, n) in keywords.items()))
        if transfer.collective_rule(name) is not None:
            return self.collective(name, expr, args, keywords, starred, frame)
        if name == jaxapi.PARTITION_SPEC:
            return spec_value(args, keywords, starred)
        if (number := host_number(name, args, keywords, starred)) is not None:
            return number  # `np.sqrt(HORIZON)`, `jnp.iinfo(jnp.int8)` (host_numbers.py)
        if not starred and (kept := unfollowed_states.unfollowed_state(name, [v for v, _ in args], self.judge.target)):
            return kept  # `jnp.argsort(x)` (unfollowed_states.py)
        rule = transfer.elementwise_rule(name, self.judge.target)
        if rule is not None and rule.rejects_replicated and expr is not None and args and not starred:
            self._judge_replicated(expr, name, list(args), frame, rule, keywords)
        if name == "builtins.str" and args and text_unsure(self, args[0][0]):
            return STATIC  # `str(MeshAxis.DATA)` of a `(str, Enum)` member: "MeshAxis.DATA" (enum_texts.py)
        if (by_path := path_call(name, args, keywords, starred)) is not None:
            return by_path  # `tree_flatten_with_path(params)`, `keystr(path)` (leaf_walks.py)
        if (transfer.is_tree_map(name) or name in WITH_PATH) and not starred and len(args) >= 2 \
                and set(keywords) <= {"is_leaf"}:
            test = keywords.get("is_leaf")
            return self.tree_map(args, frame, expr, is_leaf=bool(keywords), leaf_test=test[0] if test else None,
                                 with_path=name in WITH_PATH)
        if name in TREE_LEAVES and not starred and len(args) == 1 and not keywords:
            return tree_leaves(args[0][0])
        if name == "builtins.type" and len(args) == 1 and not keywords and (made := type_of(args[0][0])) is not None:
            return made  # `type(self).AXIS`, `type(AXES) is list` (comparisons.py)
        if name == "jax.lax.axis_index":
            return self.axis_index(args, keywords)
        if name == "jax.lax.stop_gradient" and len(args) == 1 and not keywords and not starred:
            return args[0][0]  # every leaf keeps its state, reduced and unreduced too (checked on 0.10.2)
        if name in ("jax.lax.axis_size", "jax.typeof") or name.startswith("math.") or name in _DTYPE_MAKERS:
            return STATIC
        if (sequence := converted(name, args, keywords, starred, (self.scope.tree, expr))) is not None:
            return sequence  # `tuple(AXES)`
        if name == "builtins.sum" and len(args) == 1 and not keywords and not starred:
            return python_sum(args[0][0])
        if name == "builtins.abs" and len(args) == 1 and not keywords and not starred \
                and isinstance(args[0][0], AxisState):  # `abs(x)` calls x.__abs__: jnp.abs
            value = args[0][0]
            return transfer.through(transfer.operator_rule("abs(x)", self.judge.target), [value], [value], why=value.why)
        if name == "builtins.len" and len(args) == 1 and not keywords and not starred \
                and (items := items_of(args[0][0])) is not None:
            return Const(len(items))  # `stats[len(stats) - 1]`: an index the analysis can read
        if name == "builtins.isinstance" and len(args) == 2 and not keywords and not starred \
                and (answer := instance_test(self.scope, args[0][0], args[1][0])) is not None:
            return answer  # `isinstance(layer, Dense)` (object_methods.py)
        if name == "builtins.isinstance" and len(args) == 2 and not keywords and not starred \
                and (answer := builtin_instance_test(args[0][0], args[1][0])) is not None:
            return answer  # `isinstance(v, dict)` of a config's item (builtin_types.py)
        if name.startswith("builtins.") and name[len("builtins."):] in BUILTINS_STATIC:
            if name[len("builtins."):] in _HOLDING_BUILTINS and not all(
                    is_python_value(value) or isinstance(value, AxisState) and value.rest is State.INVARIANT
                    and all(state is State.INVARIANT for _, state in value.named)
                    for value, _ in list(args) + list(keywords.values())):
                return UNKNOWN  # `list(stats.values())` of arrays holds arrays, not a Python value (a
                # closed-over value, the same on every device, may stay one: `min(epoch / n, 1.0)`)
            return STATIC
        if rule is not None:
            return self.call_elementwise(rule, args, keywords, starred)
        if name.startswith("numpy."):
            if not starred and all(_host_constant(value) for value, _ in list(args) + list(keywords.values())):
                return replace(CONSTANT, why="a NumPy constant")
        return self.unseen_code([value for value, _ in list(args) + list(keywords.values())]) or UNKNOWN

    def call_elementwise(self, rule: transfer.OperandRule, args, keywords, starred) -> Value:
        if starred or _SHARDING_KEYWORDS & set(keywords):
            return UNKNOWN  # out_sharding=P(unreduced=...) and the like set the state themselves
        operands: list[AxisState] = []
        for value, _ in list(args) + list(keywords.values()):
            for leaf in leaves(value):
                if isinstance(leaf, (Const, Static, JaxName)):
                    continue
                array = as_array(leaf)
                if array is None:
                    return UNKNOWN
                operands.append(array)
        why = operands[0].why if len(operands) == 1 else ""
        observed = index_operands.observed_result(rule, [value for value, _ in args], operands, keywords, why=why)
        if observed is not None:
            return observed
        if len(operands) > 1 and (kept := without_number_slots(rule, args, keywords)) is not None:
            return _mark_mixed(elementwise(kept, False, why=kept[0].why if len(kept) == 1 else ""), kept, rule,
                               [value for value, _ in args], keywords, one_array=rule.one_array)
        return _mark_mixed(elementwise(operands, False, why=why), operands, rule, [value for value, _ in args],
                           keywords, one_array=rule.one_array)

    def call_function(self, function: Function, expr: ast.Call | None, args, keywords, starred) -> Value:
        if starred and starred != SPREAD:
            return UNKNOWN
        if expr is not None and isinstance(expr.func, ast.Name):
            self.analysed_refs.setdefault(id(function.node), set()).add(id(expr.func))
            self.note_iterated_call(function, expr.func)  # `r(x)` for `r in RULES` (held.py)
        elif expr is not None and isinstance(expr.func, ast.Subscript):
            if not self.note_held_read(function, expr.func.value) and type(expr.func.value) is ast.Name:
                # `fns[0](e, r)` of a list no module table holds: read like `fn(e, r)`
                self.analysed_refs.setdefault(id(function.node), set()).add(id(expr.func))
        elif expr is not None and isinstance(expr.func, ast.Call):
            self.note_held_read(function, expr.func)  # `TABLE.get("rows")(w)` (held.py)
            if type(expr.func.func) is ast.Name and self.parents.get(id(function.node)) is not None:
                self.analysed_refs.setdefault(id(function.node), set()).add(id(expr.func))  # `make(ax)(x)` (returned.py)
        result = self.run_function(function.node, [v for v, _ in args], {k: v for k, (v, _) in keywords.items()},
                                   function.closure)
        self.note_passed(function.node if result is not None else None, args, keywords)
        if result is not None:
            self.note_called_params(function.node, args)  # `two_tower(x, sampler)` (returned.py)
        if result is None:
            self.forget_arguments(args, keywords)  # not run: it may have changed what it was given
            return UNKNOWN
        return result

    def axis_index(self, args, keywords) -> Value:
        node_value = args[0][0] if args else keywords.get("axis_name", (None, None))[0]
        axes = axes_of(node_value, symbols=True)
        if axes is None:
            return UNKNOWN
        return AxisState.of({axis: V for axis in axes}, I, "axis_index result")

_SHARDING_KEYWORDS = frozenset({"out_sharding", "sharding", "device", "out_shardings"})


def _mark_mixed(result: AxisState, operands: list[AxisState], rule=None, positional=(), keywords=None,
                one_array: bool = False) -> AxisState:
    if len(operands) > 1 and not all(op.same_state(operands[0]) for op in operands):
        single = transfer.observed_one_state(rule, list(positional), operands, keywords)
        if single is not None:  # the table saw one state for every array of the result
            return replace(single, why=result.why)
        # else the operands' join, where the table only ever saw one array come out of such operands
        return result if one_array else replace(result, mixed=True)
    return result


def _host_constant(value: Value) -> bool:
    """A NumPy operand the same on every device: a constant, or a list of them (`np.array([10, 20])`)."""
    if isinstance(value, TupleValue):
        return all(map(_host_constant, value.items))
    array = as_array(value)
    return array is not None and array.same_state(CONSTANT)


# NumPy's dtype constructors and rules, re-exported by jax.numpy: a dtype object (or an error)
# whatever they are given, never an array.
_DTYPE_MAKERS = frozenset({"jax.numpy.dtype", "numpy.dtype", "jax.numpy.result_type", "numpy.result_type",
                           "jax.numpy.promote_types", "numpy.promote_types"})


def _dtype_arguments(args, keywords):
    """`x.astype(policy.compute_dtype)`: its one argument is a dtype, a Python value the same on
    every device whatever the analysis knows of it (an array there is no dtype: JAX raises
    TypeError); only an argument known to be an array stays one (a symbol's value, read from
    code the analysis cannot run, is not: symbols.py)."""
    def settled(pair):
        value, node = pair
        return (STATIC, node) if type(value) is not AxisState else pair
    if len(args) == 1 and not keywords:
        return [settled(args[0])], keywords
    if not args and list(keywords) == ["dtype"]:
        return args, {"dtype": settled(keywords["dtype"])}
    return args, keywords
