"""Bindings the analysis must see before it trusts a value (issue 13, found by
benchmarks/adversarial3): a walrus inside a comprehension binds the enclosing function's name
(PEP 572), and argparse stores every option on a namespace handed to `parse_args`/
`parse_known_args`. Each program runs on jax 0.10.2; the same program without the rebinding
raises at the gather, and is reported."""
from __future__ import annotations

import textwrap

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source

WALRUS = """\
import jax
from jax.sharding import PartitionSpec as P


def main(mesh, w, axis="i"):
    sizes = [mesh.shape[(axis := name)] for name in mesh.axis_names]{tail}

    w = jax.device_put(w, jax.sharding.NamedSharding(mesh, P("j")))

    def body(w):
        return jax.lax.all_gather(w, axis, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("j"), out_specs=P(reduced={{"j"}}))(w), sizes


main(jax.make_mesh((2, 4), ("i", "j")), jax.numpy.zeros((8, 4)))
"""

NAMESPACE = """\
import argparse
import jax
from jax.sharding import PartitionSpec as P


def main(w):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="i")
    args = parser.parse_args([])
    {reparse}
    mesh = jax.make_mesh((2, 4), ("i", "j"))

    w = jax.device_put(w, jax.sharding.NamedSharding(mesh, P("j")))

    def body(w):
        return jax.lax.all_gather(w, args.axis, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("j"), out_specs=P(reduced={{"j"}}))(w)


main(jax.numpy.zeros((8, 4)))
"""


def _codes(source: str) -> list[str]:
    result = process_source(textwrap.dedent(source), "prog.py", Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    return [finding.code for finding in result.findings if finding.code.startswith("SF1")]


def test_a_walrus_in_a_comprehension_rebinds_the_parameter():
    # after the comprehension `axis` is "j", the axis `w` varies on: the gather runs
    assert _codes(WALRUS.format(tail="")) == []
    # the same name bound inside a lambda written in the comprehension stays the lambda's
    assert _codes(WALRUS.replace("[mesh.shape[(axis := name)] for name in mesh.axis_names]",
                                 "[(lambda: (axis := name))() for name in mesh.axis_names]").format(tail="")) == ["SF101"]


@pytest.mark.parametrize("reparse", ["parser.parse_args(['--axis', 'j'], namespace=args)",
                                     "parser.parse_known_args(['--axis', 'j'], args)"])
def test_a_namespace_handed_to_argparse_may_change(reparse: str):
    assert _codes(NAMESPACE.format(reparse=reparse)) == []
    # without it the option keeps its default "i", on which `w` is invariant: JAX raises
    assert _codes(NAMESPACE.format(reparse="pass")) == ["SF101"]


LATE = """\
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {axes}
REDUCERS = [lambda v: jax.lax.psum(v, ax) for ax in AXES]


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        s = block.sum(axis=0)
        return REDUCERS[0](s) + REDUCERS[1](s)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


main(jax.numpy.zeros((8, 16)))
"""


def test_lambdas_made_in_a_comprehension_read_its_last_element():
    # found by benchmarks/adversarial5: each lambda reads `ax` when it is called, after the
    # comprehension ended on "data", so both sum over 'data', which `s` varies on: it runs
    assert _codes(LATE.format(axes='(("data", "model"), "data")')) == []
    # ended on ("data", "model"): both sum over 'model' too, where `s` is invariant: JAX raises
    assert _codes(LATE.format(axes='("data", ("data", "model"))')) == ["SF105"]


STATEMENT_WALRUS = """\
import jax
from jax.sharding import PartitionSpec as P
{module}

def main(mesh, x):
    axis = "i"
    {rebind}

    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, {read}, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={{"j"}}))(x)
"""


@pytest.mark.parametrize("module, rebind, read", [
    ("", "if (axis := 'j'):\n        pass", "axis"),
    ("", "print(axis := 'j')", "axis"),
    ("AXIS = 'i'\nCHOSEN = [(AXIS := name) for name in ('j',)]\n", "pass", "AXIS"),
])
def test_a_walrus_in_any_expression_of_the_scope_rebinds_the_name(module: str, rebind: str, read: str):
    # the gather runs over 'j', on which the psum result varies (run on jax 0.10.2): valid
    assert _codes(STATEMENT_WALRUS.format(module=module, rebind=rebind, read=read)) == []
    # without the rebinding it gathers over 'i', where the psum made it invariant: JAX raises
    assert _codes(STATEMENT_WALRUS.format(module=module and "AXIS = 'i'\n", rebind="pass", read=read)) == ["SF101"]


def test_a_star_import_may_rebind_the_names_bound_before_it():
    # `helpers` may define AXIS = "j" (the analysis does not read it); run so, the gather is valid
    before = STATEMENT_WALRUS.format(module="AXIS = 'i'\nfrom helpers import *  # noqa\n", rebind="pass", read="AXIS")
    assert _codes(before) == []
    # a name bound after the star import is the module's own: over 'i' JAX raises
    after = STATEMENT_WALRUS.format(module="from helpers import *  # noqa\nAXIS = 'i'\n", rebind="pass", read="AXIS")
    assert _codes(after) == ["SF101"]
