"""NumPy's checks of a sampler's parameters (numpy_draws.py; adversarial25 A): `rng.normal(0.0,
-1.0)` raises ValueError ("scale < 0") before it draws anything, and a program may catch it
(`try: rng.zipf(a) except ValueError: ...`). A run that handed back a sample there would follow
the branch the program never takes.

So a draw of plain parameters is checked here against the tables below, written from what NumPy
2.4.6 does on this machine for a Generator and a RandomState (each parameter tried over the
values -2, -1, -0.5, -0.0, 0, 0.5, 1, 1.5, 2, 2.5, 3, 10, 1000, True and False, as int and as
float, every combination, and over large and tiny ones, 1e-300 to 1e12, where a Generator's
hypergeometric refuses ngood or nbad of 10**9 or more and its negative_binomial a Poisson rate
past int64's: adversarial26 P1, P2; tests/test_draw_parameters.py repeats both comparisons where
NumPy is installed). Only whether a call raises, and which builtin class, is taken; NumPy's check order
and its messages are not. A draw whose parameters all pass is drawn; one that certainly fails is
an exception of that class (host_exprs.Raised: the program's handler sees it); anything the
tables do not settle (an unknown number, a 0-d array, NaN, an infinity, -0.0, a very large
value, a float where NumPy truncates to an int, a dtype or a keyword not listed) is a step of
unknown outcome (unchecked_calls.passed: the run stops where a handler may catch it).
"""
from __future__ import annotations

import math

from codemods.analysis.array_dtypes import DType
from codemods.analysis.host_exprs import Raised
from codemods.analysis.script_values import Lib

# A check of one parameter: (comparison, bound). ">" and ">=" hold for values above (or at) the
# bound, "<" and "<=" below.
_POS, _NONNEG, _PROB = ((">", 0),), ((">=", 0),), ((">=", 0), ("<=", 1))
_CHECKS = {
    "beta": {"a": _POS, "b": _POS}, "chisquare": {"df": _POS}, "exponential": {"scale": _NONNEG},
    "f": {"dfnum": _POS, "dfden": _POS}, "gamma": {"shape": _NONNEG, "scale": _NONNEG},
    "gumbel": {"scale": _NONNEG}, "laplace": {"scale": _NONNEG}, "logistic": {"scale": _NONNEG},
    "lognormal": {"sigma": _NONNEG}, "noncentral_chisquare": {"df": _POS, "nonc": _NONNEG},
    "noncentral_f": {"dfnum": _POS, "dfden": _POS, "nonc": _NONNEG}, "normal": {"scale": _NONNEG},
    "pareto": {"a": _POS}, "power": {"a": _POS}, "rayleigh": {"scale": _NONNEG}, "standard_gamma": {"shape": _NONNEG},
    "standard_t": {"df": _POS}, "vonmises": {"kappa": _NONNEG}, "wald": {"mean": _POS, "scale": _POS},
    "weibull": {"a": _NONNEG}, "binomial": {"n": _NONNEG, "p": _PROB}, "geometric": {"p": ((">", 0), ("<=", 1))},
    "logseries": {"p": ((">=", 0), ("<", 1))}, "negative_binomial": {"n": _POS, "p": ((">", 0), ("<=", 1))},
    "poisson": {"lam": _NONNEG}, "zipf": {"a": ((">", 1),)},
    "hypergeometric": {"ngood": ((">=", 0), ("<", 10 ** 9)), "nbad": ((">=", 0), ("<", 10 ** 9)), "nsample": _NONNEG},
}  # (a Generator's hypergeometric: "both ngood and nbad must be less than 1000000000"; a RandomState's draws)
# Where a RandomState's checks differ from a Generator's.
_LEGACY_CHECKS = {"negative_binomial": {"n": _POS, "p": _PROB},
                  "hypergeometric": {"ngood": _NONNEG, "nbad": _NONNEG, "nsample": ((">=", 1),)}}
# Parameters NumPy reads as ints (truncating a float): only an int is settled here.
_COUNTS = frozenset({"binomial.n", "hypergeometric.ngood", "hypergeometric.nbad", "hypergeometric.nsample"})
# The float dtypes a Generator's `random`, `standard_normal`, `standard_exponential` and
# `standard_gamma` accept (any other: TypeError), and dtypes known to be refused.
_FLOAT_DTYPES = frozenset({"float", "numpy.float32", "numpy.float64", "numpy.double", "numpy.single", "float32",
                           "float64", "f4", "f8", "d", "f"})
_REFUSED_DTYPES = frozenset({"int", "bool", "complex", "numpy.int8", "numpy.int16", "numpy.int32", "numpy.int64",
                             "numpy.uint8", "numpy.uint16", "numpy.uint32", "numpy.uint64", "numpy.float16",
                             "numpy.longdouble", "numpy.complex64", "numpy.complex128", "numpy.bool_", "numpy.bool",
                             "int32", "int64", "float16", "i8", "i4", "complex64", "complex128"})
