"""The per-axis state analysis: one test per row of the facts page's transfer table
(docs/jax-collectives.md, "How collectives move the state" and "Reduced values in arithmetic"),
then how values are followed through a body (rebinding, branches, loops, helpers, ...).

Each test writes a small body and reads the state of one expression where a probe collective
receives it: `lax.all_gather(<expr>, 'probe')`.
"""
from __future__ import annotations

import ast
import sys
import textwrap

import pytest

from codemods import engine, jaxapi
from codemods.analysis import transfer
from codemods.analysis.transfer import collective_result, elementwise, pcast_result
from codemods.analysis.values import CONSTANT, UNKNOWN, AxisState, State
from codemods.rules._diagnosis import Kind, diagnose_module
from codemods.analysis.names import ImportTable

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN

HEADER = """\
import functools
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
"""


def analyse(source: str, target=jaxapi.NEWEST_KNOWN):
    tree = ast.parse(source)
    return diagnose_module(tree, ImportTable.of(tree), target)


def program(body: str, params: str = "x", in_specs: str = "P('i')", extra: str = "", mesh: str = "") -> str:
    mesh_kw = f"mesh={mesh}, " if mesh else ""
    return (
        HEADER
        + textwrap.dedent(extra)
        + f"\n\ndef body({params}):\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
        + "\n    return x\n\n\n"
        + f"f = jax.shard_map(body, {mesh_kw}in_specs={in_specs}, out_specs=P())\n"
    )


def state_of(body: str, expr: str, **kwargs) -> AxisState:
    """The state `expr` has at the end of `body`."""
    source = program(body + f"\n_probe = lax.all_gather({expr}, 'probe')", **kwargs)
    sites = [site for site in analyse(source).analysis.sites if site.axes == ("probe",)]
    assert sites, "the probe was not reached"
    return sites[-1].value


def states(value: AxisState, *axes: str) -> tuple[State, ...]:
    return tuple(value.on(axis) for axis in axes)


# ---------------------------------------------------------------------------------------------
# The transfer table, row by row
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", ["psum", "pmax", "pmin", "pmean"])
def test_reductions_give_invariant_on_their_axes(reduction):
    value = state_of(f"r = lax.{reduction}(x, 'i')", "r", in_specs="P('i', 'j')")
    assert states(value, "i", "j", "k") == (I, V, I)


def test_reduction_of_invariant_input_stays_invariant():
    value = state_of("r = lax.psum(lax.psum(x, 'i'), 'i')", "r")
    assert value.on("i") is I


def test_all_gather_default_gives_varying():
    value = state_of("r = lax.psum(x, 'i')\ng = lax.all_gather(r, 'i')", "g")
    assert value.on("i") is V


def test_all_gather_to_varying_gives_varying():
    assert state_of("g = lax.all_gather(x, 'i', to='varying')", "g").on("i") is V


def test_all_gather_to_reduced_gives_reduced():
    value = state_of("g = lax.all_gather(x, 'i', to='reduced')", "g", in_specs="P('i', 'j')")
    assert states(value, "i", "j") == (R, V)


def test_all_gather_to_invarying_gives_invariant():
    assert state_of("g = lax.all_gather(x, 'i', to='invarying')", "g").on("i") is I


@pytest.mark.parametrize("call", ["lax.ppermute(r, 'i', [(0, 1), (1, 0)])", "lax.all_to_all(r, 'i', 0, 0)",
                                  "lax.psum_scatter(r, 'i')"])
def test_ppermute_all_to_all_psum_scatter_give_varying(call):
    assert state_of("r = lax.psum(x, 'i')\ng = " + call, "g").on("i") is V


def test_pcast_to_varying_from_invariant_and_from_reduced():
    assert state_of("r = lax.psum(x, 'i')\nv = lax.pcast(r, 'i', to='varying')", "v").on("i") is V
    assert state_of("r = lax.all_gather(x, 'i', to='reduced')\nv = lax.pcast(r, 'i', to='varying')", "v").on("i") is V


def test_pcast_to_reduced_from_invariant():
    assert state_of("r = lax.psum(x, 'i')\nv = lax.pcast(r, 'i', to='reduced')", "v").on("i") is R


def test_pcast_to_unreduced_from_varying():
    assert state_of("v = lax.pcast(x, 'i', to='unreduced')", "v").on("i") is U


