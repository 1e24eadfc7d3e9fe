"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout155/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the gather (SF101), the axes the code meant (SF102, SF105), the variable that was meant
(SF103), the layout that was meant for `top_level_all_gather` (SF104), and for SF106 the
arithmetic moved before the gather or the gather made `to='invarying'` (with the out spec
that no longer says reduced). Every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    # grad_*
    'grad_loss_history.py': [
        ('history = jax.lax.all_gather(loss, META.history_axis, to="reduced")',
         'history = jax.lax.all_gather(jax.lax.pcast(loss, META.history_axis, to="varying"), META.history_axis, to="reduced")'),
    ],
    'grad_feature_log.py': [
        ('self.dump_axes = tuple(mesh.axis_names)',
         'self.dump_axes = (meta.axis_names[0],)'),
    ],
    'grad_clip_norm.py': [
        ('norm = global_norm(full)',
         'norm = global_norm(g)'),
    ],
    'grad_param_export.py': [
        ('return P(None, None)',
         'return P(None, None, reduced={self.axis_names[1]})'),
    ],
    'grad_metric_reduce.py': [
        ('metric_axes: tuple = ("data", "model")',
         'metric_axes: tuple = ("data",)'),
    ],
    'grad_scaled_update.py': [
        ('g_rows = self._all_rows(g)\n        step = self.meta.lr * g_rows',
         'step = self._all_rows(self.meta.lr * g)'),
    ],
    # moe_*
    'moe_router_stats.py': [
        ('per_replica = jax.lax.all_gather(load, META.dp, axis=0, tiled=True, to="reduced")',
         'per_replica = jax.lax.all_gather(jax.lax.pcast(load, META.dp, to="varying"), META.dp, axis=0, tiled=True, to="reduced")'),
    ],
    'moe_expert_dump.py': [
        ('DUMP_PLAN = {"first": ("ep",), "then": ("dp", "ep")}',
         'DUMP_PLAN = {"first": ("ep",), "then": ("dp",)}'),
    ],
    'moe_dispatch.py': [
        ('routed = DISPATCH.send(full)',
         'routed = DISPATCH.send(x)'),
    ],
    'moe_weights_export.py': [
        ('"experts": P("ep", None, reduced={"dp"}),',
         '"experts": P("dp", None, reduced={"ep"}),'),
    ],
    'moe_aux_loss.py': [
        ('        return self.meta.axes\n',
         '        return self.meta.axes[:1]\n'),
    ],
    'moe_capacity.py': [
        ('per_dp = gather_counts(counts, dp)',
         'per_dp = gather_counts(counts, dp, keep="invarying")'),
        ('out_specs=P(None, ep, reduced={dp})))',
         'out_specs=P(None, ep)))'),
    ],
    # eval_*
    'eval_accuracy_log.py': [
        ('os.environ.get("OBS_ACC_LOG_ROLE", "tp")',
         'os.environ.get("OBS_ACC_LOG_ROLE", "dp")'),
    ],
    'eval_confusion.py': [
        ('report_axes = tuple(META.roles.values())',
         'report_axes = (META.roles["dp"],)'),
    ],
    'eval_calibration.py': [
        ('worst = self.worst_conf(all_conf)',
         'worst = self.worst_conf(conf)'),
    ],
    'eval_pred_export.py': [
        ('    with span("export_preds", run=meta.run_id):',
         '    with jax.set_mesh(sink.mesh), span("export_preds", run=meta.run_id):'),
    ],
    'eval_loss_mean.py': [
        ('REDUCE = {"loss": (REPLICA, SHARD), "count": (REPLICA,)}',
         'REDUCE = {"loss": (REPLICA,), "count": (REPLICA,)}'),
    ],
    'eval_topk_margin.py': [
        ('return jax.lax.all_gather(logits, self.shard, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(logits, self.shard, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(self.replica, None, reduced={self.shard})))',
         'out_specs=P(self.replica, None)))'),
    ],
    # seq_*
    'seq_token_count.py': [
        ('"count_axis": "seq"}',
         '"count_axis": "batch"}'),
    ],
    'seq_kv_dump.py': [
        ('self.snapshot_axes = mesh.axis_names',
         'self.snapshot_axes = (meta.axes[0],)'),
    ],
    'seq_ring_shift.py': [
        ('k_next = ring_pass(k_all, seq, META.ring_size)',
         'k_next = ring_pass(k, seq, META.ring_size)'),
    ],
    'seq_activation_export.py': [
        ('full = top_level_all_gather(act, meta.dump_spec)',
         'full = top_level_all_gather(act, meta.dump_spec, multi_dim=True)'),
    ],
    'seq_perplexity.py': [
        ('nll_reduce: tuple = ("batch", "seq")',
         'nll_reduce: tuple = ("batch",)'),
    ],
    'seq_attn_softmax.py': [
        ('os.environ.get("OBS_KV_GATHER", "reduced")',
         'os.environ.get("OBS_KV_GATHER", "invarying")'),
    ],
    # pod_*
    'pod_norm_log.py': [
        ('os.environ.get("OBS_NORM_LOG_AXIS", "chip")',
         'os.environ.get("OBS_NORM_LOG_AXIS", "pod")'),
    ],
    'pod_weight_audit.py': [
        ('audit_axes: tuple = ("pod", "chip")',
         'audit_axes: tuple = ("pod",)'),
    ],
    'pod_scatter_sync.py': [
        ('synced = reduce_scatter(mirror, chip)',
         'synced = reduce_scatter(g, chip)'),
    ],
    'pod_state_export.py': [
        ('    "mu": P("pod", None),',
         '    "mu": P("pod", None, reduced={"chip"}),'),
    ],
    'pod_loss_total.py': [
        ('return tuple(self.axes)',
         'return tuple(self.axes[:1])'),
    ],
    'pod_clip_snapshot.py': [
        ('        full = self.rows(x)\n        return jnp.clip(full, -self.run.clip, self.run.clip)',
         '        return self.rows(jnp.clip(x, -self.run.clip, self.run.clip))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
