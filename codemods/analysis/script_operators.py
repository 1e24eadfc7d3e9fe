"""How the values of a script run (script_run.py) behave under Python's operators (issue 13):
truth, iteration, items, arithmetic and comparisons of arrays, specs, module objects (a dict
subclass reads what it holds, a class's `__iter__`/`__getitem__` run), Enum classes, and the
generators and `map`s run where they are consumed. Arithmetic of arrays gives an array (laid out
as its operands where they agree on a mesh with Explicit axes); testing, iterating or printing an
array or an unknown value stops the run (Bail).
"""
from __future__ import annotations

import argparse
import ast
import inspect
import operator
import re
import types
from collections import OrderedDict

from codemods.analysis.member_keys import member_in, member_keyed
from codemods.analysis.object_ids import Ident
from codemods.analysis import (draw_ranges, exact_host_arrays, numpy_grids, repr_enums, unknown_truths, explicit_layouts, object_orderings, object_texts, script_dunders, script_environment,
                               script_flags, script_paths, script_typing, unknown_indexes)
from codemods.analysis.function_slots import ALIAS_TYPES
from codemods.analysis.array_dtypes import DType, method_dtype
from codemods.analysis.shaped_values import operator_result
from codemods.analysis.array_shapes import matmul_rank
from codemods.analysis.array_dtypes import contains as dtype_contains, equal as dtype_equal
from codemods.analysis.script_flags import FlagMember
from codemods.analysis import calendar_dates, exact_numbers, field_specs, raising_warnings
from codemods.analysis.repr_enums import IntMember
from codemods.analysis.script_generators import GenRun, closes_with_code, drained
from codemods.analysis.shared_iterators import own_iterator
from codemods.analysis.array_extents import SHAPE_KEEPING, broadcast_rank, generated_size, reshaped_count, with_scalar
from codemods.analysis.host_exprs import Env, Raised, guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.identity_members import identity_member
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis import index_refs, python_versions, temp_texts, typed_keys, unknown_json
from codemods.analysis.annotated_hints import is_class
from codemods.analysis.unknown_numbers import integer, is_integer, is_number, item as number_item, may_raise, number, \
    operated_sign
from codemods.analysis.script_argparse import ParserObj
from codemods.analysis.one_device import computed
from codemods.analysis.result_ranks import reduced_rank
from codemods.analysis.script_builtins import ReMatch, Wraps
from codemods.analysis.class_descriptors import Sentinel
from codemods.analysis.object_iteration import fields_generator, object_items
from codemods.analysis.cached_calls import hashable
from codemods.analysis.script_jax import alike
from codemods.analysis.known_shapes import in_place_step
from codemods.analysis.script_collections import counter_binary
from codemods.analysis.passed_steps import passed
from codemods.analysis.unchecked_calls import binary_step
from codemods.analysis.shape_errors import check_operator
from codemods.analysis.script_values import (
    OPAQUE_TYPES,
    Arr,
    Bound,
    FieldName,
    JitFn,
    Lazy,
    Lib,
    Member,
    MeshCtx,
    MeshObj,
    NTup,
    Opaque,
    PartialObj,
    RunCallable,
    ShardObj,
    SpecObj,
    StrMember,
    TempPath,
    JsonText,
    UClass,
    UFunc,
    UObj,
)


_INTEGRAL = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)  # (ops whose result of two ints is an int)
_KEEPING = frozenset({"astype", "reshape", "copy", "transpose", "sum", "mean", "squeeze", "ravel", "flatten"})


_SET_OPS = frozenset({ast.Sub, ast.BitAnd, ast.BitOr, ast.BitXor})
_SET_LIKE = frozenset({"dict_keys", "set", "frozenset"})

_COMPLEX_SCALED = (ast.Add, ast.Sub, ast.Mult, ast.Div)


