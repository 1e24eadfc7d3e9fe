"""NumPy's checks of what a draw, a seed and a bit generator's step are given (draw_parameters.py,
numpy_draws.py, numpy_random_states.py; adversarial25 A, B, K). The tables are compared with the
installed NumPy where it is there (the analysis itself never imports it)."""
from __future__ import annotations

import itertools
import warnings

import pytest

from codemods.analysis.draw_parameters import dtype_verdict, known, verdict
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_draws import _CONTINUOUS, _DEFAULTED, _DISCRETE, _bounded, _weights, one_sample
from codemods.analysis.numpy_random_states import GivesNone, NpBitGenerator, module_call, restored, seeded
from codemods.analysis.script_values import Arr, Lib, Opaque
from codemods.analysis.unknown_numbers import number

_VALUES = [-2, -1, -0.5, -0.0, 0, 0.0, 0.5, 1, 1.5, 2.5, 3, 10, True, False, float("nan"), float("inf")]


class _Run:
    jitted = in_body = 0
    states = None
    target = (0, 10, 2)


class _Guarded(_Run):
    """A run inside a `try` whose handler (`except Exception`) may catch what NumPy raises."""
    guarded = 1

    def __init__(self) -> None:
        import ast

        self.tree = ast.parse("try:\n    pass\nexcept Exception:\n    pass")  # (retried_calls.py reads the handler's loop)
        handler = self.tree.body[0].handlers[0]
        self.catching = [([handler], None)]
        self.frames = []

    def eval(self, node, env):
        return Exception


def _outcome(call) -> str:
    try:
        call()
    except Exception as error:  # (what NumPy raised: only its class is compared)
        return type(error).__name__
    return "ok"


def test_sampler_tables_agree_with_numpy():
    np = pytest.importorskip("numpy")
    warnings.simplefilter("ignore")
    settled = 0
    for legacy in (False, True):
        source = np.random.RandomState(0) if legacy else np.random.default_rng(0)
        for name, params in {**_CONTINUOUS, **_DISCRETE}.items():
            if not hasattr(source, name) or not params:
                continue
            values = _VALUES if len(params) < 3 else _VALUES[::2]
            for combo in itertools.product(values, repeat=len(params)):
                found = verdict(name, legacy, dict(zip(params, combo)))
                if found is None:
                    continue
                settled += 1
                want = _outcome(lambda: getattr(source, name)(*combo))
                assert want == ("ok" if found is True else found.__name__), (legacy, name, combo)
    assert settled > 5000


def test_values_beyond_the_tables_agree_with_numpy():
    np = pytest.importorskip("numpy")
    inf, nan = float("inf"), float("nan")
    cases = [("uniform", {"low": 0.5, "high": inf}), ("uniform", {"low": -inf, "high": -3}), ("uniform", {"high": inf}),
             ("uniform", {"low": inf, "high": 0.0}), ("poisson", {"lam": 1e20}), ("poisson", {"lam": inf}),
             ("poisson", {"lam": 1 << 70}), ("binomial", {"n": 5, "p": nan}), ("binomial", {"n": -1, "p": nan}),
             ("geometric", {"p": nan}), ("logseries", {"p": nan}), ("negative_binomial", {"n": 2.0, "p": nan})]
    for legacy, source in ((False, np.random.default_rng(0)), (True, np.random.RandomState(0))):
        for name, given in cases:
            found = verdict(name, legacy, given)
            assert found is not None and _outcome(lambda: getattr(source, name)(**given)) == found.__name__
    assert verdict("normal", False, {"scale": nan}) is None and verdict("uniform", False, {"low": 0.0, "high": nan}) is None


# Large and tiny values (adversarial26 P1, P2): hypergeometric's 10**9, negative_binomial's largest rate.
_EXTREMES = [1e-300, 1e-19, 1e-12, 1e-5, 0.3, 0.999999, 1, 7, 10 ** 4, 10 ** 9 - 1, 10 ** 9, 2 * 10 ** 9, 10 ** 12, 1e9, 1e12]


