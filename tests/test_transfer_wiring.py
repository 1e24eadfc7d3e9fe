"""The analysis follows the target JAX's transfer table (codemods/transfer), never a hand list."""
from __future__ import annotations

import textwrap

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source
from codemods.rules.sf106 import ReducedWithReplicated


def program(body: str, out_specs: str = "P(None, 'j', reduced={'i'})") -> str:
    return (
        "import jax\nfrom jax import lax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P\n\n\n"
        "def main(x):\n    mesh = jax.make_mesh((2, 4), ('i', 'j'))\n\n    def body(x):\n"
        "        g = lax.all_gather(x, 'i', to='reduced', tiled=True)\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + f"\n\n    return jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs={out_specs})(x)\n"
    )


def codes(body: str, target: str = "0.10.2", out_specs: str = "P(None, 'j', reduced={'i'})") -> list[str]:
    options = Options(target=jaxapi.parse_version(target), unsafe_fixes=True)
    result = process_source(program(body, out_specs), "t.py", options)
    assert result.error is None, result.error
    return sorted(finding.code for finding in result.findings)


@pytest.mark.parametrize("body", [
    "return jax.nn.relu(g)",                  # relu compares with 0 (missed by the old hand list)
    "return jax.nn.silu(g)",
    "return jnp.maximum(g, 0.0)",
    "return jnp.log2(g)",
    "return g.std()",
    "return g / x.shape[0]",                   # a Python value of either number kind
])
def test_operations_the_table_shows_rejecting_a_reduced_value_are_reported(body):
    assert codes(body) == ["SF106"]


@pytest.mark.parametrize("body", [
    "c = jnp.concatenate([g, g])\nreturn lax.psum(c, 'i')",
    "s = jnp.stack([g, g])\nreturn lax.psum(s, 'i')",
    "t = jnp.transpose(g)\nreturn lax.psum(t, 'i')",
    "t = jnp.reshape(g, (4, 2, -1))\nreturn lax.psum(t, 'i')",
    "return lax.psum((g, g * g), 'i')",        # a pytree whose leaves are all reduced
])
def test_reduced_kept_by_the_table_reaches_the_collective(body):
    assert codes(body, out_specs="P()") == ["SF103"]


@pytest.mark.parametrize("body", [
    "e = jnp.einsum('ij,ij->ij', g, g)\nreturn lax.psum(e, 'i')",  # einsum drops the reduced state
    "c = jnp.cumsum(g, axis=0)\nreturn lax.psum(c, 'i')",           # so does cumsum
    "return jnp.sort(g, axis=0, stable=False)",                     # a keyword never observed: unknown
    "return jnp.sort(g, axis=0)",       # float sorts raise when lowered, int sorts keep the state: dtype unknown
    "s = g.sum(initial=0.0)\nreturn lax.psum(s, 'i')",              # a keyword the generator does not try
    "s = g.sum(where=jnp.arange(4) > 1)\nreturn lax.psum(s, 'i')",
    "return jnp.where(jnp.arange(8)[:, None] > 2, g, -g)",          # a layout never observed: unknown
    "return g ** 2",                                                # integer_pow drops it, no error
])
def test_what_the_table_does_not_prove_is_not_reported(body):
    assert codes(body, out_specs="P()") == []


def test_the_target_jax_decides_jax_0_8_2_accepted_relu_and_a_scaled_reduced_value():
    assert codes("return jax.nn.relu(g)", target="0.8.2") == []
    assert codes("return g * 2", target="0.8.2") == []
    assert codes("return g * 2", target="0.10.2") == ["SF106"]
    assert codes("return jax.nn.relu(g)", target="0.9.4") == ["SF106"]  # reads the 0.9.2 table


def test_explain_lists_the_rejecting_operations_from_the_table():
    why = ReducedWithReplicated.doc.why
    assert "`jax.nn.relu`" in why and "`jax.numpy.mean`" in why and "`operator:mul`" in why
    assert "`jax.numpy.tanh`" not in why  # tanh keeps the reduced state


COLLECTIVE_ENTRIES = {  # the analysis's collective rule -> the table's entry for its default call
    "jax.lax.psum": "jax.lax.psum", "jax.lax.pmean": "jax.lax.pmean", "jax.lax.pmax": "jax.lax.pmax",
    "jax.lax.pmin": "jax.lax.pmin", "jax.lax.psum_scatter": "jax.lax.psum_scatter",
    "jax.lax.all_gather": "jax.lax.all_gather", "jax.lax.ppermute": "jax.lax.ppermute",
    "jax.lax.all_to_all": "jax.lax.all_to_all",
}


@pytest.mark.parametrize("version", [(0, 8, 2), (0, 9, 2), (0, 10, 2)])
@pytest.mark.parametrize("name", sorted(COLLECTIVE_ENTRIES))
def test_the_collective_rules_agree_with_what_each_table_observed(name, version):
    from codemods.analysis import transfer as rules
    from codemods.transfer import table as transfer_table

    table = transfer_table.load(version)
    rule = rules.collective_rule(name)
    entry = COLLECTIVE_ENTRIES[name]
    varying = table.collective_outcome(entry, ("i",), {"i": "varying", "j": "invariant"})
    gives = rule.default_to if rule.gives == "to" else rule.gives
    assert varying["states"]["i"] == gives
    reduced = table.collective_outcome(entry, ("i",), {"i": "reduced", "j": "invariant"})
    assert ("error" in reduced) == rule.rejects_reduced
    mixed = table.collective_outcome(entry, ("i", "j"), {"i": "varying", "j": "invariant"})
    checks_one_state = rule.one_state_since is not None and version >= rule.one_state_since
    assert ("error" in mixed and "can only accept axis_name" in mixed["message"]) == checks_one_state


