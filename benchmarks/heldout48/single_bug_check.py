"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout48/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather` (or the missing `reduced=` axis added to the layout table), and for the
SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    'simclr_norm_stats_registry.py': [
        ('all_gather(sq_norm, config.feature_axis,',
         'all_gather(jax.lax.pcast(sq_norm, config.feature_axis, to="varying"), config.feature_axis,'),
    ],
    'simclr_global_negatives.py': [
        ('all_gather(feats, self.axes,',
         'all_gather(jax.lax.pcast(feats, self.axes[1], to="varying"), self.axes,'),
    ],
    'simclr_positive_shift.py': [
        ('ppermute(rolled, self.cfg.batch_axis,',
         'ppermute(jax.lax.pcast(rolled, self.cfg.batch_axis, to="varying"), self.cfg.batch_axis,'),
    ],
    'simclr_tlag_projector_export.py': [
        ('export_reduced = ConfigDict(projector=(),',
         'export_reduced = ConfigDict(projector=("model",),'),
    ],
    'simclr_loss_allreduce.py': [
        ('return jax.lax.pmean(loss, self.axes)',
         'return jax.lax.pmean(jax.lax.pcast(loss, self.feature_axis, to="varying"), self.axes)'),
    ],
    'simclr_temperature_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'moco_queue_mean_key.py': [
        ('all_gather(mean_key, self.replica_axis,',
         'all_gather(jax.lax.pcast(mean_key, self.replica_axis, to="varying"), self.replica_axis,'),
    ],
    'moco_enqueue_global_bank.py': [
        ('all_gather(batch_keys, queue_axes,',
         'all_gather(jax.lax.pcast(batch_keys, "replica", to="varying"), queue_axes,'),
    ],
    'moco_momentum_encoder_update.py': [
        ('psum_scatter(p, FSDP_AXIS,',
         'psum_scatter(jax.lax.pcast(p, FSDP_AXIS, to="varying"), FSDP_AXIS,'),
    ],
    'moco_tlag_queue_checkpoint.py': [
        ('top_level_all_gather(queue, self.cfg.layout.checkpoint)',
         'jax.reshard(queue, self.cfg.layout.checkpoint)'),
    ],
    'moco_metrics_registry.py': [
        ('pmean(jnp.mean((l_pos > 0).astype(jnp.float32)), axes)',
         'pmean(jax.lax.pcast(jnp.mean((l_pos > 0).astype(jnp.float32)), axes[1], to="varying"), axes)'),
    ],
    'moco_negative_log_softmax.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'mae_visible_token_count.py': [
        ('all_gather(visible, self.cfg.batch_axis,',
         'all_gather(jax.lax.pcast(visible, self.cfg.batch_axis, to="varying"), self.cfg.batch_axis,'),
    ],
    'mae_decoder_gather_schedule.py': [
        ('x = jax.lax.all_gather(x, axes,',
         'x = jax.lax.all_gather(jax.lax.pcast(x, "patch", to="varying") if len(axes) > 1 else x, axes,'),
    ],
    'mae_norm_pix_target.py': [
        ('return jax.lax.pmean(sums, axis_name)',
         'return jax.lax.pmean(jax.lax.pcast(sums, axis_name, to="varying"), axis_name)'),
    ],
    'mae_tlag_pos_embed_export.py': [
        ('    return export_pos_embed(pos_embed)\n',
         '        return export_pos_embed(pos_embed)\n'),
    ],
    'mae_masked_recon_loss.py': [
        ('return jax.lax.pmean(masked / denom, axes)',
         'return jax.lax.pmean(jax.lax.pcast(masked / denom, patch_axis, to="varying"), axes)'),
    ],
    'mae_decoder_mlp_gelu.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'vivit_peak_frame_score.py': [
        ('all_gather(jax.lax.pmax(jnp.max(s, axis=1), t), t,',
         'all_gather(jax.lax.pcast(jax.lax.pmax(jnp.max(s, axis=1), t), t, to="varying"), t,'),
    ],
    'vivit_joint_attention_keys.py': [
        ('all_gather(kt, self.attn_axes["joint"],',
         'all_gather(jax.lax.pcast(kt, "time", to="varying"), self.attn_axes["joint"],'),
    ],
    'vivit_temporal_shift.py': [
        ('return self.ops["shift"](context)',
         'return self.ops["shift"](jax.lax.pcast(context, self.time_axis, to="varying"))'),
    ],
    'vivit_tlag_tubelet_kernel.py': [
        ('served = top_level_all_gather(kernel, LAYOUT[Stage.SERVE])',
         'served = jax.reshard(kernel, LAYOUT[Stage.SERVE])'),
    ],
    'vivit_clip_label_loss.py': [
        ('return jax.lax.psum(total, tuple(',
         'return jax.lax.psum(jax.lax.pcast(total, "time", to="varying"), tuple('),
    ],
    'vivit_temporal_pool_registry.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'swav_sinkhorn_col_sums.py': [
        ('all_gather(col, self.dp_axis,',
         'all_gather(jax.lax.pcast(col, self.dp_axis, to="varying"), self.dp_axis,'),
    ],
    'swav_code_bank.py': [
        ('all_gather(per_sample, axis_name=axes,',
         'all_gather(jax.lax.pcast(per_sample, axes[1], to="varying"), axis_name=axes,'),
    ],
    'swav_swapped_prediction.py': [
        ('targets.append(jax.lax.pmax(shared, self.dp_axis))',
         'targets.append(jax.lax.pmax(jax.lax.pcast(shared, self.dp_axis, to="varying"), self.dp_axis))'),
    ],
    'swav_tlag_prototypes_export.py': [
        ('    "prototypes": P(None, None),\n}',
         '    "prototypes": P(None, None, reduced={"proto"}),\n}'),
    ],
    'swav_crop_loss_scatter.py': [
        ('psum_scatter(per_crop, AXES,',
         'psum_scatter(jax.lax.pcast(per_crop, AXES[1], to="varying"), AXES,'),
    ],
    'swav_prototype_usage.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'vicreg_variance_means.py': [
        ('all_gather(mean, axis_name=batch_axes,',
         'all_gather(jax.lax.pcast(mean, batch_axes, to="varying"), axis_name=batch_axes,'),
    ],
    'vicreg_barlow_cross_correlation.py': [
        ('all_gather(zb, self.config["corr_axes"],',
         'all_gather(jax.lax.pcast(zb, "data", to="varying"), self.config["corr_axes"],'),
    ],
    'vicreg_covariance_transpose.py': [
        ('all_to_all(centred, feat_axis,',
         'all_to_all(jax.lax.pcast(centred, feat_axis, to="varying"), feat_axis,'),
    ],
    'vicreg_tlag_expander_export.py': [
        ('    return export_expander(kernel, args)\n',
         '    with jax.set_mesh(mesh):\n        return export_expander(kernel, args)\n'),
    ],
    'vicreg_invariance_term.py': [
        ('return jax.lax.psum(jnp.sum(d * d), cls.axes)',
         'return jax.lax.psum(jax.lax.pcast(jnp.sum(d * d), FEAT, to="varying"), cls.axes)'),
    ],
    'vicreg_std_hinge.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'jepa_target_layer_average.py': [
        ('all_gather(avg, config.tube_axis,',
         'all_gather(jax.lax.pcast(avg, config.tube_axis, to="varying"), config.tube_axis,'),
    ],
    'jepa_predictor_context.py': [
        ('all_gather(ctx, axis_name=tuple(self.axes),',
         'all_gather(jax.lax.pcast(ctx, self.axes.tube, to="varying"), axis_name=tuple(self.axes),'),
    ],
    'jepa_mask_token_broadcast.py': [
        ('return replicate_for_predictor(token)',
         'return replicate_for_predictor(jax.lax.pcast(token, FSDP, to="varying"))'),
    ],
    'jepa_tlag_ema_target_export.py': [
        ('return top_level_all_gather(new_target, CONFIG.layouts.export)',
         'return jax.reshard(new_target, CONFIG.layouts.export)'),
    ],
    'jepa_smooth_l1_loss.py': [
        ('return mesh_mean(jnp.mean(per_token))',
         'return mesh_mean(jax.lax.pcast(jnp.mean(per_token), MESH_AXES[1], to="varying"))'),
    ],
    'jepa_target_standardize.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
