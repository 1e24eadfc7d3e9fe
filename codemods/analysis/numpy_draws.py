"""What one call of a NumPy sampler gives in a script run (script_run.py; issue 13): `rng.normal()`,
`rs.randint(8)`, `np.random.rand()`, next to `rng.normal(size=(8, 16))`.

A sampler given a `size` makes an array of that shape, which the run holds as a host array
(script_operators.ArrMethod). Without one (`size=None`, the default) and with plain numbers for
its parameters, it makes ONE sample, and NumPy hands it back as a Python number, not an array:
a float from the continuous distributions, an int from the discrete ones (and from `choice` of an
int, legacy `randint` and `tomaxint`). Held as a host array, such a draw would have `shape`,
`dtype`, `ndim` and `sum` (`hasattr(rng.random(), "shape")` True where Python says False), and
the run would follow the branch the program does not take. So here a scalar draw is an unknown
Python number of its type (unknown_numbers.py), whose attributes are those of int or float
(number_attributes.py).

`permutation(n)` is a vector of n entries and `permutation(x)` of an array a copy of it with its
rows reordered: its shape and dtype are x's (the same for a Generator and a RandomState).

The tables below (the parameters before `size` and the kind of one sample) were checked with
`type(...)` on NumPy 1.26, 2.0 and 2.4, the same on all three, for numpy.random.Generator,
RandomState and the module's functions (the global RandomState's methods). A parameter that is an
array of rank 1 or more broadcasts (an array, as before); one of rank 0 or a NumPy scalar still
gives a Python number. Anything else is left as it was: `integers` of its default dtype (a NumPy
int64 scalar; `dtype=int` gives a Python int), `randint(8, dtype=np.int32)` (a NumPy int32),
`choice` of a list (a NumPy scalar too), samplers not listed (`permutation`, `dirichlet`, ...:
arrays) and `out=`. A parameter the run does not know the kind of
stops the run (Bail): a number or an array, one sample or many.

NumPy checks a sampler's parameters before it draws (`rng.normal(0.0, -1.0)` raises ValueError,
which a program may catch): a one-sample draw is followed only once draw_parameters.py settles
them; a certain failure raises NumPy's class, an unsettled check stops the run where a handler
may catch it. (A draw of `size=` goes through its array's method, a step of unknown outcome:
unchecked_calls.method_step.)

Two samplers give no array at all: `shuffle(x)` reorders x in place and hands back None, and
`bytes(n)` gives a Python bytes (Shuffle, RandomBytes below; checked with `type(...)` on NumPy 2.4,
the same since NumPy 1.17 for a Generator and before for RandomState and the module's).
"""
from __future__ import annotations

import math

from codemods.analysis import draw_parameters
from codemods.analysis.array_conversions import UnknownBytes
from codemods.analysis.draw_ranges import drawn
from codemods.analysis.exact_host_arrays import changed_in_place, writeable
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Opaque, RunCallable
from codemods.analysis.unknown_numbers import is_integer, is_number, number

_CONTINUOUS = {
    "beta": ("a", "b"), "chisquare": ("df",), "exponential": ("scale",), "f": ("dfnum", "dfden"),
    "gamma": ("shape", "scale"), "gumbel": ("loc", "scale"), "laplace": ("loc", "scale"),
    "logistic": ("loc", "scale"), "lognormal": ("mean", "sigma"), "noncentral_chisquare": ("df", "nonc"),
    "noncentral_f": ("dfnum", "dfden", "nonc"), "normal": ("loc", "scale"), "pareto": ("a",), "power": ("a",),
    "random": (), "rayleigh": ("scale",), "standard_cauchy": (), "standard_exponential": (),
    "standard_gamma": ("shape",), "standard_normal": (), "standard_t": ("df",), "triangular": ("left", "mode", "right"),
    "uniform": ("low", "high"), "vonmises": ("mu", "kappa"), "wald": ("mean", "scale"), "weibull": ("a",),
    # (RandomState's and the module's own: `random_sample`, its aliases `ranf` / `sample`)
    "random_sample": (), "ranf": (), "sample": (),
}
_DISCRETE = {
    "binomial": ("n", "p"), "geometric": ("p",), "hypergeometric": ("ngood", "nbad", "nsample"),
    "logseries": ("p",), "negative_binomial": ("n", "p"), "poisson": ("lam",), "zipf": ("a",),
}
# Parameters with a default (`rng.normal()`); a sampler called without one of the others raises TypeError.
_DEFAULTED = frozenset({"normal.loc", "normal.scale", "uniform.low", "uniform.high", "exponential.scale", "gumbel.loc",
                        "gumbel.scale", "laplace.loc", "laplace.scale", "logistic.loc", "logistic.scale",
                        "lognormal.mean", "lognormal.sigma", "rayleigh.scale", "poisson.lam", "gamma.scale"})
