"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout137/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes the code meant
(the right config value or layout table entry), the right `reduced=` axes, a context mesh or
`jax.reshard` for `top_level_all_gather`, and for the SF106 programs the arithmetic moved before
the reduced gather (or the gather made `to='invarying'`).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # zero_*
    'zero_update_health.py': [
        ('health = jax.lax.all_gather(row_norm, cfg.health_axis, to="reduced")',
         f'health = jax.lax.all_gather({PC}(row_norm, cfg.health_axis, to="varying"), cfg.health_axis, to="reduced")'),
    ],
    'zero_ckpt_consolidate.py': [
        ('mu_ckpt = consolidate(mu_rows, CKPT_AXES)',
         f'mu_ckpt = consolidate({PC}(mu_rows, AXES["tp"], to="varying"), CKPT_AXES)'),
    ],
    'zero_param_regather.py': [
        ('norm = jnp.sqrt(jax.lax.psum(sq, plan.owner_axis))',
         f'norm = jnp.sqrt(jax.lax.psum({PC}(sq, plan.owner_axis, to="varying"), plan.owner_axis))'),
    ],
    'zero_moment_export.py': [
        ('EXPORT_LAYOUT = {"rows": None, "cols": "data"}', 'EXPORT_LAYOUT = {"rows": None, "cols": "model"}'),
    ],
    'zero_clip_global_norm.py': [
        ('"norm_axes": ("data", "model")}', '"norm_axes": "data"}'),
    ],
    'zero_adamw_decay.py': [
        ('w_full = jax.lax.all_gather(w_new, dp, axis=0, tiled=True, to="reduced")',
         'w_full = jax.lax.all_gather(w_new * decay, dp, axis=0, tiled=True, to="reduced")'),
        ('        w_full = w_full * decay\n', ''),
    ],
    # clip_*
    'clip_replica_trace.py': [
        ('trace = jax.lax.all_gather(per_replica, trace_axis, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(per_replica, trace_axis, to="varying"), trace_axis, to="reduced")'),
    ],
    'clip_layerwise_publish.py': [
        ('mesh_rows = publish(layer_rows, publish_axes)',
         f'mesh_rows = publish({PC}(layer_rows, shard_ax, to="varying"), publish_axes)'),
    ],
    'clip_agc_rows.py': [
        ('jax.lax.psum(jnp.sum(w_rows), shard_axis)',
         f'jax.lax.psum({PC}(jnp.sum(w_rows), shard_axis, to="varying"), shard_axis)'),
    ],
    'clip_alarm_dump.py': [
        ('"bias": P(None)}', '"bias": P(None, reduced={"shard"})}'),
    ],
    'clip_norm_stats.py': [
        ('"stats_axes": ("replica", "shard")}', '"stats_axes": "replica"}'),
    ],
    'clip_sparse_rows.py': [
        ('rows = jax.lax.all_gather(g, shard_axis, axis=0, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(g * factor, shard_axis, axis=0, tiled=True, to="reduced")'),
        ('        rows = rows * factor\n', ''),
    ],
    # ema_*
    'ema_drift_report.py': [
        ('drift = jax.lax.all_gather(drift, drift_axis, to="reduced")',
         f'drift = jax.lax.all_gather({PC}(drift, drift_axis, to="varying"), drift_axis, to="reduced")'),
    ],
    'ema_eval_snapshot.py': [
        ('return e, snap(eval_copy)', f'return e, snap({PC}(eval_copy, fsdp_axis, to="varying"))'),
    ],
    'ema_debiased_magnitude.py': [
        ('mag = jax.lax.pmean(jnp.sum(jnp.abs(tower)), fsdp_axis) / n',
         f'mag = jax.lax.pmean({PC}(jnp.sum(jnp.abs(tower)), fsdp_axis, to="varying"), fsdp_axis) / n'),
    ],
    'ema_serving_export.py': [
        ('top_level_all_gather(e, SERVE.spec(gathered))', 'jax.reshard(e, SERVE.spec())'),
    ],
    'ema_gap_metric.py': [
        ('"whole_mesh": ("data", "fsdp")}', '"whole_mesh": "fsdp"}'),
    ],
    'ema_swap_blend.py': [
        ('blended = live_rows + alpha * (ema_rows - live_rows)',
         'blended = jax.lax.all_gather(w + alpha * (e - w), fsdp_axis, axis=0, tiled=True, to="reduced")'),
    ],
    # lamb_*
    'lamb_local_lars_plot.py': [
        ('plotted = jax.lax.all_gather(ratio, cfg.plot_axis, to="reduced")',
         f'plotted = jax.lax.all_gather({PC}(ratio, cfg.plot_axis, to="varying"), cfg.plot_axis, to="reduced")'),
    ],
    'lamb_row_monitor.py': [
        ('seen = collect(table, MONITOR["collect_over"])',
         f'seen = collect({PC}(table, model_axis, to="varying"), MONITOR["collect_over"])'),
    ],
    'lamb_full_matrix_norm.py': [
        ('jax.lax.psum(jnp.sum(w_full * w_full), model_axis)',
         f'jax.lax.psum({PC}(jnp.sum(w_full * w_full), model_axis, to="varying"), model_axis)'),
    ],
    'lamb_moment_ckpt.py': [
        ('    saved = save_first_moments(state[0])\n',
         '    with jax.set_mesh(mesh):\n        saved = save_first_moments(state[0])\n'),
    ],
    'lamb_global_trust.py': [
        ('"norm_axes": ["data", "model"]}', '"norm_axes": ["model"]}'),
    ],
    'lamb_lars_int8_eval.py': [
        ('full = jax.lax.all_gather(w_new, "model", axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(jnp.clip(w_new, -bound, bound), "model", axis=1, tiled=True, to="reduced")'),
        ('        full = jnp.clip(full, -bound, bound)\n', ''),
    ],
    # accum_*
    'accum_noise_scale.py': [
        ('per_replica = jax.lax.all_gather(sq, noise_axis, to="reduced")',
         f'per_replica = jax.lax.all_gather({PC}(sq, noise_axis, to="varying"), noise_axis, to="reduced")'),
    ],
    'accum_spike_guard.py': [
        ('return jnp.max(by_mesh(table))', f'return jnp.max(by_mesh({PC}(table, tp, to="varying")))'),
    ],
    'accum_alignment.py': [
        ('dot = jax.lax.psum(jnp.sum(g_full * prev_full), tp)',
         f'dot = jax.lax.psum({PC}(jnp.sum(g_full * prev_full), tp, to="varying"), tp)'),
    ],
    'accum_host_offload.py': [
        ('"unembed": P(None, None, reduced={"dp"})}', '"unembed": P(None, None, reduced={"tp"})}'),
    ],
    'accum_row_scatter.py': [
        ('scatter_axes = mesh.axis_names', 'scatter_axes = (dp,)'),
    ],
    'accum_fused_rows.py': [
        ('rows = jax.lax.all_gather(g, self.tp, axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(g / self.every_k, self.tp, axis=1, tiled=True, to="reduced")'),
        ('        rows = rows / self.every_k\n', ''),
    ],
    # shampoo_*
    'shampoo_trace_monitor.py': [
        ('seen = jax.lax.all_gather(tr, cfg.monitor_axis, to="reduced")',
         f'seen = jax.lax.all_gather({PC}(tr, cfg.monitor_axis, to="varying"), cfg.monitor_axis, to="reduced")'),
    ],
    'shampoo_stale_audit.py': [
        ('audit = jax.lax.all_gather(stacked, AUDIT_AXES,',
         f'audit = jax.lax.all_gather({PC}(stacked, block_axis, to="varying"), AUDIT_AXES,'),
    ],
    'shampoo_staggered_ring.py': [
        ('shifted = jax.lax.ppermute(stack, block_axis, perm=ring(nb))',
         f'shifted = jax.lax.ppermute({PC}(stack, block_axis, to="varying"), block_axis, perm=ring(nb))'),
    ],
    'shampoo_stats_export.py': [
        ('EXPORT_REDUCED = {"data", "block"}', 'EXPORT_REDUCED = {"block"}'),
    ],
    'shampoo_graft_norm.py': [
        ('"graft_axes": ("data", "block")', '"graft_axes": "block"'),
    ],
    'shampoo_damped_roots.py': [
        ('stack = jax.lax.all_gather(r, block_axis, axis=0, tiled=False, to="reduced")',
         'stack = jax.lax.all_gather(r, block_axis, axis=0, tiled=False, to="invarying")'),
    ],
    # mask_*
    'mask_expert_report.py': [
        ('report = jax.lax.all_gather(n, ax["report"], to="reduced")',
         f'report = jax.lax.all_gather({PC}(n, ax["report"], to="varying"), ax["report"], to="reduced")'),
    ],
    'mask_drift_table.py': [
        ('drift = jax.lax.all_gather(table, stats_axes,',
         f'drift = jax.lax.all_gather({PC}(table, expert_axis, to="varying"), stats_axes,'),
    ],
    'mask_expert_decay.py': [
        ('sq = jax.lax.pmean(jnp.sum(w_all * w_all), expert_axis)',
         f'sq = jax.lax.pmean({PC}(jnp.sum(w_all * w_all), expert_axis, to="varying"), expert_axis)'),
    ],
    'mask_moment_export.py': [
        ('"expert": P(None, "expert", None)}', '"expert": P(None, None, None, reduced={"expert"})}'),
    ],
    'mask_dense_allreduce.py': [
        ('REDUCE_OVER = {"dense": ("data", "expert"),', 'REDUCE_OVER = {"dense": ("data",),'),
    ],
    'mask_usage_softmax.py': [
        ('usage = jax.lax.all_gather(mag, expert_axis, axis=0, tiled=True, to="reduced")',
         'usage = jax.lax.all_gather(mag, expert_axis, axis=0, tiled=True, to="invarying")'),
        ('P(None, reduced={expert_axis})))', 'P(None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
