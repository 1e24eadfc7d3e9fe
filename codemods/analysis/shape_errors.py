"""The shape errors JAX and NumPy certainly raise on arrays whose shapes a script run knows
(array_shapes.py; unchecked_calls.py; issue 13).

The run passes a JAX or NumPy call whose checks it does not model as a step of unknown outcome:
a run that goes on has passed it. Where the run knows every operand's exact shape, though, a
shape the operation rejects is no unknown: `x @ w` of (16, 4) and (8, 4) raises on the line it
is written, and JAX never reaches a later line, so a collective there can be no finding. Such a
call raises in the run (Raised, of the class the library raises), unless a handler or a block
that may swallow it is around, or it runs in an asyncio task that does not carry its exception out
of the loop (the run then stops: Bail), as a handler's choice of what to catch is not what the
run should have to get exactly right to stay certain.

The rules, checked on jax 0.10.2 and NumPy 2.4 (eagerly, under jit and in a shard_map body; a
NumPy function or NumPy's operator on two NumPy arrays raises ValueError for each of them):
- `@`/`matmul` (a `jax.numpy` function, or an operator with a JAX array on a side): a 0-d
  operand is a ValueError; leading (batch) dimensions that do not broadcast a ValueError; then
  the contracted sizes (the first's last, the second's second to last, or its only one) must be
  equal, a size 1 not broadcasting: TypeError ("dot_general requires contracting dimensions to
  have the same shape");
- `jnp.dot` of operands of rank 1 or 2: the same contracted sizes (TypeError); a 0-d operand
  multiplies;
- `jnp.einsum` with explicit output letters: a term of another length than its operand's rank,
  or one letter of two sizes other than 1 (a size 1 broadcasts), is a ValueError;
- `jnp.tensordot(a, b, axes)` (an int n: a's last n against b's first n; or two sequences of
  dimensions) and `jax.lax.dot_general(a, b, ((lc, rc), (lb, rb)))`: the paired sizes must be
  equal, 1 not broadcasting (TypeError);
- broadcasting (arithmetic, comparison and bitwise operators; `jnp.add`, `jnp.maximum`, `jnp.where`,
  ... of array_shapes' table): sizes from the right equal or 1; otherwise JAX raises TypeError
  for operands of one rank and ValueError for ranks that differ (`jnp.where`: ValueError always);
  NumPy's in-place `a += b` also raises (ValueError) where the broadcast shape is not `a`'s, `a`
  an ndarray: a NumPy scalar (`np.float64(0.0)`, `x.sum()`, `x[0]`) has no in-place operator,
  Python rebinds it to `a + b`, so a rank-0 `a` counts only where a NumPy constructor made it
  (known_shapes.ndarray; adversarial26 S);
- `reshape` to ints of another size (at most one -1, beside a product above 0, that does not
  divide the size): TypeError from JAX, ValueError from NumPy (`np.reshape` of a JAX array too);
- `concatenate(arrays, axis)`: ranks that differ, or sizes off the axis that differ, TypeError
  from JAX; a 0-d array or an axis out of range ValueError; NumPy's are ValueErrors (an axis out of
  range is NumPy's AxisError, also an IndexError: not decided);
  `stack` of shapes that differ: ValueError.
Anything the run does not know exactly (a shape, an axis, a keyword it does not read) decides
nothing: the call stays a step of unknown outcome.
"""
from __future__ import annotations

import ast
import math

from codemods.analysis.array_shapes import _BROADCAST, broadcast, shape_of
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.known_shapes import ndarray
from codemods.analysis.narrow_handlers import narrow
from codemods.analysis.script_values import Arr

_BROADCASTING_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.BitAnd, ast.BitOr,
                     ast.BitXor, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)
_IN_PLACE_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_CONTRACTED = "dot_general requires contracting dimensions to have the same shape"


def fail(run, error: Exception) -> None:
    """The step certainly raises `error`: it does here, where nothing around may catch it."""
    if getattr(run, "guarded", 0) and not narrow(run) or _kept_in_task(run):
        raise Bail  # (a handler, or a block that may swallow it: which one takes it is not followed)
    raise Raised(error)


def _kept_in_task(run) -> bool:
    """In an asyncio task whose exception does not (yet) leave the loop: an awaiter may catch it
    later, by its class or its text, which the run does not copy exactly (task_errors.py)."""
    bridge = run.__dict__.get("_task_bridge")
    return bridge is not None and not bridge.carries


def _shapes(run, values: list) -> list | None:
    """Each value's exact shape, when every one is an array or a Python number the run knows."""
    if not any(type(value) is Arr for value in values) or not all(type(value) in (Arr, int, float, bool) for value in values):
        return None
    shapes = [shape_of(run, value) for value in values]
    return None if None in shapes else shapes


def _numpy(values: list) -> bool:
    """NumPy computes it: no operand is a JAX array."""
    return all(value.host for value in values if type(value) is Arr)


