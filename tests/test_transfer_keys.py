"""Case keys: how a call in source code is spelled as the key of an observed case, and what must
not match (an unobserved keyword, context or container stays unknown, so a finding stays certain)."""
from __future__ import annotations

import pytest

from codemods.analysis import transfer, transfer_keys
from codemods.analysis.values import (
    AxisState,
    Const,
    JaxName,
    State,
    Static,
    TupleValue,
)
from codemods.transfer import model
from codemods.transfer.table import Operation

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN


def rule(args=("A",), params=("self", "axis", "dtype", "out", "keepdims"), irrelevant=False, cases=None):
    operation = Operation("method:sum", tuple(args), cases or {}, tuple(params), irrelevant)
    return transfer.OperandRule(operation)


def state(rest=I, **axes) -> AxisState:
    return AxisState.of(dict(axes), rest)


def keys(values, keywords=None, operation=None, axis="i"):
    return transfer_keys.case_keys(operation or rule(), values, keywords or {}, axis)


# ---------------------------------------------------------------------------------------------
# Spelling
# ---------------------------------------------------------------------------------------------
def test_keyword_and_context_spelling():
    assert model.keyword_suffix({"keepdims": "True", "axis": "(0, 1)"}) == "|axis=(0, 1)|keepdims=True"
    assert model.value_label((0, 1)) == "(0, 1)" and model.value_label((0,)) == "(0,)"
    assert model.value_label(None) == "None" and model.value_label(-1) == "-1"
    assert model.context_suffix([]) == ""
    assert model.context_suffix([("invariant", "invariant")]) == ""  # an axis every operand is invariant on
    assert model.context_suffix([("varying", "invariant"), ("varying", "varying")]) == "@VI;VV"
    assert model.context_suffix([("varying", "varying"), ("varying", "invariant")]) == "@VI;VV"  # axes are interchangeable by name
    assert model.context_suffix([("varying", "reduced")]) == "@VR"  # a reduced or unreduced column is spelled too
    assert model.context_suffix([("unreduced",), ("reduced",)]) == "@R;U"
    assert model.context_suffix([("varying", "unknown")]) is None


def test_sum_of_a_value_reduced_on_i_with_mixed_other_axes():
    g = state(i=R, model=V, pipe=I)
    assert keys([g]) == ["reduced@V"]
    assert keys([g], operation=rule(irrelevant=True)) == ["reduced"]


def test_two_operands_name_their_columns_in_operand_order():
    g, w = state(i=R, data=V), state(model=V)
    assert keys([g, w], operation=rule(args=("A", "A"), params=("a", "b"))) == ["reduced,invariant@IV;VI"]


def test_keywords_of_the_forms_real_code_writes():
    g = state(i=R)
    assert keys([g], {"axis": Const(None), "keepdims": Const(True)}) == ["reduced|axis=None|keepdims=True"]
    assert keys([g], {"axis": TupleValue((Const(0), Const(1)))}) == ["reduced|axis=(0, 1)"]
    assert keys([g], {"axis": Const(-1)}) == ["reduced|axis=-1"]
    assert keys([g], {"dtype": JaxName("jax.numpy.float32")}) == ["reduced|dtype=float32"]
    assert keys([g], {"dtype": JaxName("numpy.float32")}) == ["reduced|dtype=float32"]


def test_a_positional_axis_is_the_axis_keyword():
    g = state(i=R)
    assert keys([g, Const(0)]) == ["reduced|axis=0"]
    assert keys([g, TupleValue((Const(0), Const(1)))]) == ["reduced|axis=(0, 1)"]
    concatenate = rule(args=("L",), params=("arrays", "axis", "dtype"))
    assert keys([TupleValue((g, state())), Const(1)], operation=concatenate) == ["reduced,invariant|axis=1"]


def test_a_python_number_beside_an_operator_operand_stays_an_operand():
    multiply = rule(args=("A", "A"), params=())
    assert keys([state(i=R), Const(2)], operation=multiply) == ["reduced,int"]


