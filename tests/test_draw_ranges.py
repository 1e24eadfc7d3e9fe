"""draw_ranges: the intervals of host draws and the comparisons they decide."""
import ast

from codemods.analysis import draw_ranges
from codemods.analysis.script_values import Arr, Opaque


class _Run:
    pass


def _drawn(run, name, *args, **kwargs):
    return draw_ranges.drawn(run, name, list(args), kwargs, Arr(None, True, 16, 1))


def test_uniform_and_integers_hold_their_bounds():
    run = _Run()
    lo, hi = draw_ranges.bounds(run, _drawn(run, "uniform", 10, 100, 16))
    assert lo <= 10 and 100 <= hi and lo > 9 and hi < 101  # (high itself through rounding)
    assert draw_ranges.bounds(run, _drawn(run, "integers", 1, 5, 16)) == (1, 4)
    assert draw_ranges.bounds(run, _drawn(run, "integers", 1, 5, 16, endpoint=True)) == (1, 5)
    assert draw_ranges.bounds(run, _drawn(run, "randint", 5)) == (0, 4)
    assert draw_ranges.bounds(run, _drawn(run, "random", 16)) == (0.0, 1.0)


def test_no_fact_for_unbounded_or_invalid_or_typed_draws():
    run = _Run()
    assert draw_ranges.bounds(run, _drawn(run, "normal", 0.0, 1.0, 16)) is None
    assert draw_ranges.bounds(run, _drawn(run, "uniform", 5, 1, 16)) is None  # (low > high)
    assert draw_ranges.bounds(run, _drawn(run, "integers", 5, 5, 16)) is None  # (ValueError)
    assert draw_ranges.bounds(run, _drawn(run, "uniform", 0, 1, 16, dtype="float32")) is None
    assert draw_ranges.bounds(run, _drawn(run, "uniform", float("-inf"), 1.0, 16)) is None


def test_arithmetic_carries_the_interval_and_decides_comparisons():
    run = _Run()
    x = _drawn(run, "uniform", 80, 120, 16)
    y = draw_ranges.operated(run, ast.Mult, x, 0.5, Arr(None, True, 16, 1))
    z = draw_ranges.operated(run, ast.Sub, y, 30, Arr(None, True, 16, 1))
    assert draw_ranges.decided(run, ast.Gt, z, 0) is True  # (at least 10)
    assert draw_ranges.decided(run, ast.Lt, z, 0) is False
    assert draw_ranges.decided(run, ast.Gt, z, 15) is None  # (10 to 30: either)
    w = draw_ranges.operated(run, ast.Sub, x, 100, Arr(None, True, 16, 1))
    assert draw_ranges.decided(run, ast.Gt, w, 0) is None


def test_a_scalar_draw_decides_its_test():
    run = _Run()
    scale = draw_ranges.drawn(run, "uniform", [10, 100], {}, Opaque())
    assert draw_ranges.decided(run, ast.Gt, scale, 0) is True
    assert draw_ranges.decided(run, ast.Eq, scale, 0) is False
    assert draw_ranges.decided(run, ast.GtE, scale, 50) is None


def test_an_in_place_change_forgets_every_interval():
    run = _Run()
    x = _drawn(run, "uniform", 1, 2, 16)
    draw_ranges.forget(run)
    assert draw_ranges.bounds(run, x) is None


def test_division_by_an_interval_holding_zero_gives_no_fact():
    run = _Run()
    x = _drawn(run, "uniform", 0, 1, 16)
    assert draw_ranges.bounds(run, draw_ranges.operated(run, ast.Div, 1.0, x, Arr(None, True, 16, 1))) is None


def test_a_unary_operator_gives_a_new_unknown_of_the_moved_interval():
    from codemods.analysis.unknown_numbers import integer, number, unary

    run = _Run()
    run.guarded = 0
    scale = draw_ranges.drawn(run, "uniform", [10.0, 20.0], {}, number(run, "float"))
    negated = unary(run, ast.USub, scale)
    assert negated is not scale  # (adversarial26 R: not the drawn number itself)
    lo, hi = draw_ranges.bounds(run, negated)
    assert -20.5 < lo <= -20.0 and -10.0 <= hi < -9.9
    assert draw_ranges.decided(run, ast.Lt, negated, 0) is True
    assert draw_ranges.decided(run, ast.Lt, unary(run, ast.UAdd, negated), 0) is True
    k = draw_ranges.drawn(run, "randint", [10, 20], {}, integer(run))
    assert draw_ranges.bounds(run, unary(run, ast.Invert, k)) == (-20, -11)  # (~k is -k - 1)
    assert draw_ranges.bounds(run, unary(run, ast.Invert, scale)) is None  # (`~` of a float raises)
