"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout124/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the right `reduced=` axis,
`multi_dim=True`, the export moved inside the context mesh or a prefix out spec for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced). Where a cast would only
move the error to the next line (the reduced value is used again), the fix is the intended
code instead (the local value passed on, `to='invarying'` at the producer, the right axis).
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # lm_*
    'lm_pretrain_heartbeat.py': [
        ('per_replica = jax.lax.all_gather(loss, cfg.log_axis, to="reduced")',
         f'per_replica = jax.lax.all_gather({PC}(loss, cfg.log_axis, to="varying"), cfg.log_axis, to="reduced")'),
    ],
    'lm_activation_dump.py': [
        ('snapshot = jax.lax.all_gather(h_full, dump_axes, axis=0, tiled=True, to="reduced")',
         f'snapshot = jax.lax.all_gather({PC}(h_full, "model", to="varying"), dump_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'lm_vocab_parallel_loss.py': [
        ('return jax.lax.all_gather(local, self.vocab_axis, axis=1, tiled=True, to="reduced")',
         'return local'),
    ],
    'lm_restart_checkpoint.py': [
        ('"head": P(None, None, reduced={"fsdp"}),', '"head": P(None, None, reduced={"tensor"}),'),
    ],
    'lm_grad_allreduce.py': [
        ('loss = jax.lax.pmean(loss, sync_axes)',
         f'loss = jax.lax.pmean({PC}(loss, "seq", to="varying"), sync_axes)'),
    ],
    'lm_logit_softcap.py': [
        ('logits = jax.lax.all_gather(local, "vocab", axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, "vocab", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"vocab"})))', 'out_specs=P("batch", None)))'),
    ],
    # vit_*
    'vit_grad_norm_monitor.py': [
        ('per_shard = jax.lax.all_gather(norm, shard_axis, to="reduced")',
         f'per_shard = jax.lax.all_gather({PC}(norm, shard_axis, to="varying"), shard_axis, to="reduced")'),
    ],
    'vit_preemption_save.py': [
        ('return jax.lax.all_gather(emb, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(emb, "fsdp", to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'vit_posemb_shift.py': [
        ('table = jax.lax.all_gather(pos, fsdp_axis, axis=0, tiled=True, to="reduced")',
         'table = jax.lax.all_gather(pos, fsdp_axis, axis=0, tiled=True, to="invarying")'),
    ],
    'vit_export_after_train.py': [
        ('            print("trained", head.sharding.spec)\n    return export(head)',
         '            print("trained", head.sharding.spec)\n        return export(head)'),
    ],
    'vit_eval_accuracy.py': [
        ('return jax.lax.pmean(correct, cfg.axes) / feats.shape[0]',
         f'return jax.lax.pmean({PC}(correct, cfg.axes[1], to="varying"), cfg.axes) / feats.shape[0]'),
    ],
    'vit_label_temperature.py': [
        ('logits = jax.lax.all_gather(local, "classes", axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, "classes", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"classes"})))', 'out_specs=P("data", None)))'),
    ],
    # diff_*
    'diff_timestep_loss_table.py': [
        ('table = jax.lax.all_gather(bucket_loss, table_axis, to="reduced")',
         f'table = jax.lax.all_gather({PC}(bucket_loss, table_axis, to="varying"), table_axis, to="reduced")'),
    ],
    'diff_sample_grid_dump.py': [
        ('grid = jax.lax.all_gather(image, grid_axes, axis=0, tiled=True, to="reduced")',
         f'grid = jax.lax.all_gather({PC}(image, "spatial", to="varying"), grid_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'diff_attention_reshard.py': [
        ('x = jax.lax.all_to_all(x, self.spatial_axis, split_axis=2, concat_axis=1, tiled=True)',
         f'x = jax.lax.all_to_all({PC}(x, self.spatial_axis, to="varying"), self.spatial_axis, split_axis=2, concat_axis=1, tiled=True)'),
    ],
    'diff_sample_export.py': [
        ('"per_slice": P("spatial", None, reduced={"data"}),', '"per_slice": P("data", None, reduced={"spatial"}),'),
    ],
    'diff_groupnorm_stats.py': [
        ('mean_var = jax.lax.pmean(jnp.mean(var), probe_axes)',
         f'mean_var = jax.lax.pmean({PC}(jnp.mean(var), "spatial", to="varying"), probe_axes)'),
    ],
    'diff_x0_clipping.py': [
        ('x0 = jax.lax.all_gather(x0, "spatial", axis=1, tiled=True, to="reduced")',
         'x0 = jax.lax.all_gather(x0, "spatial", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"spatial"})))', 'out_specs=P("data", None)))'),
    ],
    # rl_*
    'rl_value_baseline_stats.py': [
        ('seen = jax.lax.all_gather(baseline, ROLES["stats"], to="reduced")',
         f'seen = jax.lax.all_gather({PC}(baseline, ROLES["stats"], to="varying"), ROLES["stats"], to="reduced")'),
    ],
    'rl_replay_dump.py': [
        ('everything = jax.lax.all_gather(ordered, plan, axis=0, tiled=True, to="reduced")',
         f'everything = jax.lax.all_gather({PC}(ordered, ROLE_AXES["time"], to="varying"), plan, axis=0, tiled=True, to="reduced")'),
    ],
    'rl_advantage_norm.py': [
        ('full = jax.lax.all_gather(adv, time_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(adv, time_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'rl_policy_checkpoint.py': [
        ('top_level_all_gather(policy[name], checkpoint_spec(name))',
         'top_level_all_gather(policy[name], checkpoint_spec(name), multi_dim=True)'),
    ],
    'rl_return_scatter.py': [
        ('targets = jax.lax.psum_scatter(v[:, 0], cfg.reduce_axes,',
         f'targets = jax.lax.psum_scatter({PC}(v[:, 0], "model", to="varying"), cfg.reduce_axes,'),
    ],
    'rl_policy_logprob.py': [
        ('return jax.lax.all_gather(local, self.action_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, self.action_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(self.env_axis, None, reduced={self.action_axis})))', 'out_specs=P(self.env_axis, None)))'),
    ],
    # asr_*
    'asr_frame_utilisation.py': [
        ('util = jax.lax.all_gather(valid, util_axis, to="reduced")',
         f'util = jax.lax.all_gather({PC}(valid, util_axis, to="varying"), util_axis, to="reduced")'),
    ],
    'asr_alignment_dump.py': [
        ('states = jax.lax.all_gather(states, dump_axes, axis=0, tiled=True, to="reduced")',
         f'states = jax.lax.all_gather({PC}(states, "frames", to="varying"), dump_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'asr_subsample_scatter.py': [
        ('mixed = jax.lax.psum_scatter(whole, frame_axis,',
         f'mixed = jax.lax.psum_scatter({PC}(whole, frame_axis, to="varying"), frame_axis,'),
    ],
    'asr_feature_export.py': [
        ('return NamedSharding(self.mesh, P("batch", None, None))',
         'return NamedSharding(self.mesh, P("batch", None, None, reduced={"frames"}))'),
    ],
    'asr_wer_metric.py': [
        ('return jax.lax.pmean(rate, ALL_AXES)',
         f'return jax.lax.pmean({PC}(rate, "frames", to="varying"), ALL_AXES)'),
    ],
    'asr_spec_augment.py': [
        ('whole = jax.lax.all_gather(power, "frames", axis=1, tiled=True, to="reduced")',
         'whole = jax.lax.all_gather(power, "frames", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, None, reduced={"frames"})))', 'out_specs=P("batch", None, None)))'),
    ],
    # clip_*
    'clip_loss_history.py': [
        ('history = jax.lax.all_gather(loss, flags["history_axis"], to="reduced")',
         f'history = jax.lax.all_gather({PC}(loss, flags["history_axis"], to="varying"), flags["history_axis"], to="reduced")'),
    ],
    'clip_negatives_gather.py': [
        ('pool = jax.lax.all_gather(emb, pool_axes, axis=0, tiled=True, to="reduced")',
         f'pool = jax.lax.all_gather({PC}(emb, "embed", to="varying"), pool_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'clip_hard_negatives.py': [
        ('return jax.lax.all_gather(emb, axis, axis=0, tiled=True, to="invarying")',
         f'return jax.lax.all_gather({PC}(emb, axis, to="varying"), axis, axis=0, tiled=True, to="invarying")'),
    ],
    'clip_tower_restore.py': [
        ('SERVING_SPEC = P(None, "data", reduced={"embed"})', 'SERVING_SPEC = P(None, "embed", reduced={"data"})'),
    ],
    'clip_recall_at_k.py': [
        ('total = jax.lax.psum(hits, axes)',
         f'total = jax.lax.psum({PC}(hits, "embed", to="varying"), axes)'),
    ],
    'clip_logit_scale.py': [
        ('all_img = jax.lax.all_gather(img, "data", axis=0, tiled=True, to="reduced")',
         'all_img = jax.lax.all_gather(img, "data", axis=0, tiled=True, to="invarying")'),
    ],
    # wx_*
    'wx_global_mean_trace.py': [
        ('trace = jax.lax.all_gather(gmean, trace_axis, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(gmean, trace_axis, to="varying"), trace_axis, to="reduced")'),
    ],
    'wx_field_snapshot.py': [
        ('globe = jax.lax.all_gather(bands, snap_axes, axis=0, tiled=True, to="reduced")',
         f'globe = jax.lax.all_gather({PC}(bands, "lon", to="varying"), snap_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'wx_halo_exchange.py': [
        ('SETTINGS = {"halo_axis": "lat",', 'SETTINGS = {"halo_axis": "lon",'),
        ('out_specs=(P(None, "lon"), P(None, "lon"))))',
         'out_specs=(P(None, "lon", reduced={"lat"}), P(None, "lon", reduced={"lat"}))))'),
    ],
    'wx_restart_format.py': [
        ('"coupler": P(None, None, reduced={"lat"}),', '"coupler": P(None, None, reduced={"lat", "lon"}),'),
    ],
    'wx_zonal_energy.py': [
        ('total = jax.lax.psum(jnp.sum(ke * w), diag.energy_axes)',
         f'total = jax.lax.psum({PC}(jnp.sum(ke * w), diag.lon_axis, to="varying"), diag.energy_axes)'),
    ],
    'wx_precip_mask.py': [
        ('rate = jax.lax.all_gather(rate, "lon", axis=1, tiled=True, to="reduced")',
         'rate = jax.lax.all_gather(rate, "lon", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("lat", None, reduced={"lon"})))', 'out_specs=P("lat", None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