class ArrMethod:
    """A method of an array (`x.astype`, `rng.normal`): its result is an array of unknown layout
    (of a known rank for `reshape`, `astype` and a generator's `size=`)."""

    __slots__ = ("host", "leading", "name", "ndim", "owner")

    def __init__(self, host: bool, name: str, ndim: int | None, leading: int | None = None, owner=None) -> None:
        self.host, self.name, self.ndim = host, name, ndim
        self.leading = leading  # the receiver's leading size, when known
        self.owner = owner  # the array it is a method of

    def rank(self, args: list, kwargs: dict) -> int | None:
        if self.name in SHAPE_KEEPING:
            return self.ndim
        if self.name == "reshape" and args and not kwargs:
            shape = args[0] if len(args) == 1 and type(args[0]) in (tuple, list) else args
            return len(shape) if all(type(n) in (int, Opaque) for n in shape) else None
        if (reduced := reduced_rank(self.name, self.ndim, args, kwargs)) is not None:
            return reduced  # (`X.mean(0)`: result_ranks.py)
        size = generated_size(self.name, args, kwargs)
        return shape_rank(size) if size is not None else None

    def result(self, run, args: list, kwargs: dict) -> Arr:
        """What calling it gives: an array of its rank and leading size where known (on one device
        where its array is and the method keeps it there: `w.astype(jnp.bfloat16)`, one_device.py)."""
        result = Arr(None, self.host, ndim=self.rank(args, kwargs), count=self.count(args, kwargs),
                     dtype=method_dtype(self.host, self.name, self.owner, args, kwargs))
        if result.ndim is None and type(size := generated_size(self.name, args, kwargs)) is Opaque and is_integer(run, size):
            passed(run)  # (a negative size raises ValueError: passed_steps.py)
            result.ndim = 1  # (`rng.integers(0, 9, size=int(n))`: a vector, of a length not known)
        if self.owner is not None and self.name in _KEEPING:
            computed(run, result, [self.owner, *args, *kwargs.values()])
        if self.owner is not None and not run.in_body and (laid := explicit_layouts.method(self.owner, self.name, args, kwargs)) is not None:
            result.sharding, result.ndim = laid.sharding, laid.ndim  # (`x.mean(axis=0)`: explicit_layouts.py)
        made = exact_host_arrays.method(run, self.owner, self.name, args, kwargs, result)
        made = draw_ranges.method(run, self.owner, self.name, args, kwargs, made)  # (`x.round()` of draws)
        index_refs.updated(run, self.owner, self.name, made)  # (`x.at[idx].set(v)`: x's rank, index_refs.py)
        return typed_keys.kept(run, self.owner, made, self.name)  # (`keys.reshape(2, 2)`: keys)

    def count(self, args: list, kwargs: dict) -> int | None:
        """The leading size of what a generator's `size=(3, 8)` makes (what iterating it gives)."""
        if self.name in SHAPE_KEEPING:
            return self.leading
        if self.name == "reshape" and args and not kwargs:
            return reshaped_count(args)
        size = generated_size(self.name, args, kwargs)
        if type(size) is int or type(size) in (tuple, list) and size and type(size[0]) is int:
            return size if type(size) is int else size[0]
        return None


def shape_rank(shape: object) -> int | None:
    """The rank a shape argument gives (`8`, `(8, 16)`), or None."""
    if type(shape) is int:
        return 1
    if type(shape) in (tuple, list) and all(type(n) in (int, Opaque) for n in shape):
        return len(shape)
    return None


