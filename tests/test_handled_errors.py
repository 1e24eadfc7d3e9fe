"""A JAX tracing error the program catches (codemods/analysis/handled.py): a handler that recovers
(computes another way, tries the next spelling) means the failing line does not stop the program,
so it is not reported; a handler that only reports the failure (logs, prints, returns None) or
stops (sys.exit, raise) leaves the program broken, and the line is reported."""
from __future__ import annotations

import textwrap

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source

PROGRAM = '''
import logging
import sys

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def reduce(v):
    try:
        return jax.lax.psum(v, AXES)
    except ValueError:
{handler}


def run(mesh, x):
    def body(v):
        return reduce(jnp.sum(v, axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
'''
PSUM_LINE = 14


def _findings(handler: str) -> list[tuple[int, str]]:
    source = PROGRAM.replace("{handler}", textwrap.indent(textwrap.dedent(handler).strip("\n"), " " * 8))
    result = process_source(source, "handled.py", Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    return sorted((f.span.line, f.code) for f in result.findings if f.code.startswith("SF1"))


@pytest.mark.parametrize("handler", [
    'logging.exception("psum failed")\nreturn None',
    'print("psum failed", file=sys.stderr)\nsys.exit(1)',
    'pass',
    'raise',
], ids=["logs_and_returns_none", "exits", "passes", "raises_again"])
def test_a_handler_that_only_reports_keeps_the_finding(handler: str) -> None:
    assert _findings(handler) == [(PSUM_LINE, "SF105")]


@pytest.mark.parametrize("handler", [
    'return jax.lax.psum(jax.lax.pcast(v, "j", to="varying"), AXES)',
    'v = jax.lax.pcast(v, "j", to="varying")\nreturn jax.lax.psum(v, AXES)',
], ids=["casts_then_sums", "recomputes"])
def test_a_handler_that_recovers_withholds_the_finding(handler: str) -> None:
    assert _findings(handler) == []