# ---------------------------------------------------------------------------------------------
# What must not match
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("keywords", [
    {"where": state()},                                  # an array keyword: never a label
    {"initial": Const(0)},                               # a keyword the generator does not try
    {"axis": Static()},                                  # an axis whose value is not known
    {"axis": JaxName("jax.numpy.float32")},              # not an axis
    {"dtype": JaxName("jax.numpy.not_a_dtype")},
    {"axis": TupleValue((Const(0), Static()))},
])
def test_keywords_the_tables_cannot_spell_are_unknown(keywords):
    assert keys([state(i=R)], keywords) is None


def test_an_axis_given_positionally_and_by_keyword_is_unknown():
    assert keys([state(i=R), Const(0)], {"axis": Const(1)}) is None


@pytest.mark.parametrize("operand", [
    state(i=R, j=Q),
    state(rest=V, i=R),         # varying on axes it does not name: how many, the table cannot tell
    state(rest=R, i=R),
    state(rest=Q, i=R),
])
def test_other_axes_the_tables_did_not_observe_are_unknown(operand):
    assert keys([operand]) is None


def test_values_reduced_or_unreduced_on_other_axes_name_them():
    assert keys([state(i=R, j=R)]) == ["reduced@R"]
    assert keys([state(i=R, j=R)], axis="j") == ["reduced@R"]  # the axes are interchangeable
    assert keys([state(i=R, j=U, k=V)]) == ["reduced@U;V"]
    two = rule(args=("A", "A"), params=("a", "b"))
    g, w = state(i=R, j=R), state(i=R, j=I, k=V)
    assert keys([g, w], operation=two) == ["reduced,reduced@IV;RI"]


def test_an_operation_the_other_axes_never_changed_still_needs_known_states_there():
    irrelevant = rule(irrelevant=True)  # a format-2 table: seen irrelevant while I or V there
    assert keys([state(rest=V, i=R)], operation=irrelevant) == ["reduced"]
    assert keys([state(i=R, j=R)], operation=irrelevant) == ["reduced@R"]  # matched exactly, if ever observed
    assert keys([state(rest=Q, i=R)], operation=irrelevant) is None
    assert keys([state(rest=R, i=R)], operation=irrelevant) is None


def test_an_operation_seen_irrelevant_with_reduced_other_axes_reads_its_plain_case():
    operation = Operation("jax.numpy.tanh", ("A",), {"reduced": {"state": "reduced"},
                                                     "reduced@U": {"error": "NotImplementedError", "message": "no"}},
                          ("x",), True, (), "IRV")
    tanh = transfer.OperandRule(operation)
    assert keys([state(i=R, j=R)], operation=tanh) == ["reduced"]
    assert keys([state(i=R, j=R, k=V)], operation=tanh) == ["reduced"]
    assert tanh.keeps(keys([state(i=R, j=R)], operation=tanh))
    assert keys([state(i=R, j=U)], operation=tanh) == ["reduced@U"]  # U was not among the letters
    assert not tanh.keeps(keys([state(i=R, j=U)], operation=tanh))
    assert operation.outcome("reduced@R;V").state == "reduced" and operation.outcome("reduced@R;U") is None
    # Reduced on i and j: the result is reduced on both (each axis looked up on its own).
    both = state(i=R, j=R, k=V)
    result = transfer.through(tanh, [both], [both])
    assert (result.on("i"), result.on("j"), result.on("k")) == (R, R, V)
    assert transfer.through(rule(irrelevant=True, cases={"reduced": {"state": "reduced"}}), [both], [both]).unknown


def test_a_case_absent_from_the_table_proves_nothing():
    operation = rule(cases={"reduced": {"state": "reduced"}, "reduced|axis=0@V": {"state": "reduced"}})
    assert operation.keeps(keys([state(i=R)]))
    assert operation.keeps(keys([state(i=R, j=V)], {"axis": Const(0)}))
    assert not operation.keeps(keys([state(i=R, j=V)]))                    # @V never observed without axis=
    assert not operation.keeps(keys([state(i=R, j=V, k=V)], {"axis": Const(0)}))  # two varying axes: @V;V
    assert not operation.keeps(keys([state(i=R)], {"axis": Const(1)}))


