"""JAX and NumPy calls the script run models without the checks they make (script_run.py; issue 13).

The run's models of `jax.devices`, `jax.make_mesh`, `jax.device_put`, the array makers, array
methods, operators on arrays, `float(x)` and NumPy indexing give a value and never raise: they do
not check what JAX and NumPy check (a backend that exists, a mesh shape the device count fits, a
sharding that divides the shape, broadcast, reshape, matmul, concatenate and split shapes,
size-1 conversions, dtype names, bounds, and JAX's own warnings, which a warnings "error" filter
raises). A program that probes with one (`try: jax.devices("gpu") except RuntimeError:`) takes
the handler the run never takes. Such a call is a step of unknown outcome (passed_steps.py):
outside any `try`, or where no enclosing handler can catch what it raises, a run that goes on
has passed it; inside one that may catch it, the run stops (Bail). What these checks raise is a
TypeError, ValueError, RuntimeError, IndexError, OverflowError or MemoryError (JAX's own classes
derive from these) or a warning: a handler of another builtin class (`except (OSError,
KeyError)`), of a class the module made or of unittest's SkipTest cannot catch it. A handler of
`Exception` (or a bare one) in a calling function that hands the error on (every way out of it
re-raises, or only records the exception and gives it back: a CliRunner's `invoke` re-raising
or returning a result holding it, a worker setting its future's exception) is the error
reporting around a whole command: it is not read as a probe of the call while that command runs;
one that hands it back is followed both ways past its `try` (handed_errors.py). A retry wrapper
that re-raises only on its last attempt is not read so: its other attempts call again, and an
attempt that changed state may answer otherwise; such a step is followed both ways
(retried_calls.py). One that logs the error or files it in a list and gives the caller a plain
value swallows it, and the caller may go on another way: it is read as a
probe. One that does other work instead (`except Exception:
fallback()`) may be the program's way round a failing call, so it is; in the call's own function
any such handler is.

Not such steps: the constructors that check nothing at the call (a PartitionSpec, the wrappers
jit and shard_map return), the collectives, whose outcome in a body the run judges itself, and
the calls whose operands the run knows well enough to tell they pass every check: an array made
of a shape of non-negative ints (`jnp.ones(3)`, `np.zeros((2, 3))`, `np.arange(4)`) with no dtype
or one JAX does not warn for, a 0-d array of a Python number (`jnp.asarray(1.5)`), `+` and `*` of
two arrays one of which is 0-d or both 1-d of one known length (`@` of the latter),
`float`/`int`/`.item()` of a 0-d real array, `astype` to such a dtype, and an index of constant
slices no longer than the rank, its first part perhaps an int (JAX clamps it within a leading
length known above 0; NumPy's within the known length).
"""
from __future__ import annotations

import ast
import unittest

from codemods import jaxapi
from codemods.analysis.array_dtypes import DType
from codemods.analysis.device_counts import COUNTED, mesh_passes
from codemods.analysis.shaped_values import library_result
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.wrapping_integers import wrapping
from codemods.analysis.known_shapes import binary_passes, forget, library_passes, made, method_passes
from codemods.analysis.script_values import Arr, Lib, UClass
from codemods.analysis.task_errors import faith
from codemods.analysis.handed_errors import assumed
from codemods.analysis.retried_calls import LAST, retrying
from codemods.analysis.collected_errors import reraised_later
from codemods.analysis.shape_errors import check_library, check_method, check_operator

_CHECKING_NOTHING = frozenset({
    jaxapi.PARTITION_SPEC, jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP, "jax.jit", "jax.named_scope",
    "jax.set_mesh", "jax.sharding.use_mesh",
})
_NAMESPACES = ("jax.", "numpy.")
_MAKERS = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy")
                    for name in ("ones", "zeros", "empty", "arange"))
_CONVERTERS = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("asarray", "array"))
_QUIET = frozenset({"float32", "float16", "bfloat16", "int32", "int16", "int8", "uint32", "uint16", "uint8", "bool"})
_REAL = ("f", "i", "u", "b")
_LARGEST = 1 << 24  # (elements: a larger array may not fit in memory)
_RAISED = (TypeError, ValueError, RuntimeError, IndexError, OverflowError, MemoryError, UserWarning, RuntimeWarning,
           DeprecationWarning, FutureWarning)


# (what an operator on traced arrays raises: shape and dtype checks; nothing runs on a device
# there, so no XlaRuntimeError, a RuntimeError, of an allocation or an execution)
_TRACED = (TypeError, ValueError, UserWarning, RuntimeWarning, DeprecationWarning, FutureWarning)