def test_pcast_to_varying_of_a_varying_value_continues_as_fixed():
    # JAX: "Unsupported pcast from=varying, to='varying'"; SF107 drops the cast, and the analysis
    # goes on with the value the fixed program has (as after every judged site).
    assert state_of("v = lax.pcast(x, 'i', to='varying')", "v").on("i") is V
    value = state_of("r = lax.psum(x, 'j')\nv = lax.pcast(r, ('i', 'j'), to='varying')", "v",
                     in_specs="P('i')")
    assert states(value, "i", "j") == (V, V)


def test_pcast_to_the_state_it_already_has_is_unknown():
    # JAX rejects a cast to the state the value already has; for to='reduced' no rule fixes it
    assert state_of("r = lax.psum(x, 'i')\nv = lax.pcast(r, 'i', to='reduced')\nw = lax.pcast(v, 'i', to='reduced')",
                    "w").unknown


def test_pcast_over_axes_in_different_states_is_unknown():
    value = state_of("r = lax.psum(x, 'j')\nv = lax.pcast(r, ('i', 'j'), to='reduced')", "v",
                     in_specs="P('i')")
    assert value.unknown


def test_old_pvary_rejects_reduced_values():
    # "pvary cannot accept args which are reduced": unlike pcast(to='varying')
    assert state_of("r = lax.all_gather(x, 'i', to='reduced')\nv = lax.pvary(r, 'i')", "v").unknown
    assert state_of("r = lax.psum(x, 'i')\nv = lax.pvary(r, 'i')", "v").on("i") is V


def test_explicit_output_sharding_is_not_followed():
    assert state_of("y = jnp.einsum('ab,bc->ac', x, x, out_sharding=P(unreduced={'i'}))", "y").unknown


def test_items_of_a_tuple_result_from_operands_in_different_states_are_unknown():
    body = "r = lax.psum(x, 'i')\na, b = jnp.broadcast_arrays(r, x)"
    assert state_of(body, "a").unknown
    assert state_of("r = lax.psum(x, 'i')\nout = lax.optimization_barrier((r, x))", "out[0]").unknown
    # operands in one state: every item has it
    assert state_of("a, b = jnp.broadcast_arrays(x, x * 2)", "a").on("i") is V


def test_elementwise_varies_if_any_operand_varies():
    value = state_of("r = lax.psum(x, 'i')\ny = r * x + 1.0", "y", in_specs="P('i', 'j')")
    assert states(value, "i", "j") == (V, V)
    value = state_of("r = lax.psum(x, 'i')\ny = jnp.dot(r, r) + 2", "y", in_specs="P('i', 'j')")
    assert states(value, "i", "j") == (I, V)


@pytest.mark.parametrize("expr", ["jnp.tanh(g)", "jnp.exp(g)", "jnp.abs(g)", "g.astype(jnp.float16)",
                                  "g.reshape(-1)", "g[0]", "g[1:]", "jnp.sum(g)", "-g", "g * g", "g + g", "g.T"])
def test_reduced_kept_by_the_operations_the_facts_list(expr):
    value = state_of("g = lax.all_gather(x, 'i', to='reduced')", expr)
    assert value.on("i") is R


@pytest.mark.parametrize("expr", ["jnp.concatenate([g, g])", "jnp.stack([g, g])", "g.sum(axis=0)"])
def test_reduced_kept_by_joining_operands_of_one_state(expr):
    # run on 0.10.2: concatenate([g, g]) and stack([g, g]) are {R:i} like g
    value = state_of("g = lax.all_gather(x, 'i', to='reduced')", expr)
    assert value.on("i") is R


def test_gather_to_invarying_gives_invariant():
    assert state_of("a = lax.all_gather(x, 'i', to='invarying')", "a").on("i") is I


@pytest.mark.parametrize("expr", ["g * 2", "g / 3.0", "jnp.mean(g)", "jax.nn.softmax(g)", "jnp.maximum(g, 0.0)"])
def test_reduced_through_anything_else_is_unknown(expr):
    value = state_of("g = lax.all_gather(x, 'i', to='reduced')", expr)
    assert value.on("i") is Q


