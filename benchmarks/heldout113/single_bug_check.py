"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout113/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective, the missing `reduced=` axes, a prefix spec, `multi_dim=True` or a
`jax.set_mesh` context for `top_level_all_gather`, and for the SF106 programs the producer's
gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # dtu_*
    'dtu_grad_norm_logging.py': [
        ('return jax.lax.all_gather(value, axis, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(value, axis, to="varying"), axis, tiled=True, to="reduced")'),
    ],
    'dtu_optimizer_state_dump.py': [
        ('    return jax.lax.all_gather(moment, axes, axis=1,',
         f'    if scope is DumpScope.FULL:\n        moment = {PC}(moment, MESH_AXES[1], to="varying")\n'
         '    return jax.lax.all_gather(moment, axes, axis=1,'),
    ],
    'dtu_loss_scale_sync.py': [
        ('return jax.lax.pmax(jnp.abs(losses), _DATA_AXIS)',
         f'return jax.lax.pmax({PC}(jnp.abs(losses), _DATA_AXIS, to="varying"), _DATA_AXIS)'),
    ],
    'dtu_checkpoint_gather.py': [
        ('return P(AXIS_NAMES[0], None)', 'return P(AXIS_NAMES[0], None, reduced={AXIS_NAMES[1]})'),
    ],
    'dtu_metric_allreduce.py': [
        ('pred = jax.lax.psum(xb @ wb, m)', f'pred = {PC}(jax.lax.psum(xb @ wb, m), m, to="varying")'),
    ],
    'dtu_grad_clip.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(MODEL_AXIS, reduced={DATA_AXIS}))', 'out_specs=P(MODEL_AXIS))'),
    ],
    # srv_*
    'srv_logit_debug_hook.py': [
        ('return jax.lax.all_gather(value, axis, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(value, axis, to="varying"), axis, axis=0, tiled=True, to="reduced")'),
    ],
    'srv_kv_cache_snapshot.py': [
        ('return jax.lax.all_gather(kv, layout.all_axes, axis=0,',
         f'return jax.lax.all_gather({PC}(kv, layout.head_axis, to="varying"), layout.all_axes, axis=0,'),
    ],
    'srv_speculative_ring.py': [
        ('neighbour = jax.lax.ppermute(cluster, _REPLICA,',
         f'neighbour = jax.lax.ppermute({PC}(cluster, _REPLICA, to="varying"), _REPLICA,'),
    ],
    'srv_weight_warmup.py': [
        ('    full = warmup(placed)\n', '    with jax.set_mesh(mesh):\n        full = warmup(placed)\n'),
    ],
    'srv_token_accounting.py': [
        ('return jnp.log(jax.lax.psum(local, TP))', f'return {PC}(jnp.log(jax.lax.psum(local, TP)), TP, to="varying")'),
    ],
    'srv_temperature_sampling.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # tpl_*
    'tpl_row_parallel_output.py': [
        ('y = jax.lax.psum(x @ w, TP_AXIS)', f'y = {PC}(jax.lax.psum(x @ w, TP_AXIS), TP_AXIS, to="varying")'),
    ],
    'tpl_sequence_parallel_norm.py': [
        ('return jax.lax.all_gather(full_seq, self._collect_axes,',
         f'return jax.lax.all_gather({PC}(full_seq, MESH_AXES[1], to="varying"), self._collect_axes,'),
    ],
    'tpl_ulysses_relayout.py': [
        ('return jax.lax.all_to_all(q, TP,', f'return jax.lax.all_to_all({PC}(q, TP, to="varying"), TP,'),
    ],
    'tpl_export_dense.py': [
        ('return top_level_all_gather(kernel, target).astype(config.dtype)',
         'return top_level_all_gather(kernel, target, multi_dim=True).astype(config.dtype)'),
    ],
    'tpl_layernorm_stats.py': [
        ('stat = jax.lax.pmean(jnp.mean(var), self.monitor_axes)',
         f'stat = jax.lax.pmean({PC}(jnp.mean(var), TP_AXIS, to="varying"), self.monitor_axes)'),
    ],
    'tpl_gelu_mlp.py': [
        ('h = jax.lax.all_gather(h, TP, axis=1, tiled=True, to="reduced")',
         'h = jax.lax.all_gather(h, TP, axis=1, tiled=True, to="invarying")'),
    ],
    # moe_*
    'moe_router_load_log.py': [
        ('return jax.lax.all_gather(load, track,', f'return jax.lax.all_gather({PC}(load, track, to="varying"), track,'),
    ],
    'moe_capacity_report.py': [
        ('            usage = jax.lax.all_gather(usage,',
         f'            if EXPERT in jax.typeof(usage).mat.reduced:\n'
         f'                usage = {PC}(usage, EXPERT, to="varying")\n'
         '            usage = jax.lax.all_gather(usage,'),
    ],
    'moe_aux_loss_mean.py': [
        ('mean_mass = jax.lax.pmean(per_expert, self._average_axis)',
         f'mean_mass = jax.lax.pmean({PC}(per_expert, EXPERT_AXIS, to="varying"), self._average_axis)'),
    ],
    'moe_expert_regroup.py': [
        ('serve_axis: str = DATA_AXIS\n    replica_axis: str = EXPERT_AXIS',
         'serve_axis: str = EXPERT_AXIS\n    replica_axis: str = DATA_AXIS'),
        ('parser.add_argument("--serve-axis", default=DATA_AXIS)', 'parser.add_argument("--serve-axis", default=EXPERT_AXIS)'),
    ],
    'moe_token_count.py': [
        ('total = jax.lax.psum(jnp.sum(per_expert), GLOBAL_AXES)',
         f'total = jax.lax.psum({PC}(jnp.sum(per_expert), DATA, to="varying"), GLOBAL_AXES)'),
    ],
    'moe_balance_logprobs.py': [
        ('full = jax.lax.all_gather(local, EXPERT_AXIS, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(local, EXPERT_AXIS, axis=1, tiled=True, to="invarying")'),
    ],
    # met_*
    'met_confusion_reducer.py': [
        ('return jax.lax.all_gather(state, axis, axis=0, tiled=False, to="reduced")',
         f'return jax.lax.all_gather({PC}(state, axis, to="varying"), axis, axis=0, tiled=False, to="reduced")'),
    ],
    'met_histogram_export.py': [
        ('            hist = jax.lax.all_gather(hist,',
         f'            if MESH_AXES[1] in jax.typeof(hist).mat.reduced:\n'
         f'                hist = {PC}(hist, MESH_AXES[1], to="varying")\n'
         '            hist = jax.lax.all_gather(hist,'),
    ],
    'met_topk_accuracy.py': [
        ('shard_max = jax.lax.pmax(logits, CLASSES)', f'shard_max = jax.lax.pmax({PC}(logits, CLASSES, to="varying"), CLASSES)'),
    ],
    'met_state_snapshot.py': [
        ('        with self.mesh:\n', '        with jax.set_mesh(self.mesh):\n'),
    ],
    'met_calibration_bins.py': [
        ('return jax.lax.pmax(jnp.max(e, axis=1), SHARD_AXIS) / z',
         f'return {PC}(jax.lax.pmax(jnp.max(e, axis=1), SHARD_AXIS) / z, SHARD_AXIS, to="varying")'),
    ],
    'met_f1_score.py': [
        ('tiled=True, to="reduced") for v in psummed))', 'tiled=True, to="invarying") for v in psummed))'),
        ('out_specs=P(None, reduced={SHARD}))', 'out_specs=P(None))'),
    ],
    # ckc_*
    'ckc_tensor_checksum.py': [
        ('out = jax.lax.psum(out, TP)', f'out = {PC}(jax.lax.psum(out, TP), TP, to="varying")'),
    ],
    'ckc_fused_qkv_merge.py': [
        ('return jax.lax.all_gather(fused, layout.gather_axes,',
         f'return jax.lax.all_gather({PC}(fused, TP, to="varying"), layout.gather_axes,'),
    ],
    'ckc_two_stage_gather.py': [
        ('return jax.lax.all_gather(m, _TARGET_GATHER_AXIS[target], axis=1, tiled=True)',
         f'return jax.lax.all_gather({PC}(m, FSDP, to="varying"), _TARGET_GATHER_AXIS[target], axis=1, tiled=True)'),
    ],
    'ckc_pipeline_unflatten.py': [
        ('return top_level_all_gather(stacked, target)', 'return jax.reshard(stacked, P(tuple(config.keep_axes), None))'),
    ],
    'ckc_norm_stats.py': [
        ('y = jax.lax.psum(x @ k, TP)', f'y = {PC}(jax.lax.psum(x @ k, TP), TP, to="varying")'),
    ],
    'ckc_int8_quantize.py': [
        ('return jax.lax.all_gather(w, FSDP, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, FSDP, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(None, TP, reduced={FSDP}), P(None, TP)))', 'out_specs=(P(None, TP), P(None, TP)))'),
    ],
    # dpe_*
    'dpe_perplexity_report.py': [
        ('return jax.lax.all_gather(total, DATA_AXIS, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(total, DATA_AXIS, to="varying"), DATA_AXIS, tiled=True, to="reduced")'),
    ],
    'dpe_prediction_dump.py': [
        ('return jax.lax.all_gather(table, opts.dump_axes,',
         f'return jax.lax.all_gather({PC}(table, MODEL_AXIS, to="varying"), opts.dump_axes,'),
    ],
    'dpe_bootstrap_ci.py': [
        ('full_total = jax.lax.psum(jnp.sum(losses, keepdims=True), DATA)',
         f'full_total = jax.lax.psum({PC}(jnp.sum(losses, keepdims=True), DATA, to="varying"), DATA)'),
    ],
    'dpe_results_collect.py': [
        ('    return P(DATA_AXIS, None)\n', '    return P(DATA_AXIS, None, reduced={MODEL_AXIS})\n'),
    ],
    'dpe_bucket_accuracy.py': [
        ('logits = jax.lax.psum(hb @ wb, MODEL)', f'logits = {PC}(jax.lax.psum(hb @ wb, MODEL), MODEL, to="varying")'),
    ],
    'dpe_score_standardize.py': [
        ('return jax.lax.all_gather(scores, DATA, tiled=True, to="reduced")',
         'return jax.lax.all_gather(scores, DATA, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={DATA}))', 'out_specs=P())'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
