"""The script run (codemods/analysis/script_run.py): where running a module from its `__main__`
block first meets a gather JAX rejects, and the cases it must stay silent on (expected values
written from the JAX facts in /work/shared/docs/jax-collectives.md, not from the tool)."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun
from codemods.analysis.script_values import GatherStop

HEADER = """\
import argparse
import dataclasses
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P
"""


def stop(body: str):
    """(kind, line in `body` (its first, empty line is 1), in spec, out spec) where the run stops at a
    rejected gather; None otherwise."""
    source = HEADER + textwrap.dedent(body) + '\nif __name__ == "__main__":\n    main()\n'
    run = ScriptRun(ast.parse(source))
    try:
        run.run_module()
    except GatherStop as found:
        return found.kind, found.call.lineno - HEADER.count("\n"), \
            str(found.in_spec) if found.in_spec else None, str(found.out_spec) if found.out_spec else None
    except Bail:
        return None
    return None


def test_dict_comprehension_over_a_spec_table_stops_at_the_first_bad_key():
    assert stop("""
        TRAIN = {"a": P("i", None), "b": P(("i", "j"), None)}
        OUT = {"a": P(None, None, reduced={"i"}), "b": P("j", None)}
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            raw = {"a": np.ones((8, 8)), "b": np.ones((8, 8))}
            placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN[k])) for k, v in raw.items()}
            with jax.set_mesh(mesh):
                return {k: top_level_all_gather(v, OUT[k]) for k, v in placed.items()}
        """) == ("spec", 9, "P(('i', 'j'), None)", "P('j', None)")


def test_valid_gathers_run_on():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(None, "j", reduced={"i"}))
        """) is None


def test_gather_after_the_mesh_block_has_no_context_mesh():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            with jax.set_mesh(mesh):
                x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            return top_level_all_gather(x, P(None, "j", reduced={"i"}))
        """) == ("mesh", 6, None, None)


def test_generator_runs_where_it_is_consumed():
    body = """
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            pending = (top_level_all_gather(v, P(None, "j", reduced={"i"})) for v in [x])
            with jax.set_mesh(mesh):
                return list(pending)
        """
    assert stop(body) is None
    assert stop(body.replace("            with jax.set_mesh(mesh):\n                return", "            return")) \
        == ("mesh", 5, None, None)


def test_an_unknown_library_call_before_the_gather_stops_the_run():
    assert stop("""
        import os
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            axis = os.environ.get("AXIS", "j")
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(axis, None))
        """) is None


def test_a_gather_the_program_may_catch_is_not_reported():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                try:
                    return top_level_all_gather(x, P("j", None))
                except ValueError:
                    return x
        """) is None


def test_options_parsed_from_sys_argv_are_unknown():
    assert stop("""
        def main():
            parser = argparse.ArgumentParser()
            parser.add_argument("--axis", default="j")
            args = parser.parse_args()
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(args.axis, None))
        """) is None


def test_options_parsed_from_a_written_list_and_dataclass_defaults():
    assert stop("""
        @dataclasses.dataclass(frozen=True)
        class Layout:
            train: P = P(("i", "j"), None)
        def main():
            parser = argparse.ArgumentParser()
            parser.add_argument("--axis", default="i")
            args = parser.parse_args(["--axis", "j"])
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, Layout().train))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(args.axis, None))
        """) == ("spec", 12, "P(('i', 'j'), None)", "P('j', None)")


def test_a_mesh_with_auto_axes_is_reported_as_such():
    assert stop("""
        from jax.sharding import Mesh
        def main():
            mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(None, "j", reduced={"i"}))
        """)[:2] == ("auto", 7)


def test_a_loop_over_a_generator_runs_each_item_after_the_last_round():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            outs = (top_level_all_gather(v, P(None, "j", reduced={"i"})) for v in [x, x])
            for out in outs:
                jax.set_mesh(mesh)
            return out
        """) == ("mesh", 5, None, None)


def test_zip_over_a_generator_made_outside_the_mesh_is_not_followed():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            pairs = zip(["x"], (top_level_all_gather(v, P(None, "j", reduced={"i"})) for v in [x]))
            with jax.set_mesh(mesh):
                return dict(pairs)
        """) is None