def program3(body: str, out_specs: str) -> str:
    """A (2, 2, 2) mesh: `g` is reduced on 'i', varies on 'j' and is invariant on 'k' (the
    other axes in mixed states, as after gathering a value sharded over two axes)."""
    return (
        "import jax\nfrom jax import lax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P\n\n\n"
        "def main(x):\n    mesh = jax.make_mesh((2, 2, 2), ('i', 'j', 'k'))\n\n    def body(x):\n"
        "        g = lax.all_gather(x, 'i', to='reduced', tiled=True)\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + f"\n\n    return jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs={out_specs})(x)\n"
    )


def codes3(body: str, out_specs: str = "P()", target: str = "0.10.2") -> list[str]:
    options = Options(target=jaxapi.parse_version(target), unsafe_fixes=True)
    result = process_source(program3(body, out_specs), "t.py", options)
    assert result.error is None, result.error
    return sorted(finding.code for finding in result.findings)


@pytest.mark.parametrize("body", [
    "s = g.sum()\nreturn lax.psum(s, 'i')",
    "s = g.sum(0)\nreturn lax.psum(s, 'i')",                                  # a positional axis
    "s = jnp.sum(g, axis=None, keepdims=True)\nreturn lax.psum(s, 'i')",
    "s = jnp.sum(g, axis=(0, 1))\nreturn lax.psum(s, 'i')",
    "a = g.astype(jnp.float32)\nreturn lax.psum(a, 'i')",
    "c = jnp.concatenate([g, g], axis=1)\nreturn lax.psum(c, 'i')",
    "c = jnp.concatenate((g, g, g))\nreturn lax.psum(c, 'i')",                # a tuple of three
])
def test_reduced_kept_with_mixed_other_axes_and_the_forms_real_code_writes(body):
    assert codes3(body) == ["SF103"]


@pytest.mark.parametrize("body", [
    "return jax.nn.relu(g)",
    "return g.mean(axis=(0, 1))",
    "return jnp.mean(g, axis=-1, keepdims=True)",
])
def test_rejections_with_mixed_other_axes(body):
    assert codes3(body, out_specs="P(None, 'j', reduced={'i'})") == ["SF106"]


def test_a_dot_drops_the_reduced_state_to_invariant_as_the_table_saw():
    # Invariant on 'i', varying on 'j': a psum over both axes meets two states (SF105).
    assert codes3("h = jnp.dot(g, g.T)\nreturn lax.psum(h, ('i', 'j'))") == ["SF105"]


def test_a_reduced_value_beside_an_invariant_one_keeps_the_state_when_the_table_says_so():
    body = "w = jnp.zeros((8, 2))\nc = jnp.concatenate([g, w], axis=0)\nreturn lax.psum(c, 'i')"
    assert codes(body.replace("(8, 2)", "(4, 1)"), out_specs="P()") == ["SF103"]


@pytest.mark.parametrize("body, expected", [
    # Run on jax 0.10.2: tanh keeps both reduced axes, and the psum's inserted pvary raises
    # "pvary cannot accept args which are reduced. Got f32[32,2]{R:(i,j)}".
    ("g2 = lax.all_gather(x, ('i', 'j'), to='reduced', tiled=True)\nt = jnp.tanh(g2)\nreturn lax.psum(t, 'i')",
     ["SF103"]),
    # jnp.mean of a value reduced on i and j: "Inputs cannot be replicated on the same axes that
    # another input is reduced on".
    ("g2 = lax.all_gather(x, ('i', 'j'), to='reduced', tiled=True)\nreturn jnp.mean(g2)", ["SF106"]),
])
def test_a_value_reduced_on_two_axes_follows_the_table(body, expected):
    assert codes(body, out_specs="P()") == expected


@pytest.mark.parametrize("body", [
    "return jnp.clip(g, -1.0, 1.0)",             # a reduced value and two Python numbers (run: JAX raises)
    "return jnp.clip(g, min=-1.0, max=1.0)",     # the same call by keyword
    "return g.clip(0, 1)",
    "return jnp.minimum(1.0, g)",                # the number first
    "return jnp.clip(g, jnp.zeros(()), 1.0)",    # an array bound replicated on 'i' beside a number
])
def test_argument_lists_with_numbers_in_other_positions_are_observed(body):
    assert codes(body) == ["SF106"]


def test_argument_lists_never_observed_or_accepted_give_no_finding():
    assert codes("return jnp.clip(g, max=1.0)") == []  # min left unbound: never observed, unknown
    # A varying lower bound makes the result varying before the number meets it: JAX accepts it.
    assert codes("return jnp.clip(g, x.min(), 1.0)", out_specs="P('i', 'j')") == []


def test_a_case_that_depends_on_the_dtype_is_read_only_for_operands_of_one_known_kind():
    from codemods.analysis import transfer
    from codemods.analysis.values import State

    rule = transfer.elementwise_rule("jax.numpy.isfinite", (0, 10, 2))
    assert rule.state(["reduced"]) is None  # (the static analysis knows no dtypes)
    assert rule.of_kinds(["f"]).state(["reduced"]) is State.REDUCED
    assert rule.of_kinds(["i"]).state(["reduced"]) is State.INVARIANT
    for kinds in ([], [None], ["f", "i"], ["f", None], ["u"], ["c"], ["V"]):
        assert rule.of_kinds(kinds).state(["reduced"]) is None, kinds