@pytest.mark.parametrize(("expr", "state"), [("jnp.max(g)", I), ("g ** 2", I), ("g @ g", I), ("g + x", V)])
def test_reduced_dropped_to_the_state_the_table_observed(expr, state):
    # run on 0.10.2 (the transfer table): max, integer_pow and dot give an invariant result; a
    # varying operand makes the sum varying
    value = state_of("g = lax.all_gather(x, 'i', to='reduced')", expr)
    assert value.on("i") is state


def test_transfer_table_covers_every_collective_the_rules_judge():
    for name in ("psum", "pmean", "pmax", "pmin", "all_gather", "ppermute", "psum_scatter", "all_to_all", "pcast"):
        assert transfer.collective_rule(f"jax.lax.{name}") is not None
    assert transfer.collective_rule("jax.lax.psum").sums and not transfer.collective_rule("jax.lax.pmax").sums
    assert transfer.collective_rule("jax.lax.pmean").divides


# ---------------------------------------------------------------------------------------------
# The transfer functions on their own
# ---------------------------------------------------------------------------------------------
def test_collective_result_keeps_other_axes():
    value = AxisState.of({"i": V, "j": R})
    result = collective_result(value, ("i",), I, transfer.collective_rule("jax.lax.psum"), "psum result")
    assert states(result, "i", "j") == (I, R)


def test_pmean_of_a_value_reduced_elsewhere_is_unknown():
    value = AxisState.of({"i": V, "j": R})
    assert collective_result(value, ("i",), I, transfer.collective_rule("jax.lax.pmean"), "pmean result").unknown


def test_collective_on_unknown_input_knows_its_own_axes():
    result = collective_result(UNKNOWN, ("i",), I, transfer.collective_rule("jax.lax.psum"), "psum result")
    assert states(result, "i", "j") == (I, Q)


def test_pcast_result_rejects_a_cast_to_the_same_state():
    assert pcast_result(AxisState.of({"i": V}), ("i",), V, "").unknown
    assert pcast_result(AxisState.of({"i": R}), ("i",), V, "").on("i") is V


def test_elementwise_of_constants_is_invariant():
    assert elementwise([CONSTANT, CONSTANT], keeps_reduced=False).same_state(CONSTANT)


# ---------------------------------------------------------------------------------------------
# Following values through a body
# ---------------------------------------------------------------------------------------------
def test_parameters_vary_on_their_spec_axes_only():
    value = state_of("", "x", in_specs="P(('i', 'j'), None)")
    assert states(value, "i", "j", "k") == (V, V, I)


def test_tuple_in_specs_map_to_parameters():
    value = state_of("", "y", params="x, y", in_specs="(P('i'), P(None, 'j'))")
    assert states(value, "i", "j") == (I, V)


def test_spec_with_reduced_keyword():
    assert state_of("", "x", in_specs="P('i', reduced={'j'})").on("j") is R


def test_parameters_without_a_literal_spec_are_unknown():
    assert state_of("", "x", in_specs="SPECS").unknown
    assert state_of("", "x", in_specs="make_specs()").unknown


def test_rebinding_in_statement_order():
    value = state_of("x = lax.psum(x, 'i')\nx = lax.all_gather(x, 'i', to='invarying')", "x")
    assert value.on("i") is I


def test_nested_calls():
    value = state_of("", "lax.all_gather(lax.psum(x, 'i'), 'i', to='reduced')", in_specs="P('i', 'j')")
    assert value.on("i") is R  # the gather is judged (SF101) and followed as fixed: reduced afterwards
    value = state_of("", "jnp.tanh(lax.psum(x * 2, 'i'))")
    assert value.on("i") is I


def test_tuple_unpacking():
    value = state_of("a, b = lax.psum(x, 'i'), x", "a")
    assert value.on("i") is I
    value = state_of("a, b = lax.psum(x, 'i'), x", "b")
    assert value.on("i") is V


def test_partial_of_ppermute_bound_to_a_name():
    body = "shift = functools.partial(lax.ppermute, axis_name='i', perm=[(0, 1)])\nr = lax.psum(x, 'i')\ny = shift(r)"
    assert state_of(body, "y").on("i") is V