# Keywords that leave one sample a Python float: Generator's `dtype` (float32 too) and `method`.
_FLOAT_KEYWORDS = {"random": {"dtype"}, "standard_normal": {"dtype"}, "standard_exponential": {"dtype", "method"},
                   "standard_gamma": {"dtype"}}
# A RandomState's (and the module's) only, and a Generator's only.
_LEGACY_ONLY = frozenset({"random_sample", "ranf", "sample", "rand", "randn", "randint", "tomaxint"})
_GENERATOR_ONLY = frozenset({"integers"})


class Draw(RunCallable):
    """A sampler of a Generator (`legacy` False) or of a RandomState / the np.random module:
    one sample of plain parameters is a Python number; anything else is `fallback`'s."""

    __slots__ = ("fallback", "legacy", "name")

    def __init__(self, name: str, legacy: bool, fallback: object) -> None:
        self.name, self.legacy, self.fallback = name, legacy, fallback

    def __call__(self, run, args: list, kwargs: dict) -> object:
        kind = one_sample(run, self.name, self.legacy, args, kwargs)
        if kind is not None:
            return drawn(run, self.name, args, kwargs, sample(run, kind))  # (its interval: draw_ranges.py)
        made = run.call(self.fallback, args, kwargs)
        return permuted(args, kwargs, made) if self.name == "permutation" else drawn(run, self.name, args, kwargs, made)


def permuted(args: list, kwargs: dict, made: object) -> object:
    """`rng.permutation(n)`: a vector of n entries; `rng.permutation(x)` of a host array of rank 1
    or more: a copy of x reordered along its first axis (its shape and dtype, values unknown)."""
    if len(args) != 1 or kwargs or type(made) is not Arr or made.ndim is not None:
        return made
    given = args[0]
    if type(given) is int and 0 <= given <= 1 << 20:
        made.ndim, made.count, made.shape = 1, given, (given,)
    elif type(given) is Arr and given.host and given.ndim is not None and given.ndim >= 1:
        made.ndim, made.count, made.shape, made.dtype = given.ndim, given.count, given.shape, given.dtype
    return made


def sample(run, kind: str) -> object:
    """One sample of `one_sample`'s kind: an unknown Python number (a bool is one too)."""
    return number(run, kind if kind != "bool" else None)