# Probabilities NumPy refuses as NaN.
_NAN_REFUSED = frozenset({"binomial.p", "geometric.p", "logseries.p", "negative_binomial.p"})
_LARGEST = 1e12  # (beyond it: NumPy's own limits, poisson's ~9.2e18: not settled)
# A Generator's negative_binomial(n, p) draws through a Poisson of rate up to (1 - p) / p * (n + 10 * sqrt(n)),
# and raises ValueError ("n too large or p too small") where that passes the largest rate, int64's largest
# less 10 times its square root (NumPy 2.4.6, checked to 1e-12 of it); within `_NEAR` of it: not settled.
_POISSON_MOST, _NEAR = 9.223372006484771e18, 1e-9
_RAISED = (ValueError, TypeError, OverflowError)


def known(value: object) -> float | None:
    """The number a parameter certainly is, or None: a Python int, bool or float, finite, not
    -0.0 (NumPy reads its sign in some checks and not in others), not beyond `_LARGEST`."""
    if type(value) in (int, bool):
        return float(value) if abs(value) <= _LARGEST else None
    if type(value) is float and math.isfinite(value) and abs(value) <= _LARGEST \
            and not (value == 0 and math.copysign(1.0, value) < 0):
        return value
    return None


def _holds(number: float, checks: tuple) -> bool:
    for comparison, bound in checks:
        if comparison == ">" and not number > bound or comparison == ">=" and not number >= bound \
                or comparison == "<" and not number < bound or comparison == "<=" and not number <= bound:
            return False
    return True


def verdict(name: str, legacy: bool, given: dict) -> type | bool | None:
    """What a one-sample draw `name(**given)` does: True where it draws, the exception's class
    where it certainly raises, None where the tables do not settle it."""
    numbers, beyond = {}, set()
    for param, value in given.items():
        number = known(value)
        if number is None and (refused := _beyond(name, param, value)) is not None:
            beyond.add(refused)
            continue
        if number is None or f"{name}.{param}" in _COUNTS and type(value) not in (int, bool):
            return None
        numbers[param] = number
    checks = (_LEGACY_CHECKS if legacy and name in _LEGACY_CHECKS else _CHECKS).get(name, {})
    failed = any(not _holds(numbers[param], test) for param, test in checks.items() if param in numbers)
    if beyond:  # (the refusal of a value beyond the tables' numbers, where no other class can come first)
        beyond |= {ValueError} if failed else set()
        return beyond.pop() if len(beyond) == 1 else None
    if name == "triangular" and {"left", "mode", "right"} <= set(numbers):
        left, mode, right = numbers["left"], numbers["mode"], numbers["right"]
        failed = failed or not left <= mode <= right or left == right
    if name == "uniform" and not legacy and numbers.get("high", 1.0) < numbers.get("low", 0.0):
        failed = True  # (a Generator's: high below low; a RandomState's draws from the reversed range)
    if name == "hypergeometric" and len(numbers) == 3:
        failed = failed or numbers["nsample"] > numbers["ngood"] + numbers["nbad"]
    if name == "negative_binomial" and not legacy and not failed and {"n", "p"} <= set(numbers):
        rate = _largest_rate(numbers["n"], numbers["p"])
        if abs(rate - _POISSON_MOST) <= _NEAR * _POISSON_MOST:
            return None
        failed = rate > _POISSON_MOST
    return ValueError if failed else True


def _largest_rate(n: float, p: float) -> float:
    """The largest Poisson rate a Generator's negative_binomial(n, p) allows for (n > 0, 0 < p <= 1)."""
    try:
        return (1 - p) / p * (n + 10 * math.sqrt(n))
    except OverflowError:
        return math.inf


def _beyond(name: str, param: str, value: object) -> type | None:
    """The class NumPy raises for a value outside `known`'s, whatever the other (known)
    parameters are: an infinite bound of `uniform` (OverflowError: the range overflows), a NaN
    probability, a `poisson` rate of 1e19 or more (NaN, inf) (ValueError); None otherwise."""
    if type(value) is float and math.isinf(value) and name == "uniform":
        return OverflowError
    if type(value) is float and math.isnan(value) and f"{name}.{param}" in _NAN_REFUSED:
        return ValueError
    if name == "poisson" and type(value) in (int, float) and not value < 1e19:
        return ValueError  # (beyond NumPy's largest rate, about 9.2e18)
    return None


def dtype_verdict(dtype: object) -> type | bool | None:
    """`dtype=` of a Generator's float sampler: True for float32 / float64, TypeError for a dtype
    known to be another, None for one not listed."""
    label = dtype if type(dtype) is str else dtype.name if type(dtype) in (Lib, DType) else \
        dtype.__name__ if any(dtype is kind for kind in (int, float, bool, complex)) else None
    return True if label in _FLOAT_DTYPES else TypeError if label in _REFUSED_DTYPES else None


def settle(run, outcomes: list) -> None:
    """Go on past a draw whose checks gave `outcomes` (`verdict`'s, `dtype_verdict`'s): drawn
    when all pass; an exception of the class every certain failure gives; a step of unknown
    outcome (unchecked_calls.passed) where one is unsettled, or where failures of two classes
    leave NumPy's order of checks to decide (and then, outside any handler, the program stops)."""
    from codemods.analysis.unchecked_calls import passed  # (unchecked_calls imports the run's values)

    failures = {outcome for outcome in outcomes if outcome not in (True, None)}
    if not failures and None not in outcomes:
        return
    if len(failures) != 1 or None in outcomes:
        passed(run, _RAISED)
    if failures:
        raise Raised(sorted(failures, key=lambda kind: kind.__name__)[0]("parameters out of NumPy's range"))