def test_axis_names_from_module_constants_and_keywords():
    extra = "AXES = ('i', 'j')\nAXIS = 'i'\n"
    value = state_of("r = lax.psum(x, axis_name=AXES)", "r", extra=extra, in_specs="P('i', 'j')")
    assert states(value, "i", "j") == (I, I)
    assert state_of("r = lax.psum(x, AXIS)", "r", extra=extra).on("i") is I


def test_branches_join_only_when_they_agree():
    agree = "if x.ndim == 2:\n    r = lax.psum(x, 'i')\nelse:\n    r = lax.pmax(x, 'i')"
    assert state_of(agree, "r").on("i") is I
    disagree = "if x.ndim == 2:\n    r = lax.psum(x, 'i')\nelse:\n    r = x"
    assert state_of(disagree, "r").on("i") is Q


def test_a_condition_on_constants_takes_its_branch_only():
    # shard_map passes the array only: `flag` is its default; REDUCE a module constant
    one_sided = "if flag:\n    r = lax.psum(x, 'i')\nelse:\n    r = x"
    assert state_of(one_sided, "r", params="x, flag=True").on("i") is I
    assert state_of(one_sided, "r", params="x, flag=False").on("i") is V
    chain = "if REDUCE == 'mean':\n    r = x\nelif REDUCE == 'sum' and not FAST:\n    r = lax.psum(x, 'i')\nelse:\n    r = x"
    assert state_of(chain, "r", extra="REDUCE = 'sum'\nFAST = False\n").on("i") is I
    assert state_of("r = lax.psum(x, 'i') if REDUCE in ('sum', 'mean') else x", "r",
                    extra="REDUCE = 'sum'\n").on("i") is I


def test_a_name_only_one_branch_binds_has_that_branch_state():
    # On the other path, reading `r` raises UnboundLocalError: no value of another state gets there.
    assert state_of("if x.ndim == 2:\n    r = lax.psum(x, 'i')", "r").on("i") is I
    assert state_of("if x.ndim == 1:\n    r = lax.psum(x, 'i')\nelif x.ndim == 2:\n    r = x", "r").on("i") is Q
    # bound before the branch: the path that keeps the old value counts
    assert state_of("r = x\nif x.ndim == 2:\n    r = lax.psum(x, 'i')", "r").on("i") is Q


def test_a_branch_that_returns_does_not_join():
    body = "if x.ndim == 2:\n    return x\nr = lax.psum(x, 'i')"
    assert state_of(body, "r").on("i") is I


def test_a_loop_keeps_a_state_every_round_keeps():
    body = "r = lax.psum(x, 'i')\nfor _ in range(3):\n    r = r * 2\n"
    assert state_of(body, "r").on("i") is I
    # a value the loop does not touch stays known
    assert state_of("r = lax.psum(x, 'i')\nfor _ in range(3):\n    y = r\n", "r").on("i") is I
    assert state_of("r = lax.psum(x, 'i')\nwhile r.sum() > 0:\n    r = r * 2\n", "r").on("i") is I


def test_a_loop_that_changes_a_state_gives_unknown_after_it():
    # round one makes r varying; a loop that may run no round leaves it invariant or varying: not known
    assert state_of("r = lax.psum(x, 'i')\nwhile r.sum() > 0:\n    r = r + x\n", "r").on("i") is Q
    assert state_of("r = lax.psum(x, 'i')\nfor _ in range(n):\n    r = r + x\n", "r").on("i") is Q
    # three rounds certainly run: r is what the last round left
    assert state_of("r = lax.psum(x, 'i')\nfor _ in range(3):\n    r = r + x\n", "r").on("i") is V
    assert state_of("r = lax.psum(x, 'i')\nfor _ in range(1):\n    r = r + x\n", "r").on("i") is V
    # a round that may return leaves the count of rounds unknown
    body = "r = lax.psum(x, 'i')\nfor _ in range(3):\n    if x.ndim == 2:\n        return r\n    r = r + x\n"
    assert state_of(body, "r").on("i") is Q
    # break / continue: what the body binds is unknown after it
    body = "r = lax.psum(x, 'i')\nfor k in range(3):\n    if k:\n        break\n    r = r * 2\n"
    assert state_of(body, "r").on("i") is Q


