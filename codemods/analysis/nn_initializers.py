"""`jax.nn.initializers` in a script run (script_jax.py; issue 13).

Model code builds its parameters with an initializer: `init = jax.nn.initializers.normal(0.1)`,
then `init(key, shape, dtype)`. Most names of the module are factories: called with their
options (a scale, fan axes, a dtype) they return the initializer, a function `(key, shape,
dtype=None, out_sharding=None)` that returns a new array of that shape on the default device;
`zeros` and `ones` are initializers themselves. The dtype is the call's, else the factory's, else
the default float (checked on jax 0.10.2). The fan-based ones (glorot, he, lecun, kaiming, xavier,
variance_scaling) and `orthogonal` raise a ValueError for a shape of fewer than two dimensions, an
IndexError for a fan axis the shape lacks (fan axes in range pass), and `variance_scaling` a
ValueError for a mode or distribution it lacks, when the initializer runs; the fan-based ones (not
`orthogonal`) divide by the fans, so a shape with a zero dimension raises ZeroDivisionError (checked
on jax 0.10.2, found by adversarial30).

What the run keeps of the array is what a random draw of that shape gives (its values are not
followed), scaled by an array option (`stddev`, `scale`: the result varies where the option does);
`zeros`, `ones` and `constant` never read the key: theirs is a filled array, of the value's state
for `constant` (invariant for a number). A size of the shape may be a number the run does not know
(`(3, x.shape[-1], 8)`): the array has the shape's rank, and a run that goes on has passed the call
(JAX raises TypeError for a float or negative size, ZeroDivisionError for a fan of 0:
passed_steps.py). A key, shape or dtype the run does not know, an `out_sharding`, an integer dtype
(a ValueError in JAX), an option that is neither a number nor an array, or a name not listed here
stops the run.
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.passed_steps import passed
from codemods.analysis.script_values import Arr, Lib, Opaque, RunCallable
from codemods.analysis.unknown_numbers import is_number

PREFIX = "jax.nn.initializers."
# Each factory's parameters before `dtype`, in order (jax 0.10.2's signatures).
_FACTORIES = {
    "normal": ("stddev",), "uniform": ("scale",), "truncated_normal": ("stddev",), "constant": ("value",),
    "orthogonal": ("scale", "column_axis"),
    "variance_scaling": ("scale", "mode", "distribution", "in_axis", "out_axis", "batch_axis"),
    **{f"{family}_{kind}": ("in_axis", "out_axis", "batch_axis")
       for family in ("glorot", "he", "lecun", "kaiming", "xavier") for kind in ("normal", "uniform")},
}
_AFTER_DTYPE = {"truncated_normal": ("lower", "upper")}
_TWO_DIMENSIONS = frozenset(name for name in _FACTORIES
                            if name.split("_")[0] in ("glorot", "he", "lecun", "kaiming", "xavier", "variance", "orthogonal"))
_DIRECT = frozenset({"zeros", "ones"})
_FILLED = {"zeros": "jax.numpy.zeros", "ones": "jax.numpy.ones", "constant": "jax.numpy.ones"}  # (key never read)
_SCALES = ("stddev", "scale", "value")  # options whose array enters the result
_MODES = frozenset({"fan_in", "fan_out", "fan_avg", "fan_geo_avg"})
_DISTRIBUTIONS = frozenset({"truncated_normal", "normal", "uniform"})
_FLOATS = frozenset({"float16", "bfloat16", "float32", "float64"})


class Initializer(RunCallable):
    """What a factory returned: `init(key, shape, dtype=None)`."""

    __slots__ = ("axes", "dtype", "name", "scale")

    def __init__(self, name: str, dtype: object, axes: tuple = (), scale: object = None) -> None:
        self.name, self.dtype, self.axes, self.scale = name, dtype, axes, scale

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return _initialized(run, self.name, self.dtype, args, kwargs, self.axes, self.scale)


def made(run, name: str, args: list, kwargs: dict) -> object:
    """A call of `jax.nn.initializers.NAME`: an initializer, or (zeros, ones) its array."""
    tail = name[len(PREFIX):]
    if tail in _DIRECT:
        return _initialized(run, tail, None, args, kwargs)
    params = _FACTORIES.get(tail)
    if params is None:
        raise Bail
    order = (*params, "dtype", *_AFTER_DTYPE.get(tail, ()))
    if len(args) > len(order) or set(kwargs) - set(order) or set(kwargs) & set(order[:len(args)]):
        raise Bail  # (a TypeError in Python)
    given = dict(zip(order, args), **kwargs)
    if tail == "variance_scaling" and (given.get("mode") not in _MODES or given.get("distribution") not in _DISTRIBUTIONS
                                       or "scale" not in given or type(given.get("mode")) is not str
                                       or type(given.get("distribution")) is not str):
        raise Bail  # (a missing option is a TypeError, a wrong one a ValueError when the initializer runs)
    if "column_axis" in given:
        raise Bail  # (not modelled)
    axes = []
    for option in ("in_axis", "out_axis", "batch_axis"):
        value = given.get(option, ())
        value = (value,) if type(value) is int else value
        if type(value) not in (tuple, list) or not all(type(axis) is int for axis in value):
            raise Bail
        axes.extend(value)
    dtype = given.get("dtype")
    _float(dtype)
    scale = next((given[option] for option in _SCALES if option in given), None)
    if type(scale) is not Arr and type(scale) not in (int, float, type(None)) \
            or any(type(given.get(bound)) not in (int, float, type(None)) for bound in ("lower", "upper")):
        raise Bail  # (a NumPy scalar, a list: not modelled)
    return Initializer(tail, dtype, tuple(axes), scale if type(scale) is Arr else None)


def _initialized(run, tail: str, factory_dtype: object, args: list, kwargs: dict, axes: tuple = (),
                 scale: Arr | None = None) -> Arr:
    order = ("key", "shape", "dtype", "out_sharding")
    if len(args) > 3 or set(kwargs) - set(order[:3]) or set(kwargs) & set(order[:len(args)]):
        raise Bail  # (`out_sharding=`: not modelled; others a TypeError)
    given = dict(zip(order, args), **kwargs)
    key, shape = given.get("key"), given.get("shape")
    if type(key) is not Arr or type(shape) not in (tuple, list) or not all(
            type(n) is int and n >= 0 or type(n) is Opaque and is_number(run, n) for n in shape):
        raise Bail
    if any(type(n) is Opaque for n in shape):
        passed(run)  # (`(3, x.shape[-1], 8)`: a size the run does not know; JAX raises for a bad one)
    if tail in _TWO_DIMENSIONS and (len(shape) < 2 or not all(-len(shape) <= axis < len(shape) for axis in axes)):
        raise Bail  # (a ValueError, or an IndexError for a fan axis the shape lacks, in JAX)
    dtype = given.get("dtype")
    dtype = factory_dtype if dtype is None else dtype
    _float(dtype)
    if tail in _TWO_DIMENSIONS and tail != "orthogonal" and any(type(n) is int and n == 0 for n in shape):
        raise Raised(ZeroDivisionError("division by zero"))  # (a fan of 0; an unknown size: passed above)
    if tail in _FILLED:
        drawn = run.call(Lib(_FILLED[tail]), [tuple(shape)], {})
    else:
        drawn = run.call(Lib("jax.random.normal"), [key, tuple(shape)], {})
    if scale is not None:
        drawn = run.call(Lib("jax.numpy.multiply"), [drawn, scale], {})
    if type(drawn) is not Arr or drawn.ndim not in (None, len(shape)):
        raise Bail
    drawn.ndim, drawn.dtype = len(shape), None  # (a float type: which one is not followed)
    return drawn


def _float(dtype: object) -> None:
    if dtype is None:
        return
    module, _, tail = jaxapi.canonical(dtype.name).rpartition(".") if type(dtype) is Lib else ("", "", "")
    if tail not in _FLOATS or module not in ("jax.numpy", "numpy"):
        raise Bail  # (an integer dtype is a ValueError in JAX; a string or unknown dtype: not modelled)