def broadcast_error(shapes: list, numpy: bool, always_value: bool = False) -> Exception | None:
    if broadcast(*shapes) is not None:
        return None
    if numpy:
        return ValueError("operands could not be broadcast together")
    if always_value or len({len(shape) for shape in shapes}) > 1:
        return ValueError("Incompatible shapes for broadcasting")
    return TypeError("got incompatible shapes for broadcasting")


def matmul_error(first: tuple, second: tuple, numpy: bool) -> Exception | None:
    if not first or not second:
        return ValueError("matmul input operand must have ndim at least 1")
    if broadcast(first[:-2], second[:-2]) is None:
        return ValueError("Incompatible types for matmul arguments")
    if first[-1] != (second[0] if len(second) == 1 else second[-2]):
        return ValueError("matmul: mismatch in its core dimension") if numpy else TypeError(_CONTRACTED)
    return None


def _einsum_error(subscripts: object, shapes: list) -> Exception | None:
    if type(subscripts) is not str or "->" not in subscripts or "." in subscripts:
        return None
    inputs = subscripts.replace(" ", "").split("->")[0]
    terms = inputs.split(",")
    if len(terms) != len(shapes) or not all(term.isalpha() for term in terms):
        return None
    sizes: dict = {}
    for term, shape in zip(terms, shapes):
        if len(term) != len(shape):
            return ValueError("Einstein sum subscript does not contain the correct number of indices")
        for letter, n in zip(term, shape):
            sizes.setdefault(letter, set()).add(n)
    if any(len(found - {1}) > 1 for found in sizes.values()):
        return ValueError("Size of label does not match previous terms")
    return None


def _dims(value: object, rank: int) -> tuple | None:
    """A sequence of distinct dimensions of an array of `rank` (ints, negative from the end)."""
    given = (value,) if type(value) is int else value
    if type(given) not in (tuple, list) or not all(type(a) is int and -rank <= a < rank for a in given):
        return None
    found = tuple(a % rank for a in given)
    return found if len(set(found)) == len(found) else None


def _paired(first: tuple, second: tuple, left: object, right: object) -> bool | None:
    """Dimensions `left` of `first` and `right` of `second` pair off: equal sizes (None: not well formed)."""
    left, right = _dims(left, len(first)), _dims(right, len(second))
    if left is None or right is None or len(left) != len(right):
        return None
    return all(first[a] == second[b] for a, b in zip(left, right))


def _tensordot_error(first: tuple, second: tuple, axes: object) -> Exception | None:
    if type(axes) is int:
        if not 0 <= axes <= min(len(first), len(second)):
            return None
        paired = first[len(first) - axes:] == second[:axes]
    elif type(axes) in (tuple, list) and len(axes) == 2:
        paired = _paired(first, second, axes[0], axes[1])
    else:
        return None
    return TypeError(_CONTRACTED) if paired is False else None


def _dot_general_error(first: tuple, second: tuple, numbers: object) -> Exception | None:
    if type(numbers) not in (tuple, list) or len(numbers) != 2 or not all(
            type(pair) in (tuple, list) and len(pair) == 2 for pair in numbers):
        return None
    (left, right), (left_batch, right_batch) = numbers
    contracted, batched = _paired(first, second, left, right), _paired(first, second, left_batch, right_batch)
    if contracted is None or batched is None:
        return None
    return TypeError(_CONTRACTED) if not (contracted and batched) else None


def _reshape_error(shape: tuple, new: object, numpy: bool) -> Exception | None:
    new = (new,) if type(new) is int else new
    if type(new) not in (tuple, list) or not all(type(n) is int and n >= -1 for n in new) or list(new).count(-1) > 1:
        return None
    size, rest = math.prod(shape), math.prod(n for n in new if n != -1)
    if -1 in new and (rest <= 0 or size % rest == 0) or -1 not in new and rest == size:
        return None  # (a product of 0 beside -1 is JAX's ZeroDivisionError: not claimed)
    return ValueError("cannot reshape array") if numpy else TypeError("cannot reshape array")


def _joined_error(run, short: str, arrays: object, axis: object, numpy: bool) -> Exception | None:
    if type(arrays) not in (tuple, list) or not arrays or type(axis) is not int \
            or not all(type(array) is Arr for array in arrays):
        return None
    shapes = _shapes(run, list(arrays))
    if shapes is None:
        return None
    if short == "stack":
        return ValueError("All input arrays must have the same shape") if len(set(shapes)) > 1 else None
    if len({len(shape) for shape in shapes}) > 1:
        return ValueError("all the input arrays must have same number of dimensions") if numpy \
            else TypeError("Cannot concatenate arrays with different numbers of dimensions")
    rank = len(shapes[0])
    if rank == 0:
        return ValueError("zero-dimensional arrays cannot be concatenated")
    if not -rank <= axis < rank:
        # (NumPy raises its AxisError, a ValueError and an IndexError, which the run does not make)
        return ValueError("axis is out of bounds") if not numpy else None
    axis %= rank
    if len({shape[:axis] + shape[axis + 1:] for shape in shapes}) > 1:
        return ValueError("all the input array dimensions except for the concatenation axis must match") if numpy \
            else TypeError("Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated")
    return None