def test_a_case_that_depends_on_rank_or_dtype_is_neither_kept_nor_raising():
    depends = {"result": "depends", "variant": "int", "saw": ["state", "reduced"]}
    operation = rule(cases={"reduced": depends}, irrelevant=True)
    assert operation.state(keys([state(i=R)])) is None
    assert not operation.keeps(keys([state(i=R)]))
    assert not operation.raises_replicated(keys([state(i=R)]))


# ---------------------------------------------------------------------------------------------
# The derived property
# ---------------------------------------------------------------------------------------------
def test_other_axes_are_irrelevant_only_when_no_observed_case_changed_with_them():
    same = {"reduced": {"state": "reduced"}, "reduced@V": {"state": "reduced"}, "reduced@V;V": {"state": "reduced"}}
    assert model.other_axes_irrelevant(same)
    changed = dict(same, **{"reduced@V;V": {"error": "ValueError", "message": "pvary cannot accept args"}})
    assert not model.other_axes_irrelevant(changed)
    assert not model.other_axes_irrelevant({"reduced": {"state": "reduced"}})  # never compared
    # JAX's message names the operand's type; what it says is compared, not the type.
    messages = {"reduced": {"error": "E", "message": "Inputs cannot be replicated. Got input type: float32[]"},
                "reduced@V": {"error": "E", "message": "Inputs cannot be replicated. Got input type: float32[]{V:j}"}}
    assert model.other_axes_irrelevant(messages)


def test_the_widest_set_of_other_axes_states_that_never_changed_an_outcome():
    kept, error = {"state": "reduced"}, {"error": "NotImplementedError", "message": "unreduced rule"}
    tanh = {"reduced": kept, "reduced@V": kept, "reduced@R": kept, "reduced@R;V": kept, "reduced@U": error}
    assert model.irrelevant_letters(tanh) == "IRV"
    assert model.irrelevant_letters(dict(tanh, **{"reduced@U": kept})) == "IRUV"
    assert model.irrelevant_letters(dict(tanh, **{"reduced@R;V": error})) == "IV"
    assert model.irrelevant_letters({"reduced": kept, "reduced@R": kept}) == ""  # V never observed
    # A letter counts only where it was observed: no U case, no U in the set.
    assert model.irrelevant_letters({"reduced": kept, "reduced@V": kept, "reduced@R": kept}) == "IRV"
    assert model.context_letters("reduced,invariant|axis=0@IV;RU") == {"I", "V", "R", "U"}
    assert model.context_letters("reduced|axis=0") == set()


def test_cases_that_depend_on_the_dtype_are_alike_only_where_each_kinds_outcome_is():
    def depends(int_state):
        return {"result": "depends", "variant": "int", "saw": ["state", int_state],
                model.DTYPE_OUTCOMES: {"float": {"state": "reduced"}, "int": {"state": int_state}}}
    assert model.irrelevant_letters({"reduced": depends("invariant"), "reduced@V": depends("invariant")}) == "IV"
    assert model.irrelevant_letters({"reduced": depends("invariant"), "reduced@V": depends("varying")}) == ""
    older = {"result": "depends", "variant": "int", "saw": ["state", "invariant"]}  # (a table without kinds)
    assert model.gist(older) == ("result", "depends", None)


def test_the_result_follows_the_observed_state_and_combines_elsewhere():
    operation = rule(args=("A", "A"), params=("a", "b"),
                     cases={"reduced,invariant@IV": {"state": "invariant"}, "reduced,invariant": {"state": "reduced"}})
    g, w = state(i=R, pipe=I), state(j=V)
    result = transfer.through(operation, [g, w], [g, w])
    assert result.on("i") is I and result.on("j") is V and result.on("pipe") is I
    kept = transfer.through(operation, [g, state()], [g, state()])
    assert kept.on("i") is R
    unknown = transfer.through(operation, [g, state(i=V)], [g, state(i=V)])
    assert unknown.unknown


