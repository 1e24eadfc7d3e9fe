"""State runs through JAX's transformations and the calls JAX rejects before a body
(codemods/analysis/state_transforms.py, state_updates.py, state_outputs.py, state_runs.MislaidStop).
Each expected stop (or its absence) was run on jax 0.10.2, 8 CPU devices: the stop's line raises
there with its rule's words, and a None is a program JAX lets through or rejects otherwise."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun
from codemods.analysis.body_entries import MislaidStop
from codemods.analysis.state_runs import StateStop, state_stop
from codemods.context import FileContext
from codemods.rules._diagnosis import Judge, Kind

HEADER = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
"""
MAIN = """
def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i")))
    w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P()))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P()), out_specs=P())(x, w)


if __name__ == "__main__":
    main()
"""

GATHER = 'jax.lax.all_gather({}, "i", axis=0, tiled=True, to="reduced")'
INVARIANT = Kind.INVARIANT_INTO_GATHER_REDUCED


def stop(body: str):
    """(kind, line in `body` (its first, empty line is 1)) where the run stops; None otherwise."""
    run = ScriptRun(ast.parse(HEADER + textwrap.dedent(body) + MAIN))
    run.judge = Judge((0, 10, 2))
    try:
        run.run_module()
    except StateStop as found:
        return found.problem.kind, found.call.lineno - HEADER.count("\n")
    except Bail:
        return None
    return None


# -- grad ----------------------------------------------------------------------------------------
def test_dx_gradient_in_an_invariant_weight_is_invariant():
    assert stop(f"""
        def body(x, w):
            g = jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w)))(w)
            return {GATHER.format("g")}
        """) == (INVARIANT, 4)


def test_ndx_gradient_in_the_varying_input_is_varying():
    assert stop(f"""
        def body(x, w):
            g = jax.grad(lambda x: jnp.sum(jnp.tanh(x @ w)))(x)
            return {GATHER.format("g")}
        """) is None


def test_dx_value_and_grad_gives_the_loss_state_and_the_primal_state():
    assert stop(f"""
        def body(x, w):
            loss, g = jax.value_and_grad(lambda w: jax.lax.psum(jnp.sum(x @ w), "i"))(w)
            return {GATHER.format("g + loss")}
        """) == (INVARIANT, 4)


def test_dx_a_failure_in_the_forward_pass_is_the_program_s():
    assert stop("""
        def body(x, w):
            g = jax.grad(lambda x: jax.lax.psum(jnp.sum(x), ("i", "j")))(x)
            return g
        """) == (Kind.MIXED_STATES, 3)


def test_ndx_no_gradient_through_pmax():
    assert stop(f"""
        def body(x, w):
            g = jax.grad(lambda w: jax.lax.pmax(jnp.sum(x @ w), "i"))(w)
            return {GATHER.format("g")}
        """) is None


def test_ndx_a_reduced_output_is_not_differentiated():
    assert stop(f"""
        def body(x, w):
            r = jax.lax.pcast(w, "i", to="reduced")
            g = jax.grad(lambda r: jnp.sum(jnp.tanh(r)))(r)
            return jax.lax.psum(g, "j")
        """) is None


def test_dx_reverse_jacobian_and_hessian_give_the_argument_s_state():
    for transform in ("jax.jacrev", "jax.hessian"):
        assert stop(f"""
            def body(x, w):
                jac = {transform}(lambda p: jnp.sum(jnp.tanh(x[0] * p)))(w[0])
                return {GATHER.format("jac")}
            """) == (INVARIANT, 4), transform


def test_ndx_forward_jacobian_gives_the_output_s_state():
    assert stop(f"""
        def body(x, w):
            jac = jax.jacfwd(lambda p: jnp.tanh(x[0] * p))(w[0])
            return {GATHER.format("jac")}
        """) is None


# -- vmap ----------------------------------------------------------------------------------------
def test_dx_vmap_keeps_the_slices_states():
    assert stop(f"""
        def body(x, w):
            u = jax.vmap(lambda row: jnp.tanh(row @ w) + jax.lax.axis_index("j"))(x)
            first = {GATHER.format("u")}
            return jax.lax.all_gather(first, ("i", "j"), axis=0, tiled=True, to="reduced")
        """) == (Kind.REDUCED_INTO_GATHER_REDUCED, 5)


def test_dx_vmap_judges_a_sum_as_outside():
    assert stop("""
        def body(x, w):
            return jax.vmap(lambda row: jax.lax.psum(row, ("i", "j")))(x)
        """) == (Kind.MIXED_STATES, 3)


def test_ndx_a_gather_to_reduced_under_vmap_is_not_followed():
    assert stop("""
        def body(x, w):
            return jax.vmap(lambda row: jax.lax.all_gather(row, "i", to="reduced"))(w)
        """) is None