def one_sample(run, name: str, legacy: bool, args: list, kwargs: dict) -> str | None:
    """"float", "int" or "bool": the Python type of what the call gives, where it is one sample of
    that type; None where it is an array or a NumPy scalar (or not listed). Bail where the run
    cannot tell which."""
    if not legacy and name in _LEGACY_ONLY or legacy and name in _GENERATOR_ONLY:
        return None
    if name in ("rand", "randn"):  # (`rand(d0, d1, ...)`: its dimensions, none for one sample)
        return "float" if not args and not kwargs else None
    if name in ("randint", "tomaxint", "integers"):
        return _integers(run, name, legacy, args, kwargs)
    if name == "choice":
        return _choice(run, legacy, args, kwargs)
    table = _CONTINUOUS if name in _CONTINUOUS else _DISCRETE if name in _DISCRETE else None
    if table is None:
        return None
    params = table[name]
    extra = set() if legacy else _FLOAT_KEYWORDS.get(name, set())
    given = dict(zip((*params, "size"), args))
    if len(args) > len(params) + 1 or set(kwargs) & set(given) or not set(kwargs) <= {*params, "size", *extra}:
        return None  # (TypeError, `out=`, a keyword not read: as before)
    given.update(kwargs)
    if given.get("size") is not None:
        return None  # (an array of that shape)
    if not _plain(run, [given[p] for p in params if p in given]):
        return None
    outcomes = [draw_parameters.verdict(name, legacy, {p: given[p] for p in params if p in given})]
    if any(p not in given and f"{name}.{p}" not in _DEFAULTED for p in params):
        outcomes.append(None)  # (a parameter left out: TypeError where it has no default)
    if "dtype" in given:
        outcomes.append(draw_parameters.dtype_verdict(given["dtype"]))  # (float32 / float64 only)
    if "method" in given:
        outcomes.append(True if type(given["method"]) is str else None)  # (one sample: any text passes)
    draw_parameters.settle(run, outcomes)  # (NumPy checks them before it draws: draw_parameters.py)
    return "float" if table is _CONTINUOUS else "int"


def _plain(run, values: list) -> bool:
    """Whether all `values` are single numbers (True), some an array of rank 1 or more (False);
    Bail where the run cannot tell."""
    scalar = True
    for value in values:
        if type(value) in (int, float, bool) or is_number(run, value) or type(value) is Arr and value.ndim == 0:
            continue
        if type(value) is Arr and value.ndim is not None or type(value) in (list, tuple):
            scalar = False  # (broadcast: an array, whatever the others are)
            continue
        if type(value) is Arr or type(value) is Opaque:
            raise Bail  # (a number or an array: one sample or many)
        return False  # (a value of another kind: as before)
    return scalar


def _integers(run, name: str, legacy: bool, args: list, kwargs: dict) -> str | None:
    """RandomState's `randint(low, high=None, size=None, dtype=int)` and `tomaxint(size=None)`, a
    Generator's `integers(low, high=None, size=None, dtype=np.int64, endpoint=False)`: a Python
    int for `dtype=int` (randint's and tomaxint's default), a Python bool for `dtype=bool`, unless
    given a size; a NumPy scalar for another dtype (integers' default: as before)."""
    if name == "tomaxint":
        size = args[0] if args else kwargs.get("size")
        return "int" if len(args) + len(kwargs) <= 1 and set(kwargs) <= {"size"} and size is None else None
    names = ("low", "high", "size", "dtype") if legacy else ("low", "high", "size", "dtype", "endpoint")
    given = dict(zip(names, args))
    if len(args) > len(names) or set(kwargs) & set(given) or not set(kwargs) <= set(names):
        return None
    given.update(kwargs)
    if given.get("size") is not None or "low" not in given:
        return None
    dtype = given.get("dtype", int if legacy else None)
    kind = "int" if dtype is int else "bool" if dtype is bool else None  # (the run holds builtins as themselves)
    if kind is None:
        return None  # (`dtype=np.int32`: a NumPy scalar)
    if not _plain(run, [given[p] for p in ("low", "high") if p in given]):
        return None
    draw_parameters.settle(run, [_bounded(given.get("low"), given.get("high"), kind == "bool",
                                          given.get("endpoint", False))])
    return kind


def _bounded(low: object, high: object, boolean: bool, endpoint: object) -> type | bool | None:
    """Whether `integers(low, high)` / `randint(low, high)` of a Python int or bool dtype draws
    (True) or raises ValueError: the range must hold a value (low below high, or at it with
    `endpoint=True`) and fit the dtype (int64's or bool's). None: not ints, or `endpoint` not a
    bool."""
    low, high = (0, low) if high is None else (low, high)
    if type(low) not in (int, bool) or type(high) not in (int, bool) or type(endpoint) is not bool:
        return None
    top = high if endpoint else high - 1
    least, most = (0, 1) if boolean else (-(1 << 63), (1 << 63) - 1)
    return ValueError if low < least or top > most or top < low else True


