"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout55/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the reduced gather, the collective or the tuple reduction),
`jax.reshard`, a context mesh or the missing `reduced=` axes for `top_level_all_gather`, and for
the SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # sharded embedding tables
    'emb_row_count_gather.py': [
        ('all_gather(per_table, self.plan.shard_axis,',
         f'all_gather({PC}(per_table, self.plan.shard_axis, to="varying"), self.plan.shard_axis,'),
    ],
    'emb_pooled_sync.py': [
        ('all_gather(across_tables, tuple(axes),',
         f'all_gather({PC}(across_tables, axes.tables, to="varying"), tuple(axes),'),
    ],
    'emb_hot_row_cache.py': [
        ('all_to_all(pool, self.cfg.owner_axis,',
         f'all_to_all({PC}(pool, self.cfg.owner_axis, to="varying"), self.cfg.owner_axis,'),
    ],
    'emb_table_export.py': [
        ('return top_level_all_gather(table, SHARDING_SPECS[ShardingType.SERVING])',
         'return jax.reshard(table, SHARDING_SPECS[ShardingType.ROW_WISE])'),
    ],
    'emb_lookup_stats.py': [
        ('pmean(per_feature, tuple(', f'pmean({PC}(per_feature, axes["table"], to="varying"), tuple('),
    ],
    'emb_mean_pooling.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # two-tower retrieval
    'tt_logq_correction.py': [
        ('all_gather(counts, axes["batch"],', f'all_gather({PC}(counts, axes["batch"], to="varying"), axes["batch"],'),
    ],
    'tt_in_batch_negatives.py': [
        ('all_gather(rows, self.gather_order,',
         f'all_gather({PC}(rows, self.feature_axis, to="varying"), self.gather_order,'),
    ],
    'tt_cross_batch_memory.py': [
        ('ppermute(fresh, BATCH_AXIS,', f'ppermute({PC}(fresh, BATCH_AXIS, to="varying"), BATCH_AXIS,'),
    ],
    'tt_index_build.py': [
        ('top_level_all_gather(emb, P(None, None))',
         'top_level_all_gather(emb, P(None, None, reduced={self.item_axis}))'),
    ],
    'tt_recall_at_k.py': [
        ('pmean(shard_hits, axis_name=', f'pmean({PC}(shard_hits, ITEM_AXIS, to="varying"), axis_name='),
    ],
    'tt_temperature_softmax.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # DLRM
    'dlrm_dense_feature_norm.py': [
        ('all_gather(stats, axis_name=self.axis,',
         f'all_gather({PC}(stats, self.axis, to="varying"), axis_name=self.axis,'),
    ],
    'dlrm_dot_interaction.py': [
        ('all_gather(feats, self.axes["global"],',
         f'all_gather({PC}(feats, self.axes["features"], to="varying"), self.axes["global"],'),
    ],
    'dlrm_bottom_mlp_sync.py': [
        ('all_gather(full0, model_axis, axis=0',
         f'all_gather({PC}(full0, model_axis, to="varying"), model_axis, axis=0'),
    ],
    'dlrm_checkpoint_gather.py': [
        ('    return writer.consolidate(placed)\n',
         '    with jax.set_mesh(mesh):\n        return writer.consolidate(placed)\n'),
    ],
    'dlrm_ctr_calibration.py': [
        ('psum(jnp.stack([pred, observed]), self.reduce_over)',
         f'psum({PC}(jnp.stack([pred, observed]), self.feature_axis, to="varying"), self.reduce_over)'),
    ],
    'dlrm_interaction_relu.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # feature crossing
    'dcn_cross_weight_norm.py': [
        ('all_gather(stacked, cfg.feature_axis,',
         f'all_gather({PC}(stacked, cfg.feature_axis, to="varying"), cfg.feature_axis,'),
    ],
    'dcn_field_embeddings.py': [
        ('all_gather(per_example, axis_name=',
         f'all_gather({PC}(per_example, self.layout.field, to="varying"), axis_name='),
    ],
    'dcn_low_rank_cross.py': [
        ('psum_scatter(u_full, feature_axis,',
         f'psum_scatter({PC}(u_full, feature_axis, to="varying"), feature_axis,'),
    ],
    'dcn_cross_table_export.py': [
        ('return top_level_all_gather(weights, self.layout.export)',
         'return jax.reshard(weights, self.layout.export)'),
    ],
    'dcn_fm_second_order.py': [
        ('pmean(interaction.mean(), axis_name=',
         f'pmean({PC}(interaction.mean(), fields, to="varying"), axis_name='),
    ],
    'dcn_gate_sigmoid.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # negative sampling
    'neg_frequency_estimator.py': [
        ('all_gather(totals, c.item_axis,', f'all_gather({PC}(totals, c.item_axis, to="varying"), c.item_axis,'),
    ],
    'neg_hard_negative_mining.py': [
        ('all_gather(by_item, self.axes,', f'all_gather({PC}(by_item, self.axes[1], to="varying"), self.axes,'),
    ],
    'neg_mixed_negative_sampling.py': [
        ('pmax(pool, replica)', f'pmax({PC}(pool, replica, to="varying"), replica)'),
    ],
    'neg_pool_snapshot.py': [
        ('"hard": P("item", None, reduced={"replica"}),', '"hard": P(None, None, reduced={"replica", "item"}),'),
    ],
    'neg_sampled_softmax_loss.py': [
        ('psum(loss, loss_axes)', f'psum({PC}(loss, item_axis, to="varying"), loss_axes)'),
    ],
    'neg_unigram_distribution.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # online metrics
    'met_auc_histogram.py': [
        ('all_gather(hist, self.cfg.host_axis,',
         f'all_gather({PC}(hist, self.cfg.host_axis, to="varying"), self.cfg.host_axis,'),
    ],
    'met_ndcg_topk.py': [
        ('return gather_relevance(by_candidate, tuple(METRIC_AXES))',
         f'return gather_relevance({PC}(by_candidate, METRIC_AXES[-1], to="varying"), tuple(METRIC_AXES))'),
    ],
    'met_calibration_window.py': [
        ('ppermute(x, self.axis, self.perm)', f'ppermute({PC}(x, self.axis, to="varying"), self.axis, self.perm)'),
    ],
    'met_dashboard_export.py': [
        ('exported = top_level_all_gather(placed, export_spec(args))',
         'exported = jax.reshard(placed, P(args.export_axis, None))'),
    ],
    'met_logloss_streaming.py': [
        ('return REDUCTIONS[self.reduction](self.local(preds, labels), self.axes)',
         f'return REDUCTIONS[self.reduction]({PC}(self.local(preds, labels), "shard", to="varying"), self.axes)'),
    ],
    'met_ndcg_discount.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # training loop
    'trn_examples_seen.py': [
        ('all_gather(per_shard, self.data_axis,',
         f'all_gather({PC}(per_shard, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'trn_grad_norm_clip.py': [
        ('all_gather(cols, cfg.shard_axes,', f'all_gather({PC}(cols, cfg.shard_axes[0], to="varying"), cfg.shard_axes,'),
    ],
    'trn_ema_weights.py': [
        ('psum(fresh, cfg.shard_axis)', f'psum({PC}(fresh, cfg.shard_axis, to="varying"), cfg.shard_axis)'),
    ],
    'trn_eval_replicate.py': [
        ('eval: P = P(None, None, reduced={"model"})', 'eval: P = P(None, None, reduced={"model", "data"})'),
    ],
    'trn_loss_logging.py': [
        ('pmean(total, LOG_AXES)', f'pmean({PC}(total, "model", to="varying"), LOG_AXES)'),
    ],
    'trn_label_smoothing.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
