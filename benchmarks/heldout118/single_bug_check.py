"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout118/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the right `reduced=` axis,
`multi_dim=True`, a context mesh or a prefix out spec for `top_level_all_gather`, and for the
SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that no
longer says reduced). A program that still fails after its fix hides a second error: every
fixed copy must also pass its own test assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # tp_*
    'tp_row_parallel_gather.py': [
        ('return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(y, axis, to="varying"), axis, axis=1, tiled=True, to="reduced")'),
    ],
    'tp_activation_dump.py': [
        ('return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h, "model", to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'tp_vocab_logsumexp.py': [
        ('return vocab_parallel_logsumexp(full, vocab_axis)',
         'return vocab_parallel_logsumexp(z, vocab_axis)'),
    ],
    'tp_checkpoint_export.py': [
        ('return top_level_all_gather(x, EXPORT_SPEC)',
         'return top_level_all_gather(x, P(None, None, reduced={a for e in x.sharding.spec if e '
         'for a in (e if isinstance(e, tuple) else (e,))}))'),
    ],
    'tp_loss_reduction.py': [
        ('return jax.lax.pmean(jnp.mean((pred - ys) ** 2), self.reduce_over)',
         f'return jax.lax.pmean({PC}(jnp.mean((pred - ys) ** 2), "model", to="varying"), self.reduce_over)'),
    ],
    'tp_layernorm.py': [
        ('h = jax.lax.all_gather(h, axes["hidden"], axis=1, tiled=True, to="reduced")',
         'h = jax.lax.all_gather(h, axes["hidden"], axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(axes["batch"], None, reduced={axes["hidden"]}))',
         'out_specs=P(axes["batch"], None))'),
    ],
    # metrics_*
    'metrics_confusion_sync.py': [
        ('return jax.lax.all_gather(synced, self.sync_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(synced, self.sync_axis, to="varying"), self.sync_axis, to="reduced")'),
    ],
    'metrics_histogram_report.py': [
        ('return jax.lax.all_gather(table, axes, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(table, "shard", to="varying") if "shard" in axes else table, '
         'axes, axis=1, tiled=True, to="reduced")'),
    ],
    'metrics_ring_auc.py': [
        ('wins = ring_auc(scores, y_local, "replica", ring, len(ring))',
         'wins = ring_auc(s_local, y_local, "replica", ring, len(ring))'),
    ],
    'metrics_state_export.py': [
        ('def test_export_after_epoch(mesh, losses):',
         'def test_export_after_epoch(mesh_ctx, losses):\n    mesh = mesh_ctx'),
    ],
    'metrics_micro_precision.py': [
        ('pp = jax.lax.psum(pp, self.reduce_axes)',
         f'pp = jax.lax.psum({PC}(pp, self.class_axis, to="varying"), self.reduce_axes) / 2'),
    ],
    'metrics_calibration_nll.py': [
        ('p_all = jax.lax.all_gather(p, axis, tiled=True, to="reduced")',
         'p_all = jax.lax.all_gather(p, axis, tiled=True, to="invarying")'),
        ('y_all = jax.lax.all_gather(y, axis, tiled=True, to="reduced")',
         'y_all = jax.lax.all_gather(y, axis, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={axis}))', 'out_specs=P(None))'),
    ],
    # dsp_*
    'dsp_energy_probes.py': [
        ('return jax.lax.all_gather(channel_energy(x), TIME, to="reduced")',
         f'return jax.lax.all_gather({PC}(channel_energy(x), TIME, to="varying"), TIME, to="reduced")'),
    ],
    'dsp_spectrogram_dump.py': [
        ('[("time", ("chan", "time"))], ids=["full-dump"]', '[("time", ("chan",))], ids=["full-dump"]'),
        ('reduced=set(dump_axes)))', 'reduced={time_axis, *dump_axes}))'),
    ],
    'dsp_band_pipeline.py': [
        ('self.stages = [self.power, self.timeline, self.to_bands]',
         'self.stages = [self.power, self.to_bands]'),
    ],
    'dsp_stream_export.py': [
        ('out_spec = P(None, "time", reduced={"chan"})', 'out_spec = P(None, "chan", reduced={"time"})'),
    ],
    'dsp_loudness_norm.py': [
        ('mix_rms = jax.lax.pmean(rms, mix_axes)',
         f'mix_rms = jax.lax.pmean({PC}(rms, time_axis, to="varying"), mix_axes)'),
    ],
    'dsp_log_mel.py': [
        ('mel = jax.lax.all_gather(mel_power(x, bank), time_axis, axis=1, tiled=True, to="reduced")',
         'mel = jax.lax.all_gather(mel_power(x, bank), time_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("chan", None, None, reduced={"time"}))', 'out_specs=P("chan", None, None))'),
    ],
    # rec_*
    'rec_bag_index.py': [
        ('export_axis: str = "emb"', 'export_axis: str = "batch"'),
    ],
    'rec_score_report.py': [
        ('return [("emb", 1), (tuple(mesh.axis_names), 0)]', 'return [("emb", 1), ("batch", 0)]'),
    ],
    'rec_topk_merge.py': [
        ('everything = jax.lax.all_gather(scores, item_axis, axis=1, tiled=True, to="invarying")',
         f'everything = jax.lax.all_gather({PC}(scores, item_axis, to="varying"), item_axis, axis=1, tiled=True, to="invarying")'),
        ('vals, _ = jax.lax.top_k(everything, k)', 'vals, _ = jax.lax.top_k(everything[:, : everything.shape[1] // 2], k)'),
    ],
    'rec_table_checkpoint.py': [
        ('full = top_level_all_gather(placed[name], replicated_spec(spec))',
         'full = top_level_all_gather(placed[name], replicated_spec(spec), multi_dim=True)'),
    ],
    'rec_zero_dense.py': [
        ('g_shard = jax.lax.psum_scatter(g, axes,',
         f'g_shard = jax.lax.psum_scatter({PC}(g, "emb", to="varying"), axes,'),
    ],
    'rec_cosine_users.py': [
        ('return jax.lax.all_gather(u, batch_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(u, batch_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={b}))', 'out_specs=P(None, None))'),
    ],
    # opt_*
    'opt_clip_global_norm.py': [
        ('seen = jax.lax.all_gather(norm, self.log_axis, to="reduced")',
         f'seen = jax.lax.all_gather({PC}(norm, self.log_axis, to="varying"), self.log_axis, to="reduced")'),
    ],
    'opt_adam_snapshot.py': [
        ('return AdamState(*(jax.lax.all_gather(m, axes, axis=0, tiled=True, to="reduced") for m in state))',
         f'return AdamState(*(jax.lax.all_gather(m, "data", axis=0, tiled=True, to="reduced") for m in state))'),
    ],
    'opt_ema_eval.py': [
        ('p = jax.lax.pmean(p, sync_axis)', f'p = jax.lax.pmean({PC}(p, sync_axis, to="varying"), sync_axis)'),
    ],
    'opt_state_checkpoint.py': [
        ('gather_spec = P(None, None, reduced={"data"})', 'gather_spec = P(None, None, reduced={"fsdp"})'),
    ],
    'opt_grad_sync.py': [
        ('functools.partial(jax.lax.pmean, axis_name=axes)', 'functools.partial(jax.lax.pmean, axis_name="data")'),
    ],
    'opt_weight_decay.py': [
        ('return jax.lax.all_gather(k, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(k, axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={self.axis}))', 'out_specs=P(None, None))'),
    ],
    # heat_*
    'heat_energy_trace.py': [
        ('return jax.lax.all_gather(total_energy(u, axes), history_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(total_energy(u, axes), history_axis, to="varying"), history_axis, to="reduced")'),
    ],
    'heat_snapshot_plot.py': [
        ('return jax.lax.all_gather(strips, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(strips, "y", to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'heat_stencil_halo.py': [
        ('@mark.parametrize("row_axis", ["y"])', '@mark.parametrize("row_axis", ["x"])'),
        ('cols = jax.lax.all_gather(u, row_axis, axis=0, tiled=True, to="reduced")',
         'cols = jax.lax.all_gather(u, row_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "y", reduced={"x"}))', 'out_specs=P(None, "y"))'),
    ],
    'heat_restart_files.py': [
        ('"slab": P("y", None, reduced={"x"}),', '"slab": P("x", None, reduced={"y"}),'),
    ],
    'heat_residual_norm.py': [
        ('return jnp.sqrt(jax.lax.psum(jnp.sum(rows), cfg["norm_axes"]))',
         'return jnp.sqrt(jax.lax.psum(jnp.sum(rows), "x"))'),
    ],
    'heat_limiter.py': [
        ('return jax.lax.all_gather(u, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(u, axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("x", None, reduced={"y"}))', 'out_specs=P("x", None))'),
    ],
    # moe_*
    'moe_router_load.py': [
        ('return jax.lax.all_gather(load, batch_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(load, batch_axis, to="varying"), batch_axis, to="reduced")'),
    ],
    'moe_expert_dump.py': [
        ('return jax.lax.all_gather(y, tuple(axes), axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(y, "expert", to="varying"), tuple(axes), axis=1, tiled=True, to="reduced")'),
    ],
    'moe_soft_combine.py': [
        ('return jax.lax.all_gather(y, self.axis, axis=0, tiled=True, to="reduced")', 'return y'),
    ],
    'moe_expert_export.py': [
        ('return NamedSharding(mesh, P("expert", None, None))',
         'return NamedSharding(mesh, P("expert", None, None, reduced={"data"}))'),
    ],
    'moe_aux_loss.py': [
        ('return jax.lax.pmean(balance_loss(p_local, "expert", num_experts), loss_axes)',
         f'return jax.lax.pmean({PC}(balance_loss(p_local, "expert", num_experts), "expert", to="varying"), loss_axes)'),
    ],
    'moe_router_softmax.py': [
        ('return jax.lax.all_gather(local, self.expert_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, self.expert_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={expert_axis}))', 'out_specs=P("data", None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
