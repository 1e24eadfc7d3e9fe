"""SF104 with axis names read as symbols (analysis/spec_symbols.py): a verdict counts only when it
holds for every value the symbols may take, and a fix spells them only where they read the same
binding."""
from __future__ import annotations

import textwrap

from codemods.analysis.spec_symbols import every_value
from codemods.analysis.specs import Spec
from codemods.analysis.symbol_values import SymbolAxis
from codemods.engine import Options, process_source
from codemods.rules._gathers import verdict

OPTIONS = Options(select=("SF104",))

ENV_HEADER = """\
import os

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = os.environ.get("ROWS", "i")
COLS = os.environ.get("COLS", "j")
"""


def run(body: str, fix: bool = False):
    result = process_source(ENV_HEADER + textwrap.dedent(body), "m.py", OPTIONS, fix=fix)
    assert result.error is None
    return result


def _symbol(name: str, typed: bool = True) -> SymbolAxis:
    return SymbolAxis("\x00test:" + name, name, typed, ("module", 0, name))


def _verdict(have: Spec, want: Spec):
    return verdict(have, want, False)


def test_symbols_proved_apart_by_the_input_spec_give_the_verdict_and_a_fix():
    a, b = _symbol("A", typed=False), _symbol("B", typed=False)
    have = Spec(((a, b), ()))  # a tuple entry: each a str, and a NamedSharding keeps them apart
    assert every_value(have, Spec(((b,), ()), (a,)), _verdict) == (True, True)


def test_a_symbol_that_may_equal_a_literal_gives_no_verdict():
    a = _symbol("A")
    # right when A is 'i', not a prefix otherwise
    assert every_value(Spec((("i", "j"), ())), Spec(((a,), ()), ("j",)), _verdict) == (False, False)


def test_a_symbol_that_may_be_a_tuple_gives_no_verdict():
    rows = _symbol("rows", typed=False)  # `rows=("i", "j")`: a whole entry of the spec
    assert every_value(Spec(((rows,), ())), Spec((("i",), ()), ("j",)), _verdict) == (False, False)


def test_env_axes_found_and_fixed_by_their_names():
    body = """
    def run(mesh, x):
        y = jax.device_put(x, NamedSharding(mesh, P((ROWS, COLS), None)))
        with jax.set_mesh(mesh):
            return top_level_all_gather(y, P(COLS, None, reduced={ROWS}))
    """
    found = run(body).findings
    assert len(found) == 1 and found[0].fix is not None
    assert "reduced={ROWS, COLS}" in run(body, fix=True).fixed


def test_no_fix_where_the_symbol_is_shadowed_at_the_call():
    body = """
    SPECS = {"in": P((ROWS, COLS), None), "out": P(COLS, None, reduced={ROWS})}


    def run(mesh, x):
        y = jax.device_put(x, NamedSharding(mesh, SPECS["in"]))
        with jax.set_mesh(mesh):
            ROWS = "unused"
            return top_level_all_gather(y, SPECS["out"]), ROWS
    """
    found = run(body).findings
    assert len(found) == 1 and found[0].fix is None  # `ROWS` there is the local, not the option


def test_no_fix_where_the_entry_parameter_is_not_bound():
    body = """
    def export(mesh, x, placed, wanted):
        y = jax.device_put(x, NamedSharding(mesh, placed))
        with jax.set_mesh(mesh):
            return top_level_all_gather(y, wanted)


    def main(mesh, x, data="i", model="j"):
        return export(mesh, x, P((data, model), None), P(data, None))
    """
    found = run(body).findings
    assert len(found) == 1 and "model" in found[0].message and found[0].fix is None
    fixed = run(body, fix=True)
    assert fixed.fixed is None or fixed.fixed == ENV_HEADER + textwrap.dedent(body)  # the source stays as written


def test_symbols_of_a_function_called_twice_are_not_read():
    body = """
    def gather(mesh, x, axis, other):
        y = jax.device_put(x, NamedSharding(mesh, P((axis, other), None)))
        with jax.set_mesh(mesh):
            return top_level_all_gather(y, P(other, None))


    def run(mesh, x, names):
        return gather(mesh, x, names[0], names[1]), gather(mesh, x, names[1], names[0])
    """
    assert run(body).findings == []  # each call binds its own values: not one symbol
