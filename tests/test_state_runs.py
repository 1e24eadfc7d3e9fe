"""State runs (codemods/analysis/state_runs.py): a script run following per-axis states inside
shard_map bodies stops at the first collective or operation JAX rejects, and nowhere it is not
certain (expected values written from the JAX facts in /work/shared/docs/jax-collectives.md)."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun
from codemods.analysis.body_entries import MislaidStop
from codemods.analysis.state_runs import StateStop
from codemods.rules._diagnosis import Judge, Kind

HEADER = """\
import functools
import re
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
"""


def stop(body: str):
    """(kind, line in `body` (its first, empty line is 1)) where the run stops; None otherwise."""
    source = HEADER + textwrap.dedent(body) + '\nif __name__ == "__main__":\n    main()\n'
    run = ScriptRun(ast.parse(source))
    run.judge = Judge((0, 10, 2))
    try:
        run.run_module()
    except StateStop as found:
        return found.problem.kind, found.call.lineno - HEADER.count("\n")
    except (Bail, MislaidStop):  # (MislaidStop: JAX rejects the call before the body)
        return None
    return None


MAIN = """
def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, {in_specs}))
    return jax.shard_map(body, mesh=mesh, in_specs={in_specs}, out_specs={out_specs})(x)
"""


def body_stop(body: str, in_specs: str = 'P("i")', out_specs: str = "P()"):
    return stop(textwrap.dedent(body) + MAIN.format(in_specs=in_specs, out_specs=out_specs))


def test_sum_of_a_gather_to_reduced_stops_there():
    assert body_stop("""
        def body(x):
            g = jax.lax.all_gather(x, "i", to="reduced", tiled=True)
            return jax.lax.psum(g, "i")
        """) == (Kind.REDUCED_INTO_COLLECTIVE, 4)


def test_gather_to_reduced_of_a_sum_stops_there():
    assert body_stop("""
        def body(x):
            s = jax.lax.psum(jnp.tanh(x), "i")
            return jax.lax.all_gather(s, "i", to="reduced", tiled=True)
        """, out_specs='P(reduced={"i"})') == (Kind.INVARIANT_INTO_GATHER_REDUCED, 4)


def test_sum_over_axes_in_two_states_stops_and_over_two_varying_axes_does_not():
    program = """
        def body(x):
            return jax.lax.psum(jnp.mean(x * x), ("i", "j"))
        """
    assert body_stop(program) == (Kind.MIXED_STATES, 3)
    assert body_stop(program, in_specs='P("i", "j")') is None


def test_reduced_value_times_a_number_stops_at_the_product():
    assert body_stop("""
        def body(x):
            g = jax.lax.all_gather(x, "i", to="reduced", tiled=True)
            return g * 2.0
        """, out_specs='P(reduced={"i"})') == (Kind.REDUCED_WITH_REPLICATED, 4)


def test_the_first_rejected_line_is_the_stop():
    assert body_stop("""
        def body(x):
            s = jax.lax.psum(x, "i")
            bad = jax.lax.psum(x, ("i", "j"))
            worse = jax.lax.all_gather(s, "i", to="reduced")
            return bad
        """) == (Kind.MIXED_STATES, 4)


def test_reduced_in_specs_entry_is_reduced_in_the_body():
    assert body_stop("""
        def body(x):
            return jax.lax.psum(x, "i")
        """, in_specs='P(None, reduced={"i"})') == (Kind.REDUCED_INTO_COLLECTIVE, 3)


def test_a_closed_over_array_is_invariant_in_the_body():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            w = jnp.ones((4, 8))  # (the block of x is (4, 8): an (8, 8) w would not broadcast)
            body = lambda x: jax.lax.psum(x * w, ("i", "j"))
            x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i")))
            return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
        """) == (Kind.MIXED_STATES, 5)


def test_axis_names_and_collective_read_from_a_string_config():
    assert body_stop("""
        SPEC = "op=psum axes=i+j"
        def body(x):
            conf = dict(item.split("=") for item in SPEC.split())
            reduce = functools.partial(getattr(jax.lax, conf["op"]), axis_name=tuple(conf["axes"].split("+")))
            return reduce(x)
        """) == (Kind.MIXED_STATES, 6)