def passed(run, raised: tuple = _RAISED) -> None:
    """A step that may raise one of `raised`: the run stops where a handler may catch it."""
    faith(run)  # (in an asyncio task: task_errors.py)
    if not getattr(run, "guarded", 0):
        return
    catching = run.__dict__.get("catching", [])
    if len(catching) < run.guarded:
        raise Bail  # (handlers counted elsewhere: try*, a generator's own; more are those of suspended coroutines)
    own = run.frames[-1][1] if run.frames else None
    handing = None  # (the innermost handler handing the exception back: handed_errors.py)
    retried = None  # (a retry loop's handler that calls again: retried_calls.py)
    for entry in catching:
        handlers, env = entry
        outer = own is not None and env is not own
        for handler in handlers:
            if reraised_later(run, handler, env):
                continue  # (a runner's handler that files the error and raises after its loop: collected_errors.py)
            if type(handler) is not ast.ExceptHandler:
                raise Bail  # (a modelled runner's `except:` that may file it otherwise: unittest_results.py)
            again = retrying(run, handler, env)
            if again == LAST:
                continue  # (it re-raises, as a bare `raise` hands the error on)
            if handler.type is None:
                if outer and _hands_on(handler, run, env):
                    handing = (entry, []) if _hands_back(handler) else handing
                    continue
                if again is None or retried is not None:
                    raise Bail
                retried = (entry, [])
                continue
            classes = _handler_classes(run, handler.type, env)
            for found in classes:
                if outer and _hands_on(handler, run, env):
                    if _hands_back(handler) and _may_catch(found, raised):
                        handing = (entry, classes)
                    continue
                if type(found) is UClass:
                    continue  # (a class the module made is the base of nothing JAX raises)
                if not isinstance(found, type) or not issubclass(found, BaseException):
                    raise Bail
                if found.__dict__.get("_sf_module_class", False) or issubclass(found, unittest.SkipTest):
                    continue
                if found.__module__ != "builtins" or issubclass(found, raised) or any(
                        issubclass(kind, found) for kind in raised):
                    if again is None or found.__module__ != "builtins" or retried is not None and retried[0] is not entry:
                        raise Bail  # (a library's class, or one a check may raise)
                    retried = (entry, classes)
    if retried is not None:
        if handing is not None:
            raise Bail  # (both kinds of assumption at one step: not followed)
        assumed(run, *retried, raised, again=True)  # (followed both ways, always: retried_calls.py)
    elif handing is not None:
        assumed(run, *handing, raised)  # (followed both ways: handed_errors.py)


def _handler_classes(run, node: ast.expr, env) -> list:
    """The classes an `except` clause names: `except (A, B)`, or a name holding a tuple of them
    (`except exceptions` of a retry decorator's parameter), nested tuples flattened as Python does."""
    kinds = [run.eval(kind, env) for kind in node.elts] if type(node) is ast.Tuple else [run.eval(node, env)]
    found, depth = [], 0
    while kinds:
        kind = kinds.pop(0)
        if type(kind) is tuple and depth < 64:
            kinds[:0], depth = list(kind), depth + 1
        else:
            found.append(kind)
    return found


_REPORTERS = frozenset({"exception", "error", "warning", "warn", "info", "debug", "critical", "log", "print_exc",
                        "format_exc", "print_exception", "exc_info", "print"})