def test_the_first_round_of_a_loop_is_judged():
    # A ring that ppermutes a gathered value: JAX raises in the first round (reduced into ppermute).
    source = program("""
        g = lax.all_gather(x, 'i', to='reduced')
        for step in range(3):
            g = lax.ppermute(g, 'i', perm=[(0, 1), (1, 0)])
    """)
    problems = analyse(source).problems
    assert [(p.kind, p.cast) for p in problems] == [(Kind.REDUCED_INTO_COLLECTIVE, ("i",))]
    # a cast written there would run every round, and g varies from round two on: no fix
    assert not problems[0].fixable and "rounds" in problems[0].note
    # a value every round sees in one state: the cast (wrapped in place) holds in every round
    source = program("""
        r = lax.psum(x, 'i')
        for step in range(3):
            h = lax.all_gather(r, 'i', to='reduced')
    """)
    (problem,) = analyse(source).problems
    assert problem.kind is Kind.INVARIANT_INTO_GATHER_REDUCED and problem.fixable and problem.rebind is None


def test_unknown_functions_and_attributes_give_unknown():
    assert state_of("y = model(x)", "y").unknown
    assert state_of("y = obj.weights", "y", params="x, obj", in_specs="(P('i'), P())").unknown


def test_module_level_helper_is_analysed_with_call_site_states():
    extra = "def helper(v, axis):\n    return lax.psum(v, axis)\n"
    assert state_of("y = helper(x, 'i')", "y", extra=extra).on("i") is I


def test_nested_helper_and_lambda():
    body = "def inner(v):\n    return lax.psum(v, 'i')\nsq = lambda v: v * v\ny = sq(inner(x))"
    assert state_of(body, "y").on("i") is I


def test_tree_map_over_a_pytree_with_one_spec():
    assert state_of("g = jax.tree.map(lambda v: lax.psum(v, 'i'), x)", "g").on("i") is I


def test_closed_over_values_are_invariant():
    assert state_of("y = x + SCALE", "y", extra="SCALE = jnp.ones(3)\n").on("i") is V
    assert state_of("y = SCALE * 2", "y", extra="SCALE = jnp.ones(3)\n").on("i") is I


def test_axis_index_varies_on_its_axis():
    assert states(state_of("k = lax.axis_index('i')", "k"), "i", "j") == (V, I)


def test_unreduced_input_to_anything_but_psum_is_unknown():
    assert state_of("u = lax.pcast(x, 'i', to='unreduced')\ny = u * 2", "y").unknown
    assert state_of("u = lax.pcast(x, 'i', to='unreduced')\ny = lax.psum(u, 'i')", "y").on("i") is I


def test_check_vma_false_is_not_analysed():
    source = program("r = lax.psum(x, 'i')\ny = lax.all_gather(r, 'i', to='reduced')")
    source = source.replace("out_specs=P())", "out_specs=P(), check_vma=False)")
    assert analyse(source).problems == []


def test_partial_manual_axes_leave_auto_axes_unknown():
    source = program("y = x").replace("out_specs=P())", "out_specs=P(), axis_names={'i'})")
    source = source.replace("return x", "_probe = lax.all_gather(x, 'probe')\n    return x")
    site = next(s for s in analyse(source).analysis.sites if s.axes == ("probe",))
    assert states(site.value, "i", "j") == (V, Q)


def test_axes_outside_a_visible_mesh_are_not_judged():
    source = program("r = lax.psum(x, 'i')\ny = lax.all_gather(r, 'k', to='reduced')",
                     mesh="jax.make_mesh((2, 4), ('i', 'j'))")
    assert analyse(source).problems == []


def test_problems_found_per_kind():
    source = program("""
        r = lax.psum(x, 'i')
        a = lax.all_gather(r, 'i', to='reduced')
        g = lax.all_gather(x, 'j', to='reduced')
        b = lax.all_gather(g, ('i', 'j'), to='reduced')
        c = lax.psum(g, 'j')
        d = lax.psum(r, ('i', 'j'))
    """, in_specs="P('i', 'j')")
    kinds = [problem.kind for problem in analyse(source).problems]
    assert kinds == [Kind.INVARIANT_INTO_GATHER_REDUCED, Kind.REDUCED_INTO_GATHER_REDUCED,
                     Kind.REDUCED_INTO_COLLECTIVE, Kind.MIXED_STATES]