def test_compiled_pattern_substitution_runs_module_functions():
    assert body_stop("""
        REF = re.compile(r"<(\\w+)>")
        NAMES = {"batch": "i", "model": "j"}
        def body(x):
            axes = REF.sub(lambda m: NAMES[m.group(1)], "<batch>,<model>").split(",")
            return jax.lax.psum(x, tuple(axes))
        """) == (Kind.MIXED_STATES, 6)


def test_silent_where_the_run_is_not_certain():
    # A branch on an array value, a jitted function in the body, an unchecked body, an operation
    # not modelled on a value that may be reduced, NumPy given a traced array (JAX raises there),
    # a handler around the rejected call.
    assert body_stop("""
        def body(x):
            if x.sum() > 0:
                x = x * 2
            return jax.lax.psum(x, ("i", "j"))
        """) is None
    assert body_stop("""
        def body(x):
            return jax.jit(lambda y: jax.lax.psum(y, ("i", "j")))(x)
        """) is None
    assert stop("""
        def body(x):
            return jax.lax.psum(x, ("i", "j"))
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            f = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(), check_vma=False)
            return f(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i"))))
        """) is None
    assert body_stop("""
        def body(x):
            g = jax.lax.all_gather(x, "i", to="reduced", tiled=True)
            h = jax.lax.dynamic_slice_in_dim(g, 0, 2)
            return jax.lax.psum(h, "j")
        """) is None
    assert body_stop("""
        def body(x):
            scale = np.mean(x)
            return jax.lax.psum(x * scale, ("i", "j"))
        """) is None
    assert body_stop("""
        def body(x):
            try:
                return jax.lax.psum(x, ("i", "j"))
            except ValueError:
                return x
        """) is None


def test_an_input_not_laid_out_as_its_in_specs_entry_is_rejected_before_the_body():
    # On a mesh with Explicit axes (jax.make_mesh) JAX checks each input's layout against its
    # in_specs entry first; on one with Auto axes it reshards.
    program = """
        def body(x):
            return jax.lax.psum(x, ("i", "j"))
        def main():
            mesh = {mesh}
            return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())({x})
        """
    explicit = 'jax.make_mesh((2, 4), ("i", "j"))'
    auto = 'jax.sharding.Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"))'
    assert stop(program.format(mesh=explicit, x="np.ones((8, 8))")) is None
    assert stop(program.format(mesh=explicit, x='jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("j")))')) is None
    assert stop(program.format(mesh=explicit, x='jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", None)))')) \
        == (Kind.MIXED_STATES, 3)
    assert stop(program.format(mesh=auto, x="np.ones((8, 8))")) == (Kind.MIXED_STATES, 3)


def test_unknown_state_stops_the_run_at_a_collective_but_not_elsewhere():
    # An operation the run does not model (`jax.ops.segment_sum`) gives an unknown state: nothing
    # is certain at the collective that takes it.
    assert body_stop("""
        def body(x):
            y = jax.ops.segment_sum(x, jnp.zeros(8, jnp.int32), 2)
            return jax.lax.psum(y, ("i", "j"))
        """) is None


def test_rules_report_the_stop_without_a_fix():
    from codemods.context import FileContext
    from codemods.rules.sf105 import MixedStatesOverAxes as Rule

    source = HEADER + textwrap.dedent("""
        REF = re.compile(r"<(\\w+)>")
        NAMES = {"batch": "i", "model": "j"}
        def body(x):
            axes = REF.sub(lambda m: NAMES[m.group(1)], "<batch>,<model>").split(",")
            return jax.lax.psum(x, tuple(axes))
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i")))
            return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
        if __name__ == "__main__":
            main()
        """)
    ctx = FileContext(source, "prog.py", (0, 10, 2))
    found = list(Rule().check(ctx))
    assert [(f.span.line - HEADER.count("\n"), f.fix) for f in found] == [(6, None)]
    assert "found by running the script" in found[0].message