def _hands_on(handler: ast.ExceptHandler, run, env) -> bool:
    """Every way out of the handler hands the exception on: it raises (a bare re-raise, or another
    exception), or returns it (in the value it gives back), or gives it to a future's
    `set_exception`, after statements that only record it (store, pass or log it). One that only
    logs it or files it away (`errors.append(exc)`) and gives the caller a plain value swallows
    it: the caller may go on another way (form nkc3), so it is no guarantee the call passed. Nor
    is a retry's `if attempt + 1 == tries: raise`: on the other attempts the handler ends, the
    loop calls again, and an attempt that changed state (a call counter) may answer otherwise
    (form nla1); a way out that neither raises nor hands the exception back is such an end."""

    def hands_back(stmt: ast.stmt) -> bool:
        if type(stmt) is ast.Return:
            found = stmt.value
        elif type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Attribute \
                and stmt.value.func.attr == "set_exception":
            found = stmt.value
        else:
            return False
        return found is not None and any(type(inner) is ast.Name and inner.id == handler.name for inner in ast.walk(found))

    def records(node: ast.AST) -> bool:
        for inner in ast.walk(node):
            if type(inner) is ast.Name and inner.id == handler.name \
                    or type(inner) is ast.Call and (type(inner.func) is ast.Attribute and inner.func.attr in _REPORTERS
                                                    or type(inner.func) is ast.Name and inner.func.id in _REPORTERS):
                return True
        return False

    def ends(body: list, ways: set, loop: bool) -> set | None:
        """The ways (handed on or not) the block ends by falling off its end, from `ways` at its
        start; None when a way leaves the handler without handing the exception on, or a
        statement does other work. In a loop of the handler, `continue`/`break` end the round."""
        for stmt in body:
            if not ways:
                return ways  # (unreachable)
            kind = type(stmt)
            if kind is ast.Raise:
                if not _raises_error(stmt, handler, run, env):
                    return None  # (`raise SystemExit(0)`: the program ends quietly, the exception handed to no one)
                ways = set()
            elif kind is ast.Pass or _pause(stmt, run, env):
                pass
            elif kind in (ast.Continue, ast.Break):
                if not loop and False in ways:
                    return None
                if not loop:
                    ways = set()
            elif kind is ast.Return:
                if not (hands_back(stmt) or False not in ways and (
                        stmt.value is None or type(stmt.value) is ast.Constant or records(stmt))):
                    return None
                ways = set()
            elif kind is ast.If:
                taken, other = ends(stmt.body, ways, loop), ends(stmt.orelse, ways, loop)
                if taken == {True} and not stmt.orelse and _unsettled_test(stmt):
                    other = {True}  # (a future already done holds its outcome: no one waits on it for this one)
                if taken is None or other is None:
                    return None
                ways = taken | other
            elif kind is ast.For:
                if any(type(inner) in (ast.Raise, ast.Return) for inner in ast.walk(stmt)):
                    return None
                rounds = ends(stmt.body, ways, True)  # (a loop over the waiting futures, `for f in batch:
                # f.set_exception(exc)`, is taken to run: with none, no one waits for the call)
                after = ends(stmt.orelse, rounds or ways, loop) if rounds is not None else None
                if after is None:
                    return None
                ways = after
            elif kind in (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign) and records(stmt):
                if hands_back(stmt):
                    ways = {True}
            else:
                return None
        return ways

    found = ends(handler.body, {False}, False)
    return found is not None and False not in found


def _raises_error(stmt: ast.Raise, handler: ast.ExceptHandler, run, env) -> bool:
    """A `raise` in a handler that ends the program with a traceback if no one catches it: a bare
    re-raise, the caught exception, or a class deriving from Exception (`raise RuntimeError(...)`,
    a class of the module's: script_exceptions.py makes those on Exception only). SystemExit, a
    name the run cannot read, or any other value may end the program quietly."""
    exc = stmt.exc.func if type(stmt.exc) is ast.Call else stmt.exc
    if exc is None or type(exc) is ast.Name and exc.id == handler.name:
        return True
    root = exc
    while type(root) is ast.Attribute:
        root = root.value
    if type(root) is not ast.Name:
        return False
    try:
        if root is not exc and type(run.eval(root, env)) is not Lib:
            return False  # (`self.error_class`: a property the run would call out of the program's order)
        found = run.eval(exc, env)
    except (Bail, Raised, Exception):  # noqa: BLE001 - a name the run cannot read: not known to be an Exception
        return False
    return isinstance(found, type) and issubclass(found, Exception)


def _unsettled_test(stmt: ast.If) -> bool:
    """`if not fut.done(): fut.set_exception(exc)`: the guard `set_exception` needs (on a done
    future it raises InvalidStateError), whose body hands the exception to that very future."""
    test = stmt.test
    if type(test) is not ast.UnaryOp or type(test.op) is not ast.Not or type(test.operand) is not ast.Call \
            or test.operand.args or test.operand.keywords or type(test.operand.func) is not ast.Attribute \
            or test.operand.func.attr != "done" or len(stmt.body) != 1 or type(stmt.body[0]) is not ast.Expr:
        return False
    call = stmt.body[0].value
    return type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == "set_exception" \
        and ast.dump(call.func.value) == ast.dump(test.operand.func.value)


def _may_catch(found: object, raised: tuple) -> bool:
    """A builtin class a check's error may be an instance of (not one the module made)."""
    return isinstance(found, type) and found.__module__ == "builtins" and issubclass(found, BaseException) and any(
        issubclass(kind, found) for kind in raised)


def _hands_back(handler: ast.ExceptHandler) -> bool:
    """The handler hands its exception back as a value (`return exc`, `set_exception(exc)`)
    rather than only raising."""
    return handler.name is not None and any(
        type(stmt) is ast.Return and stmt.value is not None or type(stmt) is ast.Expr and type(stmt.value) is ast.Call
        and type(stmt.value.func) is ast.Attribute and stmt.value.func.attr == "set_exception"
        for node in handler.body for stmt in ast.walk(node) if isinstance(stmt, ast.stmt)) and any(
        type(inner) is ast.Name and inner.id == handler.name and type(inner.ctx) is ast.Load
        for node in handler.body for inner in ast.walk(node))