def test_large_and_tiny_values_agree_with_numpy():
    np = pytest.importorskip("numpy")
    warnings.simplefilter("ignore")
    settled = 0
    for legacy in (False, True):
        source = np.random.RandomState(0) if legacy else np.random.default_rng(0)
        for name, params in {**_CONTINUOUS, **_DISCRETE}.items():
            if not hasattr(source, name) or not params or name == "zipf":  # (zipf near 1 may draw for long)
                continue
            values = _EXTREMES if len(params) < 3 else _EXTREMES[::2]
            for combo in itertools.product(values, repeat=len(params)):
                found = verdict(name, legacy, dict(zip(params, combo)))
                if found is None:
                    continue
                settled += 1
                want = _outcome(lambda: getattr(source, name)(*combo))
                assert want == ("ok" if found is True else found.__name__), (legacy, name, combo)
    assert settled > 2000
    limit = float(np.iinfo(np.int64).max - np.sqrt(np.iinfo(np.int64).max) * 10)  # (NumPy's largest Poisson rate)
    rng = np.random.default_rng(0)
    for n in (1, 0.5, 100, 10 ** 6, 10 ** 12):
        p = (n + 10 * n ** 0.5) / (limit + n + 10 * n ** 0.5)  # (the rate at about the limit: just above and below it)
        for scaled, want in ((0.999, "ValueError"), (1.001, "ok")):
            found = verdict("negative_binomial", False, {"n": n, "p": p * scaled})
            assert ("ok" if found is True else found.__name__) == want == _outcome(lambda: rng.negative_binomial(n, p * scaled))
        assert verdict("negative_binomial", False, {"n": n, "p": p}) is None  # (too near it to settle)


def test_defaults_agree_with_numpy():
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(0)
    for name, params in {**_CONTINUOUS, **_DISCRETE}.items():
        if not hasattr(rng, name):
            continue
        needed = {param: 0.5 for param in params if f"{name}.{param}" not in _DEFAULTED}
        needed = {param: 5 for param in needed} if name == "hypergeometric" else needed
        needed = {"left": 0.0, "mode": 0.5, "right": 1.0} if name == "triangular" else {"a": 2.0} if name == "zipf" else needed
        assert _outcome(lambda: getattr(rng, name)(**needed)) == "ok", name  # (the others have defaults)
        for param in needed:  # (and one left out raises)
            fewer = {key: value for key, value in needed.items() if key != param}
            assert _outcome(lambda: getattr(rng, name)(**fewer)) == "TypeError", (name, param)


def test_integer_bounds_and_choice_agree_with_numpy():
    np = pytest.importorskip("numpy")
    rng, rs = np.random.default_rng(0), np.random.RandomState(0)
    ends = [-3, -1, 0, 1, 2, 5, (1 << 63) - 1, 1 << 63, 1 << 64, -(1 << 63), -(1 << 63) - 1, True, False, None]
    for low, high in itertools.product(ends[:-1], ends):
        for dtype, endpoint in itertools.product((int, bool), (False, True)):
            want = _outcome(lambda: rng.integers(low, high, dtype=dtype, endpoint=endpoint))
            assert want == ("ok" if _bounded(low, high, dtype is bool, endpoint) is True else "ValueError")
        want = _outcome(lambda: rs.randint(low, high, dtype=int))
        assert want == ("ok" if _bounded(low, high, False, False) is True else "ValueError")
    for weights in ([0.5, 0.5], [0.2, 0.3, 0.5], [0.5, 0.6, 0.1], [0.5, -0.5, 1.0], [1, 0, 0], [], (0.2, 0.3, 0.5)):
        found = _weights(weights, 3)
        for source in (rng, rs):
            assert _outcome(lambda: source.choice(3, p=weights)) == ("ok" if found is True else found.__name__)
    for dtype in (np.int32, np.float16, "i8", np.longdouble, complex, int, float, np.float32, np.float64, "f4"):
        found = dtype_verdict(Lib(f"numpy.{dtype.__name__}") if type(dtype) is type and dtype.__module__ == "numpy"
                              else dtype)
        assert found is not None
        assert _outcome(lambda: rng.random(dtype=dtype)) == ("ok" if found is True else found.__name__), dtype


def test_seed_and_state_checks_agree_with_numpy():
    np = pytest.importorskip("numpy")
    rs = np.random.RandomState(0)
    for seed in (0, 1, (1 << 32) - 1, 1 << 32, -1, True, 0.5, "x", b"x", None, [1, 2], [1, -1], [], (3, 4)):
        found = seeded(seed)
        assert found is not None and _outcome(lambda: rs.seed(seed)) == ("ok" if found is True else found.__name__)
    for state in ("x", 1, None, 1.5, (), [], {}):
        assert _outcome(lambda: rs.set_state(state)) == restored(state).__name__


def _raises(kind, call):
    with pytest.raises(Raised) as raised:
        call()
    assert type(raised.value.error) is kind