# -- loops ---------------------------------------------------------------------------------------
def test_dx_scan_carry_keeps_its_state():
    assert stop(f"""
        def body(x, w):
            total, _ = jax.lax.scan(lambda c, row: (c + jax.lax.psum(row, "i"), c), w[0], x)
            return {GATHER.format("total")}
        """) == (INVARIANT, 4)


def test_ndx_scan_carry_that_changes_its_state_stops_the_run():
    assert stop(f"""
        def body(x, w):
            total, _ = jax.lax.scan(lambda c, row: (c + row, c), w[0], x)
            return {GATHER.format("total")}
        """) is None


def test_dx_fori_loop_and_while_loop_carries():
    assert stop(f"""
        def body(x, w):
            total = jax.lax.fori_loop(0, 3, lambda k, c: c * 2.0 + k, w)
            return {GATHER.format("total")}
        """) == (INVARIANT, 4)
    assert stop(f"""
        def body(x, w):
            total = jax.lax.while_loop(lambda c: c[0, 0] < x[0, 0], lambda c: c + w, w)
            return {GATHER.format("total")}
        """) == (INVARIANT, 4)


def test_ndx_fori_loop_carry_made_varying_stops_the_run():
    assert stop(f"""
        def body(x, w):
            total = jax.lax.fori_loop(0, 3, lambda k, c: c + x[0], w[0])
            return {GATHER.format("total")}
        """) is None


def test_dx_checkpoint_runs_its_function():
    assert stop(f"""
        def body(x, w):
            h = jax.checkpoint(lambda w: jnp.tanh(w) * 2.0)(w)
            return {GATHER.format("h")}
        """) == (INVARIANT, 4)


# -- index updates and several outputs ------------------------------------------------------------
def test_dx_index_update_joins_the_states():
    assert stop(f"""
        def body(x, w):
            edge = w.at[:, 1].set(-1.0)
            return {GATHER.format("edge")}
        """) == (INVARIANT, 4)


def test_ndx_index_update_with_a_varying_value_varies():
    assert stop(f"""
        def body(x, w):
            edge = w.at[:, 1].set(x[0, 0])
            return {GATHER.format("edge")}
        """) is None


def test_dx_split_and_top_k_outputs_keep_the_operand_s_state():
    assert stop(f"""
        def body(x, w):
            a, b = jnp.split(w, 2, axis=-1)
            return {GATHER.format("a + b")}
        """) == (INVARIANT, 4)
    assert stop(f"""
        def body(x, w):
            values, _ = jax.lax.top_k(w, 2)
            return {GATHER.format("values")}
        """) == (INVARIANT, 4)


def test_ndx_halves_of_a_varying_array_vary():
    assert stop(f"""
        def body(x, w):
            a, b = jnp.split(x, 2, axis=-1)
            return {GATHER.format("a + b")}
        """) is None


def test_dx_a_sum_of_a_tree_is_judged_leaf_by_leaf():
    assert stop("""
        def body(x, w):
            r = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
            return jax.lax.psum((w, r), "i")
        """) == (Kind.REDUCED_INTO_COLLECTIVE, 4)


# -- calls JAX rejects before the body ----------------------------------------------------------
BODY = """
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def body(x):
    total = jax.lax.psum(x, "data")
    return jax.lax.all_gather(total, "data", axis=0, tiled=True, to="reduced")


def main():
    mesh = {mesh}
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P({given!r})))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs={out})(x)


if __name__ == "__main__":
    main()
"""
EXPLICIT = 'jax.make_mesh((2, 4), ("data", "model"))'
AUTO = 'Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))'


def _stop(mesh: str, given: str, out: str):
    return state_stop(FileContext(BODY.format(mesh=mesh, given=given, out=out)), Judge((0, 10, 2)))


def test_ndx_an_input_laid_out_otherwise_on_explicit_axes_never_reaches_the_body():
    found = _stop(EXPLICIT, "model", 'P(reduced={"data"})')
    assert type(found) is MislaidStop and (found.body.lineno, found.body.end_lineno) == (8, 10)


def test_dx_an_input_laid_out_as_its_spec_reaches_the_body():
    found = _stop(EXPLICIT, "data", 'P(reduced={"data"})')
    assert type(found) is StateStop and found.problem.kind is INVARIANT


def test_dx_on_auto_axes_an_input_laid_out_otherwise_is_resharded():
    found = _stop(AUTO, "model", "P()")
    assert type(found) is StateStop and found.problem.kind is INVARIANT


def test_ndx_reduced_out_specs_on_auto_axes_are_rejected_at_the_call():
    assert type(_stop(AUTO, "data", 'P(reduced={"data"})')) is MislaidStop
