"""`differential = true` cases: before.py and after.py run on the same devices and must agree."""
from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

import pytest

from codemods.validate.runner import discover_cases, run_cases

HAS_JAX = importlib.util.find_spec("jax") is not None

PMAP = """
import jax
import jax.numpy as jnp
import numpy as np


def inputs():
    return (np.arange(8 * 3, dtype=np.float32).reshape(8, 3) / 10,)


def step(x):
    return jax.lax.pmean(jnp.sin(x), 'b') * x


def main(x):
    return jax.pmap(step, axis_name='b')(x)


def loss(x):
    return jnp.sum(main(x) ** 2)
"""
SHARD_MAP = """
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def inputs():
    return (np.arange(8 * 3, dtype=np.float32).reshape(8, 3) / 10,)


def step(x):
    return jax.lax.pmean(jnp.sin(x), 'b') * x


def main(x):
    mesh = jax.sharding.Mesh(jax.devices(), ('b',))
    return jax.jit(jax.shard_map(jax.vmap(step), mesh=mesh, in_specs=P('b'), out_specs=P('b'),
                                 check_vma=False))(x)


def loss(x):
    return jnp.sum(main(x) ** 2)
"""


def make(root: Path, name: str, before: str, after: str, toml: str = "") -> None:
    case = root / "SF301" / name
    case.mkdir(parents=True)
    (case / "before.py").write_text(textwrap.dedent(before))
    (case / "after.py").write_text(textwrap.dedent(after))
    (case / "case.toml").write_text(f"summary = '{name}'\ndifferential = true\n{toml}")


def test_differential_flag_is_read_and_checked(tmp_path: Path) -> None:
    make(tmp_path, "ok", "x = 1\n", "x = 1\n")
    make(tmp_path, "with_error", "x = 1\n", "x = 1\n", "error = 'boom'\n")
    make(tmp_path, "not_bool", "x = 1\n", "x = 1\n")
    (tmp_path / "SF301" / "not_bool" / "case.toml").write_text("summary = 's'\ndifferential = 'yes'\n")
    cases = {case.name: case for case in discover_cases(tmp_path)}
    assert cases["ok"].differential and cases["ok"].problem is None
    assert "no `error`" in cases["with_error"].problem
    assert "differential must be true or false" in cases["not_bool"].problem
    results = {r.name: r for r in run_cases([cases["with_error"], cases["not_bool"]], timeout=30)}
    assert results["with_error"].status == results["not_bool"].status == "failed"


NUMPY_BEFORE = """
import numpy as np

def inputs():
    return (np.arange(6.0).reshape(2, 3),)

def main(x):
    return x * 2, x.sum()
"""


def test_values_are_compared_with_before_not_a_reference(tmp_path: Path) -> None:
    make(tmp_path, "same", NUMPY_BEFORE, NUMPY_BEFORE.replace("x * 2", "x + x"))
    make(tmp_path, "differs", NUMPY_BEFORE, NUMPY_BEFORE.replace("x * 2", "x * 3"))
    make(tmp_path, "after_fails", NUMPY_BEFORE, NUMPY_BEFORE.replace("return x * 2", "raise KeyError('k')\n    return x * 2"))
    make(tmp_path, "before_fails", NUMPY_BEFORE.replace("return x * 2", "raise KeyError('k')\n    return x * 2"), NUMPY_BEFORE)
    # A reference, when given, is checked against before.py as well.
    make(tmp_path, "bad_reference", NUMPY_BEFORE, NUMPY_BEFORE,
         "reference = '''\ndef reference(x):\n    return x * 5, x.sum()\n'''\n")
    results = {r.name: r for r in run_cases(discover_cases(tmp_path), timeout=60)}
    assert (results["same"].status, results["same"].before, results["same"].after) == ("passed", "ran", "same as before")
    assert results["differs"].status == "failed"
    assert results["differs"].after == "differs from before: max abs err 5 (result 0)"
    assert results["after_fails"].status == "failed" and results["after_fails"].after.startswith("failed: KeyError")
    assert results["before_fails"].status == "failed" and results["before_fails"].before.startswith("failed: KeyError")
    assert results["bad_reference"].status == "failed"
    assert results["bad_reference"].before.startswith("ran, values differ")


@pytest.mark.skipif(not HAS_JAX, reason="jax is not installed")
def test_pmap_against_shard_map_values_and_gradients(tmp_path: Path) -> None:
    # stop_gradient keeps the values and changes the gradients: only the gradient check sees it.
    make(tmp_path, "faithful", PMAP, SHARD_MAP)
    make(tmp_path, "grad_stopped", PMAP, SHARD_MAP.replace("jax.lax.pmean(jnp.sin(x), 'b') * x",
                                                         "jax.lax.stop_gradient(jax.lax.pmean(jnp.sin(x), 'b')) * x"))
    results = {r.name: r for r in run_cases(discover_cases(tmp_path), timeout=120)}
    faithful = results["faithful"]
    assert (faithful.status, faithful.before, faithful.after, faithful.grad) == (
        "passed", "ran", "same as before", "same as before"), faithful.output
    stopped = results["grad_stopped"]
    assert stopped.status == "failed"
    assert stopped.after == "same as before"
    assert stopped.grad.startswith("differs from before: max abs err")
