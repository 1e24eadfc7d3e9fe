"""The script run (codemods/analysis/script_run.py): where running a module from its `__main__`
block first meets a gather JAX rejects, and the cases it must stay silent on (expected values
written from the JAX facts in /work/shared/docs/jax-collectives.md, not from the tool)."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.host_exprs import Raised
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
    except (Bail, Raised):  # (a step the run gave up at, or an error the program raises first: no stop)
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
        import socket
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            axis = socket.gethostname()
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(axis, None))
        """) is None


def test_an_unset_environment_variable_gives_its_default():
    # (as argparse's defaults: the run stands for `python prog.py` in a plain environment)
    body = """
        import os
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            axis = os.environ.get("AXIS", "j")
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(axis, None, reduced={"i"}))
        """
    assert stop(body) is not None
    assert stop(body.replace('axis = os', 'os.environ["AXIS"] = "i"\n            axis = os')) is None
    assert stop(body.replace('os.environ.get("AXIS", "j")', 'os.environ["AXIS"]')) is None  # (KeyError)


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


# -- `global` / `nonlocal` (scope_declarations.py) and steps a going run has passed (passed_steps.py) --

PARALLEL_STATE = """
    _MESH = None
    _AXIS = None
    def initialize_model_parallel(axis):
        global _MESH, _AXIS
        _MESH = jax.make_mesh((2, 4), ("i", "j"))
        _AXIS = axis
    def get_axis():
        return _AXIS
    def main():
        initialize_model_parallel("j")
        x = jax.device_put(np.ones((8, 8)), NamedSharding(_MESH, P("i", "j")))
        with jax.set_mesh(_MESH):
            return top_level_all_gather(x, P(get_axis(), None) if get_axis() else P(None, "j", reduced={"i"}))
    """


def test_du_a_global_set_by_one_call_is_read_by_a_later_getter():
    assert stop(PARALLEL_STATE) == ("spec", 14, "P('i', 'j')", "P('j', None)")


def test_ndu_without_the_global_statement_the_store_is_local_and_the_module_keeps_its_value():
    assert stop(PARALLEL_STATE.replace("global _MESH, _AXIS", "global _MESH")) is None  # (the module's None)


def test_ndu_a_later_reinitialisation_is_what_the_getter_reads():
    body = PARALLEL_STATE.replace('        initialize_model_parallel("j")\n',
                                  '        initialize_model_parallel("j")\n        initialize_model_parallel(None)\n')
    assert stop(body) is None


def test_du_nonlocal_rebinds_the_enclosing_function_s_name():
    body = """
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            axis = None
            def choose(name):
                nonlocal axis
                axis = name
            choose("j")
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(axis, None) if axis else P(None, "j", reduced={"i"}))
        """
    assert stop(body) == ("spec", 11, "P('i', 'j')", "P('j', None)")
    assert stop(body.replace("nonlocal axis", "pass")) is None  # (a local of choose: main's stays None)


def test_du_a_global_in_a_nested_function_skips_the_enclosing_local():
    body = """
        AXIS = "j"
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            AXIS = None
            def read():
                global AXIS
                return AXIS
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P(read(), None) if read() else P(None, "j", reduced={"i"}))
        """
    assert stop(body) == ("spec", 11, "P('i', 'j')", "P('j', None)")
    assert stop(body.replace("global AXIS", "pass")) is None  # (the closure reads main's None)


def test_du_an_assert_on_the_device_count_is_passed_by_a_run_that_goes_on():
    body = """
        import math
        def main():
            world = jax.device_count()
            assert world % 4 == 0
            mesh = jax.make_mesh((world // 4, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            print(f"world {world:d}, {x.shape}, ppl {math.exp(float(x.sum())):.2f}")
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P("j", None))
        """
    assert stop(body) == ("spec", 10, "P('i', 'j')", "P('j', None)")


def test_ndu_an_unknown_assert_inside_a_try_may_raise_into_its_handler():
    body = """
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            try:
                assert jax.device_count() == 8
                spec = P("j", None)
            except AssertionError:
                spec = P(None, "j", reduced={"i"})
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, spec)
        """
    assert stop(body) is None


def test_du_split_keys_sliced_and_zipped_and_a_shape_unpacked():
    body = """
        import jax.numpy as jnp
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            keys = jax.random.split(jax.random.PRNGKey(0), 3)
            names = [name for name, _ in zip(["a", "b", "c"], keys[1:])]
            rows, cols = keys.shape
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P("j", None) if names == ["a", "b"] else P(None, "j", reduced={"i"}))
        """
    assert stop(body) == ("spec", 10, "P('i', 'j')", "P('j', None)")
    assert stop(body.replace("keys[1:]", "keys[0:]")) is None  # (three rows: a valid gather)