class ScriptOperators:
    """The operator half of ScriptRun."""

    def item(self, holder: object, key: object) -> object:
        kind = type(holder)
        if kind in (str, list, tuple, NTup):
            key = repr_enums.as_index(key)  # (an IntEnum member indexes as its int: repr_enums.py)
        if kind in (str, list, tuple, NTup) and type(key) in (slice, UObj):  # (`__index__` of a bound: script_dunders.py)
            key = script_dunders.index_key(self, key)
        if kind is dict or kind is OrderedDict:  # (a registry made by `collections.OrderedDict()`)
            return guard(operator.getitem, holder, key)
        if isinstance(holder, ModelledContainer):  # (a deque, Counter, ...: script_collections.py)
            return holder.item(self, key)
        if kind is ReMatch and type(key) in (int, str):  # `m["rows"]`, `m[1]`: as `m.group(key)`
            return guard(operator.getitem, holder.found, key)
        if kind is NTup:
            if type(key) not in (int, bool, slice):
                raise Bail
            found = guard(operator.getitem, holder, key)
            return tuple(found) if type(key) is slice else found
        if kind is Arr:  # (an array of known values: exact_host_arrays.py)
            return exact_host_arrays.item(self, holder, key, Arr(None, holder.host, dtype=holder.dtype))
        if kind is Opaque:
            return number_item(self, holder, key)
        if kind is types.MappingProxyType:  # `sig.parameters["x"]`
            return guard(operator.getitem, holder, key)
        if kind is UClass and holder.kind == "plain" and (hook := holder.lookup("__class_getitem__")) is not None:
            return self.call(Bound(hook[1].func, holder), [key], {}) if type(hook[1]).__name__ == "Desc" else _bail()
        if kind is UClass and holder.kind == "enum" and type(key) is str:
            if key not in holder.members:
                raise Raised(KeyError(key))
            return holder.members[key]
        if kind is SpecObj and (type(key) in (int, bool) or type(key) is slice and all(
                type(part) in (int, bool, type(None)) for part in (key.start, key.stop, key.step))):
            if holder.spec.reduced or holder.spec.unreduced:  # (checked on 0.10.2: "Using pspec[...] is dangerous")
                raise Raised(ValueError("Using pspec[...] is dangerous when PartitionSpec has non-empty unreduced/reduced set"))
            return guard(operator.getitem, holder.entries, key)  # (`spec[1:]`: a tuple of its entries, as JAX gives)
        if kind is UObj and (hook := holder.cls.lookup("__getitem__")) is not None:
            return self.call(Bound(hook[1], holder), [key], {}) if type(hook[1]) is UFunc else _bail()
        if kind is UObj and type(holder.data) is dict and (done := script_dunders.missing(self, holder, key)) \
                is not NotImplemented:
            return done  # (a dict subclass's `__missing__`: script_dunders.py)
        if kind is UObj and holder.data is not None:
            return self.item(holder.data, key)
        if kind in (str, list, tuple) and type(key) in (int, bool, slice):
            return guard(operator.getitem, holder, key)
        if script_environment.is_environ(holder):
            return script_environment.item(self, key)
        if numpy_grids.is_grid(holder):
            return numpy_grids.item(holder, key)  # (`np.mgrid[0:8, 0:16]`: numpy_grids.py)
        if kind in (list, tuple) and (found := unknown_indexes.item(self, holder, key)) is not NotImplemented:
            return found  # (`sizes[t]` of a drawn NumPy int: unknown_indexes.py)
        return script_typing.subscript(holder, key, self)  # (`tuple[int, int]`), or Bail

    def binary(self, op: type, left: object, right: object, augmented: bool = False) -> object:
        index_refs.not_array(self, left, right)  # (`x.at + 1`: index_refs.py)
        sides = (type(left), type(right))
        if IntMember in sides and all(side in (IntMember, int, float, bool) for side in sides):
            left, right = repr_enums.plain(left), repr_enums.plain(right)  # (int's own operators: repr_enums.py)
            sides = (type(left), type(right))
        if JsonText in sides:
            return unknown_json.added(op, left, right)  # (`json.dumps(record) + "\n"`: unknown_json.py)
        if sides == (TempPath, str) and op is ast.Add and (path := temp_texts.glued(left, right)) is not None:
            return path  # (`tmp + "/run.ini"`: temp_texts.py)
        if (made := script_paths.binary(op, left, right)) is not NotImplemented:
            return made  # (`run_dir / "ckpt"`: script_paths.py)
        if op is ast.Mod and type(left) is str and object_texts.percent_args(right):  # `"%s" % (axis,)`
            return object_texts.percent(self, left, right)
        if script_dunders.handles(left, right):  # (an instance of a module class: its own methods)
            return script_dunders.binary(self, op, left, right, augmented)
        if FlagMember in sides:
            return script_flags.binary(op, left, right)
        if (made := exact_numbers.binary(op, left, right)) is NotImplemented:
            made = calendar_dates.binary(op, left, right)  # (`Decimal("0.1") * 3`, `start - timedelta(days=1)`)
        if made is not NotImplemented:
            return made
        if Arr in sides and complex in sides and op in _COMPLEX_SCALED:
            # (`1j * k`: an array of complex values, of k's shape and layout; its values are not followed)
            left, right = (Opaque() if type(side) is complex else side for side in (left, right))
            sides = (type(left), type(right))
        if Arr in sides or Opaque in sides or op is ast.MatMult:
            raising_warnings.operated(self, left, right)  # (under a warnings "error" filter: raising_warnings.py)
            if not all(side in (Arr, Opaque, int, float, bool) for side in sides):
                raise Bail
            if Arr not in sides:  # (numbers of numbers are numbers, ints of ints ints: unknown_numbers.py)
                if may_raise(self, op, left, right):
                    passed(self)  # (`16 // (jax.device_count() - 8)` may raise into a handler: passed_steps.py)
                if op in _INTEGRAL and is_integer(self, left) and is_integer(self, right) \
                        and (op in (ast.Add, ast.Sub, ast.Mult) or type(right) is int and right != 0):
                    made = integer(self)
                else:
                    made = number(self) if all(is_number(self, side) or type(side) in (int, float, bool)
                                               for side in (left, right)) else Opaque()
                operated_sign(self, op, left, right, made)  # (`jax.process_index() + 1` is positive)
                return draw_ranges.operated(self, op, left, right, made)  # (`scale * 2.0` of a drawn scale)
            if augmented and type(left) is Arr and left.host:
                in_place_step(self, op, left, right)  # (NumPy's `a += b` writes into a: known_shapes.py)
            else:
                binary_step(self, op, left, right)  # (broadcast and matmul shapes: unchecked_calls.py)
            ranks = {side.ndim if type(side) is Arr else 0 for side in (left, right)}
            rank = max(ranks) if None not in ranks else None  # (broadcasting: the larger rank)
            if op is ast.MatMult:  # (a 1-d operand's dimension is contracted away: array_shapes.py)
                rank = matmul_rank(*(side.ndim if type(side) is Arr else 0 for side in (left, right)))
            count = with_scalar(left, right)[0] if op is not ast.MatMult else None  # (array_extents.py)
            sides = [0.0 if is_number(self, side) else side for side in (left, right)]
            if op in (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow) and (layout := alike(sides)) is not None:
                result = Arr(layout, False, ndim=rank, count=count)  # `p - lr * g`: laid out as p and g are
            else:
                result = computed(self, Arr(None, all(side.host for side in (left, right) if type(side) is Arr), ndim=rank,
                                            count=count), [left, right])
                if not self.in_body and (laid := explicit_layouts.operated(op, sides)) is not None:
                    result.sharding, result.ndim = laid.sharding, laid.ndim  # (`x - x.mean(0, keepdims=True)`, `x @ w`)
                result = exact_host_arrays.operated(self, op, left, right, result)
                result = exact_host_arrays.masks_combined(self, op, left, right, result)  # (`mask &= col > 0`)
                result = draw_ranges.operated(self, op, left, right, result)  # (`rng.uniform(1, 2, n) * 3`)
            if augmented and type(left) is Arr and left.host:
                result = exact_host_arrays.written_through(self, left, result)  # (`b += 1` writes a's view b)
            operator_result(self, op, left, right, result)  # (array_shapes.py)
            if self.states is not None:  # (state_runs.py: the operator's own expression, when it is this one)
                node, self.op_node = self.op_node, None
                node = node if type(node) in (ast.BinOp, ast.AugAssign) and type(node.op) is op else None
                self.states.binary(node, op, left, right, result)
            return result
        if (counted := counter_binary(op, left, right, augmented)) is not NotImplemented:
            return counted  # (`c -= Counter(...)`: script_collections.py)
        if op in _SHIFTS and type(left) in (int, bool) and type(right) in (int, bool):
            return guard(_SHIFTS[op], left, right)  # `1 << FIELD_BITS`
        if op is ast.BitOr and type(left) is dict and type(right) is dict:  # `params | {"embed": w}`: no value is read
            return guard(operator.ior if augmented else operator.or_, left, right)
        if op is ast.Add and type(left) is type(right) and type(left) in (tuple, list):  # (no item is read)
            return guard(operator.iadd if augmented and type(left) is list else operator.add, left, right)
        if op is ast.Mult and {type(left), type(right)} in ({tuple, int}, {list, int}) and not augmented:
            return guard(operator.mul, left, right)
        if op in _SET_OPS and not augmented and {type(left).__name__, type(right).__name__} <= _SET_LIKE \
                and "dict_keys" in (type(left).__name__, type(right).__name__):
            return self.binary(op, set(left), set(right))  # (`overrides.keys() - raw.keys()`: a set, as Python gives)
        return super().binary(op, left, right, augmented)

    def compare(self, node: ast.Compare, env: Env) -> object:
        if len(node.ops) == 1 and type(node.ops[0]) in (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq):
            left, right = self.eval(node.left, env), self.eval(node.comparators[0], env)
            index_refs.not_array(self, left, right)
            sides = (type(left), type(right))
            if JsonText in sides:
                raise Bail  # (a text the run does not spell: unknown_json.py)
            if UObj in sides and type(node.ops[0]) in (ast.Eq, ast.NotEq):  # (the class's own `__eq__`: script_dunders.py)
                return script_dunders.equality(self, type(node.ops[0]) is ast.Eq, left, right)
            if UObj in sides:  # (the class's own `__lt__`, ...: object_orderings.py)
                return object_orderings.compare(self, type(node.ops[0]), left, right)
            if DType in sides and type(node.ops[0]) in (ast.Eq, ast.NotEq):  # `x.dtype == jnp.bfloat16`
                return dtype_equal(left, right) == (type(node.ops[0]) is ast.Eq)
            if (done := unknown_truths.compared(self, type(node.ops[0]), left, right)) is not NotImplemented:
                return done  # (`out.shape == want`: unknown_truths.py)
            if self.states is None and sides in ((Arr, str), (str, Arr)) and type(node.ops[0]) in (ast.Eq, ast.NotEq):
                result = Arr(None, True, count=(left if type(left) is Arr else right).count, ndim=1)
                if exact_host_arrays.values(self, labels := exact_host_arrays.compared(
                        self, type(node.ops[0]), left, right, result)) is not None:
                    return labels  # (`col == "tfidf"` of labels the run knows: exact_host_arrays.py)
            if Arr in sides or Opaque in sides:  # `mask = x < limit`: an array (never tested by the run)
                if not all(side in (Arr, Opaque, int, float, bool) for side in sides):
                    raise Bail
                if Arr not in sides:
                    return Opaque()
                check_operator(self, type(node.ops[0]), left, right)  # (shapes it certainly rejects: shape_errors.py)
                count, rank = with_scalar(left, right)  # (`rng.random((n, s)) < 0.3`: its shape)
                result = Arr(None, all(v.host for v in (left, right) if type(v) is Arr), count=count,
                             ndim=rank if rank is not None else broadcast_rank([left, right]))
                result = exact_host_arrays.compared(self, type(node.ops[0]), left, right, result)
                result = draw_ranges.compared(self, type(node.ops[0]), left, right, result)  # (`assets > 0`)
                operator_result(self, type(node.ops[0]), left, right, result)  # (its shape: array_shapes.py)
                if self.states is not None:
                    self.states.compare(node, left, right, result)
                return result
            if type(node.ops[0]) in (ast.Eq, ast.NotEq) and (_atom_tree(left) and _atom_tree(right) and not (
                    plain_tree(left) and plain_tree(right)) or type(left) is type(right) is SpecObj):  # `p.kind == ...`
                return (left == right) == (type(node.ops[0]) is ast.Eq)
            node = ast.Compare(ast.Constant(left), node.ops, [ast.Constant(right)])
        if len(node.ops) == 1 and type(node.ops[0]) in (ast.Is, ast.IsNot):
            left, right = self.eval(node.left, env), self.eval(node.comparators[0], env)
            marked = any(side is None or type(side) in (bool, type(Ellipsis)) or side is inspect.Parameter.empty
                         or script_typing.singleton(side) or type(side) is Sentinel
                         for side in (left, right))  # (a singleton, an `object()`: only itself is it)
            if (left is None) != (right is None) and script_environment.read_text(self, left if right is None else right):
                return script_environment.none_test(self, left if right is None else right) == (type(node.ops[0]) is ast.Is)
            if any(script_environment.maybe_none(self, side) for side in (left, right)):
                raise Bail  # (`os.environ.get("SLURM_PROCID") is None` against another object)
            if (known := field_specs.missing_identity(left, right)) is not None:
                return known == (type(node.ops[0]) is ast.Is)  # (field_specs.py)
            if left is right and type(left) in _HELD_ONCE:
                return type(node.ops[0]) is ast.Is  # (one object the program handed on: `seen[k] is value`)
            if type(left) in _ATOMS and type(right) in _ATOMS and (type(left) is not type(right) or (
                    left != right and left == left and right == right)):  # (not NaN: `x is x` though `x != x`)
                return type(node.ops[0]) is ast.IsNot  # (unequal numbers or strings: two objects)
            if left is not None and right is not None and (  # (`x is None`: as it always was read)
                    not (same_identity(left) and same_identity(right) or marked)
                    or {Opaque, Lib} & {type(left), type(right)}):
                raise Bail
            return (left is right) == (type(node.ops[0]) is ast.Is)
        if len(node.ops) == 1 and type(node.ops[0]) in (ast.In, ast.NotIn):
            left, right = self.eval(node.left, env), self.eval(node.comparators[0], env)
            if JsonText in (type(left), type(right)):
                raise Bail  # (a text the run does not spell: unknown_json.py)
            if type(right) is UObj and (hook := right.cls.lookup("__contains__")) is not None:
                if type(hook[1]) is not UFunc:  # (`in` calls the class's own hook and takes its truth)
                    raise Bail
                found = self.truth(self.call(Bound(hook[1], right), [left], {}))
                return found if type(node.ops[0]) is ast.In else not found
            if type(right) is UObj:
                if right.data is None or not plain_tree(left):
                    raise Bail
                right = right.data
            found = self.contains(left, right)
            return found if type(node.ops[0]) is ast.In else not found
        if (decided := python_versions.compare(self, node, env)) is not NotImplemented:
            return decided  # (`sys.version_info >= (3, 8)`: python_versions.py)
        return super().compare(node, env)

    def async_items(self, source: object):
        """`[x async for x in agen]` in a coroutine: each item asked for in turn (script_async_objects.py)."""
        from codemods.analysis.script_async_objects import async_items

        return async_items(self, source)

    def contains(self, left: object, right: object) -> bool:
        right = dict(right) if type(right) is types.MappingProxyType else right
        if type(right) is SpecObj:
            right = tuple(right.walked())  # (no `__contains__`: `in` walks its entries, as `for e in spec`)
        if type(right) is FlagMember:
            return script_flags.contains(left, right)
        if isinstance(right, ModelledContainer):
            return right.contains(self, left)
        if type(left) in (FlagMember, Member, StrMember, IntMember) and type(right) in (list, tuple) \
                and all(_atom(item) for item in (left, *right)):  # (Enum members: no `==` of the program's)
            return any(item is left or item == left for item in right)
        if script_environment.is_environ(right):
            return script_environment.contains(self, left)
        if member_keyed(left, right):
            return member_in(left, right)  # (a table keyed by Enum members: member_keys.py)
        if type(left) is DType:
            return dtype_contains(left, right)
        if (script_typing.is_hint(left) or type(left) is str) and type(right) in (list, tuple, set, frozenset) \
                and all(script_typing.is_hint(item) or plain_tree(item) for item in right):
            return left in right  # (`tp in (int, float, str)`: types compare by identity, and unequal to a str)
        if type(left) is UClass and is_class(left) and type(right) in (list, tuple) \
                and all(script_typing.is_hint(item) or type(item) is UClass and is_class(item) for item in right):
            return any(item is left for item in right)  # (`ann in (int, float)` of a module class: by identity)
        if type(left) is Ident and (type(right) in (dict, set, frozenset) or type(right) in (list, tuple) and all(
                type(item) is Ident for item in right)):
            return left in right  # (`id(node) in done`: object_ids.py)
        if type(left) in (UFunc, UClass) and type(right) in (dict, set, frozenset):
            return left in right  # (`dep in cache`: a module function or class hashes and compares by identity)
        if type(left) is type and type(right) in (dict, OrderedDict, set, frozenset) \
                and all(type(key) is type or plain_tree(key) for key in right):
            return left in right  # (`type(v) in PARSERS`, a table keyed by builtin types: identity)
        if type(left) is UObj and type(right) in (list, tuple) and all(type(item) is UObj for item in right):
            return identity_member(left, right)  # `trial in ranked[-cut:]`
        if type(right) in (dict, OrderedDict, set, frozenset) and hashable(left) and all(hashable(k) for k in right):
            return left in right  # (a memo table keyed by tuples of namedtuples: hashed as their items, cached_calls.py)
        if type(right) not in (str, list, tuple, dict, OrderedDict, set, frozenset) or not plain_tree(left):
            raise Bail
        if type(right) in (list, tuple) and not all(plain_tree(item) for item in right):
            raise Bail  # (`==` against arrays or objects: not modelled)
        return guard(operator.contains, right, left)

    def truth(self, value: object) -> bool:
        index_refs.not_array(self, value)
        kind = type(value)
        if kind in (UFunc, UClass, Bound, JitFn, PartialObj, ShardObj, MeshCtx, FieldName, ArrMethod, ParserObj,
                    argparse.Namespace, ReMatch, Wraps, types.SimpleNamespace, re.Pattern):
            return True
        if kind is UObj:
            return script_dunders.truth(self, value)
        if kind.__name__ in ("TypeMethod", "Desc"):  # (`if spec["converter"]:` of `str.lower`, a classmethod
            return True  # object: no `__bool__`, no `__len__`)
        if isinstance(value, ModelledContainer):
            return value.truth()
        if isinstance(value, RunCallable) or kind is GenRun:  # (a generator object: no `__bool__`, `__len__`)
            return True
        if isinstance(value, BaseException):  # (`if result.exception:`; the run's exception classes define no
            return True  # __bool__ or __len__: script_exceptions.py, caught_stops.py)
        if kind is Member or kind is TempPath or kind is JsonText:  # (a str, never empty: a temporary
            # directory's path, a dumped record)
            return True
        if kind is StrMember:
            return len(value.value) > 0
        if kind is IntMember:
            return repr_enums.truth(value)
        if kind is FlagMember:
            return bool(value)
        if kind in (NTup, types.MappingProxyType):
            return len(value) > 0
        if kind is SpecObj:
            return len(value.entries) > 0  # (a PartitionSpec is true when it has entries: its `__len__`)
        if kind is Arr and (known := exact_host_arrays.truth(value)) is not None:
            return known  # (`if prev_t >= 0` of a known timestep: exact_host_arrays.py)
        if kind in (Opaque, Arr) and (found := unknown_truths.truth(self, value)) is not None:
            return found  # (`if np.allclose(out, ref):`, each way in turn: unknown_truths.py)
        if kind in OPAQUE_TYPES:
            raise Bail
        return super().truth(value)

    def iterate(self, value: object) -> list:
        index_refs.not_array(self, value)
        kind = type(value)
        if kind is Lazy:
            if value.used:
                raise Bail  # a second pass over an exhausted iterator (empty in Python) is not modelled
            value.used = True
            return self.consume(value)
        if kind in (NTup, types.MappingProxyType) or kind.__name__ in ("odict_keys", "odict_values", "odict_items"):
            return list(value)  # (`sig.parameters.values()`)
        if kind is UClass and value.kind == "enum":
            flags = type(next(iter(value.members.values()), None)) is FlagMember
            return script_flags.class_members(value) if flags else list(value.members.values())
        if kind is FlagMember:
            return [FlagMember(value.cls, real) for real in value.real]
        if isinstance(value, ModelledContainer):
            return value.items(self)
        if kind is SpecObj:
            return value.walked()
        if kind is temp_texts.FileHandle:
            return temp_texts.lines(self, value)  # (`for line in fh`: temp_texts.py)
        if kind is Arr and (held := exact_host_arrays.items(self, value)) is not None:
            if self.states is not None:
                self.states.untracked([value])  # (as any array's items: exact_host_arrays.py)
            return held
        if kind is Arr and (count := unknown_indexes.rows(self, value)) is not None:
            made = [exact_host_arrays.derived(self, [value], computed(self, unknown_indexes.row(value, self), [value]))
                    for _ in range(count)]  # (a row is a view: `for r in A.reshape(2, 2): r[0] = 9` changes A)
            return made if self.states is None else self.states.rows(value, made)  # (each as `x[i]`: state_runs.py)
        if kind is UObj:
            hook = value.cls.lookup("__iter__")
            if hook is None and value.data is not None:
                return list(value.data)
            if hook is not None and type(hook[1]) is UFunc and fields_generator(hook[1].node):
                return object_items(self, value, hook[1])  # (object_iteration.py)
            made = own_iterator(self, value)  # (shared_iterators.py)
            if type(made) is GenRun:
                return drained(made)
            if type(made) is Lazy:
                made.used = True
                return self.consume(made)
            return made
        if kind in OPAQUE_TYPES:
            raise Bail
        return super().iterate(value)

    def comprehension_items(self, source: object):
        if type(source) is Lazy and type(source.node) is tuple and source.node[0] == "steps":
            if source.used:
                raise Bail
            source.used = True  # (each item pulled when the comprehension asks: functional_iterators.py)
            return self.produce(source)
        if type(source) is GenRun and not closes_with_code(source.func.node):
            return source.walk()  # (each piece run when the comprehension asks for it: script_generators.py)
        return self.iterate(source)

    def pulled(self, lazy: Lazy):
        """A generator (or map, filter) handed to `map` / `filter`: its items computed one at a
        time as the outer one asks (Python's `next` on it), never again from the start."""
        if lazy.used:
            raise Bail
        lazy.used = True
        return self.produce(lazy)

    def consume(self, lazy: Lazy) -> list:
        return list(self.produce(lazy))

    def produce(self, lazy: Lazy):
        """The items of a generator or `map`, each computed when it is asked for (a `for` loop
        asks for the next one after running its body on the last)."""
        node = lazy.node
        first = lazy.first
        if type(first) is Lazy:  # a generator over a generator: the inner one's items as the outer asks
            if first.used:
                raise Bail
            first.used = True
            first = self.produce(first)
        if type(node) is tuple:  # ("map" or "filter", callback, iterables)
            name, func, sources = node
            if name == "steps":  # (an itertools iterator: its own producer, functional_iterators.py)
                yield from func()
                return
            if name in ("zip", "enumerate"):  # (script_builtins.py: `func` is enumerate's start)
                yield from zip(*sources) if name == "zip" else enumerate(sources[0], func)
                return
            if name == "map":
                for items in zip(*sources):
                    yield self.call(func, list(items), {})
            else:
                for item in sources[0]:
                    if self.truth(item if func is None else self.call(func, [item], {})):  # (`filter(None, xs)`)
                        yield item
            return
        scope = Env(lazy.env, frozenset(n.id for g in node.generators for n in ast.walk(g.target) if type(n) is ast.Name))

        def walk(index: int):
            if index == len(node.generators):
                yield self.eval(node.elt, scope)
                return
            generator = node.generators[index]
            for item in first if index == 0 else self.iterate(self.eval(generator.iter, scope)):
                self.tick()
                self.store(generator.target, item, scope)
                if all(self.truth(self.eval(test, scope)) for test in generator.ifs):
                    yield from walk(index + 1)

        yield from walk(0)

