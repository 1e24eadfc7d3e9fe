"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout9/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a valid
`reduced=` spec or prefix, a context mesh; for SF106 the gather made `to='invarying'`). Written
by hand from the bug, not from shardfix. A program that still fails after its fix hides a
second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'adafactor_row_factor_regather.py': [
        ('return self.collect(v_row, "full")',
         'return self.collect(jax.lax.pcast(v_row, "model", to="varying"), "full")'),
    ],
    'adafactor_tlag_state_jit_init.py': [
        ('"kernel": P("model", None, reduced={"data"})',
         '"kernel": P("data", None, reduced={"model"})'),
    ],
    'adafactor_update_rms_clip.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
    ],
    'dqn_bootstrapped_heads_regather.py': [
        ('all_gather(heads, self.axes,',
         'all_gather(jax.lax.pcast(heads, self.model_axis, to="varying"), self.axes,'),
    ],
    'dqn_cli_huber_loss_axes.py': [
        ('jax.lax.pmean(jnp.mean(huber(chosen - target)), axis_name=AXES)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(huber(chosen - target)), AXES[1], to="varying"), axis_name=AXES)'),
    ],
    'dqn_logger_reward_pmean.py': [
        ('return logger.on_batch(full)',
         'return logger.on_batch(jax.lax.pcast(full, "env", to="varying"))'),
    ],
    'dqn_priority_totals_enum.py': [
        ('all_gather(total, Ax.ENV.value,',
         'all_gather(jax.lax.pcast(total, Ax.ENV.value, to="varying"), Ax.ENV.value,'),
    ],
    'dqn_td_target_gathered_q.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
    ],
    'dqn_tlag_replay_sampler.py': [
        ('"action": P("model", reduced={"env"})}',
         '"action": P("env", reduced={"model"})}'),
    ],
    'gan_critic_features_reduce_scatter.py': [
        ('psum_scatter(pooled, MESH_AXES,',
         'psum_scatter(jax.lax.pcast(pooled, "model", to="varying"), MESH_AXES,'),
    ],
    'gan_disc_scores_partial_chain.py': [
        ('share_over_data(jnp.stack([d_real, d_fake])[None])',
         'share_over_data(jax.lax.pcast(jnp.stack([d_real, d_fake])[None], "data", to="varying"))'),
    ],
    'gan_generator_rescatter_features.py': [
        ('h_next = self.to_shards(h_full)',
         'h_next = self.to_shards(jax.lax.pcast(h_full, self.axis, to="varying"))'),
    ],
    'llama_decode_nll_fori_loop.py': [
        ('jax.lax.pmean(jnp.mean(nll), cfg.mesh_axes)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(nll), cfg.vocab_axis, to="varying"), cfg.mesh_axes)'),
    ],
    'llama_embed_hidden_gather_helper.py': [
        ('return gather_hidden(h), pos',
         'return gather_hidden(jax.lax.pcast(h, TP, to="varying")), pos'),
    ],
    'llama_gqa_kv_kernel_regather.py': [
        ('all_gather(w, tuple(AXES),',
         'all_gather(jax.lax.pcast(w, AXES.fsdp, to="varying"), tuple(AXES),'),
    ],
    'llama_sampler_temperature_gathered.py': [
        ('axis=-1, tiled=True, to="reduced")',
         'axis=-1, tiled=True, to="invarying")'),
    ],
    'llama_tied_embedding_norm_metric.py': [
        ('jax.lax.psum(jnp.sum(full_table * full_table), "tp")',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(full_table * full_table), "tp", to="varying"), "tp")'),
    ],
    'llama_tlag_kv_cache_tree_map.py': [
        ('P(None, None, "tp", None))',
         'P(None, None, "tp", None, reduced={"dp"}))'),
    ],
    'moe_balance_loss_axis_names.py': [
        ('jax.lax.pmean(aux, axes)',
         'jax.lax.pmean(jax.lax.pcast(aux, "expert", to="varying"), axes)'),
    ],
    'moe_dispatch_gathered_tokens.py': [
        ('lambda buf: jax.lax.all_to_all(buf,',
         'lambda buf: jax.lax.all_to_all(jax.lax.pcast(buf, "expert", to="varying"),'),
    ],
    'moe_expert_kernels_dense_fallback.py': [
        ('all_gather(w_in, mesh.axis_names[::-1],',
         'all_gather(jax.lax.pcast(w_in, FSDP, to="varying"), mesh.axis_names[::-1],'),
    ],
    'moe_router_load_share.py': [
        ('all_gather(load[None], self.cfg.data_axis,',
         'all_gather(jax.lax.pcast(load[None], self.cfg.data_axis, to="varying"), self.cfg.data_axis,'),
    ],
    'moe_router_zloss_gathered_logits.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'moe_tlag_expert_init_jit.py': [
        ('"experts": P("expert", None, reduced={"data"}),',
         '"experts": P("data", None, reduced={"expert"}),'),
    ],
    'nb_feature_stats_tree_map.py': [
        ('lambda s: jax.lax.psum(s, "j")',
         'lambda s: jax.lax.psum(jax.lax.pcast(s, "j", to="varying"), "j")'),
    ],
    'nb_pca_covariance_cells.py': [
        ('all_gather(c, "i",',
         'all_gather(jax.lax.pcast(c, "i", to="varying"), "i",'),
    ],
    'nb_regression_global_axes.py': [
        ('jax.lax.pmean(jnp.mean((pred - y) ** 2), axes)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean((pred - y) ** 2), "j", to="varying"), axes)'),
    ],
    'nb_ridge_weights_regather.py': [
        ('all_gather(w, AX, axis=0,',
         'all_gather(jax.lax.pcast(w, "j", to="varying"), AX, axis=0,'),
    ],
    'nb_tlag_layout_exploration.py': [
        ('    P("j", None, reduced={"i"}),\n',
         ''),
    ],
    'nb_variance_softplus_late_helper.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
    ],
    'resnet_bn_fold_scale_gathered.py': [
        ('axis=0, tiled=True, to="reduced")',
         'axis=0, tiled=True, to="invarying")'),
    ],
    'resnet_grad_accum_scan_accuracy.py': [
        ('jax.lax.psum(correct, CFG.all_axes)',
         'jax.lax.psum(jax.lax.pcast(correct, CFG.model_axis, to="varying"), CFG.all_axes)'),
    ],
    'resnet_head_mappers_regather.py': [
        ('"rows": lambda w: jax.lax.all_gather(w, ALL_AXES,',
         '"rows": lambda w: jax.lax.all_gather(jax.lax.pcast(w, "model", to="varying"), ALL_AXES,'),
    ],
    'resnet_squeeze_excite_psum.py': [
        ('s = squeeze(h_full)',
         's = squeeze(jax.lax.pcast(h_full, CHANNEL_AXIS, to="varying"))'),
    ],
    'resnet_syncbn_export_running_stats.py': [
        ('all_gather(stacked, self.axis_name,',
         'all_gather(jax.lax.pcast(stacked, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'resnet_tlag_momentum_tree_map.py': [
        ('P(None, None, None, "model", reduced={"data"})',
         'P(None, None, None, "data", reduced={"model"})'),
    ],
    'unet_dice_table_gather.py': [
        ('all_gather(terms[None], "data",',
         'all_gather(jax.lax.pcast(terms[None], "data", to="varying"), "data",'),
    ],
    'unet_image_loss_two_helpers.py': [
        ('jax.lax.pmean(jnp.mean(per_image), tuple(axes.values()))',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(per_image), axes["rows"], to="varying"), tuple(axes.values()))'),
    ],
    'unet_logits_gathered_log_softmax.py': [
        ('axis=3, tiled=True, to="reduced")',
         'axis=3, tiled=True, to="invarying")'),
    ],
    'unet_mask_halo_ppermute.py': [
        ('ppermute(last_row, "spatial",',
         'ppermute(jax.lax.pcast(last_row, "spatial", to="varying"), "spatial",'),
    ],
    'unet_tlag_save_prediction_helper.py': [
        ('\n    return save_prediction(pred)',
         '\n        return save_prediction(pred)'),
    ],
    'unet_upconv_kernel_gather_helper.py': [
        ('k_full = gather_kernel(k_out, ("data", "spatial"), dim=2)',
         'k_full = gather_kernel(jax.lax.pcast(k_out, "spatial", to="varying"), ("data", "spatial"), dim=2)'),
    ],
    'whisper_cli_mel_stats_gather.py': [
        ('all_gather(jax.lax.pmean(jnp.mean(feats, axis=1), args.seq_axis), args.seq_axis,',
         'all_gather(jax.lax.pcast(jax.lax.pmean(jnp.mean(feats, axis=1), args.seq_axis), args.seq_axis, to="varying"), args.seq_axis,'),
    ],
    'whisper_conv_stem_axis_loop.py': [
        ('axes = (*axes, ax)',
         'axes = (ax,)'),
    ],
    'whisper_ctc_loss_axes_namedtuple.py': [
        ('jax.lax.psum(jnp.sum(per_utt), (*AX,))',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(per_utt), AX.frames, to="varying"), (*AX,))'),
    ],
    'whisper_ring_attention_gathered_keys.py': [
        ('k_next = rotate(k_all)',
         'k_next = rotate(jax.lax.pcast(k_all, SEQ, to="varying"))'),
    ],
    'whisper_stem_pipeline_gelu.py': [
        ('tiled=True,\n                                    to="reduced")',
         'tiled=True,\n                                    to="invarying")'),
    ],
    'whisper_tlag_frame_loader.py': [
        ('P("seq", None, reduced={"data"})',
         'P("data", None, reduced={"seq"})'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