def _pause(stmt: ast.stmt, run, env) -> bool:
    """`time.sleep(delay)` between a retry's attempts: it changes nothing the program reads."""
    if type(stmt) is not ast.Expr or type(stmt.value) is not ast.Call or type(stmt.value.func) not in (ast.Name, ast.Attribute):
        return False
    func = stmt.value.func
    while type(func) is ast.Attribute:
        func = func.value
    if type(func) is not ast.Name or any(type(arg) is ast.Starred for arg in stmt.value.args) or stmt.value.keywords:
        return False
    try:
        found = run.eval(stmt.value.func, env)
    except (Bail, Raised, Exception):
        return False
    return type(found) is Lib and found.name == "time.sleep" and len(stmt.value.args) == 1 \
        and type(stmt.value.args[0]) in (ast.Name, ast.Constant, ast.Attribute)


def library_step(run, name: str, args: list, kwargs: dict) -> None:
    """`name(...)` of a library function the run models: a step of unknown outcome when it is
    JAX's or NumPy's."""
    canonical = jaxapi.canonical(name)
    if not canonical.startswith(_NAMESPACES) or canonical in _CHECKING_NOTHING:
        return
    check_library(run, canonical, args, kwargs)  # (shapes it certainly rejects: shape_errors.py)
    if canonical.startswith("jax.lax.") and canonical.rsplit(".", 1)[1] in jaxapi.COLLECTIVES:
        return
    if canonical in COUNTED and not args and not kwargs and run.__dict__.get("_device_count") is not None:
        return  # (a trial run's device count, exact: device_counts.py; read as unknown, what follows may misread it)
    if canonical in _MAKERS and _made_shape(canonical, args, kwargs) is not None or library_passes(run, canonical, args, kwargs):
        return  # (an array of a shape of ints; a call on shapes the run knows: known_shapes.py)
    if canonical in COUNTED and not args and not kwargs:  # (the default backend's devices: device_counts.py)
        if canonical in ("jax.device_count", "jax.local_device_count") or run.__dict__.get("_device_count") is not None:
            return  # (the count, or under a trial count the list of exactly that many)
        run.__dict__["_counted"] = True  # (a list of unknown length, which an index may overrun: stopped here,
        # the run is made again under the trial counts)
    if canonical == "jax.make_mesh" and mesh_passes(run, args, kwargs):
        return  # (a shape the trial device count fits: device_counts.py)
    if canonical in _CONVERTERS and len(args) == 1 and not kwargs and type(args[0]) in (int, float, bool) \
            and (type(args[0]) is not int or -(1 << 31) <= args[0] < 1 << 31):
        return  # (`jnp.asarray(1.5)`: a 0-d array)
    passed(run, _TRACED if _staged(run, canonical, args, kwargs) else _RAISED)


# jax.numpy functions whose only checks on an array are of its dtype and axes (TypeError,
# ValueError): their NotImplementedError (a RuntimeError) is for `out=`, a named axis or a
# float type of another width (jax/_src/numpy/ufuncs.py, reductions.py on 0.10.2).
_UNARY = frozenset(f"jax.numpy.{name}" for name in (
    "tanh", "exp", "log", "sqrt", "abs", "absolute", "negative", "square", "sin", "cos", "log1p", "expm1", "sinh",
    "cosh", "arctan", "reciprocal", "floor", "ceil"))
_REDUCTIONS = frozenset(f"jax.numpy.{name}" for name in ("sum", "mean", "max", "min", "prod", "amax", "amin"))


def _staged(run, canonical: str, args: list, kwargs: dict) -> bool:
    """A jax.numpy call of a traced array inside a body jit traces: staged into the trace, it runs
    nothing on a device (no XlaRuntimeError), so it raises only what its checks raise."""
    if not (run.jitted and run.in_body) or len(args) != 1 or type(args[0]) is not Arr:
        return False
    if canonical in _UNARY:
        return not kwargs
    if canonical not in _REDUCTIONS or not set(kwargs) <= {"axis", "keepdims"}:
        return False
    axis = kwargs.get("axis")
    return type(kwargs.get("keepdims", False)) is bool and (axis is None or type(axis) is int or type(axis) is tuple and all(
        type(item) is int for item in axis))


