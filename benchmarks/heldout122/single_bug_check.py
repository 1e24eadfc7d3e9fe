"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout122/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept and its assertions expect it;
otherwise the intended code (the right axis in the sweep grid, override, stored param or trial,
the debugging switch off, the right `reduced=` axis, `multi_dim=True`, a context mesh), and for
the SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that no
longer says reduced). Every fixed copy must also pass its own assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # sweep_*
    'sweep_grad_norm_log.py': [
        ('"log_axis": {"values": ["data", "model"]},', '"log_axis": {"values": ["data"]},'),
    ],
    'sweep_hidden_dump.py': [
        ('"dump_axes": {"value": ("data", "model")},', '"dump_axes": {"value": ("data",)},'),
        ('reduced=set(run.config.dump_axes)))', 'reduced=set(run.config.dump_axes) | {"model"}))'),
    ],
    'sweep_label_smoothing.py': [
        ('"gather_logits": {"values": [False, True]},', '"gather_logits": {"values": [False]},'),
    ],
    'sweep_export_layout.py': [
        ('"cols": {"place": P(None, "model"), "serve": P(None, None, reduced={"data"})},',
         '"cols": {"place": P(None, "model"), "serve": P(None, None, reduced={"model"})},'),
    ],
    'sweep_loss_mean.py': [
        ('return jax.lax.pmean(mse, loss_axes)',
         f'return jax.lax.pmean({PC}(mse, "model", to="varying"), loss_axes)'),
    ],
    'sweep_temperature.py': [
        ('return jax.lax.all_gather(s, "items", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(s, "items", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("queries", None, reduced={"items"}))', 'out_specs=P("queries", None))'),
    ],
    # resume_*
    'resume_class_counts.py': [
        ('"sync_axis": "shard"', '"sync_axis": "replica"'),
    ],
    'resume_moment_dump.py': [
        ('"dump_axes": list(mesh.axis_names)}', '"dump_axes": ["replica"]}'),
        ('out_specs=P(None, None, reduced=set(axes)))', 'out_specs=P(None, None, reduced=set(axes) | {"shard"}))'),
    ],
    'resume_ring_scores.py': [
        ('resume="allow", config={"log_scores": True})', 'resume="allow", config={"log_scores": False})'),
    ],
    'resume_restore_export.py': [
        ('return ("shard", "replica")', 'return ("shard", "shard")'),
    ],
    'resume_val_loss.py': [
        ('return jax.lax.pmean(nll, axes)', f'return jax.lax.pmean({PC}(nll, "shard", to="varying"), axes)'),
    ],
    'resume_ema_weights.py': [
        ('return jax.lax.all_gather(w, "shard", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, "shard", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, reduced={"shard"}))', 'out_specs=P("replica", None))'),
    ],
    # autolog_*
    'autolog_feature_stats.py': [
        ('return jax.lax.all_gather(mean, report_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(mean, report_axis, to="varying"), report_axis, to="reduced")'),
    ],
    'autolog_embedding_dump.py': [
        ('def dump_table(e, axes=("batch", "feat")):', 'def dump_table(e, axes=("batch",)):'),
    ],
    'autolog_rms_norm.py': [
        ('[False, True])', '[False])'),
    ],
    'autolog_export_head.py': [
        ('    served = export(w)\n', '    with jax.set_mesh(mesh):\n        served = export(w)\n'),
    ],
    'autolog_contrastive.py': [
        ('return jax.lax.pmean(loss, axes)', f'return jax.lax.pmean({PC}(loss, "feat", to="varying"), axes)'),
    ],
    'autolog_gelu_probe.py': [
        ('h = jax.lax.all_gather(h, "feat", axis=1, tiled=True, to="reduced")',
         'h = jax.lax.all_gather(h, "feat", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"feat"}))', 'out_specs=P("batch", None))'),
    ],
    # mlflow_*
    'mlflow_token_report.py': [
        ('"report_axes": ["dp", "tp"]', '"report_axes": ["dp"]'),
    ],
    'mlflow_attention_dump.py': [
        ('log_params({"dump_axes": ",".join(mesh.axis_names),', 'log_params({"dump_axes": "dp",'),
        ('reduced=set(axes)))', 'reduced=set(axes) | {"tp"}))'),
    ],
    'mlflow_grad_accum.py': [
        ('LOG_GRADS = True', 'LOG_GRADS = False'),
    ],
    'mlflow_kernel_reload.py': [
        ('log_params({"serve_axis": "tp",', 'log_params({"serve_axis": "dp",'),
        ('P(serve_axis, None, reduced={"dp"})', 'P(serve_axis, None, reduced={"tp"})'),
    ],
    'mlflow_throughput.py': [
        ('return jax.lax.psum(seen, axes)', f'return jax.lax.psum({PC}(seen, "tp", to="varying"), axes)'),
    ],
    'mlflow_perplexity.py': [
        ('nll = jax.lax.all_gather(nll, "dp", axis=0, tiled=True, to="reduced")',
         'nll = jax.lax.all_gather(nll, "dp", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"dp"}))', 'out_specs=P())'),
    ],
    # override_*
    'override_pixel_hist.py': [
        ('"--report_axis=y"]', '"--report_axis=x"]'),
    ],
    'override_patch_dump.py': [
        ('["--dump_axes=x,y", "--patch=2"]', '["--dump_axes=x", "--patch=2"]'),
    ],
    'override_halo_blur.py': [
        ('{"gather_rows": True}', '{"gather_rows": False}'),
    ],
    'override_field_export.py': [
        ('return top_level_all_gather(u, out)', 'return top_level_all_gather(u, out, multi_dim=True)'),
    ],
    'override_energy_norm.py': [
        ('return jax.lax.pmean(jnp.mean(rows), mean_axes)',
         f'return jax.lax.pmean({PC}(jnp.mean(rows), "y", to="varying"), mean_axes)'),
    ],
    'override_clip_field.py': [
        ('cols = jax.lax.all_gather(tile, "y", axis=1, tiled=True, to="reduced")',
         'cols = jax.lax.all_gather(tile, "y", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("x", None, reduced={"y"}))', 'out_specs=P("x", None))'),
    ],
    # summary_*
    'summary_recall_at_k.py': [
        ('REPORTS = {"per_user_shard": "rows", "per_item_shard": "cols"}', 'REPORTS = {"per_user_shard": "rows"}'),
    ],
    'summary_score_matrix.py': [
        ('config={"mesh_axes": list(mesh.axis_names), "dim": 4}', 'config={"mesh_axes": ["rows"], "dim": 4}'),
    ],
    'summary_topk_merge.py': [
        ('merged = jax.lax.pmax(s, "cols")', f'merged = jax.lax.pmax({PC}(s, "cols", to="varying"), "cols")'),
    ],
    'summary_best_export.py': [
        ('P(None, None, reduced={"cols"})', 'P(None, None, reduced={axis})'),
    ],
    'summary_ndcg.py': [
        ('return jax.lax.psum(jnp.sum(dcg(gains, ranks)), axes)',
         f'return jax.lax.psum({PC}(jnp.sum(dcg(gains, ranks)), "cols", to="varying"), axes)'),
    ],
    'summary_log_loss.py': [
        ('return jax.lax.all_gather(p, "rows", axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(p, "rows", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P("cols", reduced={"rows"}))', 'out_specs=P("cols"))'),
    ],
    # hpo_*
    'hpo_router_load.py': [
        ('{"jitter": 0.1, "monitor_axis": "data"}', '{"jitter": 0.1, "monitor_axis": "expert"}'),
    ],
    'hpo_expert_dump.py': [
        ('"dump_axes": ("data", "expert")})', '"dump_axes": ("data",)})'),
    ],
    'hpo_capacity.py': [
        ('"keep_copy": {"value": True}', '"keep_copy": {"value": False}'),
    ],
    'hpo_expert_export.py': [
        ('SERVE_SPEC = P("expert", None, None)', 'SERVE_SPEC = P("expert", None, None, reduced={"data"})'),
    ],
    'hpo_aux_loss.py': [
        ('jax.lax.pmean(balance_loss(x, gate, 8), loss_axes)',
         f'jax.lax.pmean({PC}(balance_loss(x, gate, 8), "expert", to="varying"), loss_axes)'),
    ],
    'hpo_router_temp.py': [
        ('return jax.lax.all_gather(local, self.expert_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, self.expert_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"expert"}))', 'out_specs=P("data", None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
