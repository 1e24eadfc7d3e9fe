"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout87/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper such as
`sync` or `gather_reduced` of the pasted parallel_utils), the missing `reduced=` axis, a prefix
export layout or spec for `top_level_all_gather`, a context mesh around the image
post-processing, and for the SF106 programs the producer's gather changed to `to='invarying'`.
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # unet_*
    'unet_cross_attn_down.py': [
        ('context = jax.lax.all_gather(shift,',
         f'context = jax.lax.all_gather({PC}(shift, self.config.batch_axis, to="varying"),'),
    ],
    'unet_mid_block_attn.py': [
        ('bank = gather_reduced(keys, self.bank_axes)',
         f'bank = gather_reduced({PC}(keys, self.head_axis, to="varying"), self.bank_axes)'),
    ],
    'unet_up_block_skip.py': [
        ('return sync(energy,',
         f'return sync({PC}(energy, self.config.batch_axis, to="varying"),'),
    ],
    'unet_save_pretrained.py': [
        ('"conv_out.kernel": "model,-"}',
         '"conv_out.kernel": "-,model"}'),
    ],
    'unet_group_norm_sync.py': [
        ('moments = sync(moments, "mean", self.config.stat_axes)',
         f'moments = sync({PC}(moments, channel_axis, to="varying"), "mean", self.config.stat_axes)'),
    ],
    'unet_conv_out_act.py': [
        ('axis=0, tiled=True, to="reduced")',
         'axis=0, tiled=True, to="invarying")'),
    ],
    # sched_*
    'sched_ddpm_threshold.py': [
        ('thresholds = jax.lax.all_gather(s,',
         f'thresholds = jax.lax.all_gather({PC}(s, self.config.channel_axis, to="varying"),'),
    ],
    'sched_euler_preview.py': [
        ('return gather_reduced(output.pred_original_sample, self.axes)',
         f'return gather_reduced({PC}(output.pred_original_sample, self.axes[-1], to="varying"), self.axes)'),
    ],
    'sched_ddim_eta_noise.py': [
        ('return jax.lax.ppermute(self.bank,',
         f'return jax.lax.ppermute({PC}(self.bank, self.batch_axis, to="varying"),'),
    ],
    'sched_latents_checkpoint.py': [
        ('"checkpoint_layout": "-,mp"\n',
         '"checkpoint_layout": "-,mp",\n  "checkpoint_reduced": ["dp"]\n'),
    ],
    'sched_min_snr_loss.py': [
        ('return jax.lax.pmean(loss,',
         f'return jax.lax.pmean({PC}(loss, args.channel_axis, to="varying"),'),
    ],
    'sched_scale_model_input.py': [
        ('latents = jax.lax.all_gather(latents, "dp", axis=0, tiled=True, to="reduced")',
         'latents = jax.lax.all_gather(latents, "dp", axis=0, tiled=True, to="invarying")'),
    ],
    # pipe_*
    'pipe_guidance_rescale.py': [
        ('guidance_stats = gather_reduced(jnp.concatenate(stats, axis=1),',
         f'guidance_stats = gather_reduced({PC}(jnp.concatenate(stats, axis=1), self.channel_axis, to="varying"),'),
    ],
    'pipe_reference_attention.py': [
        ('self.bank = jax.lax.all_gather(reference,',
         f'self.bank = jax.lax.all_gather({PC}(reference, self.batch_axis, to="varying"),'),
    ],
    'pipe_encode_prompt.py': [
        ('return jax.lax.psum_scatter(embeds,',
         f'return jax.lax.psum_scatter({PC}(embeds, self.batch_axis, to="varying"),'),
    ],
    'pipe_image_postprocess.py': [
        ('    images = pipe.image_processor.postprocess(output.images, output_type="np")',
         '    with jax.set_mesh(mesh):\n        images = pipe.image_processor.postprocess(output.images, output_type="np")'),
    ],
    'pipe_adaptive_guidance.py': [
        ('mean_norm = sync(diff_norm.mean(),',
         f'mean_norm = sync({PC}(diff_norm.mean(), cfg.channel_axis, to="varying"),'),
    ],
    'pipe_decode_latents.py': [
        ('latents = gather_reduced(latents, "data")',
         'latents = jax.lax.all_gather(latents, "data", axis=0, tiled=True, to="invarying")'),
    ],
    # lora_*
    'lora_fuse_norm_report.py': [
        ('report[module] = jax.lax.all_gather(norms,',
         f'report[module] = jax.lax.all_gather({PC}(norms, self.config.weight_sharding[0], to="varying"),'),
    ],
    'lora_peft_state_dict.py': [
        ('gather_reduced(rows, self.config.save_axes)',
         f'gather_reduced({PC}(rows, self.config.tp_axis, to="varying"), self.config.save_axes)'),
    ],
    'lora_magnitude_hook.py': [
        ('self._sync(jnp.abs(module.full_down).sum(axis=0))',
         f'self._sync({PC}(jnp.abs(module.full_down).sum(axis=0), self.axis_name, to="varying"))'),
    ],
    'lora_save_weights.py': [
        ('order = tuple(reversed(self.mesh.axis_names))',
         'order = tuple(self.mesh.axis_names)'),
    ],
    'lora_rslora_norm.py': [
        ('NORMALIZERS[cfg.delta_norm](row_sq,',
         f'NORMALIZERS[cfg.delta_norm]({PC}(row_sq, cfg.tp_axis, to="varying"),'),
    ],
    'lora_alpha_scaling.py': [
        ('return jax.lax.all_gather(up, self.config.tp_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(up, self.config.tp_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # vae_*
    'vae_latent_stats.py': [
        ('stats = gather_reduced(self.latent_stats(posterior),',
         f'stats = gather_reduced({PC}(self.latent_stats(posterior), self.config.channel_axis, to="varying"),'),
    ],
    'vae_tiled_decode.py': [
        ('return gather_reduced(rows, self.tile_axes)',
         f'return gather_reduced({PC}(rows, self.config.channel_axis, to="varying"), self.tile_axes)'),
    ],
    'vae_vq_codebook.py': [
        ('codebook = jax.lax.all_gather(codebook,',
         f'codebook = jax.lax.all_gather({PC}(codebook, self.config.codebook_axis, to="varying"),'),
    ],
    'vae_export_latents.py': [
        ('LatentFormat.WEBDATASET: P("channels", None, reduced={"batch"}),',
         'LatentFormat.WEBDATASET: P(None, "channels", reduced={"batch"}),'),
    ],
    'vae_kl_loss.py': [
        ('kl = jax.lax.pmean(kl, self.loss_axes)',
         f'kl = jax.lax.pmean({PC}(kl, self.channel_axis, to="varying"), self.loss_axes)'),
    ],
    'vae_shift_factor.py': [
        ('self.mean = gather_reduced(self.mean, batch_axis)',
         'self.mean = jax.lax.all_gather(self.mean, batch_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # train_*
    'train_ema_drift.py': [
        ('logs.append(jax.lax.all_gather(drift[:, None],',
         f'logs.append(jax.lax.all_gather({PC}(drift[:, None], args.drift_axis, to="varying"),'),
    ],
    'train_prior_preservation.py': [
        ('return gather_reduced(columns, self.log_axes)',
         f'return gather_reduced({PC}(columns, self.column_axis, to="varying"), self.log_axes)'),
    ],
    'train_grad_accumulation.py': [
        ('grads = accelerator.reduce(grads, args.grad_reduction)',
         f'grads = accelerator.reduce({PC}(grads, accelerator.shard_axis, to="varying"), args.grad_reduction)'),
    ],
    'train_save_state.py': [
        ('parser.add_argument("--checkpoint_gather", default="dp")',
         'parser.add_argument("--checkpoint_gather", default="fsdp")'),
    ],
    'train_noise_offset_loss.py': [
        ('avg_loss = accelerator.gather_for_metrics(per_row.mean())',
         f'avg_loss = accelerator.gather_for_metrics({PC}(per_row.mean(), channel_axis, to="varying"))'),
    ],
    'train_grad_clip.py': [
        ('full_grads = gather_reduced(grads, self.shard_axis, axis=1)',
         'full_grads = jax.lax.all_gather(grads, self.shard_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # ctrl_*
    'ctrl_multi_controlnet_energy.py': [
        ('energy_log = [gather_reduced(e[None, :], controlnet.batch_axis)',
         f'energy_log = [gather_reduced({PC}(e[None, :], controlnet.batch_axis, to="varying"), controlnet.batch_axis)'),
    ],
    'ctrl_ip_adapter_embeds.py': [
        ('return gather_reduced(image_embeds, self.embeds_axes)',
         f'return gather_reduced({PC}(image_embeds, self.image_projection.config.embed_axis, to="varying"), self.embeds_axes)'),
    ],
    'ctrl_t2i_adapter.py': [
        ('pooled = [jax.lax.psum(r.sum(axis=0), "data")',
         f'pooled = [jax.lax.psum({PC}(r.sum(axis=0), "data", to="varying"), "data")'),
    ],
    'ctrl_from_unet_export.py': [
        ('    return controlnet.state_dict()',
         '    with jax.set_mesh(mesh):\n        return controlnet.state_dict()'),
    ],
    'ctrl_scale_normalizer.py': [
        ('mean_energy = jax.lax.pmean(energy.mean(),',
         f'mean_energy = jax.lax.pmean({PC}(energy.mean(), self.config.channel_axis, to="varying"),'),
    ],
    'ctrl_guess_mode.py': [
        ('down = tuple(gather_reduced(r, self.batch_axis) for r in output.down_block_res_samples)',
         'down = tuple(jax.lax.all_gather(r, self.batch_axis, axis=0, tiled=True, to="invarying") for r in output.down_block_res_samples)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