def library_error(run, name: str, args: list, kwargs: dict) -> Exception | None:
    """What library call `name` (canonical) certainly raises on the shapes of its operands, or None."""
    module, _, short = name.rpartition(".")
    numpy = module == "numpy"
    if name in _BROADCAST and args and set(kwargs) <= {"dtype"} and (short != "where" or len(args) == 3):
        shapes = _shapes(run, args)
        return broadcast_error(shapes, numpy, short == "where") if shapes is not None else None
    if name in ("jax.numpy.matmul", "jax.numpy.dot", "jax.numpy.tensordot", "jax.lax.dot_general") and len(args) >= 2 \
            and type(args[0]) is Arr and type(args[1]) is Arr:
        shapes = _shapes(run, args[:2])
        if shapes is None:
            return None
        first, second = shapes
        if short == "matmul" and len(args) == 2 and not kwargs:
            return matmul_error(first, second, False)
        if short == "dot" and len(args) == 2 and not kwargs and 0 < len(first) <= 2 and 0 < len(second) <= 2:
            return TypeError(_CONTRACTED) if first[-1] != second[0 if len(second) == 1 else -2] else None
        if short == "tensordot" and len(args) + len(kwargs) <= 3 and set(kwargs) <= {"axes"}:
            return _tensordot_error(first, second, args[2] if len(args) == 3 else kwargs.get("axes", 2))
        if short == "dot_general" and len(args) + len(kwargs) == 3 and set(kwargs) <= {"dimension_numbers"}:
            return _dot_general_error(first, second, args[2] if len(args) == 3 else kwargs["dimension_numbers"])
        return None
    if name == "jax.numpy.einsum" and len(args) >= 2 and all(type(arg) is Arr for arg in args[1:]) \
            and not set(kwargs) - {"precision", "preferred_element_type", "optimize"}:
        shapes = _shapes(run, args[1:])
        return _einsum_error(args[0], shapes) if shapes is not None else None
    if name in ("jax.numpy.reshape", "numpy.reshape") and len(args) == 2 and not kwargs and type(args[0]) is Arr:
        shape = shape_of(run, args[0])
        return _reshape_error(shape, args[1], numpy) if shape is not None else None
    if name in ("jax.numpy.concatenate", "jax.numpy.stack", "numpy.concatenate", "numpy.stack") and args \
            and len(args) <= 2 and set(kwargs) <= {"axis"} and len(args) + len(kwargs) <= 2:
        return _joined_error(run, short, args[0], args[1] if len(args) == 2 else kwargs.get("axis", 0), numpy)
    return None


def method_error(run, owner: object, name: str, args: list, kwargs: dict) -> Exception | None:
    """What `owner.name(*args)` certainly raises on `owner`'s shape (`reshape`), or None."""
    if type(owner) is not Arr or name != "reshape" or not args or kwargs:
        return None
    shape = shape_of(run, owner)
    new = args[0] if len(args) == 1 else tuple(args)
    return _reshape_error(shape, new, owner.host) if shape is not None else None


def operator_error(run, op: type, left: object, right: object, in_place: bool = False) -> Exception | None:
    """What `left op right` (`op=` with `in_place`: NumPy's, writing into `left`) certainly raises
    on its operands' shapes, or None."""
    shapes = _shapes(run, [left, right])
    if shapes is None:
        return None
    numpy = _numpy([left, right])  # (else JAX's: a JAX array's operator wins on either side)
    if op is ast.MatMult:
        return matmul_error(*shapes, numpy) if type(left) is Arr and type(right) is Arr and not in_place else None
    if op not in (_IN_PLACE_OPS if in_place else _BROADCASTING_OPS):
        return None
    error = broadcast_error(shapes, numpy)
    if error is None and in_place and numpy and broadcast(*shapes) != shapes[0] and (shapes[0] or ndarray(run, left)):
        return ValueError("non-broadcastable output operand")
    return error


def check_library(run, name: str, args: list, kwargs: dict) -> None:
    if (error := library_error(run, name, args, kwargs)) is not None:
        fail(run, error)


def check_method(run, owner: object, name: str, args: list, kwargs: dict) -> None:
    if (error := method_error(run, owner, name, args, kwargs)) is not None:
        fail(run, error)


def check_operator(run, op: type, left: object, right: object, in_place: bool = False) -> None:
    if (error := operator_error(run, op, left, right, in_place)) is not None:
        fail(run, error)
