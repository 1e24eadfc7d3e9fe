"""Which host arrays a NumPy call is taken to write into (written_arrays.py): only the calls that
may write lose what the run knew of an array's values."""
from types import SimpleNamespace

import pytest

from codemods.analysis import written_arrays
from codemods.analysis.script_values import Arr


def _scalar(value):
    array = Arr(host=True, ndim=0)
    array.known = value
    return array


@pytest.mark.parametrize("operator", ["__iadd__", "__isub__", "__imul__", "__imatmul__", "__itruediv__",
                                      "__ifloordiv__", "__imod__", "__ipow__", "__ilshift__", "__irshift__",
                                      "__iand__", "__ixor__", "__ior__"])
def test_unbound_augmented_operator_writes_its_owner(operator):
    # np.ndarray.__iadd__(a, 1) is `a += 1`: a's old value is gone.
    owner = _scalar(3)
    written_arrays.library(SimpleNamespace(), f"numpy.ndarray.{operator}", [owner, 1], {})
    assert owner.known is None


@pytest.mark.parametrize("method", ["__int__", "__index__", "__iter__", "__invert__", "__len__"])
def test_unbound_reading_dunder_keeps_its_owner(method):
    # np.ndarray.__int__(a) reads a; its value stays known.
    owner = _scalar(3)
    written_arrays.library(SimpleNamespace(), f"numpy.ndarray.{method}", [owner], {})
    assert owner.known == 3


def test_ufunc_positional_output_is_written_but_not_its_inputs():
    first, second, out = _scalar(1), _scalar(2), _scalar(0)
    written_arrays.library(SimpleNamespace(), "numpy.add", [first, second, out], {})
    assert (first.known, second.known, out.known) == (1, 2, None)
