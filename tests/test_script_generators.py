"""Generators in script runs (codemods/analysis/script_generators.py): each piece of a generator's
body runs when Python runs it, between its consumer's steps; walks the run does not model stop it
(expected values written from Python's semantics, not from the tool)."""
from __future__ import annotations

import ast
import textwrap
import threading

from codemods.analysis.script_stops import script_stop
from codemods.jaxapi import NEWEST_KNOWN

HEADER = """\
import contextlib
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P
"""
MAIN = '\nif __name__ == "__main__":\n    main()\n'


class _Ctx:
    def __init__(self, source: str) -> None:
        self.tree = ast.parse(source)
        self.target = NEWEST_KNOWN  # (the JAX a check targets by default)

    def cached(self, key, build):
        return build()


def stop_line(body: str):
    stop = script_stop(_Ctx(HEADER + textwrap.dedent(body) + MAIN))
    return None if stop is None else stop.call.lineno - HEADER.count("\n")


def test_a_loop_sees_what_the_generator_did_before_each_item():
    body = """
        SPEC = {"out": P(None, "j", reduced={"i"})}
        def batches(mesh, n):
            for k in range(n):
                yield jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
                SPEC["out"] = P("j", None, reduced={"i"})
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            with jax.set_mesh(mesh):
                for x in batches(mesh, N):
                    top_level_all_gather(x, SPEC["out"])
        """
    assert stop_line(body.replace("N)", "2)")) == 11  # (the second round reads the spec changed after the first)
    assert stop_line(body.replace("N)", "1)")) is None  # (one round: the change comes after the only gather)


def test_a_walk_the_run_does_not_model_stops_it_rather_than_raising():
    # list(gen) works in Python: the handler never runs
    assert stop_line("""
        def batches():
            yield 1
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                try:
                    items = list(batches())
                except TypeError:
                    return top_level_all_gather(x, P("j", None, reduced={"i"}))
                return items
        """) is None


def test_a_context_manager_runs_its_rest_when_the_block_ends():
    body = """
        LAYOUT = {"out": (None, "j")}
        @contextlib.contextmanager
        def legacy():
            LAYOUT["out"] = ("j", None)
            yield
            LAYOUT["out"] = (None, "j")
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
            with jax.set_mesh(mesh):
                with legacy():
                    pass
                return top_level_all_gather(x, P(*LAYOUT["out"], reduced={"i"}))
        """
    assert stop_line(body) is None
    assert stop_line(body.replace("                    pass\n                return", "                    return")) == 13


def test_no_thread_outlives_the_run():
    before = threading.active_count()
    stop_line("""
        def forever():
            while True:
                yield 1
        def main():
            for item in forever():
                break
        """)
    assert threading.active_count() == before
