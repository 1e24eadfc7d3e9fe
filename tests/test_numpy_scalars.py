"""A NumPy scalar against a rank-0 ndarray (known_shapes.ndarray, shape_errors.operator_error;
adversarial26 S): which constructors certainly make an ndarray, and NumPy's in-place operator on
each, compared with the installed NumPy (the analysis itself never imports it)."""
from __future__ import annotations

import ast

import pytest

from codemods.analysis.array_dtypes import DType
from codemods.analysis.known_shapes import _NDARRAY_MAKERS, made, ndarray
from codemods.analysis.script_values import Arr
from codemods.analysis.shape_errors import operator_error


class _Run:
    jitted = in_body = 0


def test_the_constructors_make_ndarrays_even_of_rank_0():
    np = pytest.importorskip("numpy")
    calls = {"array": [0.0], "asarray": [np.float64(0.0)], "asanyarray": [1.0], "zeros": [()], "ones": [()],
             "empty": [()], "full": [(), 2.0], "zeros_like": [np.float64(1.0)], "ones_like": [1.5],
             "empty_like": [np.float64(3)], "full_like": [np.float32(1.0), 2.0]}
    assert {f"numpy.{name}" for name in calls} == _NDARRAY_MAKERS
    for name, args in calls.items():
        made_array = getattr(np, name)(*args)
        assert type(made_array) is np.ndarray and made_array.ndim == 0, name
        with pytest.raises(ValueError):
            made_array += np.ones(3)  # (its output is itself: a (3,) result does not fit)


def test_scalars_rebind_where_ndarrays_raise():
    np = pytest.importorskip("numpy")
    for scalar in (np.float64(0.0), np.ones(3).sum(), np.arange(3)[0], np.random.default_rng(0).integers(0, 5)):
        scalar += np.ones(3)  # (no in-place operator: Python rebinds it to `scalar + ones`)
        assert scalar.shape == (3,)
    run = _Run()
    f64 = DType("float64", "f")
    scalar, constructed = Arr(None, True, ndim=0, dtype=f64), Arr(None, True, ndim=0, dtype=f64)
    made(run, "numpy.array", None, constructed, [0.0])
    right = Arr(None, True, ndim=1, dtype=f64)
    right.shape = (3,)
    assert ndarray(run, constructed) and not ndarray(run, scalar)
    assert operator_error(run, ast.Add, scalar, right, True) is None
    assert type(operator_error(run, ast.Add, constructed, right, True)) is ValueError
    handed_back = Arr(None, True, ndim=0)
    made(run, "numpy.asarray", None, handed_back, [handed_back])  # (the run's own operand handed back)
    assert not ndarray(run, handed_back)

