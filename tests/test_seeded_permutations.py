"""`np.random.default_rng(seed).permutation(n)` as the run computes it (seeded_permutations.py),
against what NumPy 2.4 gave for these seeds (one past 2**32, one of several 32-bit words)."""
import pytest

from codemods.analysis.seeded_permutations import order

NUMPY_GAVE = {
    (0, 10): [4, 6, 2, 7, 3, 5, 9, 0, 8, 1],
    (3, 16): [11, 15, 9, 1, 12, 2, 14, 10, 0, 4, 7, 6, 13, 5, 3, 8],
    (42, 7): [3, 2, 6, 4, 1, 5, 0],
    (4294967301, 12): [6, 9, 5, 8, 2, 4, 7, 0, 11, 10, 3, 1],
    (123456789012345678901234567890, 9): [3, 7, 8, 2, 1, 6, 4, 0, 5],
    (5, 1): [0],
    (5, 0): [],
}


@pytest.mark.parametrize("seed, count", sorted(NUMPY_GAVE))
def test_order_is_numpys(seed, count):
    assert order(seed, count) == NUMPY_GAVE[seed, count]
