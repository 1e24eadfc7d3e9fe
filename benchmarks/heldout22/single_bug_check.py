"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout22/single_bug_check.py

The fixes are written by hand from the bug, not from shardfix: mostly on the failing line itself
(a `pcast(..., to='varying')` before the collective, a `reduced=` spec, `jax.reshard`, a context
mesh); for an SF106 program whose result is meant to stay reduced, the other operand is cast to
reduced or the gather is made `'invarying'`. A program that still fails after its fix hides a
second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # federated learning
    'fl_server_broadcast_config.py': [
        ('all_gather(new_w, cfg.client_axis,',
         'all_gather(jax.lax.pcast(new_w, cfg.client_axis, to="varying"), cfg.client_axis,'),
    ],
    'fl_hierarchical_edge_cloud.py': [
        ('all_gather(per_edge, levels,',
         'all_gather(jax.lax.pcast(per_edge, CLIENT, to="varying"), levels,'),
    ],
    'fl_fedprox_norm_registry.py': [
        ('psum(jnp.sum(v * v), axis)',
         'psum(jax.lax.pcast(jnp.sum(v * v), axis, to="varying"), axis)'),
    ],
    'fl_tlag_global_model_export.py': [
        ('"dense": P("model", None, reduced={"clients"}),',
         '"dense": P("clients", None, reduced={"model"}),'),
    ],
    'fl_eval_loss_argparse_axes.py': [
        ('pmean(per_client, reduce_axes)',
         'pmean(jax.lax.pcast(per_client, args.model_axis, to="varying"), reduce_axes)'),
    ],
    'fl_dp_clip_scale.py': [
        ('full = jax.lax.all_gather(update, clients,', 'full = jax.lax.all_gather(clip(update, norm), clients,'),
        ('return clip(full, norm)', 'return full'),
    ],
    # RL actors / learners
    'acme_learner_priority_sync.py': [
        ('self._gather(ceiling[None])', 'self._gather(jax.lax.pcast(ceiling[None], self.axis, to="varying"))'),
    ],
    'acme_policy_logits_writer.py': [
        ('all_gather(logits, tuple(AXES),',
         'all_gather(jax.lax.pcast(logits, AXES.action, to="varying"), tuple(AXES),'),
    ],
    'acme_cross_critic_ppermute.py': [
        ('ppermute(critics, ENSEMBLE,', 'ppermute(jax.lax.pcast(critics, ENSEMBLE, to="varying"), ENSEMBLE,'),
    ],
    'acme_tlag_replay_sampler.py': [
        ('top_level_all_gather(batch.obs, P("actors", None))',
         'top_level_all_gather(batch.obs, P("actors", None, reduced={"learner"}))'),
    ],
    'acme_critic_loss_dataclass_axes.py': [
        ('psum(loss, axis_name=self.config.loss_axes)',
         'psum(jax.lax.pcast(loss, self.config.head_axis, to="varying"), axis_name=self.config.loss_axes)'),
    ],
    'acme_advantage_normaliser.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={"actors"})', 'out_specs=P(None, None)'),
    ],
    # diffusion samplers
    'edm_dynamic_threshold_partial.py': [
        ('all_gather(s, cfg.channel_axis,', 'all_gather(jax.lax.pcast(s, cfg.channel_axis, to="varying"), cfg.channel_axis,'),
    ],
    'edm_cfg_guidance_enum_axes.py': [
        ('all_gather(eps, ALL_AXES,', 'all_gather(jax.lax.pcast(eps, MeshAxis.TENSOR.value, to="varying"), ALL_AXES,'),
    ],
    'edm_x0_rescatter_registry.py': [
        ('skip = RESHARD["scatter"](x_full)',
         'skip = RESHARD["scatter"](jax.lax.pcast(x_full, CHANNEL_AXIS, to="varying"))'),
    ],
    'edm_tlag_sample_grid_layout.py': [
        ('GRID_ROWS = P("tensor", None, reduced={"batch"})', 'GRID_ROWS = P("batch", None, reduced={"tensor"})'),
    ],
    'edm_loss_weighting_config_dict.py': [
        ('pmean(weighted, tuple(cfg["reduce"]))',
         'pmean(jax.lax.pcast(weighted, channel_axis, to="varying"), tuple(cfg["reduce"]))'),
    ],
    'edm_heun_second_order.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # kernel autotuner
    'tune_search_strategy_registry.py': [
        ('return jax.lax.all_gather(best, axis, to="reduced")',
         'return jax.lax.all_gather(jax.lax.pcast(best, axis, to="varying"), axis, to="reduced")'),
    ],
    'tune_timing_table_space.py': [
        ('all_gather(per_candidate, space.axes,',
         'all_gather(jax.lax.pcast(per_candidate, space.repeats, to="varying"), space.axes,'),
    ],
    'tune_cost_model_features_env.py': [
        ('pmean(table, axis)', 'pmean(jax.lax.pcast(table, axis, to="varying"), axis)'),
    ],
    'tune_tlag_report_dataclass.py': [
        ('        return top_level_all_gather(placed, self.layout.summary)\n',
         '        with jax.set_mesh(self.mesh):\n            return top_level_all_gather(placed, self.layout.summary)\n'),
    ],
    'tune_speedup_count_partial_axes.py': [
        ('psum(wins, axes)', 'psum(jax.lax.pcast(wins, repeat_axis, to="varying"), axes)'),
    ],
    'tune_metrics_lambda_table.py': [
        ('lambda t, base: base / t', 'lambda t, base: jax.lax.pcast(base, CAND, to="reduced") / t'),
    ],
    # BPE tokenizer training
    'bpe_merge_table_spec_axes.py': [
        ('all_gather(merged, self.corpus_axis,',
         'all_gather(jax.lax.pcast(merged, self.corpus_axis, to="varying"), self.corpus_axis,'),
    ],
    'bpe_pair_stats_json_config.py': [
        ('all_gather(rows, axis_name=', 'all_gather(jax.lax.pcast(rows, log["row_axis"], to="varying"), axis_name='),
    ],
    'bpe_merge_loop_scan.py': [
        ('pmax(full, VOCAB)', 'pmax(jax.lax.pcast(full, VOCAB, to="varying"), VOCAB)'),
    ],
    'bpe_tlag_vocab_export_enum.py': [
        ('top_level_all_gather(by_rank, TableLayout.WRITER.value)',
         'jax.reshard(by_rank, NamedSharding(mesh, P("docs", None)))'),
    ],
    'bpe_tokens_per_doc_helpers.py': [
        ('pmean(jnp.mean(lengths), axis_name=ALL)',
         'pmean(jax.lax.pcast(jnp.mean(lengths), "vocab", to="varying"), axis_name=ALL)'),
    ],
    'bpe_dropout_merge_probs.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("docs", None, reduced={"vocab"})', 'out_specs=P("docs", None)'),
    ],
    # counterparty risk (XVA)
    'xva_expected_exposure_engine.py': [
        ('all_gather(ee, self.axes["scenario"],',
         'all_gather(jax.lax.pcast(ee, self.axes["scenario"], to="varying"), self.axes["scenario"],'),
    ],
    'xva_cva_sensitivity_partials.py': [
        ('return self.report_gather(per_trade)',
         'return self.report_gather(jax.lax.pcast(per_trade, BOOK, to="varying"))'),
    ],
    'xva_pfe_reducer_by_name.py': [
        ('worst = reducer(exposures, cfg.scenario_axis)',
         'worst = reducer(jax.lax.pcast(exposures, cfg.scenario_axis, to="varying"), cfg.scenario_axis)'),
    ],
    'xva_tlag_exposure_cube_jit.py': [
        ('top_level_all_gather(cube, P(None, "trades"))',
         'top_level_all_gather(cube, P(None, "trades", reduced={"paths"}))'),
    ],
    'xva_cva_mesh_shape_axes.py': [
        ('pmean(local, all_axes)', 'pmean(jax.lax.pcast(local, trade_axis, to="varying"), all_axes)'),
    ],
    'xva_discounted_ee_curve.py': [
        ('ee_book = jax.lax.all_gather(ee_local, BOOK,',
         'ee_book = jax.lax.all_gather(apply_discount(ee_local, discount_factors(curve, times)), BOOK,'),
        ('return apply_discount(ee_book, df)', 'return ee_book'),
    ],
    # columnar query engine
    'olap_groupby_plan_interpreter.py': [
        ('all_gather(state["groups"], axis,',
         'all_gather(jax.lax.pcast(state["groups"], axis, to="varying"), axis,'),
    ],
    'olap_rollup_schema_axes.py': [
        ('all_gather(level1, schema.partition_axes,',
         'all_gather(jax.lax.pcast(level1, schema.column_axis, to="varying"), schema.partition_axes,'),
    ],
    'olap_hash_join_build_probe.py': [
        ('all_gather(partial_tables, self.axis,',
         'all_gather(jax.lax.pcast(partial_tables, self.axis, to="varying"), self.axis,'),
    ],
    'olap_tlag_result_set_hosts.py': [
        ('top_level_all_gather(result, PER_HOST)', 'jax.reshard(result, P(MESH_AXES[:2], None))'),
    ],
    'olap_avg_count_mask.py': [
        ('psum(valid.astype(jnp.float32).sum(), self.partition_axes)',
         'psum(jax.lax.pcast(valid.astype(jnp.float32).sum(), "cols", to="varying"), self.partition_axes)'),
    ],
    'olap_having_expression_tree.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={GROUP_AXIS}))', 'out_specs=P(None, None))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
