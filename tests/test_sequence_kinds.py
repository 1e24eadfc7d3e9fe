"""Comparisons of sequences the analysis holds without their kind (found by adversarial11): a
list never equals a tuple, so only outcomes that hold whatever each sequence is are decided."""
from __future__ import annotations

import ast

from codemods.analysis.values import Const, TupleValue, compare_constants

AXES = TupleValue((Const("i"), Const("j")))  # `list(AXES)`, `"i,j".split(",")`: a list or a tuple


def test_equal_items_decide_nothing():
    # `list(AXES) == ("i", "j")` is False in Python, `tuple(AXES) == ("i", "j")` True
    assert compare_constants([ast.Eq()], [AXES, Const(("i", "j"))]) is None
    assert compare_constants([ast.NotEq()], [AXES, Const(("i", "j"))]) is None


def test_different_items_are_unequal_whatever_the_kinds():
    assert compare_constants([ast.Eq()], [AXES, Const(("j", "i"))]) == Const(False)
    assert compare_constants([ast.NotEq()], [AXES, Const(("i",))]) == Const(True)


def test_membership_of_a_name_in_a_sequence_is_decided():
    assert compare_constants([ast.In()], [Const("i"), AXES]) == Const(True)
    assert compare_constants([ast.NotIn()], [Const("k"), AXES]) == Const(True)


def test_membership_of_a_sequence_found_decides_nothing():
    # `("i", "j") in [["i", "j"]]` is False in Python
    assert compare_constants([ast.In()], [Const(("i", "j")), TupleValue((AXES,))]) is None
    assert compare_constants([ast.In()], [Const(("k",)), TupleValue((AXES,))]) == Const(False)


def test_ordering_with_a_sequence_decides_nothing():
    assert compare_constants([ast.Lt()], [AXES, Const(("j",))]) is None
    assert compare_constants([ast.Lt()], [Const(1), Const(2)]) == Const(True)
