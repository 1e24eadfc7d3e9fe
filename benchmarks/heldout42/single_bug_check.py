"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout42/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard`, a context mesh,
the missing `reduced=` axis or `multi_dim=True` for `top_level_all_gather`, for the SF106
programs the producer's gather changed to `to='invarying'`
(and its out spec no longer listing that axis in `reduced=`), and for the ring-attention program
the producer's gather left at its default (varying), so that the loop carry keeps one type.
A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"


def inv(out_spec, without_reduced):
    """The producer gathers to invariant, so the out spec no longer lists the axis as reduced."""
    return [('to="reduced")', 'to="invarying")'), (out_spec, without_reduced)]


FIXES = {
    # checkpoint conversion
    'ckpt_norm_report.py': [
        ('all_gather(total, shard_axis,', f'all_gather({PC}(total, shard_axis, to="varying"), shard_axis,'),
    ],
    'ckpt_qkv_fuse.py': [
        ('all_gather(heads, rule.gather_axes,',
         f'all_gather({PC}(heads, self.head_axis, to="varying"), rule.gather_axes,'),
    ],
    'ckpt_roundtrip_verify.py': [
        ('ppermute(full, self.model_axis,', f'ppermute({PC}(full, self.model_axis, to="varying"), self.model_axis,'),
    ],
    'ckpt_tlag_export_cli.py': [
        ('return top_level_all_gather(tensor, out)', 'return jax.reshard(tensor, out)'),
    ],
    'ckpt_checksum_plugin.py': [
        ('psum(part, self.axes)', f'psum({PC}(part, self.axes[1], to="varying"), self.axes)'),
    ],
    'ckpt_dtype_upcast.py': inv('out_specs=P(None, "tp", reduced={"fsdp"}))',
                            'out_specs=P(None, "tp"))'),
    # mixed precision
    'amp_overflow_flags.py': [
        ('all_gather(bad, self.data_axis,', f'all_gather({PC}(bad, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'amp_master_weights_gather.py': [
        ('all_gather(cols, shard_axes,', f'all_gather({PC}(cols, shard_axes[-1], to="varying"), shard_axes,'),
    ],
    'amp_unscale_grads.py': [
        ('pmax(jnp.abs(unscaled), self.axis_name)',
         f'pmax({PC}(jnp.abs(unscaled), self.axis_name, to="varying"), self.axis_name)'),
    ],
    'amp_tlag_master_export.py': [
        ('        return top_level_all_gather(self.values, EXPORT_LAYOUTS[kind])',
         '        with jax.set_mesh(MESH):\n            return top_level_all_gather(self.values, EXPORT_LAYOUTS[kind])'),
    ],
    'amp_global_grad_norm.py': [
        ('psum(total, tuple(cfg["norm_axes"]))',
         f'psum({PC}(total, cfg["shard_axis"], to="varying"), tuple(cfg["norm_axes"]))'),
    ],
    'amp_fp16_saturate.py': inv('out_specs=P("data", None, reduced={"model"}))',
                            'out_specs=P("data", None))'),
    # context-parallel attention
    'cp_total_tokens.py': [
        ('all_gather(total, config.cp_axis,', f'all_gather({PC}(total, config.cp_axis, to="varying"), config.cp_axis,'),
    ],
    'cp_ulysses_heads.py': [
        ('all_gather(full_seq, (', f'all_gather({PC}(full_seq, self.seq_axis, to="varying"), ('),
    ],
    'cp_ring_kv_pass.py': [
        ('all_gather(bias, axis, axis=0, tiled=True, to="reduced")', 'all_gather(bias, axis, axis=0, tiled=True)'),
    ],
    'cp_tlag_kv_cache.py': [
        ('return top_level_all_gather(kv, layouts.decode)', 'return jax.reshard(kv, layouts.decode)'),
    ],
    'cp_lse_logging.py': [
        ('pmean(jnp.mean(lse), log_axes)', f'pmean({PC}(jnp.mean(lse), seq_axis, to="varying"), log_axes)'),
    ],
    'cp_block_softmax.py': inv('out_specs=(P(None, None, reduced={"cp"}), P("cp", None)))',
                           'out_specs=(P(None, None), P("cp", None)))'),
    # benchmark harness
    'bench_step_time_registry.py': [
        ('all_gather(per_host, axis,', f'all_gather({PC}(per_host, axis, to="varying"), axis,'),
    ],
    'bench_collective_sweep.py': [
        ('all_gather(out, group,', f'all_gather(out if out is buf else {PC}(out, "chip", to="varying"), group,'),
    ],
    'bench_latency_histogram.py': [
        ('psum(per_chip, self.axis)', f'psum({PC}(per_chip, self.axis, to="varying"), self.axis)'),
    ],
    'bench_tlag_results_dump.py': [
        ('"dump": [null, "chip"], "dump_reduced": []},', '"dump": [null, "chip"], "dump_reduced": ["host"]},'),
    ],
    'bench_throughput_summary.py': [
        ('pmean(host_tps, self.cfg.summary_axes)',
         f'pmean({PC}(host_tps, self.cfg.per_host_axis, to="varying"), self.cfg.summary_axes)'),
    ],
    'bench_mfu_report.py': inv('out_specs=P(None, reduced={"chip"}))',
                           'out_specs=P(None))'),
    # metrics library
    'metr_accuracy_collection.py': [
        ('all_gather(m.total, self.axis_name,', f'all_gather({PC}(m.total, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'metr_confusion_matrix.py': [
        ('all_gather(by_shard, self.axes,', f'all_gather({PC}(by_shard, self.axes[1], to="varying"), self.axes,'),
    ],
    'metr_auc_buckets.py': [
        ('psum_scatter(shared, self.bucket_axis,',
         f'psum_scatter({PC}(shared, self.bucket_axis, to="varying"), self.bucket_axis,'),
    ],
    'metr_tlag_eval_export.py': [
        ('    with mesh:\n', '    with jax.set_mesh(mesh):\n'),
    ],
    'metr_weighted_mean.py': [
        ('num = self.reduce_fn(num, self.axes)', f'num = self.reduce_fn({PC}(num, self.local_axis, to="varying"), self.axes)'),
    ],
    'metr_perplexity.py': inv('out_specs=P("shard", reduced={"replica"}))',
                          'out_specs=P("shard"))'),
    # fleet health
    'hlth_straggler_detect.py': [
        ('all_gather(total, axis,', f'all_gather({PC}(total, axis, to="varying"), axis,'),
    ],
    'hlth_nan_watch.py': [
        ('all_gather(hits, tuple(', f'all_gather(hits if flags is None else {PC}(hits, "dev", to="varying"), tuple('),
    ],
    'hlth_heartbeat_ring.py': [
        ('ppermute(table, self.axis,', f'ppermute({PC}(table, self.axis, to="varying"), self.axis,'),
    ],
    'hlth_tlag_state_snapshot.py': [
        ('return top_level_all_gather(counters, self.plan.controller_layout)',
         'return jax.reshard(counters, self.plan.controller_layout)'),
    ],
    'hlth_memory_pressure.py': [
        ('pmean(frac, FLEET_AXES)', f'pmean({PC}(frac, DEVICE_AXIS, to="varying"), FLEET_AXES)'),
    ],
    'hlth_thermal_alarm.py': inv('out_specs=P("slice", None, reduced={"dev"}))',
                             'out_specs=P("slice", None))'),
    # FP8 delayed scaling
    'fp8_amax_history.py': [
        ('all_gather(rolled, recipe.reduce_axis,',
         f'all_gather({PC}(rolled, recipe.reduce_axis, to="varying"), recipe.reduce_axis,'),
    ],
    'fp8_scale_inv_tree.py': [
        ('lambda m: jax.lax.all_gather(m, plan["then"],',
         f'lambda m: jax.lax.all_gather({PC}(m, plan["first"], to="varying"), plan["then"],'),
    ],
    'fp8_amax_reduce.py': [
        ('pmax(view, self.dp_axis)', f'pmax({PC}(view, self.dp_axis, to="varying"), self.dp_axis)'),
    ],
    'fp8_tlag_meta_checkpoint.py': [
        ('top_level_all_gather(history, spec)', 'top_level_all_gather(history, spec, multi_dim=True)'),
    ],
    'fp8_scale_sync.py': [
        ('pmean(scale, recipe.sync_axes)', f'pmean({PC}(scale, recipe.tp_axis, to="varying"), recipe.sync_axes)'),
    ],
    'fp8_quantize_linear.py': inv('out_specs=P(None, "tensor", reduced={"data"}))',
                              'out_specs=P(None, "tensor"))'),
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
