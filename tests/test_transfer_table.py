"""The shipped transfer tables: loading by target version, lookups, and agreement with JAX."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from codemods.transfer import compare, model
from codemods.transfer import table as transfer

ROOT = Path(__file__).resolve().parent.parent
DATA = resources.files("codemods.transfer").joinpath("data")
REPLICATED = "Inputs cannot be replicated on the same axes that another input is reduced on"


def _installed_jax() -> str | None:
    try:
        from importlib.metadata import version
        return version("jax")
    except Exception:  # noqa: BLE001 -- not installed
        return None


def test_tables_ship_for_three_jax_lines():
    versions = transfer.available()
    assert (0, 8, 2) in versions and (0, 10, 2) in versions
    assert any(version[:2] == (0, 9) for version in versions)


def test_each_table_names_the_jax_it_was_derived_on():
    for version in transfer.available():
        table = transfer.load(version)
        assert table.jax_version == ".".join(map(str, version))
        assert len(table.derived) == 10 and table.derived[4] == "-"


def test_a_target_without_its_own_table_reads_the_nearest_older_one():
    assert transfer.load((0, 10, 5)).jax_version == "0.10.2"
    assert transfer.load((0, 9, 7)).jax_version == "0.9.2"
    assert transfer.load((0, 10, 1)).jax_version == "0.9.2"


def test_a_target_older_than_every_table_has_no_table():
    assert transfer.load((0, 7, 0)) is None


def test_an_absent_operation_is_unknown_and_proves_nothing():
    table = transfer.load((0, 10, 2))
    assert table.function("jax.numpy.no_such_function") is None
    assert not transfer.keeps_reduced(None, ("reduced",))
    assert not transfer.raises(None, ("reduced", "float"), REPLICATED)
    relu = table.function("jax.nn.relu")
    assert not transfer.raises(relu, ("reduced", "reduced", "reduced"), REPLICATED)  # a case never run
    assert table.operator("not an operator") is None


def test_at_least_300_operations_each_observed_in_every_state():
    table = transfer.load((0, 10, 2))
    assert len(table.operations) >= 300
    for name in table.operations:
        operation = table.operation(name)
        cases = operation.cases
        for state in (model.VARYING, model.INVARIANT, model.REDUCED, model.UNREDUCED):
            labels = [state if slot in ("A", "L") else slot for slot in operation.args]
            assert any(case.split(",").count(state) == operation.array_operands for case in cases), (name, labels)
        for outcome in map(table.outcomes.__getitem__, cases.values()):
            assert ("state" in outcome) or ("error" in outcome and "message" in outcome) or ("result" in outcome)


def test_unsatisfied_signatures_are_listed_not_tabled():
    table = transfer.load((0, 10, 2))
    assert table.unsatisfied
    assert not set(table.unsatisfied) & set(table.operations)


def test_facts_page_examples_on_0_10_2():
    # jax-collectives.md, "Reduced values in arithmetic", run on 0.10.2.
    table = transfer.load((0, 10, 2))
    assert transfer.keeps_reduced(table.function("jax.numpy.tanh"), ("reduced",))
    assert transfer.keeps_reduced(table.operator("*"), ("reduced", "reduced"))
    assert transfer.raises(table.operator("*"), ("reduced", "int"), REPLICATED)
    assert transfer.raises(table.operator("/"), ("reduced", "invariant"), REPLICATED)
    assert transfer.raises(table.function("jax.numpy.mean"), ("reduced",), REPLICATED)
    assert transfer.raises(table.function("jax.nn.softmax"), ("reduced",), REPLICATED)
    assert transfer.raises(table.function("jax.numpy.maximum"), ("reduced", "float"), REPLICATED)
    assert not transfer.keeps_reduced(table.function("jax.numpy.max"), ("reduced",))
    assert table.operator("**").outcome("reduced,int").state == model.INVARIANT  # r ** 2 drops it silently


def test_the_forms_real_code_writes_are_observed_on_0_10_2():
    table = transfer.load((0, 10, 2))
    total = table.method("sum")
    for key in ("reduced", "reduced|axis=None|keepdims=True", "reduced|axis=(0, 1)", "reduced|dtype=float32",
                "reduced|axis=-1|keepdims=True"):
        assert transfer.keeps_reduced(total, key), key
    assert total.other_axes_irrelevant  # derived: no observed case changed with the other axes
    assert transfer.keeps_reduced(total, "reduced@V;V") and transfer.keeps_reduced(total, "reduced@V")
    assert transfer.raises(table.method("mean"), "reduced|axis=(0, 1)", REPLICATED)
    assert transfer.raises(table.function("jax.nn.relu"), "reduced@V", REPLICATED)
    assert transfer.keeps_reduced(table.method("astype"), "reduced@V")
    concatenate = table.function("jax.numpy.concatenate")
    assert not concatenate.other_axes_irrelevant
    assert transfer.keeps_reduced(concatenate, "reduced,invariant|axis=1")       # beside an invariant operand
    assert transfer.keeps_reduced(concatenate, "reduced,reduced,reduced@VVV")   # a list of three
    dot = table.function("jax.numpy.dot")
    assert transfer.state_after(dot, "reduced,reduced@VV") == model.INVARIANT    # dot drops the reduced state


@pytest.mark.parametrize("version", [(0, 9, 2), (0, 10, 2)])
def test_numbers_and_bounds_in_other_positions_are_observed(version):
    # Run on jax 0.10.2: jnp.clip(r, -c, c), r.clip(0, 1) and jnp.minimum(1.0, r) of a reduced r
    # raise "Inputs cannot be replicated ..."; a varying lower bound makes the result varying.
    table = transfer.load(version)
    for name in ("jax.numpy.clip", "method:clip"):
        clip = table.function(name)
        for key in ("reduced,float,float", "reduced,int,int", "reduced,invariant,float", "reduced,float,invariant"):
            assert transfer.raises(clip, key, REPLICATED), (name, key)
        assert transfer.state_after(clip, "reduced,varying,float") == model.VARYING
    assert transfer.raises(table.function("jax.numpy.minimum"), "float,reduced", REPLICATED)
    if version == (0, 10, 2):  # jnp.where(m, r, 0.0) drops the reduced state there
        assert transfer.state_after(table.function("jax.numpy.where"), "invariant,reduced,float") == model.INVARIANT


def test_values_reduced_on_two_axes_are_observed_on_0_10_2():
    # Run on jax 0.10.2: tanh of pcast(x, ('i', 'j'), to='reduced') is float32[4,4]{R:(i,j)}; a
    # product of two such values too; beside a value reduced on i alone JAX raises "All inputs
    # should be reduced across the same mesh axes", beside an invariant one the replicated error.
    table = transfer.load((0, 10, 2))
    tanh = table.function("jax.numpy.tanh")
    assert model.REDUCED in tanh.irrelevant_states
    assert transfer.keeps_reduced(tanh, "reduced@R") and transfer.keeps_reduced(tanh, "reduced@R;V")
    multiply = table.operator("*")
    assert transfer.keeps_reduced(multiply, "reduced,reduced@RR")
    assert multiply.outcome("reduced,reduced@RI").message.startswith("All inputs should be reduced across the same")
    assert transfer.raises(multiply, "reduced,invariant@RI", REPLICATED)
    assert transfer.raises(table.function("jax.numpy.mean"), "reduced@R", REPLICATED)
    # A list of three arrays, each reduced on i and j.
    assert transfer.keeps_reduced(table.function("jax.numpy.concatenate"), "reduced,reduced,reduced@RRR")


def test_unreduced_other_axes_are_observed_on_0_10_2():
    # Run on jax 0.10.2: x reduced on i and unreduced on j; x.sum() is float32[]{U:j, R:i}, while
    # tanh raises "unreduced rule for tanh is not implemented".
    table = transfer.load((0, 10, 2))
    assert transfer.keeps_reduced(table.method("sum"), "reduced@U")
    tanh = table.function("jax.numpy.tanh")
    assert model.UNREDUCED not in tanh.irrelevant_states
    assert tanh.outcome("reduced@U").error == "NotImplementedError"


def test_a_format_2_table_still_loads_and_reads_its_flag_as_invariant_or_varying():
    data = {"format": 2, "jax_version": "0.9.2", "derived": "2026-11-30", "outcomes": [{"state": "reduced"}],
            "operations": {"jax.numpy.tanh": {"args": ["A"], "cases": {"reduced": 0}, "other_axes_irrelevant": True}}}
    tanh = transfer.from_data(data).function("jax.numpy.tanh")
    assert tanh.irrelevant_states == {model.VARYING, model.INVARIANT}
    assert transfer.keeps_reduced(tanh, "reduced@V;V")
    assert not transfer.keeps_reduced(tanh, "reduced@R")  # never observed by that table
    assert transfer.from_data(dict(data, format=1)) is None


def test_what_varies_with_rank_or_dtype_or_the_other_axes_proves_nothing():
    table = transfer.load((0, 10, 2))
    sort = table.function("jax.numpy.sort")
    # Float sorts fail when JAX lowers them; int sorts keep the reduced state.
    assert sort.outcome("reduced|axis=0").state is None and sort.outcome("reduced|axis=0").error is None
    assert not transfer.raises(sort, "reduced|axis=0", REPLICATED)
    multiply = table.operator("*")
    assert not multiply.other_axes_irrelevant
    assert transfer.state_after(multiply, "reduced,varying") == model.VARYING
    # The varying operand also varies on another axis the reduced one does not: JAX's inserted
    # pvary rejects the reduced one ("pvary cannot accept args which are reduced").
    assert transfer.state_after(multiply, "reduced,varying@IV") is None
    assert multiply.outcome("reduced,varying@IV").message.startswith("pvary cannot accept args which are reduced")


def test_a_case_that_changes_with_the_dtype_keeps_each_kinds_outcome_on_0_10_2():
    # jnp.isfinite of a reduced float array stays reduced (run on 0.10.2); of an int array it is
    # a constant. Unread for an unknown dtype, read per kind for a known one.
    isfinite = transfer.load((0, 10, 2)).function("jax.numpy.isfinite")
    assert transfer.state_after(isfinite, "reduced") is None
    assert transfer.state_after(isfinite.of_kind("float"), "reduced") == model.REDUCED
    assert transfer.state_after(isfinite.of_kind("int"), "reduced") == model.INVARIANT
    assert isfinite.of_kind(None) is isfinite and isfinite.of_kind("float").of_kind(None) == isfinite
    # A case that does not depend on the dtype reads alike for every kind.
    tanh = transfer.load((0, 10, 2)).function("jax.numpy.tanh")
    assert transfer.state_after(tanh.of_kind("int"), "reduced") == transfer.state_after(tanh, "reduced")


def test_tables_without_dtype_outcomes_leave_every_kind_unknown():
    # The 0.8.2 and 0.9.2 tables were derived before the outcome per kind was kept: a case that
    # depends on the dtype stays unknown whatever the operands' kind.
    depends = {"result": "depends", "variant": "int", "saw": ["state", "reduced"]}
    data = {"format": 3, "jax_version": "0.9.2", "derived": "2026-11-30", "outcomes": [depends],
            "operations": {"jax.numpy.trunc": {"args": ["A"], "cases": {"reduced": 0}}}}
    trunc = transfer.from_data(data).function("jax.numpy.trunc")
    for kind in (None, "float", "int", "bool"):
        assert transfer.state_after(trunc.of_kind(kind), "reduced") is None
    kept = dict(depends, dtypes={"float": {"state": "invariant"}})
    trunc = transfer.from_data(dict(data, outcomes=[kept])).function("jax.numpy.trunc")
    assert transfer.state_after(trunc.of_kind("float"), "reduced") == model.INVARIANT
    assert transfer.state_after(trunc.of_kind("int"), "reduced") is None  # (no int outcome kept)
    old = transfer.load((0, 9, 2)).function("jax.numpy.isinf")
    assert transfer.state_after(old.of_kind("float"), "reduced") is None


def test_r_times_two_kept_the_reduced_state_on_0_8_2():
    # The tables differ here: jax 0.8.2 accepted a reduced value times a constant.
    table = transfer.load((0, 8, 2))
    assert transfer.keeps_reduced(table.operator("*"), ("reduced", "int"))
    assert not transfer.raises(table.operator("*"), ("reduced", "int"), REPLICATED)


def test_psum_over_a_tuple_needs_one_state_on_0_10_2():
    table = transfer.load((0, 10, 2))
    outcome = table.collective_outcome("jax.lax.psum", ("i", "j"), {"i": model.VARYING, "j": model.INVARIANT})
    assert outcome["error"] == "ValueError" and "can only accept axis_name" in outcome["message"]
    fine = table.collective_outcome("jax.lax.psum", ("i",), {"i": model.VARYING, "j": model.INVARIANT})
    assert fine == {"states": {"i": model.INVARIANT, "j": model.INVARIANT}}
    gather = table.collective_outcome("jax.lax.all_gather(to=reduced)", ("i",), {"i": model.INVARIANT, "j": model.INVARIANT})
    assert "error" in gather


def test_rejecting_operations_lists_relu_and_mean_but_not_sum():
    names = transfer.rejecting_operations(transfer.load((0, 10, 2)), REPLICATED)
    assert "jax.nn.relu" in names and "jax.numpy.mean" in names and "operator:mul" in names
    assert "jax.numpy.sum" not in names


def test_the_committed_differences_page_matches_the_tables():
    tables = [transfer.read(DATA.joinpath(transfer.file_name(version)), resolved=True)
              for version in transfer.available()]
    expected = []
    for old, new in zip(tables, tables[1:]):
        expected += compare.differences(old, new)
    page = (ROOT / "docs" / "transfer-differences.md").read_text(encoding="utf-8")
    assert "\n".join(expected) in page


def _gist(outcome: dict) -> tuple:
    """State, or error class and message up to its details (sets print in hash order)."""
    if "error" in outcome:
        return ("error", outcome["error"], outcome["message"].split(" Got ")[0])
    return tuple(sorted((key, json.dumps(value, sort_keys=True)) for key, value in outcome.items()))


SAMPLE = ("jax.nn.relu", "jax.numpy.concatenate", "jax.numpy.stack", "jax.numpy.where", "jax.numpy.einsum",
          "jax.numpy.cumsum", "jax.numpy.sort", "jax.numpy.mean", "jax.numpy.reshape", "jax.numpy.transpose",
          "operator:mul", "operator:pow", "operator:getitem", "method:sum", "method:mean", "attribute:T",
          "jax.lax.exp", "jax.scipy.special.erf", "jax.numpy.linalg.norm")


@pytest.mark.slow
@pytest.mark.skipif(_installed_jax() is None, reason="jax is not installed")
def test_the_installed_jax_still_gives_the_shipped_outcomes(tmp_path):
    version = tuple(int(part) for part in _installed_jax().split(".")[:3])
    if version not in transfer.available():
        pytest.skip(f"no table derived on jax {_installed_jax()}")
    shipped = transfer.load(version)
    every_thirtieth = sorted(shipped.operations)[::30]
    names = sorted(set(SAMPLE) | set(every_thirtieth))
    out = tmp_path / "sample.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "codemods.transfer.generate", "--out", str(out), "--only", *names],
                   check=True, env=env, capture_output=True, timeout=1800)  # ~1.5 min of CPU; 10 on a loaded machine
    derived = transfer.read(out, resolved=True)
    assert derived["jax_version"] == shipped.jax_version
    assert set(derived["operations"]) == set(names)
    # The shipped table is a whole run (no entries copied from an older generator's run by
    # `generate --update`, but those the generator's outcomes per dtype kind changed: see
    # test_every_shipped_table_is_a_whole_run_of_the_current_generator): each entry derived again
    # holds exactly its cases and outcomes.
    for name in names:
        again = derived["operations"][name]
        operation = shipped.operation(name)
        assert tuple(again["args"]) == operation.args, name
        assert set(again["cases"]) == set(operation.cases), name
        assert again.get(model.OTHER_AXES_IRRELEVANT, False) == operation.other_axes_irrelevant, name
        for case, outcome in again["cases"].items():
            assert _gist(outcome) == _gist(shipped.outcomes[operation.cases[case]]), (name, case)


def _dtype_dependent(table: dict) -> set[str]:
    """The operations with a case that changed with the dtype alone (what keeping the outcome per
    dtype kind changed in the generator)."""
    dtypes = set(model.DTYPE_KINDS)
    return {name for name, entry in table["operations"].items()
            if any(outcome.get("variant") in dtypes for outcome in entry["cases"].values())}


@pytest.mark.parametrize("version", transfer.available())
def test_every_shipped_table_is_a_whole_run_of_the_current_generator(version):
    """A table with a "rederived" list was partly copied from an older generator's run, whose
    argument lists were fewer: its other entries would miss cases the current generator observes.
    Two exceptions: the 0.10.2 table's entries whose cases change with the dtype were derived again
    when the generator began to keep each dtype kind's outcome, which changes no other entry; and
    every entry no argument list had satisfied was derived again when the last candidate,
    `(A, A, 0, 0)` (`lax.dynamic_update_slice_in_dim`), was added: a candidate tried last changes
    only the entries no earlier one satisfied."""
    table = transfer.read(DATA.joinpath(transfer.file_name(version)), resolved=True)
    rederived = table.get("rederived", [])
    if version == (0, 10, 2):
        satisfied_last = {name for name, entry in table["operations"].items() if entry["args"] == ["A", "A", "0", "0"]}
        assert [set(item["operations"]) for item in rederived] == [_dtype_dependent(table),
                                                                    set(table["unsatisfied"]) | satisfied_last]
        assert all(model.DTYPE_OUTCOMES in outcome for name in _dtype_dependent(table)
                   for outcome in table["operations"][name]["cases"].values()
                   if outcome.get("variant") in model.DTYPE_KINDS)
    else:
        assert not rederived, version