def test_a_draw_of_plain_parameters_is_checked():
    run = _Run()
    _raises(ValueError, lambda: one_sample(run, "normal", False, [0.0, -1.0], {}))  # (A1)
    _raises(ValueError, lambda: one_sample(run, "zipf", True, [1.0], {}))
    _raises(ValueError, lambda: one_sample(run, "triangular", False, [0.0, 0.0, 0.0], {}))
    _raises(TypeError, lambda: one_sample(run, "random", False, [], {"dtype": Lib("numpy.int32")}))  # (A2)
    _raises(ValueError, lambda: one_sample(run, "integers", False, [0, 5], {"dtype": bool}))  # (A3)
    _raises(ValueError, lambda: one_sample(run, "randint", True, [0], {}))
    _raises(ValueError, lambda: one_sample(run, "choice", False, [0], {}))  # (A4)
    _raises(ValueError, lambda: one_sample(run, "choice", False, [5], {"p": [0.5, 0.5]}))
    assert one_sample(run, "normal", False, [0.0, 2.0], {}) == "float"
    assert one_sample(run, "random", False, [], {"dtype": Lib("numpy.float32")}) == "float"
    assert one_sample(run, "choice", False, [3], {"p": [0.2, 0.3, 0.5]}) == "int"


def test_a_draw_the_run_cannot_settle_stops_under_a_handler():
    guarded = _Guarded()
    for args, kwargs in (([0.0, float("nan")], {}), ([0.0, Arr(None, True, ndim=0)], {}),
                         ([], {"scale": float("inf")}), ([0.0, -0.0], {})):
        with pytest.raises(Bail):
            one_sample(guarded, "normal", False, args, kwargs)
        assert one_sample(_Run(), "normal", False, args, kwargs) == "float"  # (no handler: a run going on passed it)
    with pytest.raises(Bail):
        one_sample(guarded, "normal", False, [0.0, number(guarded)], {})  # (an unknown number)
    with pytest.raises(Bail):
        one_sample(guarded, "random", False, [], {"dtype": Opaque()})
    with pytest.raises(Bail):
        one_sample(guarded, "integers", False, [Opaque(), 5], {"dtype": int})
    assert one_sample(guarded, "normal", False, [0.0, 2.0], {}) == "float"  # (settled: drawn)


def test_seed_set_state_advance_jumped():
    run, guarded = _Run(), _Guarded()
    seed = GivesNone("seed")
    assert seed(run, [0], {}) is None and seed(run, [], {}) is None and seed(run, [], {"seed": [1, 2]}) is None
    _raises(ValueError, lambda: seed(run, [-1], {}))  # (B1)
    _raises(ValueError, lambda: seed(run, [], {"seed": 1 << 32}))
    _raises(TypeError, lambda: seed(run, ["x"], {}))
    _raises(IndexError, lambda: GivesNone("set_state")(run, [()], {}))
    with pytest.raises(Bail):
        GivesNone("set_state")(guarded, [Opaque()], {})  # (get_state()'s: not settled)
    bg = NpBitGenerator("numpy.random.PCG64")
    assert bg.attribute(run, "advance")(run, [3], {}) is bg
    _raises(TypeError, lambda: bg.attribute(run, "advance")(run, ["x"], {}))  # (B2)
    with pytest.raises(Bail):
        bg.attribute(guarded, "jumped")(guarded, [1.5], {})  # (a float: PCG64 truncates it, Philox refuses it)
    assert type(bg.attribute(run, "jumped")(run, [2], {})) is NpBitGenerator
    _raises(ValueError, lambda: bg.attribute(run, "jumped")(run, ["x"], {}))  # (PCG64 reads it with int())
    assert type(bg.attribute(run, "jumped")(run, ["3"], {})) is NpBitGenerator
    philox = NpBitGenerator("numpy.random.Philox")
    with pytest.raises(Bail):
        philox.attribute(guarded, "jumped")(guarded, ["x"], {})  # (OverflowError there: not settled)


def test_module_calls_of_the_global_random_state():
    run = _Run()
    assert module_call(run, "seed", [0], {}) is None  # (K: None, not a host array)
    assert module_call(run, "set_state", [], {"state": {"a": 1}}) is None  # (unsettled; no handler: a run going on passed it)
    assert type(module_call(run, "get_state", [], {})) is Opaque
    assert module_call(run, "normal", [], {}) is NotImplemented
    with pytest.raises(Bail):
        module_call(run, "set_bit_generator", [Opaque()], {})
    assert known(-0.0) is None and known(1e300) is None and known(2) == 2.0
