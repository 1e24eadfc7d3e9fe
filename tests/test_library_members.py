"""Feature probes of library modules (`hasattr(jax.lax, "pcast")`, `getattr(np, name, None)`,
`try: ... except AttributeError`) are answered from tables keyed by the target JAX
(codemods/jax_names.py, codemods/analysis/library_members.py), never by importing the library:
`check` gives the same findings with JAX and NumPy importable or not, and the answer follows
`--target-jax`, not the installed JAX."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from codemods import jax_names, jaxapi
from codemods.analysis.library_members import array_presence, library_presence

ROOT = Path(__file__).resolve().parent.parent

PROBE = textwrap.dedent('''\
    import jax
    import numpy as np
    from jax.sharding import NamedSharding, PartitionSpec as P


    def expert_axes():
        return ("data", "model") if hasattr(jax.lax, "pcast") else ("data",)


    def make_body(axes):
        def body(block):
            return jax.lax.psum(block, axes)

        return body


    def main():
        mesh = jax.make_mesh((4, 2), ("data", "model"))
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
        return jax.shard_map(make_body(expert_axes()), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


    if __name__ == "__main__":
        main()
''')

# Runs `python -m codemods ARGS...` in this process with JAX, jaxlib and NumPy unimportable when
# told to, refusing any subprocess, and reports which of them the run imported.
_RUNNER = textwrap.dedent('''\
    import runpy, subprocess, sys
    if sys.argv[1] == "hide":
        for name in ("jax", "jaxlib", "numpy"):
            sys.modules[name] = None  # (`import jax` raises ImportError)
    def refuse(*args, **kwargs):
        raise AssertionError("the check process started a subprocess")
    subprocess.Popen.__init__ = refuse
    sys.argv = ["codemods", *sys.argv[2:]]
    try:
        runpy.run_module("codemods", run_name="__main__", alter_sys=True)
    finally:
        loaded = sorted(name for name in ("jax", "jaxlib", "numpy") if sys.modules.get(name) is not None)
        sys.stderr.write("LOADED " + ",".join(loaded) + "\\n")
''')


def _check(tmp_path: Path, mode: str, target: str) -> tuple[list[tuple[int, str]], str]:
    program = tmp_path / "probe.py"
    program.write_text(PROBE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _RUNNER, mode, "check", "--no-cache", "--output-format", "json",
                           "--exit-zero", "--target-jax", target, str(program)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = done.stderr.rpartition("LOADED ")[2].strip()
    return sorted((finding["line"], finding["code"]) for finding in json.loads(done.stdout)["findings"]), loaded


@pytest.mark.parametrize("target, expected", [("0.10.2", [(12, "SF105")]), ("0.8.1", [])])
def test_probe_answers_follow_the_target_with_or_without_jax(tmp_path, target, expected):
    """jax 0.8.2 added pcast: on 0.10.2 the probe takes the psum over both axes (JAX raises),
    on 0.8.1 the other branch (fine); the same with JAX and NumPy hidden, and neither imported."""
    seen, loaded = _check(tmp_path, "plain", target)
    hidden, loaded_hidden = _check(tmp_path, "hide", target)
    assert seen == hidden == expected
    assert loaded == loaded_hidden == ""


def test_the_jax_table_follows_the_release_history():
    has = jaxapi.module_has
    assert [has("jax.lax", "pcast", v) for v in ((0, 8, 1), (0, 8, 2), (0, 10, 2))] == [False, True, True]
    assert [has("jax.lax", "pvary", v) for v in ((0, 5, 3), (0, 6, 0), (0, 9, 2), (0, 10, 0))] == [False, True, True,
                                                                                                    False]
    assert [has("jax", "shard_map", v) for v in ((0, 6, 0), (0, 6, 1))] == [False, True]
    assert [has("jax", "set_mesh", v) for v in ((0, 7, 0), (0, 7, 1))] == [False, True]
    assert [has("jax", "reshard", v) for v in ((0, 8, 1), (0, 8, 2))] == [False, True]
    assert [has("jax.sharding", "AxisType", v) for v in ((0, 5, 2), (0, 5, 3))] == [False, True]
    assert [has("jax.sharding", "use_mesh", v) for v in ((0, 6, 2), (0, 7, 1))] == [True, False]
    assert [has("jax.lax", "all_gather_invariant", v) for v in ((0, 8, 1), (0, 8, 2))] == [True, False]
    assert has("jax", "device_put_sharded", (0, 10, 0)) is False
    assert has("jax.lax", "ragged_all_to_all_v2", (0, 10, 2)) is False  # (no release has it)
    # What the table cannot know: an older target, a later JAX adding or removing a name (0.10.0
    # removed pvary), a submodule present once imported, a module it does not cover, a private name.
    assert has("jax.lax", "pcast", (0, 4, 30)) is None
    assert has("jax.lax", "ragged_all_to_all_v2", (0, 11, 0)) is None
    assert has("jax.lax", "psum", (0, 11, 0)) is None
    assert has("jax.lax", "psum", (0, 10, 3)) is None
    assert has("jax.experimental", "shard_map", (0, 10, 2)) is None
    assert has("jax.experimental.pjit", "pjit", (0, 10, 2)) is None
    assert has("jax", "_src", (0, 10, 2)) is None
    assert jax_names.RELEASES[-1] == jaxapi.format_version(jaxapi.NEWEST_KNOWN)


class _Run:
    def __init__(self, target):
        self.target = target


def test_numpy_and_standard_names_never_absent():
    new, old = _Run((0, 10, 2)), _Run((0, 7, 2))
    assert library_presence(new, "numpy", "zeros") is True
    assert library_presence(new, "numpy", "trapezoid") is True  # (jax >= 0.8.0 requires NumPy 2)
    assert library_presence(old, "numpy", "trapezoid") is None
    assert library_presence(new, "numpy", "ragged_sum") is None  # (a later NumPy may add it)
    assert library_presence(new, "typing", "Self") is True  # (jax >= 0.7.0 requires Python 3.11)
    assert library_presence(new, "typing", "override") is None  # (Python 3.12)
    assert library_presence(new, "torch", "cuda") is None
    assert library_presence(_Run(None), "jax.lax", "pcast") is None


def test_array_attributes():
    assert array_presence(_Run((0, 10, 2)), True, "ragged") is False
    assert array_presence(_Run((0, 10, 2)), True, "reshape") is True  # (every NumPy array and scalar)
    assert array_presence(_Run((0, 10, 2)), True, "mask") is None  # (a MaskedArray's only)
    assert array_presence(_Run((0, 10, 2)), True, "integers") is False  # (a Generator's only: no array, numpy_generators.py)
    assert array_presence(_Run((0, 10, 2)), True, "jumped") is None  # (a bit generator's, held as a host array)
    assert array_presence(_Run((0, 10, 2)), False, "ragged") is False
    assert array_presence(_Run((0, 10, 2)), False, "sharding") is None  # (not among the names checked on both a jax Array and a tracer)
    assert array_presence(_Run((0, 10, 2)), False, "reshape") is True
    assert array_presence(_Run((0, 10, 2)), False, "full_lower") is None  # (a tracer's only)
    assert array_presence(_Run((0, 8, 1)), False, "ragged") is None  # (JAX's were listed on 0.10.2 only)


class _Untraced(_Run):
    jitted = in_body = 0
    states = None


def test_concrete_jax_array_attributes():
    run = _Untraced((0, 10, 2))
    assert array_presence(run, False, "block_until_ready") is True  # (every concrete jax.Array)
    assert array_presence(run, False, "_trace") is False  # (a tracer's only)
    assert array_presence(run, False, "flat") is None  # (NotImplementedError, not AttributeError)
    assert array_presence(run, False, "clone") is None  # (a typed key array has none)
    assert array_presence(_Run((0, 10, 2)), False, "tolist") is None  # (nor `tolist`)
    run.__dict__["_differentiating"] = 1  # (`jax.grad` hands its function tracers)
    assert array_presence(run, False, "block_until_ready") is None
    assert array_presence(_Untraced((0, 8, 1)), False, "_trace") is None  # (listed on 0.10.2 only)


def test_generator_attributes():
    from codemods.analysis.host_exprs import Raised
    from codemods.analysis.host_objects import Bail
    from codemods.analysis.numpy_generators import NpGenerator, made
    from codemods.analysis.script_operators import ArrMethod

    rng = made("numpy.random.default_rng", [0], {})
    assert made("numpy.random.default_rng", [rng], {}) is rng  # (handed back unchanged)
    assert type(rng.attribute(_Run((0, 10, 2)), "integers").fallback) is ArrMethod  # (one sample: numpy_draws.py)
    with pytest.raises(Raised):
        rng.attribute(_Run((0, 10, 2)), "shape")  # (no array: AttributeError)
    assert [type(child) for child in rng.attribute(_Run((0, 10, 2)), "spawn")(None, [2], {})] == [NpGenerator] * 2
    with pytest.raises(Bail):
        rng.attribute(_Run((0, 7, 2)), "spawn")  # (NumPy 1.25's: a NumPy 1 program may lack it)

