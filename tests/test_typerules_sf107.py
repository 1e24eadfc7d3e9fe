"""SF107 through the engine: messages for each target JAX, the fix (fewer axes, or the operand
alone in the parentheses it needs), its combination with SF201's rename, and the silent cases.

The golden fixtures (fixtures/SF107) are the main specification; these pin down the edges.
"""
from __future__ import annotations

import ast
import textwrap

from codemods import jaxapi
from codemods.engine import Options, process_source
from codemods.model import Safety


def options(target: str = "0.10.2", select: tuple[str, ...] = ("SF107",)) -> Options:
    return Options(select=select, target=jaxapi.parse_version(target))


def run(source: str, fix: bool = False, **kwargs):
    result = process_source(source, "t.py", options(**kwargs), fix=fix)
    assert result.error is None, result.error
    return result


def applied(source: str, **kwargs) -> str:
    output = run(source, fix=True, **kwargs).output
    assert run(output, fix=True, **kwargs).output == output, "fixes are not idempotent"
    return output


def program(body: str, in_specs: str = "P('i')", out_specs: str = "P('i')") -> str:
    return (
        "import jax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P\n"
        "\n\ndef main(x):\n    mesh = jax.make_mesh((2, 4), ('i', 'j'))\n\n    def body(block):\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + f"\n\n    return jax.shard_map(body, mesh=mesh, in_specs={in_specs}, out_specs={out_specs})(x)\n"
    )


def sf107(result) -> list:
    return [finding for finding in result.findings if finding.code == "SF107"]


def test_message_names_axes_state_and_jax_error():
    (finding,) = sf107(run(program("return jax.lax.pcast(block, 'i', to='varying')")))
    assert "over 'i' of `block`" in finding.message
    assert "varying on 'i'" in finding.message
    assert jaxapi.ERR_PCAST_FROM_VARYING in finding.message
    assert finding.fix is not None and finding.fix.safety is Safety.SAFE


def test_pvary_message_follows_the_target_jax():
    source = program("return jax.lax.pvary(block, 'i')")
    (newest,) = sf107(run(source))
    assert jaxapi.ERR_PCAST_FROM_VARYING in newest.message and "SF201" in newest.message
    (on_092,) = sf107(run(source, target="0.9.2"))
    assert jaxapi.ERR_PVARY_OF_VARYING in on_092.message


def test_zeros_like_is_varying_only_from_jax_082():
    source = program("return jax.lax.pvary(jnp.zeros_like(block), 'i')")
    assert len(sf107(run(source, target="0.9.2"))) == 1
    assert sf107(run(source, target="0.6.2")) == []  # invariant there: the cast was legal


def test_with_sf201_the_pvary_becomes_its_operand_or_the_smaller_pcast():
    both = ("SF107", "SF201")
    out = applied(program("start = jax.lax.pvary(jnp.zeros_like(block), 'i')\nreturn start"), select=both)
    assert "start = jnp.zeros_like(block)\n" in out and "pvary" not in out and "pcast" not in out
    out = applied(program("return jax.lax.psum(jax.lax.pvary(block, ('i', 'j')), 'j')"), select=both)
    assert "jax.lax.psum(jax.lax.pcast(block, 'j', to='varying'), 'j')" in out


def test_operand_is_parenthesized_only_where_precedence_needs_it():
    out = applied(program("a = jax.lax.pcast(block + 1, 'i', to='varying')\n"
                          "b = 2 * jax.lax.pcast(block - 1, 'i', to='varying')\n"
                          "c = jax.lax.pcast(block * 2, 'i', to='varying') * 3\n"
                          "return a + b + c"))
    assert "a = block + 1\n" in out
    assert "b = 2 * (block - 1)\n" in out
    assert "c = block * 2 * 3\n" in out  # the same tree as (block * 2) * 3


def test_multiline_operand_keeps_its_bytes_inside_parentheses():
    source = program("y = jax.lax.pcast(block +\n    1, 'i', to='varying')\nreturn y")
    out = applied(source)
    assert "y = (block +\n            1)\n" in out
    ast.parse(out)


def test_comment_inside_the_call_means_no_fix():
    source = program("y = jax.lax.pcast(block,  # the shard\n    'i', to='varying')\nreturn y")
    (finding,) = sf107(run(source))
    assert finding.fix is None and "comment" in finding.message
    assert run(source, fix=True).output == source


def test_double_cast_drops_only_the_outer_cast_and_keyword_operand_is_found():
    out = applied(program("return jax.lax.pcast(jax.lax.pcast(block, 'j', to='varying'), 'j', to='varying')"))
    assert "return jax.lax.pcast(block, 'j', to='varying')\n" in out
    out = applied(program("return jax.lax.pcast(x=block, axis_name='i', to='varying')"))
    assert "return block\n" in out


def test_axes_given_by_a_name_are_replaced_by_the_remaining_literal():
    out = applied(program("axes = ('i', 'j')\nreturn jax.lax.pcast(block, axes, to='varying')"))
    assert "return jax.lax.pcast(block, 'j', to='varying')\n" in out


def test_silent_when_a_state_is_unknown_or_the_cast_is_legal():
    silent = [
        "return jax.lax.pcast(jax.lax.psum(block, 'i'), 'i', to='varying')",  # invariant
        "return jax.lax.pcast(block, 'j', to='varying')",  # invariant on 'j'
        "return jax.lax.pcast(block, 'i', to='reduced')",  # not a cast to varying
        "return jax.lax.pcast(block, 'k', to='varying')",  # not an axis of the mesh
        # varying on 'i', unreduced on 'j': dropping 'i' would leave a cast JAX rejects too
        "u = jax.lax.pcast(block, 'j', to='unreduced')\nreturn jax.lax.pcast(u, ('i', 'j'), to='varying')",
    ]
    for body in silent:
        assert sf107(run(program(body, in_specs="P('i', 'j')" if "unreduced" in body else "P('i')"))) == [], body
    unknown = "def widen(v):\n    return jax.lax.pcast(v, 'i', to='varying')\n\nreturn widen(opaque(block))"
    assert sf107(run(program(unknown))) == []


def test_reduced_axis_left_over_keeps_the_cast_on_it():
    body = "r = jax.lax.pcast(jax.lax.psum(block, 'j'), 'j', to='reduced')\nreturn jax.lax.pcast(r, ('i', 'j'), to='varying')"
    out = applied(program(body, in_specs="P('i', 'j')", out_specs="P('i', 'j')"))
    assert "return jax.lax.pcast(r, 'j', to='varying')\n" in out


def test_cast_in_a_loop_is_fixed_when_every_round_sees_a_varying_value():
    out = applied(program("acc = block\nfor k in range(3):\n    acc = jax.lax.pcast(acc * k, 'i', to='varying')\nreturn acc"))
    assert "    acc = acc * k\n" in out
    # first round invariant (legal), later rounds varying: range(3) certainly runs a second round,
    # which JAX rejects (run on 0.10.2); no fix, since the cast is needed in the first round
    first_legal = "acc = jnp.zeros(block.shape)\nfor k in range(3):\n    acc = jax.lax.pcast(acc, 'i', to='varying')\nreturn acc"
    (finding,) = sf107(run(program(first_legal)))
    assert finding.fix is None
    # a loop that may run once: nothing certain to say at the site
    maybe_once = first_legal.replace("range(3)", "range(block.shape[0])")
    assert sf107(run(program(maybe_once))) == []