def test_the_generator_and_the_analysis_spell_a_call_alike():
    pytest.importorskip("jax")
    import jax.numpy as jnp

    from codemods.transfer import observe

    generated = observe.keyword_key({"axis": (0, 1), "keepdims": True}) + observe.contexts(1, True)[1][0]
    looked_up = keys([state(i=R, j=V)], {"axis": TupleValue((Const(0), Const(1))), "keepdims": Const(True)})
    assert looked_up == ["reduced" + generated]
    assert observe.keyword_key({"dtype": jnp.float32, "axis": -1}) == "|axis=-1|dtype=float32"
    assert keys([state(i=R)], {"dtype": JaxName("jax.numpy.float32"), "axis": Const(-1)}) == ["reduced|axis=-1|dtype=float32"]
    # Every context the generator observes for two operands is one the analysis can spell.
    spelled = {suffix for suffix, _ in observe.contexts(2, True)}
    g, w = state(i=R, j=V, k=I), state(j=I, k=V)
    assert keys([g, w], operation=rule(args=("A", "A"), params=("a", "b")))[0].partition("@")[2] in {
        suffix.lstrip("@") for suffix in spelled}
    # Operands reduced on i and on another axis (a gradient beside a weight, both reduced on j).
    with_reduced = {suffix for suffix, _ in observe.contexts(2, True, reduced=True)}
    g, w = state(i=R, j=R, k=V), state(j=R)
    assert "@" + keys([g, w], operation=rule(args=("A", "A"), params=("a", "b")))[0].partition("@")[2] in with_reduced
    assert {"@R", "@R;R", "@R;V", "@U"} <= {suffix for suffix, _ in observe.contexts(1, True, reduced=True)}
    assert "@RRR" in {suffix for suffix, _ in observe.contexts(3, False, reduced=True)}  # a list of three
    assert not any("R" in suffix or "U" in suffix for suffix, _ in observe.contexts(2, True))
    assert observe.positional_names(jnp.sum)[:2] == ["a", "axis"]


# ---------------------------------------------------------------------------------------------
# The argument lists real code writes beside the observed signature
# ---------------------------------------------------------------------------------------------
def test_the_generator_plans_numbers_and_bounds_in_every_position():
    pytest.importorskip("jax")
    from codemods.transfer import observe

    def clip(arr=None, /, min=None, max=None):  # jnp.clip's parameters
        return arr

    def where(condition, x=None, y=None, /, *, size=None):
        return x

    def total(a, axis=None, dtype=None):
        return a

    number = observe.py_value(2.0)
    planned = observe.extra_signatures(("A",), clip, 2.0)
    for signature in [("A", number), ("A", number, number), ("A", "A", "A"), ("A", "A", number), ("A", number, "A")]:
        assert signature in planned, signature
    planned = observe.extra_signatures(("A", "A", "A"), where, 2.0)
    assert ("A", number, "A") in planned and ("A", "A", number) in planned and (number, "A", number) in planned
    assert (number, number, number) not in planned  # no array operand left: no state to observe
    assert observe.extra_signatures(("A",), total, 2.0) == []  # axis= is tried as a keyword, not filled
    assert observe.extra_signatures(("A", observe.py_value(1)), clip, 2.0) == []  # already takes a number


def test_keywords_naming_the_next_positional_parameters_are_spelled_positionally():
    clip = rule(args=("A",), params=("arr", "min", "max"))
    g, low = state(i=R), state(i=V)
    assert keys([g, Const(-1.0), Const(1.0)], operation=clip) == ["reduced,float,float"]
    assert keys([g], {"min": Const(-1.0), "max": Const(1.0)}, operation=clip) == ["reduced,float,float"]
    assert keys([g], {"max": Const(1.0), "min": low}, operation=clip) == ["reduced,varying,float"]
    assert keys([g, Const(-1.0)], {"max": Const(1.0)}, operation=clip) == ["reduced,float,float"]
    # `max=` alone leaves `min` unbound: that call was never observed, so it stays unknown.
    assert keys([g], {"max": Const(1.0)}, operation=clip) is None
