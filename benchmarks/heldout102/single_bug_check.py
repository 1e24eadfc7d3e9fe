"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout102/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (SF101, SF103, SF105), a gather plan that no longer names the axis the
value is already reduced on (SF102), the export spec the placement allows (SF104), and for SF106
the producer's gather changed to `to='invarying'` with the out spec that no longer says reduced.
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"
RED = 'to="reduced")'
INV = 'to="invarying")'
OUT_R = 'out_specs=P("data", None, reduced={"model"}))'
OUT_I = 'out_specs=P("data", None))'


def gather_pcast(value, axis):
    """all_gather(value, axis ...) -> all_gather(pcast(value, axis, to='varying'), axis ..."""
    return (f"jax.lax.all_gather({value}, {axis},",
            f'jax.lax.all_gather({PC}({value}, {axis}, to="varying"), {axis},')


def to_invarying(gather_head):
    """The producer's reduced gather (anchored by its head) made invarying; out spec plain."""
    return [(gather_head + RED, gather_head + INV), (OUT_R, OUT_I)]


FIXES = {
    # SF101: psum/pmean result gathered to='reduced'
    "collections_namedtuple_axes.py": [gather_pcast("pooled", "axes.batch")],
    "contextlib_exitstack_hooks.py": [gather_pcast("sq", '"model"')],
    "dataclasses_field_factory.py": [gather_pcast("synced", "tuple(cfg.log_axes)")],
    "enum_axis_roles.py": [gather_pcast("s", "Axis.TENSOR.value")],
    "functools_partial_mlp.py": [("return gather_features(y)",
                                  f'return gather_features({PC}(y, "model", to="varying"))')],
    "itertools_product_sweep.py": [gather_pcast("sq", "feature_axis")],
    "jax_tree_map_grads.py": [gather_pcast("n", '"model"')],
    "json_layout_string.py": [gather_pcast("sq", "norm_axis")],
    "logging_adapter_probe.py": [gather_pcast("norm", "axis")],
    "types_mappingproxy_registry.py": [gather_pcast("load", 'AXES["batch"]')],
    # SF102: second reduced gather names an axis the value is already reduced on
    "collections_defaultdict_plan.py": [("jax.lax.all_gather(heads, tuple(",
                                         f'jax.lax.all_gather({PC}(heads, "model", to="varying"), tuple(')],
    "concurrent_threadpool_build.py": [('"global": [("model", 1), (("data", "model"), 0)]',
                                        '"global": [("model", 1), ("data", 0)]')],
    "dataclasses_replace_eval.py": [('then=("data", "model"))', 'then=("data",))')],
    "enum_intenum_stage.py": [('Stage.GLOBAL: ("data", "model")}', 'Stage.GLOBAL: ("data",)}')],
    "functools_partialmethod_stats.py": [('axes=("data", "model"), axis=0)', 'axes="data", axis=0)')],
    "itertools_chain_axes.py": [('itertools.chain(AXIS_GROUPS["batch"], AXIS_GROUPS["tensor"])',
                                 'itertools.chain(AXIS_GROUPS["batch"])')],
    "jax_pytree_class_state.py": [('full = Moments(cols.mu, cols.nu, gather_axes=("data", "model"))',
                                   'full = Moments(cols.mu, cols.nu, gather_axes=("data",))'),
                                  ('out_specs=Moments(out, out, gather_axes=("data", "model")))',
                                   'out_specs=Moments(out, out, gather_axes=("data",)))')],
    "re_layout_parse.py": [("gather(data+model)@0", "gather(data)@0")],
    "typing_namedtuple_plan.py": [('plan = CommPlan()._replace(token_axes=("data", "model"))', "plan = CommPlan()")],
    "warnings_catch_fallback.py": [('axes = resolve_axes("all")', 'axes = resolve_axes("data")')],
    # SF103: a reduced value fed to a collective over its reduced axis
    "argparse_known_args.py": [("jax.lax.pmax(full, args.sync_axis)",
                                f'jax.lax.pmax({PC}(full, args.sync_axis, to="varying"), args.sync_axis)')],
    "collections_ordereddict_pipeline.py": [('"model", axis=1, tiled=True, ' + RED, '"model", axis=1, tiled=True, ' + INV)],
    "dataclasses_asdict_metrics.py": [('probs = jax.lax.all_gather(logits, "data", axis=0, tiled=True, ' + RED,
                                       'probs = jax.lax.all_gather(logits, "data", axis=0, tiled=True, ' + INV)],
    "enum_flag_sync.py": [('x = jax.lax.pmean(x, "data")', f'x = jax.lax.pmean({PC}(x, "data", to="varying"), "data")')],
    "functools_reduce_loss.py": [('jax.lax.pmean(per_row, "data")', f'jax.lax.pmean({PC}(per_row, "data", to="varying"), "data")')],
    "importlib_optimizer_module.py": [('"gather_to": "reduced"}', '"gather_to": "varying"}')],
    "itertools_islice_ring.py": [('jax.lax.all_gather(block, "ring", axis=0, tiled=True, ' + RED,
                                  'jax.lax.all_gather(block, "ring", axis=0, tiled=True)')],
    "jax_jit_static_argnames.py": [('eval_step(scores, mesh=mesh, gather_to="reduced")',
                                    'eval_step(scores, mesh=mesh, gather_to="varying")')],
    "math_mesh_shape.py": [('full = jax.lax.ppermute(full, "model",',
                            f'full = jax.lax.ppermute({PC}(full, "model", to="varying"), "model",')],
    "typing_protocol_typeddict.py": [('return jax.lax.psum(mass, "data"),',
                                      f'return jax.lax.psum({PC}(mass, "data", to="varying"), "data"),')],
    # SF104: top_level_all_gather out spec
    "collections_counter_layout.py": [("top_level_all_gather(w, P(None, col_axis))",
                                       "top_level_all_gather(w, P(None, LAYOUTS[name][1], reduced={LAYOUTS[name][0]}))")],
    "configparser_export.py": [("gathered = model,-", "gathered = -,model")],
    "dataclasses_fields_specs.py": [('"export": P("model", reduced={"data"})})',
                                     '"export": P(None, reduced={"data", "model"})})')],
    "enum_strenum_export.py": [('Kind.PROJ: P("model", None, reduced={"data"})}',
                                'Kind.PROJ: P(None, "model", reduced={"data"})}')],
    "functools_lru_cache_mesh.py": [("top_level_all_gather(w, export_spec(1))", "top_level_all_gather(w, export_spec(0))")],
    "heapq_largest_export.py": [('P(None, None, reduced={"data", "model"}))',
                                 'P(None, None, reduced={"data", "model"}), multi_dim=True)')],
    "inspect_signature_export.py": [('export=P(None, None, reduced={"data"})', 'export=P(None, None, reduced={"model"})')],
    "itertools_groupby_params.py": [('"attn/wo": P("model", "data"),', '"attn/wo": P("data", "model"),')],
    "jax_eval_shape_export.py": [('return P(None, "model") if', 'return P(None, "model", reduced={"data"}) if')],
    "string_template_spec.py": [('string.Template("${col},-")', 'string.Template("-,${col}")')],
    # SF105: psum/pmean over a tuple of axes in different states
    "abc_reducer_hierarchy.py": [("return jax.lax.psum(g, self.axes)\n\n\nclass Hier",
                                  f'return jax.lax.psum({PC}(g, "model", to="varying"), self.axes)\n\n\nclass Hier')],
    "ast_literal_eval_axes.py": [("jax.lax.pmean(jnp.mean(jnp.log(z)), loss_axes)",
                                  f'jax.lax.pmean({PC}(jnp.mean(jnp.log(z)), "model", to="varying"), loss_axes)')],
    "bisect_bucket_axes.py": [("jax.lax.psum(counts, axes)", f'jax.lax.psum({PC}(counts, "model", to="varying"), axes)')],
    "collections_deque_grads.py": [('jax.lax.psum(window[-1], ("data", "model"))',
                                    f'jax.lax.psum({PC}(window[-1], "model", to="varying"), ("data", "model"))')],
    "copy_deepcopy_config.py": [('jax.lax.pmean(row_loss, tuple(', f'jax.lax.pmean({PC}(row_loss, "model", to="varying"), tuple(')],
    "dataclasses_initvar_postinit.py": [("jax.lax.psum(local, self.axes)", f'jax.lax.psum({PC}(local, "model", to="varying"), self.axes)')],
    "functools_cached_property_norm.py": [("jax.lax.pmean(mu, self.stat_axes)",
                                           f'jax.lax.pmean({PC}(mu, self.hidden_axis, to="varying"), self.stat_axes)')],
    "itertools_accumulate_stages.py": [("partial = jax.lax.pmean(partial, axes)",
                                        f'partial = jax.lax.pmean({PC}(partial, "model", to="varying"), axes)')],
    "numpy_unique_groups.py": [("jax.lax.pmean(per_token, axes)", f'jax.lax.pmean({PC}(per_token, "model", to="varying"), axes)')],
    "os_environ_axes.py": [("jax.lax.pmean(row.mean(), reduce_axes())",
                            f'jax.lax.pmean({PC}(row.mean(), "model", to="varying"), reduce_axes())')],
    # SF106: a reduced value combined with a constant or an invariant value
    "collections_chainmap_config.py": [('OVERRIDES = {"gather_to": "reduced"}', "OVERRIDES = {}")],
    "contextlib_contextmanager_scope.py": to_invarying('jax.lax.all_gather(x, axis_name, axis=1, tiled=True, '),
    "dataclasses_astuple_norm.py": to_invarying('jax.lax.all_gather(x, "model", axis=1, tiled=True, '),
    "functools_singledispatch_scale.py": to_invarying('jax.lax.all_gather(logits, "model", axis=1, tiled=True, '),
    "itertools_starmap_bias.py": [('tiled=True, ' + RED + ' for h in', 'tiled=True, ' + INV + ' for h in'),
                                  ('out = P("data", None, reduced={"model"})', 'out = P("data", None)')],
    "numpy_rng_dropout.py": to_invarying('jax.lax.all_gather(h, "model", axis=1, tiled=True, '),
    "operator_itemgetter_heads.py": [('"model", axis=1, tiled=True, ' + RED, '"model", axis=1, tiled=True, ' + INV),
                                     ('(P("data", None, reduced={"model"}), P("data"))', '(P("data", None), P("data"))')],
    "shlex_launcher_flags.py": to_invarying('jax.lax.all_gather(targets, "model", axis=1, tiled=True, '),
    "statistics_calibration.py": to_invarying('jax.lax.all_gather(logits, "model", axis=1, tiled=True, '),
    "types_simplenamespace_hparams.py": [('hp.vocab_axis, axis=1, tiled=True, ' + RED, 'hp.vocab_axis, axis=1, tiled=True, ' + INV),
                                         ("out_specs=P(hp.batch_axis, None, reduced={hp.vocab_axis}))",
                                          "out_specs=P(hp.batch_axis, None))")],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