def test_after_a_problem_the_value_is_followed_as_fixed():
    # The fix rebinds r on a new line before the gather, so the later use is not reported again.
    source = program("""
        r = lax.psum(x, 'i')
        r = lax.all_gather(r, 'i', to='reduced')
        b = lax.psum(r, 'j')
    """)
    problems = analyse(source).problems
    assert [(p.kind, p.rebind) for p in problems] == [(Kind.INVARIANT_INTO_GATHER_REDUCED, "r")]


def test_a_name_read_again_later_is_wrapped_in_place_each_time():
    # Rebinding r would change its state for the later read too, so the first use is cast in place.
    source = program("""
        r = lax.psum(x, 'i')
        a = lax.all_gather(r, 'i', to='reduced')
        b = lax.all_gather(r, 'i', to='reduced')
    """)
    assert [p.rebind for p in analyse(source).problems] == [None, "r"]  # the last use may rebind


@pytest.fixture
def engine_recursion_limit():
    """Python's recursion limit as the engine sets it before any analysis: the test must not
    depend on another test module having raised it at collection."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, engine.RECURSION_LIMIT))
    yield
    sys.setrecursionlimit(previous)


def test_deep_expressions_do_not_raise(engine_recursion_limit):
    deep = "jnp.tanh(" * 200 + "x" + ")" * 200
    assert state_of(f"y = {deep}", "y").unknown  # beyond the depth limit: unknown, no RecursionError
    long_sum = " + ".join(["x"] * 180)  # deeper than MAX_EXPRESSION_DEPTH
    assert state_of(f"y = {long_sum}", "y").on("i") is V  # left-leaning chains are walked iteratively


def test_absurd_nesting_gives_no_analysis_rather_than_an_error():
    from codemods.context import FileContext
    from codemods.rules import _typerules

    deep = "-" * 600 + "x"  # fine for Python, too deep for LibCST's recursive visitors
    ctx = FileContext(program(f"r = lax.psum(x, 'i')\ny = lax.all_gather(r, 'i', to='reduced')\nz = {deep}"))
    _typerules.analysis(ctx)  # must not raise


# ---------------------------------------------------------------------------------------------
# Pytrees
# ---------------------------------------------------------------------------------------------
def test_dict_items_keep_their_states():
    assert state_of("d = {'a': lax.psum(x, 'i'), 'b': x}", "d['a']").on("i") is I
    assert state_of("d = {'a': lax.psum(x, 'i'), 'b': x}", "d['b']").on("i") is V


def test_a_collective_on_a_tree_of_one_state_is_judged():
    source = program("""
        r = lax.psum(x, 'i')
        g = lax.all_gather({'w': r, 'b': r * 2}, 'i', to='reduced')
    """)
    (problem,) = analyse(source).problems
    assert problem.kind is Kind.INVARIANT_INTO_GATHER_REDUCED and problem.fixable
    # leaves in different states: JAX judges each in order and raises at the first that fails
    (problem,) = analyse(program("""
        r = lax.psum(x, 'i')
        g = lax.all_gather((x, r), 'i', to='reduced')
    """)).problems
    assert problem.kind is Kind.INVARIANT_INTO_GATHER_REDUCED and problem.site.path == "[1]"
    assert not problem.fixable  # a cast of the whole tuple would fail on the varying leaf
    # a leaf before it whose state is not known may fail otherwise first: nothing said
    assert analyse(program("""
        r = lax.psum(x, 'i')
        g = lax.all_gather((x.unknown_attribute, r), 'i', to='reduced')
    """)).problems == []


def test_tree_map_runs_the_function_on_every_leaf():
    body = "t = jax.tree.map(lambda v: lax.psum(v, 'i'), (x, {'b': x}))"
    assert state_of(body, "t[1]['b']").on("i") is I
    source = program("""
        g = lax.all_gather(x, 'i', to='reduced')
        t = jax.tree.map(lambda v: lax.psum(v, 'i'), (g, {'b': g}))
    """)
    assert [p.kind for p in analyse(source).problems] == [Kind.REDUCED_INTO_COLLECTIVE]


def test_tree_map_offers_no_cast_when_a_middle_leaf_is_in_another_state():
    # JAX maps the sorted keys a, b, c: `a` fails (invariant on 'i', varying on 'j'); a cast to
    # varying on 'i' written in the lambda would also run on `b`, varying on 'i' already, and JAX
    # rejects that cast. `c` is in `a`'s state again: every later leaf counts, not only the last.
    def problems(tree: str):
        return analyse(program(f"""
            r = lax.psum(x, 'i')
            t = jax.tree.map(lambda v: lax.pmean(v, ('i', 'j')), {tree})
        """, in_specs="P('i', 'j')")).problems
    (problem,) = problems("{'a': r, 'b': x, 'c': r}")
    assert problem.kind is Kind.MIXED_STATES and problem.cast == ("i",)
    assert not problem.fixable
    (problem,) = problems("{'a': r, 'c': r}")  # every leaf in `a`'s state: the cast holds for each
    assert problem.kind is Kind.MIXED_STATES and problem.fixable


# ---------------------------------------------------------------------------------------------
# lax.fori_loop and lax.scan: JAX traces the body once, with the carry in the state of init
# ---------------------------------------------------------------------------------------------
def test_fori_loop_body_is_judged_with_the_initial_carry():
    source = program("""
        g = lax.all_gather(x, 'i', to='reduced')
        out = lax.fori_loop(0, 2, lambda k, c: lax.ppermute(c, 'i', [(0, 1), (1, 0)]), g)
    """)
    (problem,) = analyse(source).problems
    # (run: the cast would make the carry come out varying: "carry input and carry output must
    # have equal types")
    assert problem.kind is Kind.REDUCED_INTO_COLLECTIVE and not problem.fixable and "carry" in problem.note
    assert state_of("out = lax.fori_loop(0, 2, lambda k, c: c * 2, lax.psum(x, 'i'))", "out").on("i") is I


def test_scan_body_is_judged_and_its_outputs_followed():
    body = """
        r = lax.psum(x, 'i')

        def f(c, _):
            return c, lax.all_gather(r, 'i', to='reduced')

        carry, ys = lax.scan(f, x, jnp.arange(2))
    """
    (problem,) = analyse(program(body)).problems
    # No fix: the cast would make each step's output reduced, and JAX rejects stacking it
    # ("dynamic_update_slice operand and update must be reduced along the same axes", run on 0.10.2).
    assert problem.kind is Kind.INVARIANT_INTO_GATHER_REDUCED and not problem.fixable
    plain = textwrap.dedent(body).replace("lax.all_gather(r, 'i', to='reduced')", "r")
    assert state_of(plain, "ys").on("i") is I
    assert state_of(plain, "carry").on("i") is V


# ---------------------------------------------------------------------------------------------
# Control flow and built tuples (#13)
# ---------------------------------------------------------------------------------------------
def test_branches_keep_the_axes_they_agree_on():
    body = "if x.ndim == 2:\n    y = lax.psum(x, 'i')\nelse:\n    y = lax.psum(x, ('i', 'j'))"
    assert states(state_of(body, "y", in_specs="P('i', 'j')"), "i", "j") == (I, Q)
    ifexp = "y = lax.all_gather(x, 'i', to='reduced') if x.ndim == 2 else lax.psum(x, 'i')"
    assert states(state_of(ifexp, "y", in_specs="P('i', 'j')"), "i", "j") == (Q, V)


def test_a_counted_loop_runs_its_later_rounds():
    source = program("""
        for _ in range(2):
            g = lax.all_gather(x, 'i', to='reduced')
            x = lax.psum(x, 'i')
    """)
    (problem,) = analyse(source).problems
    assert problem.kind is Kind.INVARIANT_INTO_GATHER_REDUCED and not problem.fixable
    once = program("""
        for _ in range(1):
            g = lax.all_gather(x, 'i', to='reduced')
            x = lax.psum(x, 'i')
    """)
    assert analyse(once).problems == []


def test_axis_tuples_built_from_others():
    extra = "DATA = ('i',)\nAXES = DATA + ('j',)\n"
    for axes in ("AXES", "tuple(AXES)", "(*DATA, 'j')", "AXES[:2]", "list(AXES)"):
        (problem,) = analyse(program(f"y = lax.psum(x, {axes})", extra=extra)).problems
        assert problem.kind is Kind.MIXED_STATES and problem.site.axes == ("i", "j"), axes
    assert states(state_of("y = lax.psum(x, AXES[0])", "y", extra=extra), "i", "j") == (I, I)
