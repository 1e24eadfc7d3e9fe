"""Comparisons of lists and tuples (found by adversarial11): Python tells them apart, so the
analysis decides a comparison only where it kept each sequence's kind or where every kind it may
be gives one answer (comparisons.py, sequence_kinds.py)."""
from __future__ import annotations

import ast

from codemods.analysis.comparisons import compare_constants, type_of
from codemods.analysis.sequence_kinds import ListItems, TupleItems
from codemods.analysis.values import UNKNOWN, ClassValue, Const, JaxName, TupleValue, join, same_value

UNKEPT = TupleValue((Const("i"), Const("j")))  # a list or a tuple: the analysis lost which
LIST = TupleValue((Const("i"), Const("j")), "list")
TUPLE = Const(TupleItems(("i", "j")))


def test_a_list_never_equals_a_tuple_of_the_same_items():
    assert compare_constants([ast.Eq()], [LIST, TUPLE]) == Const(False)
    assert compare_constants([ast.NotEq()], [Const(ListItems(("i", "j"))), TUPLE]) == Const(True)
    assert compare_constants([ast.Eq()], [LIST, Const(ListItems(("i", "j")))]) == Const(True)


def test_equal_items_of_an_unkept_kind_decide_nothing():
    assert compare_constants([ast.Eq()], [UNKEPT, TUPLE]) is None
    assert compare_constants([ast.NotEq()], [UNKEPT, LIST]) is None
    assert compare_constants([ast.Eq()], [UNKEPT, Const(("i", "j"))]) is None  # two unkept


def test_different_items_are_unequal_whatever_the_kinds():
    assert compare_constants([ast.Eq()], [UNKEPT, Const(("j", "i"))]) == Const(False)
    assert compare_constants([ast.NotEq()], [UNKEPT, Const(("i",))]) == Const(True)


def test_membership():
    assert compare_constants([ast.In()], [Const("i"), UNKEPT]) == Const(True)
    assert compare_constants([ast.NotIn()], [Const("k"), UNKEPT]) == Const(True)
    nested = Const(ListItems((ListItems(("i", "j")),)))  # [["i", "j"]]
    assert compare_constants([ast.In()], [TUPLE, nested]) == Const(False)
    assert compare_constants([ast.In()], [LIST, nested]) == Const(True)
    assert compare_constants([ast.In()], [Const(("i", "j")), nested]) is None


def test_ordering_decided_only_when_the_kinds_agree():
    assert compare_constants([ast.Lt()], [UNKEPT, Const(("j",))]) is None  # a list and a tuple: TypeError
    assert compare_constants([ast.Lt()], [LIST, Const(ListItems(("j",)))]) == Const(True)
    assert compare_constants([ast.Lt()], [Const(1), Const(2)]) == Const(True)


def test_a_shape_is_a_tuple():
    shape = Const(TupleItems((8, 4)))
    assert compare_constants([ast.Eq()], [shape, Const(TupleItems((8, 4)))]) == Const(True)
    assert compare_constants([ast.Eq()], [shape, Const(TupleItems((8, 2)))]) == Const(False)


def test_too_many_unkept_kinds_decide_nothing():
    many = Const(tuple(("i",) for _ in range(6)))
    assert compare_constants([ast.Eq()], [many, Const(())]) is None


def test_type_of_a_kept_kind():
    assert type_of(LIST) == JaxName("builtins.list")
    assert type_of(TUPLE) == JaxName("builtins.tuple")
    assert type_of(UNKEPT) is None
    assert compare_constants([ast.Is()], [type_of(LIST), JaxName("builtins.list")]) == Const(True)
    assert compare_constants([ast.Is()], [type_of(TUPLE), JaxName("builtins.list")]) == Const(False)
    klass = ClassValue(ast.ClassDef(name="Axes", bases=[], keywords=[], body=[], decorator_list=[]))
    assert compare_constants([ast.Is()], [klass, JaxName("builtins.tuple")]) == Const(False)
    assert compare_constants([ast.Eq()], [klass, JaxName("builtins.tuple")]) is None  # a metaclass may define ==


def test_a_list_and_a_tuple_of_equal_items_join_to_an_unkept_kind():
    assert Const(ListItems(("i",))) != Const(TupleItems(("i",)))
    assert not same_value(LIST, TupleValue(LIST.items, "tuple"))
    assert join(Const(ListItems(("i",))), Const(TupleItems(("i",)))) == Const(("i",))
    assert join(LIST, TupleValue(LIST.items, "tuple")) == UNKEPT
    assert join(LIST, LIST) == LIST
    assert join(Const(("i",)), Const(("j",))) == UNKNOWN


def test_a_loop_carry_compares_without_kinds():
    # JAX rejects a carry whose structure changes (a list for a tuple too): a run that goes on kept it
    assert same_value(LIST, TupleValue(LIST.items), kinds=False)
    assert not same_value(LIST, TupleValue(LIST.items))


def test_a_slice_keeps_the_kind_of_a_sequence_and_a_str_stays_a_str():
    from codemods.analysis.sequences import as_kind, sequence

    assert sequence([Const("i")], "list") == Const(ListItems(("i",)))
    assert as_kind(Const(("i",)), "list") == Const(ListItems(("i",)))
    assert as_kind(Const("ij"), "list") == Const("ij")