def library_made(run, name: str, args: list, kwargs: dict, result: object) -> object:
    """What the library call gave, its shape kept where the run made it certain (known_shapes.py)."""
    canonical = jaxapi.canonical(name)
    made(run, canonical, _made_shape(canonical, args, kwargs) if canonical in _MAKERS else None, result, args)
    return library_result(run, canonical, args, kwargs, result)  # (array_shapes.py)


def method_step(run, method, args: list, kwargs: dict) -> None:
    """`x.name(...)` of an array (an ArrMethod)."""
    owner = method.owner
    check_method(run, owner, method.name, args, kwargs)  # (shape_errors.py)
    if method.name == "resize":
        forget(run, owner)  # (NumPy's in-place change of shape)
    if type(owner) is Arr and not kwargs and (
            method.name == "item" and not args and _real_scalar(owner)
            or method.name == "astype" and len(args) == 1 and _quiet(args[0])) or method_passes(run, method, args, kwargs):
        return
    passed(run)


def binary_step(run, op: type, left: object, right: object) -> None:
    """`left op right` with an array on a side."""
    check_operator(run, op, left, right)  # (shape_errors.py)
    if type(left) is Arr and type(right) is Arr and None not in (left.ndim, right.ndim):
        same_line = left.ndim == right.ndim == 1 and left.count is not None and left.count == right.count
        if op in (ast.Add, ast.Mult) and (0 in (left.ndim, right.ndim) or same_line) or op is ast.MatMult and same_line:
            return
    if (raised := wrapping(op, left, right)) is None and not binary_passes(run, op, left, right):
        passed(run, _TRACED if run.in_body or run.jitted else _RAISED)
    elif raised is not None:
        passed(run, raised)  # (wrapping_integers.py)


def conversion_step(run, value: Arr) -> None:
    """`float(x)`, `int(x)` of an array: one element or TypeError."""
    if not _real_scalar(value):
        passed(run)


def index_step(run, holder: Arr, index: ast.expr) -> None:
    """`holder[index]` (its parts not yet evaluated)."""
    parts = index.elts if type(index) is ast.Tuple else [index]
    if holder.ndim is not None and len(parts) <= holder.ndim and all(map(_constant_part, parts)) \
            and all(type(part) is ast.Slice for part in parts[1:]):
        first = None if type(parts[0]) is ast.Slice else _int(parts[0])
        if first is None or holder.count is not None and (
                holder.count > 0 if not holder.host else -holder.count <= first < holder.count):
            return  # (JAX clamps an int index, but raises for an axis of size 0; NumPy checks its bounds)
    passed(run)


def _made_shape(name: str, args: list, kwargs: dict) -> tuple | None:
    """The shape of the array a maker certainly makes (`jnp.zeros(2, jnp.float32)`), or None."""
    if len(args) == 2 and not name.endswith("arange") and "dtype" not in kwargs:
        args, kwargs = args[:1], {**kwargs, "dtype": args[1]}  # (the dtype given in its place)
    if len(args) != 1 or set(kwargs) - {"dtype"} or "dtype" in kwargs and not (
            _quiet(kwargs["dtype"]) or name.startswith("numpy.") and type(kwargs["dtype"]) is DType
            and kwargs["dtype"].name is not None):
        return None
    shape = args[0]
    shape = (shape,) if type(shape) is int else shape
    if type(shape) is not tuple or not all(type(n) is int and n >= 0 for n in shape) \
            or name.endswith("arange") and len(shape) != 1:
        return None
    size = 1
    for n in shape:
        size *= n
    return shape if size <= _LARGEST else None


def _quiet(dtype: object) -> bool:
    """A dtype JAX does not warn for (`jnp.float32`, "int32", a DType the run holds)."""
    if type(dtype) is Lib:
        module, _, dtype = jaxapi.canonical(dtype.name).rpartition(".")
        if module not in ("numpy", "jax.numpy"):
            return False
        dtype = "bool" if dtype == "bool_" else dtype
    return (dtype.name if type(dtype) is DType else dtype if type(dtype) is str else None) in _QUIET


def _real_scalar(value: Arr) -> bool:
    return value.ndim == 0 and type(value.dtype) is DType and value.dtype.kind in _REAL


def _constant_part(part: ast.expr) -> bool:
    if type(part) is ast.Slice:
        return all(bound is None or _int(bound) is not None for bound in (part.lower, part.upper, part.step)) \
            and (part.step is None or _int(part.step) != 0)
    return _int(part) is not None


def _int(node: ast.expr) -> int | None:
    if type(node) is ast.UnaryOp and type(node.op) is ast.USub:
        inner = _int(node.operand)
        return None if inner is None else -inner
    return node.value if type(node) is ast.Constant and type(node.value) is int else None
