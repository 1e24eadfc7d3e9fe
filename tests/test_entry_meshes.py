"""A collective over every axis of a mesh the caller passes (codemods/analysis/entry_meshes.py):
reported when it fails for a mesh of exactly the specs' names AND for one with more axes, never
with a fix (the other axes cannot be spelled)."""
from __future__ import annotations

import textwrap

from codemods import jaxapi
from codemods.engine import Options, process_source

HEAD = """\
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(b):
"""


def _findings(body: str, specs: str = 'P("i", "j")'):
    source = HEAD + textwrap.indent(textwrap.dedent(body), " " * 8) + \
        f"\n    return jax.shard_map(body, mesh=mesh, in_specs={specs}, out_specs=P())(x)\n"
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    return result.findings


def test_mixed_states_over_the_whole_mesh_is_reported_without_a_fix():
    found = _findings('local = jax.lax.psum(jnp.sum(b), "j")\nreturn jax.lax.pmean(local, mesh.axis_names)')
    assert [(f.code, f.span.line) for f in found] == [("SF105", 9)]
    assert found[0].fix is None and "other axes" in found[0].message


def test_varying_on_every_named_axis_is_silent():
    # fine on a mesh of exactly ('i', 'j'); with a third axis the sum is invariant there and raises
    assert _findings("return jax.lax.psum(jnp.sum(b), mesh.axis_names)", 'P(("i", "j"))') == []


def test_a_name_no_spec_writes_is_not_taken_for_a_mesh_axis():
    # 'j' is named only by a collective: on a mesh without it the psum over 'j' raises first
    assert _findings('s = jax.lax.psum(jnp.sum(b), "j")\nreturn jax.lax.pmean(s, mesh.axis_names)', 'P("i")') == []
