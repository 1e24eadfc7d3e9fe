"""Axis names read from code the analysis cannot run (codemods/analysis/symbols.py): what a
user sees in the message and the fix, and where the fix must not be written."""
from __future__ import annotations

import ast
import textwrap

from codemods import jaxapi
from codemods.engine import Options, process_source

_OPTIONS = Options(target=jaxapi.NEWEST_KNOWN)

_CONFIG = '''
import dataclasses
import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    data: str = "i"
    model: str = "j"
'''


def _run(body: str, fix: bool = False):
    source = _CONFIG + textwrap.dedent(body)
    result = process_source(source, "symbols_case.py", _OPTIONS, fix=fix)
    assert result.error is None
    return result


def test_the_finding_names_the_expression_and_the_fix_spells_it():
    result = _run('''
        def run(mesh, x, cfg: Config):
            def body(v):
                s = jax.lax.psum(v, cfg.data)
                return jax.lax.all_gather(s, cfg.data, tiled=True, to="reduced")
            return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.data, cfg.model), out_specs=P(None, cfg.model))(x)
    ''', fix=True)
    [finding] = result.applied
    assert finding.code == "SF101"
    assert "over cfg.data of `s`" in finding.message and "'cfg.data'" not in finding.message
    assert any(key == "axis names" and "`cfg.data`" in text for key, text in finding.evidence)
    assert "jax.lax.pcast(s, cfg.data, to='varying')" in result.fixed
    assert "reduced={cfg.data}" in result.fixed  # the out spec the gathered value flows into
    ast.parse(result.fixed)


def test_no_fix_where_the_root_name_reads_another_binding():
    # The helper casts only part of its axes, so the fix would have to spell `cfg.model` where
    # no `cfg` is bound: the finding stays, without a fix.
    result = _run('''
        def sync(v, axes):
            return jax.lax.pmean(v, axes)

        def run(mesh, x, cfg: Config):
            def body(v):
                m = jax.lax.pmean(v, cfg.model)
                return sync(m, (cfg.data, cfg.model))
            return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.data, cfg.model), out_specs=P())(x)
    ''', fix=True)
    [finding] = result.findings
    assert finding.code == "SF105" and finding.fix is None
    assert "cfg.model` is not read from the same binding" in finding.message
    assert result.applied == []


def test_a_symbol_passed_to_a_factory_is_the_same_value_there():
    # make_body's one call passes run's `axis`: the body's psum then reduced gather fails for
    # any str it holds, and the cast is spelled with the body's own name for it.
    result = _run('''
        def make_body(ax):
            def body(v):
                s = jax.lax.psum(v, ax)
                return jax.lax.all_gather(s, ax, tiled=True, to="reduced")
            return body

        def run(mesh, x, axis: str):
            return jax.shard_map(make_body(axis), mesh=mesh, in_specs=P(axis), out_specs=P(reduced={axis}))(x)
    ''', fix=True)
    [finding] = result.applied
    assert finding.code == "SF101" and "over axis of `s`" in finding.message
    assert "s = jax.lax.pcast(s, ax, to='varying')" in result.fixed
    ast.parse(result.fixed)


def test_names_read_in_two_functions_are_not_one_symbol():
    # make_body's `axis` is what run passes, run's `other`, not run's own `axis`: the gather
    # over it of a value sharded over `other` is valid.
    result = _run('''
        def make_body(axis):
            def body(v):
                return jax.lax.all_gather(v, axis, tiled=True, to="reduced")
            return body

        def run(mesh, x, axis: str, other: str):
            return jax.shard_map(make_body(other), mesh=mesh, in_specs=P(other), out_specs=P(reduced={other}))(x)
    ''')
    assert result.findings == []


def test_a_symbol_beside_a_string_it_may_equal_is_unknown():
    result = _run('''
        def run(mesh, x, cfg: Config):
            def body(v):
                return jax.lax.all_gather(v, "i", tiled=True, to="reduced")
            return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.data), out_specs=P(reduced={"i"}))(x)
    ''')
    assert result.findings == []


def test_an_attribute_some_code_sets_is_no_symbol():
    result = _run('''
        def retarget(cfg):
            object.__setattr__(cfg, "data", cfg.model)

        def run(mesh, x, cfg: Config):
            def body(v):
                s = jax.lax.psum(v, cfg.data)
                return jax.lax.all_gather(s, cfg.data, tiled=True, to="reduced")
            return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.data, cfg.model), out_specs=P(None, cfg.model))(x)
    ''')
    assert result.findings == []


def test_a_cast_of_a_varying_axis_keeps_the_other_symbol_spelled():
    # Run on jax 0.10.2 (2x4 mesh): the pcast raises (one axis varies already); fixed, it runs.
    result = _run('''
        def run(mesh, x, cfg: Config):
            def body(v, table):
                w = jax.lax.pcast(v, (cfg.data, cfg.model), to="varying")
                return jax.lax.psum(w, cfg.model)
            return jax.shard_map(body, mesh=mesh, in_specs=(P(cfg.data), P(cfg.data, cfg.model)),
                                 out_specs=P(cfg.data))(x, x)
    ''', fix=True)
    [finding] = result.applied
    assert finding.code == "SF107"
    assert "jax.lax.pcast(v, cfg.model, to=\"varying\")" in result.fixed


def test_absl_flags_options_are_str_symbols():
    # The JAX side is form ak3's (a psum of a gathered, reduced value); absl is not installed here.
    result = process_source(textwrap.dedent('''
        from absl import flags
        import jax
        from jax.sharding import PartitionSpec as P

        FLAGS = flags.FLAGS
        flags.DEFINE_string("data_axis", "i", "rows")
        flags.DEFINE_string("model_axis", "j", "columns")

        def run(mesh, x):
            def body(v):
                w = jax.lax.all_gather(v, FLAGS.model_axis, axis=1, tiled=True, to="reduced")
                return jax.lax.psum(w, FLAGS.model_axis)
            return jax.shard_map(body, mesh=mesh, in_specs=P(FLAGS.data_axis, FLAGS.model_axis),
                                 out_specs=P(FLAGS.data_axis, None))(x)
    '''), "flags_case.py", _OPTIONS)
    assert [(finding.code, finding.span.line) for finding in result.findings] == [("SF103", 13)]
    assert "over FLAGS.model_axis" in result.findings[0].message
