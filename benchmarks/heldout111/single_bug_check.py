"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout111/single_bug_check.py

The fixes were written by hand from each bug (never from shardfix): a `pcast(..., to="varying")`
before the collective, the missing `reduced=` axis, `jax.reshard` for a gather whose out spec is
not a prefix, the missing context mesh, and for the SF106 programs the producer's gather changed
to `to="invarying"` (with specs that no longer say reduced). A program that still fails after its
fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # feat_* (pipekit assets)
    "feat_moment_snapshot.py": [
        ("return jax.lax.all_gather(stacked, row_axis, axis=0, to=\"reduced\")",
         f"return jax.lax.all_gather({PC}(stacked, row_axis, to=\"varying\"), row_axis, axis=0, to=\"reduced\")"),
    ],
    "feat_pair_crosses.py": [
        ("return _full_width(pair, (b, f))",
         f"return _full_width({PC}(pair, f, to=\"varying\"), (b, f))"),
    ],
    "feat_bucket_drift.py": [
        ("ref = jax.lax.psum(per_shard, sh.row_axis)",
         f"ref = jax.lax.psum({PC}(per_shard, sh.row_axis, to=\"varying\"), sh.row_axis)"),
    ],
    "feat_serving_view.py": [
        ('serving = P("rows", None)', 'serving = P("rows", None, reduced={"feat"})'),
    ],
    "feat_imputation_summary.py": [
        ("total_missing = jax.lax.psum(jnp.sum(missing_per_row), mesh.axis_names)",
         f"total_missing = jax.lax.psum({PC}(jnp.sum(missing_per_row), col_ax, to=\"varying\"), mesh.axis_names)"),
    ],
    "feat_target_encoding.py": [
        ('return jax.lax.all_gather(stats, "rows", axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(stats, "rows", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, None, reduced={"rows"}))', "out_specs=P(None, None, None))"),
        ('in_specs=(P(None, None, None, reduced={"rows"}), P()),', "in_specs=(P(None, None, None), P()),"),
        ('out_specs=P(reduced={"rows"}))', "out_specs=P())"),
    ],
    # emb_* (flowlite DAG / PythonOperator)
    "emb_doc_projection.py": [
        ('return jax.lax.all_gather(emb, "hidden", axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(emb, "hidden", to="varying"), "hidden", axis=1, tiled=True, to="reduced")'),
    ],
    "emb_pq_snapshot.py": [
        ("return jax.lax.all_gather(vectors, (self.item_axis, self.space_axis), axis=0,",
         f"return jax.lax.all_gather({PC}(vectors, self.space_axis, to=\"varying\"), (self.item_axis, self.space_axis), axis=0,"),
    ],
    "emb_centroid_refresh.py": [
        ("total = jax.lax.psum(sq_norm, axis)",
         f"total = jax.lax.psum({PC}(sq_norm, axis, to=\"varying\"), axis)"),
    ],
    "emb_tower_export.py": [
        ("out = top_level_all_gather(table, EXPORT_LAYOUTS[layout])",
         "out = jax.reshard(table, P(\"hidden\", None))"),
    ],
    "emb_inbatch_loss.py": [
        ("shard_loss = jnp.mean(lse - pos)",
         f"shard_loss = {PC}(jnp.mean(lse - pos), \"hidden\", to=\"varying\")"),
    ],
    "emb_contrastive_eval.py": [
        ('p_all = jax.lax.all_gather(p, "batch", axis=0, tiled=True, to="reduced")',
         'p_all = jax.lax.all_gather(p, "batch", axis=0, tiled=True, to="invarying")'),
    ],
    # train_* (opgraph @op/@job)
    "train_loss_history.py": [
        ('history.append(jax.lax.all_gather(loss, "data", to="reduced"))',
         f'history.append(jax.lax.all_gather({PC}(loss, "data", to="varying"), "data", to="reduced"))'),
    ],
    "train_fsdp_checkpoint.py": [
        ("w_ckpt = unshard(w_rows, (model_axis, data_axis), axis=1)",
         f"w_ckpt = unshard({PC}(w_rows, data_axis, to=\"varying\"), (model_axis, data_axis), axis=1)"),
    ],
    "train_l1_penalty.py": [
        ("penalty = jax.lax.psum(jnp.sum(jnp.abs(w_full)), dp)",
         f"penalty = jax.lax.psum({PC}(jnp.sum(jnp.abs(w_full)), dp, to=\"varying\"), dp)"),
    ],
    "train_checkpoint_export.py": [
        ("shards = top_level_all_gather(table, CHECKPOINT_SPEC)",
         'shards = jax.reshard(table, P("fsdp", None))'),
    ],
    "train_grad_allreduce.py": [
        ("g_b = jnp.sum(err)", f'g_b = {PC}(jnp.sum(err), "model", to="varying")'),
    ],
    "train_weight_decay.py": [
        ('w_full = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="reduced")',
         'w_full = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="invarying")'),
    ],
    # dq_* (taskflow @task / @dag)
    "dq_null_rates.py": [
        ("return rate, jax.lax.all_gather(worst, part_axis, axis=0, to=\"reduced\")",
         f"return rate, jax.lax.all_gather({PC}(worst, part_axis, to=\"varying\"), part_axis, axis=0, to=\"reduced\")"),
    ],
    "dq_schema_snapshot.py": [
        ("return jax.lax.all_gather(wide, storage_order, axis=0, tiled=True, to=\"reduced\")",
         f"return jax.lax.all_gather({PC}(wide, \"col\", to=\"varying\"), storage_order, axis=0, tiled=True, to=\"reduced\")"),
    ],
    "dq_freshness_counts.py": [
        ("smallest = jax.lax.pmin(table, PART_AXIS)",
         f"smallest = jax.lax.pmin({PC}(table, PART_AXIS, to=\"varying\"), PART_AXIS)"),
    ],
    "dq_ledger_reconcile.py": [
        ("    full = top_level_all_gather(ledger_arr, LAYOUT.by_account)\n",
         "    with jax.set_mesh(LAYOUT.mesh):\n        full = top_level_all_gather(ledger_arr, LAYOUT.by_account)\n"),
    ],
    "dq_duplicate_keys.py": [
        ("rate = dup_pairs / row_hash.shape[0]",
         f"rate = {PC}(dup_pairs / row_hash.shape[0], col, to=\"varying\")"),
    ],
    "dq_sensor_outliers.py": [
        ('table = jax.lax.all_gather(peak, "part", axis=0, tiled=True, to="reduced")',
         'table = jax.lax.all_gather(peak, "part", axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(None, "col", reduced={"part"}), P(None, "col", reduced={"part"})))(r)',
         'out_specs=(P(None, "col"), P(None, "col")))(r)'),
    ],
    # infer_* (pipekit assets, partitions)
    "infer_confidence_audit.py": [
        ('audit = jax.lax.all_gather(top_conf, "tensor", axis=0, to="reduced")',
         f'audit = jax.lax.all_gather({PC}(top_conf, "tensor", to="varying"), "tensor", axis=0, to="reduced")'),
    ],
    "infer_rerank_export.py": [
        ("table = jax.lax.all_gather(rows, plan.table_axes, axis=0, tiled=True, to=\"reduced\")",
         f"table = jax.lax.all_gather({PC}(rows, plan.candidate_axis, to=\"varying\"), plan.table_axes, axis=0, tiled=True, to=\"reduced\")"),
    ],
    "infer_score_histogram.py": [
        ("return jax.lax.psum_scatter(col_tot, class_axis, tiled=True), hist",
         f"return jax.lax.psum_scatter({PC}(col_tot, class_axis, to=\"varying\"), class_axis, tiled=True), hist"),
    ],
    "infer_warehouse_sink.py": [
        ("full = top_level_all_gather(predictions, SINK_SPEC)",
         "full = top_level_all_gather(predictions, SINK_SPEC, multi_dim=True)"),
    ],
    "infer_abstention_rate.py": [
        ('abstain = (1.0 / z < thr).astype(jnp.float32)',
         f'abstain = {PC}((1.0 / z < thr).astype(jnp.float32), "tensor", to="varying")'),
    ],
    "infer_intent_calibration.py": [
        ("full = jax.lax.all_gather(logits, ax, axis=1, tiled=True, to=\"reduced\")",
         "full = jax.lax.all_gather(logits, ax, axis=1, tiled=True, to=\"invarying\")"),
        ("out_specs=P(\"replica\", None, reduced={ax}))(intent_logits)",
         "out_specs=P(\"replica\", None))(intent_logits)"),
    ],
    # eval_* (flowlite DAG, custom operator)
    "eval_class_hits.py": [
        ('return jax.lax.all_gather(hits, "shard", axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(hits, "shard", to="varying"), "shard", axis=0, tiled=True, to="reduced")'),
    ],
    "eval_confusion_matrix.py": [
        ("return jax.lax.all_gather(local, REPORT_AXES, axis=0, tiled=True, to=\"reduced\")",
         f"return jax.lax.all_gather({PC}(local, \"cls\", to=\"varying\"), REPORT_AXES, axis=0, tiled=True, to=\"reduced\")"),
    ],
    "eval_val_loss.py": [
        ('mean_loss = jax.lax.pmean(table.sum(), "shard")',
         f'mean_loss = jax.lax.pmean({PC}(table.sum(), "shard", to="varying"), "shard")'),
    ],
    "eval_logit_export.py": [
        ('per_example = P(None, "shard", reduced={"cls"})', 'per_example = P("shard", None, reduced={"cls"})'),
    ],
    "eval_intent_accuracy.py": [
        ("shard_acc = jnp.mean((label_logit >= top).astype(jnp.float32))",
         f'shard_acc = {PC}(jnp.mean((label_logit >= top).astype(jnp.float32)), "cls", to="varying")'),
    ],
    "eval_macro_recall.py": [
        ('all_recall = jax.lax.all_gather(recall, "cls", axis=0, tiled=True, to="reduced")',
         'all_recall = jax.lax.all_gather(recall, "cls", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"cls"}))(pred, gold)', "out_specs=P())(pred, gold)"),
    ],
    # rep_* (opgraph @op/@job)
    "rep_kpi_digest.py": [
        ('copies = jax.lax.all_gather(grand_total, KPI_AXES, to="reduced")',
         f'copies = jax.lax.all_gather({PC}(grand_total, KPI_AXES, to="varying"), KPI_AXES, to="reduced")'),
    ],
    "rep_retention_table.py": [
        ('return jax.lax.all_gather(curve, everything, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(curve, roles["week"], to="varying"), everything, axis=0, tiled=True, to="reduced")'),
    ],
    "rep_revenue_breakdown.py": [
        ('writer_copy = jax.lax.all_gather(table, "region", axis=0, tiled=False)',
         f'writer_copy = jax.lax.all_gather({PC}(table, "region", to="varying"), "region", axis=0, tiled=False)'),
    ],
    "rep_sla_matrix.py": [
        ('return ({"ops": {"render_matrix": {"config": {"layout": ["-", "metric"]}}}},)',
         'return ({"ops": {"render_matrix": {"config": {"layout": ["-", "metric"], "reduced": ["region"]}}}},)'),
    ],
    "rep_incident_counts.py": [
        ("share = jnp.full((8,), rate)", f'share = {PC}(jnp.full((8,), rate), "metric", to="varying")'),
    ],
    "rep_conversion_percent.py": [
        ('table = jax.lax.all_gather(rate, "region", axis=0, tiled=True, to="reduced")',
         'table = jax.lax.all_gather(rate, "region", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "metric", reduced={"region"}))(conv, visits)', 'out_specs=P(None, "metric"))(conv, visits)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