_SHIFTS = {ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitXor: operator.xor}


def _atom_tree(value: object, depth: int = 0) -> bool:
    """An atom, or a tuple or list of them (compared item by item: `over == Axis.EXPERT`)."""
    if type(value) in (tuple, list) and depth < 10:
        return all(_atom_tree(item, depth + 1) for item in value)
    return _atom(value)


def _atom(value: object) -> bool:
    """A value whose `==` runs no code of the program: a plain one, a parameter kind, a regex flag,
    a builtin type."""
    return plain_tree(value) or type(value) in (inspect._ParameterKind, re.RegexFlag, FlagMember) \
        or type(value) in (Member, StrMember, IntMember) and value.cls.lookup("__eq__") is None \
        or isinstance(value, type) and value.__module__ == "builtins"


# Objects the run makes once for each one the program makes, and hands on by reference as the
# program does (no model returns one it already holds where the program would make another; numbers
# and strings come from the same CPython operations, caches included): one run object is then one
# program object. Two run objects may still be one program object (`(1, 2)` folded to one constant,
# a mesh JAX caches, jit handing back its input), so only `is` between the same run object is read.
_HELD_ONCE = (list, dict, set, tuple, MeshObj, SpecObj, Arr, int, float, str)
_ATOMS = (int, float, str)


def same_identity(value: object) -> bool:
    """Whether `is` on `value` is what it is in the program: one run object stands for one
    program object (a module function, class, instance, code object, a builtin type, a marker)."""
    from codemods.analysis.script_functions import CodeObj

    from codemods.analysis.own_module import ModuleObj

    return type(value) in (UFunc, UClass, UObj, CodeObj, bool, type(Ellipsis), Member, StrMember, IntMember, ModuleObj) \
        or value is inspect.Parameter.empty \
        or isinstance(value, type) and value.__module__ == "builtins" or type(value) in ALIAS_TYPES  # (`list[str]`: function_slots.py)


def _bail():
    raise Bail