def _choice(run, legacy: bool, args: list, kwargs: dict) -> str | None:
    """`choice(a)` of an int `a` and no size: a Python int (a Generator's whatever `replace` and
    `p`; a RandomState's checked with `a` alone)."""
    names = ("a", "size", "replace", "p")  # (a Generator's `axis` and `shuffle`: not read)
    given = dict(zip(names, args))
    if len(args) > len(names) or set(kwargs) & set(given) or not set(kwargs) <= set(names):
        return None
    given.update(kwargs)
    if given.get("size") is not None or legacy and set(given) - {"size"} != {"a"}:
        return None
    pool = given.get("a")
    if not (type(pool) in (int, bool) or type(pool) is Opaque and is_integer(run, pool)):
        return None
    outcomes = [(True if pool >= 1 else ValueError) if type(pool) in (int, bool) else None]  # (`choice(0)`)
    if given.get("p") is not None:
        outcomes.append(_weights(given["p"], pool))
    if "replace" in given:
        outcomes.append(True if type(given["replace"]) is bool else None)
    draw_parameters.settle(run, outcomes)
    return "int"


def _weights(weights: object, pool: object) -> type | bool | None:
    """`p=` of `choice(pool)`: True for `pool` known non-negative numbers summing to 1 (well
    within NumPy's tolerance, about 1.5e-8), ValueError for a wrong count, a negative one or a sum
    clearly off 1; None for anything else."""
    if type(weights) not in (list, tuple):
        return None
    numbers = [draw_parameters.known(weight) for weight in weights]
    if type(pool) in (int, bool) and len(weights) != pool and all(type(w) in (int, float, bool) for w in weights):
        return ValueError  # (its length must be the pool's)
    if None in numbers or type(pool) not in (int, bool):
        return None
    total = math.fsum(numbers)
    if min(numbers, default=0.0) < 0 or abs(total - 1.0) > 1e-6:
        return ValueError
    return True if abs(total - 1.0) <= 1e-12 else None


class Shuffle(RunCallable):
    """`rng.shuffle(x)`, `rng.shuffle(x, axis=1)` (a Generator's: `axis` True), `rs.shuffle(x)`,
    `np.random.shuffle(x)`: x's items reordered in place, None handed back. Of an array NumPy
    certainly lets the program change (exact_host_arrays.writeable: made anew, or of known
    values); others stop the run: a list (reordered: which order is not known), and any array
    that may be read-only (`np.asarray` of a JAX array, `np.broadcast_to`: ValueError)."""

    __slots__ = ("axis",)

    def __init__(self, axis: bool) -> None:
        self.axis = axis

    def __call__(self, run, args: list, kwargs: dict) -> None:
        names = ("x", "axis") if self.axis else ("x",)
        given = dict(zip(names, args))
        if len(args) > len(names) or set(given) & set(kwargs) or not set(kwargs) <= set(names):
            raise Bail
        given.update(kwargs)
        array, axis = given.get("x"), given.get("axis", 0)
        if not writeable(run, array) or type(array.ndim) is not int or array.ndim < 1 \
                or type(axis) is not int or not -array.ndim <= axis < array.ndim:
            raise Bail  # (a list, a read-only array, a 0-d one, an axis out of range: not followed)
        changed_in_place(run, array)  # (its values, and any view's, are in another order now)
        return None


class RandomBytes(RunCallable):
    """`rng.bytes(n)`, `rs.bytes(n)`, `np.random.bytes(n)`: a Python bytes of n random bytes
    (array_conversions.UnknownBytes)."""

    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> UnknownBytes:
        count = args[0] if len(args) == 1 and not kwargs else kwargs.get("length") if not args and len(kwargs) == 1 else None
        if type(count) is not int or count < 0:
            raise Bail  # (a negative length raises ValueError: not followed)
        return UnknownBytes()
