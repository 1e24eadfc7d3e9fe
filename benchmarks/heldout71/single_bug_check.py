"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout71/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call uses legally, or at the producer for `vel_window_summary`, whose mixed state is made in a
registered feature), `jax.reshard`, a context mesh or the missing `reduced=` axis for
`top_level_all_gather`, and for the SF106 programs and the `fori_loop` one the producer's gather
changed to `to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # txn_*
    'txn_class_balance.py': [
        ('jax.lax.all_gather(positives,',
         f'jax.lax.all_gather({PC}(positives, data_axis, to="varying"),'),
    ],
    'txn_merchant_embedding_snapshot.py': [
        ('full = gather_reduced(rows,',
         f'full = gather_reduced({PC}(rows, cols_axis, to="varying"),'),
    ],
    'txn_hard_example_weight.py': [
        ('reduce_by(cfg.loss.sync, total, data_axis)',
         f'reduce_by(cfg.loss.sync, {PC}(total, data_axis, to="varying"), data_axis)'),
    ],
    'txn_prediction_dump.py': [
        ('return top_level_all_gather(features,',
         'return jax.reshard(features,'),
    ],
    'txn_loss_normaliser.py': [
        ('REDUCERS["sum"](per_example.sum(), self.over)',
         f'REDUCERS["sum"]({PC}(per_example.sum(), self.model_axis, to="varying"), self.over)'),
    ],
    'txn_temperature_head.py': [
        ('return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="invarying")'),
    ],
    # vel_*
    'vel_card_velocity.py': [
        ('out.append(publish(value, publish_axis))',
         f'out.append(publish({PC}(value, window_axis, to="varying"), publish_axis))'),
    ],
    'vel_merchant_rollup.py': [
        ('        functools.partial(rollup, axes=(card, window), dim=0),',
         f'        lambda x: {PC}(x, window, to="varying"),\n        functools.partial(rollup, axes=(card, window), dim=0),'),
    ],
    'vel_neighbour_baseline.py': [
        ('jax.lax.ppermute(profile,',
         f'jax.lax.ppermute({PC}(profile, self.axis, to="varying"),'),
    ],
    'vel_feature_store_export.py': [
        ('"online": P(None, "window"),',
         '"online": P(None, "window", reduced={"card"}),'),
    ],
    'vel_window_summary.py': [
        ('return jax.lax.pmax(counts.max(axis=1), axes[1])',
         f'return {PC}(jax.lax.pmax(counts.max(axis=1), axes[1]), axes[1], to="varying")'),
    ],
    'vel_amount_clipping.py': [
        ('return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="invarying")'),
    ],
    # ae_*
    'ae_recon_threshold.py': [
        ('jax.lax.all_gather(per_merchant,',
         f'jax.lax.all_gather({PC}(per_merchant, latent, to="varying"),'),
    ],
    'ae_latent_codebook.py': [
        ('return self.codebook(full), norms',
         f'return self.codebook({PC}(full, self.axes[-1], to="varying")), norms'),
    ],
    'ae_score_rebalance.py': [
        ('return scatter(weights, batch)',
         f'return scatter({PC}(weights, batch, to="varying"), batch)'),
    ],
    'ae_decoder_export.py': [
        ('    return top_level_all_gather(kernel, P(batch, None, reduced={latent}))',
         '    with jax.set_mesh(mesh):\n        return top_level_all_gather(kernel, P(batch, None, reduced={latent}))'),
    ],
    'ae_recon_loss.py': [
        ('jax.lax.psum(per_merchant.mean(),',
         f'jax.lax.psum({PC}(per_merchant.mean(), latent, to="varying"),'),
    ],
    'ae_alert_gate.py': [
        ('self.batch_axis, tiled=True, to="reduced")',
         'self.batch_axis, tiled=True, to="invarying")'),
    ],
    # thr_*
    'thr_alert_budget.py': [
        ('jax.lax.all_gather(fleet,',
         f'jax.lax.all_gather({PC}(fleet, self.pool, to="varying"),'),
    ],
    'thr_bucket_edges.py': [
        ('return collect(per_region, mesh.axis_names, 0)',
         f'return collect({PC}(per_region, bucket, to="varying"), mesh.axis_names, 0)'),
    ],
    'thr_precision_at_k.py': [
        ('return self._sync(hits)',
         f'return self._sync({PC}(hits, self.bucket_axis, to="varying"))'),
    ],
    'thr_policy_publish.py': [
        ('return top_level_all_gather(table, serve)',
         'return jax.reshard(table, spec_from(cfg["layouts"]["serve"]))'),
    ],
    'thr_fpr_target.py': [
        ('jax.lax.psum(fp.sum(axis=0),',
         f'jax.lax.psum({PC}(fp.sum(axis=0), self.bucket_axis, to="varying"),'),
    ],
    'thr_smoothed_rate.py': [
        ('return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="invarying")'),
    ],
    # eval_*
    'eval_auc_histogram.py': [
        ('jax.lax.all_gather(table,',
         f'jax.lax.all_gather({PC}(table, axes[0], to="varying"),'),
    ],
    'eval_label_delay.py': [
        ('out = gather_stage(out, axes)',
         f'out = gather_stage({PC}(out, "shard", to="varying") if len(axes) > 1 else out, axes)'),
    ],
    'eval_recall_at_fpr.py': [
        ('jax.lax.all_gather(values,',
         f'jax.lax.all_gather({PC}(values, axes[1], to="varying"),'),
    ],
    'eval_scores_writer.py': [
        ('"writer": {"gathered": ["replica"]},',
         '"writer": {"gathered": ["replica", "shard"]},'),
    ],
    'eval_precision_summary.py': [
        ('return REDUCERS[reduce](counts, axes)',
         f'return REDUCERS[reduce]({PC}(counts, axes[1], to="varying"), axes)'),
    ],
    'eval_calibration_ece.py': [
        ('self.replica_axis, axis=0, tiled=True, to="reduced")',
         'self.replica_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # export_*
    'export_int8_scales.py': [
        ('jax.lax.all_gather(absmax_row,',
         f'jax.lax.all_gather({PC}(absmax_row, axes[1], to="varying"),'),
    ],
    'export_embedding_shards.py': [
        ('return self.full_table(rows), norms',
         f'return self.full_table({PC}(rows, self.axes.cols, to="varying")), norms'),
    ],
    'export_weight_checksum.py': [
        ('return CHECKSUMS[kind](full, axes[0])',
         f'return CHECKSUMS[kind]({PC}(full, axes[0], to="varying"), axes[0])'),
    ],
    'export_serving_layout.py': [
        ('"head/kernel": P("tp", None, reduced={"fsdp"}),',
         '"head/kernel": P(None, None, reduced={"fsdp"}),'),
    ],
    'export_param_norm.py': [
        ('jax.lax.psum(self.local(kernel),',
         f'jax.lax.psum({PC}(self.local(kernel), self.AXES[1], to="varying"),'),
    ],
    'export_int8_quantize.py': [
        ('return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="invarying")'),
    ],
    # seq_*
    'seq_position_table.py': [
        ('jax.lax.all_gather(pos_table,',
         f'jax.lax.all_gather({PC}(pos_table, steps_axis, to="varying"),'),
    ],
    'seq_kv_snapshot.py': [
        ('key_table = jax.lax.all_gather(k,',
         f'key_table = jax.lax.all_gather({PC}(k, self.seq_axis, to="varying"),'),
    ],
    'seq_recency_bias.py': [
        ('history = jax.lax.all_gather(bias, seq, axis=1, tiled=True, to="reduced")',
         'history = jax.lax.all_gather(bias, seq, axis=1, tiled=True, to="invarying")'),
    ],
    'seq_embedding_dump.py': [
        ('(embeddings)\n    return build_index(embeddings, cfg)',
         '(embeddings)\n        return build_index(embeddings, cfg)'),
    ],
    'seq_merchant_loss.py': [
        ('jax.lax.psum_scatter(total,',
         f'jax.lax.psum_scatter({PC}(total, seq, to="varying"),'),
    ],
    'seq_history_scores.py': [
        ('history = jax.lax.all_gather(scores, self.seq_axis, axis=1, tiled=True, to="reduced")',
         'history = jax.lax.all_gather(scores, self.seq_axis, axis=1, tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
