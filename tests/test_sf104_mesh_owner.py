"""SF104's gather after the block of a function that builds and sets its own mesh
(codemods/analysis/mesh_owner.py): reported only when the array reaching it is certainly on that
mesh, and nothing in the file may call the function under an equal one."""
from __future__ import annotations

import textwrap

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source

HEAD = """\
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def report(preds):
    return top_level_all_gather(preds, P(None, reduced={'i'}))
"""
GATHER_LINE = 8


def _findings(tail: str):
    source = HEAD + textwrap.dedent(tail)
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    assert result.error is None
    return [f for f in result.findings if "context mesh" in f.message]


@pytest.mark.parametrize("tail", [
    # placed on the mesh in the block, handed to the report after it
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i'))) * 2.0
        return report(preds)
    """,
    # a module helper builds the mesh; a module function computes in the block
    """
    def build():
        return jax.make_mesh((4, 2), ('i', 'j'))


    def forward(mesh, x):
        x = jax.device_put(x, NamedSharding(mesh, P('i')))
        return jnp.tanh(x)


    def main(x):
        mesh = build()
        with jax.set_mesh(mesh):
            preds = forward(mesh, x)
        return report(preds)
    """,
    # placed before the block, computed by jit in it, an augmented assignment too
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        x = jax.device_put(x, NamedSharding(mesh, P('i')))
        with jax.set_mesh(mesh):
            preds = jax.jit(jnp.tanh)(x)
            preds += 1.0
        return report(preds)
    """,
    # an item of a results dict whose every value is on the mesh
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))
            results = {'preds': preds, 'mean': preds.mean()}
        return report(results['preds'])
    """,
], ids=["device-put", "helpers", "jit-before-block", "results-dict"])
def test_gather_after_own_mesh_block_is_reported(tail):
    found = _findings(tail)
    assert [f.span.line for f in found] == [GATHER_LINE]
    assert "after `main`'s own" in found[0].message and "main -> report" in found[0].message


@pytest.mark.parametrize("tail", [
    # the mesh is the caller's
    """
    def main(mesh, x):
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))
        return report(preds)
    """,
    # a module global: code elsewhere may set it around main
    """
    MESH = jax.make_mesh((2, 4), ('i', 'j'))


    def main(x):
        with jax.set_mesh(MESH):
            preds = jax.device_put(x, NamedSharding(MESH, P('i')))
        return report(preds)
    """,
    # a caller in the file sets an equal mesh around main
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))
        return report(preds)


    def sweep(x):
        with jax.set_mesh(jax.make_mesh((2, 4), ('i', 'j'))):
            return main(x)
    """,
    # the gather inside the block
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))
            return report(preds)
    """,
    # jit of the caller's array may hand it back unchanged, on the caller's mesh
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.jit(lambda b: b)(x)
        return report(preds)
    """,
    # computed before the block, under whatever mesh the caller set
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        preds = jnp.tanh(x)
        with jax.set_mesh(mesh):
            pass
        return report(preds)
    """,
    # rebound after the block
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))
        preds = x
        return report(preds)
    """,
    # a generator runs where it is iterated
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))
        yield report(preds)
    """,
    # set for good: the mesh stays
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        jax.set_mesh(mesh)
        preds = jax.device_put(x, NamedSharding(mesh, P('i')))
        return report(preds)
    """,
    # a nested function may rebind the value
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            preds = jax.device_put(x, NamedSharding(mesh, P('i')))

        def swap():
            nonlocal preds
            preds = x
        swap()
        return report(preds)
    """,
    # a results dict that also holds the caller's array
    """
    def main(x):
        mesh = jax.make_mesh((2, 4), ('i', 'j'))
        with jax.set_mesh(mesh):
            results = {'preds': x, 'mean': jnp.zeros(())}
        return report(results['preds'])
    """,
], ids=["mesh-parameter", "module-mesh", "equal-mesh-caller", "inside-block", "jit-forwards",
        "before-block", "rebound-after", "generator", "set-for-good", "nonlocal", "caller-array-in-dict"])
def test_unknown_owner_or_array_stays_silent(tail):
    assert _findings(tail) == []
