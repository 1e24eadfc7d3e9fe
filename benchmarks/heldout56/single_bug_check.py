"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout56/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the reduced gather, the collective or the tuple reduction), `jax.reshard`,
a context mesh or the missing `reduced=` axis for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'` (or the arithmetic moved before it).
A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # noise schedules
    'sched_timestep_resampler.py': [
        ('all_gather(counts, self.cfg.data_axis, axis=0, tiled=True, to="reduced")',
         'all_gather(counts, self.cfg.data_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(None, reduced={"data"}), P("data")),', 'out_specs=(P(None), P("data")),'),
    ],
    'sched_cosine_alpha_bar.py': [
        ('all_gather(row, self.axes[::-1],', f'all_gather({PC}(row, self.axes[1], to="varying"), self.axes[::-1],'),
    ],
    'sched_snr_neighbours.py': [
        ('ppermute(log_snr, self.axis,', f'ppermute({PC}(log_snr, self.axis, to="varying"), self.axis,'),
    ],
    'sched_tlag_betas_export.py': [
        ('served = top_level_all_gather(betas, LAYOUTS.serve)', 'served = jax.reshard(betas, LAYOUTS.serve)'),
    ],
    'sched_min_snr_weights.py': [
        ('return cfg["reduce"](w, tuple(cfg["normalise_over"]))',
         f'return cfg["reduce"]({PC}(w, cfg["local_axis"], to="varying"), tuple(cfg["normalise_over"]))'),
    ],
    'sched_zero_terminal_snr.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"model"})', 'out_specs=P("data", None)'),
    ],
    # score matching
    'score_dsm_normaliser.py': [
        ('all_gather(per_sample, self.pixel_axis,', f'all_gather({PC}(per_sample, self.pixel_axis, to="varying"), self.pixel_axis,'),
    ],
    'score_edm_precond_stats.py': [
        ('all_gather(per_pixel, (self.batch, self.pixel),',
         f'all_gather({PC}(per_pixel, self.pixel, to="varying"), (self.batch, self.pixel),'),
    ],
    'score_sliced_projections.py': [
        ('return jax.lax.psum(sq, axis_name)', f'return jax.lax.psum({PC}(sq, axis_name, to="varying"), axis_name)'),
    ],
    'score_tlag_noise_levels.py': [
        ('    grid = dump_noise_levels(noised)\n', '    with jax.set_mesh(mesh):\n        grid = dump_noise_levels(noised)\n'),
    ],
    'score_vpred_loss.py': [
        ('pmean(per_sample, self.mesh.axis_names)',
         f'pmean({PC}(per_sample, self.mesh.axis_names[1], to="varying"), self.mesh.axis_names)'),
    ],
    'score_edm_loss_weight.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('P(reduced={"batch"})', 'P()'),
    ],
    # samplers
    'samp_ddim_sigma_log.py': [
        ('all_gather(total, self.cfg.chan_axis,', f'all_gather({PC}(total, self.cfg.chan_axis, to="varying"), self.cfg.chan_axis,'),
    ],
    'samp_euler_ancestral_stats.py': [
        ('all_gather(stats, axes["outer"],', f'all_gather({PC}(stats, axes["inner"], to="varying"), axes["outer"],'),
    ],
    'samp_cfg_negative_prompt.py': [
        ('psum_scatter(neg, self.chan_axis,', f'psum_scatter({PC}(neg, self.chan_axis, to="varying"), self.chan_axis,'),
    ],
    'samp_tlag_trajectory_preview.py': [
        ('grid = top_level_all_gather(x, preview_spec(args))', 'grid = jax.reshard(x, preview_spec(args))'),
    ],
    'samp_dynamic_threshold.py': [
        ('pmean(frac.mean(), MESH_AXES)', f'pmean({PC}(frac.mean(), CHAN, to="varying"), MESH_AXES)'),
    ],
    'samp_cfg_rescale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('P("batch", None, reduced={"chan"})', 'P("batch", None)'),
    ],
    # EMA of weights
    'ema_warmup_norm_logger.py': [
        ('all_gather(sq, self.shard_axis,', f'all_gather({PC}(sq, self.shard_axis, to="varying"), self.shard_axis,'),
    ],
    'ema_posthoc_profiles.py': [
        ('all_gather(snapshot, tuple(self.axes),', f'all_gather({PC}(snapshot, self.axes.tensor, to="varying"), tuple(self.axes),'),
    ],
    'ema_swap_for_eval.py': [
        ('all_to_all(full, self.tensor_axis,', f'all_to_all({PC}(full, self.tensor_axis, to="varying"), self.tensor_axis,'),
    ],
    'ema_tlag_export_params.py': [
        ('"conv_out": P(None, None),', '"conv_out": P(None, None, reduced={"fsdp"}),'),
    ],
    'ema_drift_metric.py': [
        ('jax.lax.psum(both, all_axes)', f'jax.lax.psum({PC}(both, row_axis, to="varying"), all_axes)'),
    ],
    'ema_bias_correction.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('P("fsdp", None, reduced={"tp"})', 'P("fsdp", None)'),
    ],
    # VAE latents
    'vae_latent_scale_factor.py': [
        ('all_gather(m, self.config.space_axis,', f'all_gather({PC}(m, self.config.space_axis, to="varying"), self.config.space_axis,'),
    ],
    'vae_kl_channel_usage.py': [
        ('all_gather(rows, tuple(cfg["gather"]),', f'all_gather({PC}(rows, cfg["spatial"], to="varying"), tuple(cfg["gather"]),'),
    ],
    'vae_decoder_halo.py': [
        ('ppermute(x[:, -1:], self.axis,', f'ppermute({PC}(x[:, -1:], self.axis, to="varying"), self.axis,'),
    ],
    'vae_tlag_latent_cache.py': [
        ('return top_level_all_gather(latents, self.trainer_spec)', 'return jax.reshard(latents, self.trainer_spec)'),
    ],
    'vae_recon_loss.py': [
        ('pmean(total.mean(), cfg.mean_axes)', f'pmean({PC}(total.mean(), cfg.pixel_axis, to="varying"), cfg.mean_axes)'),
    ],
    'vae_tiled_decode_blend.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_spec = P("data", None, None, reduced={TILE_AXIS})', 'out_spec = P("data", None, None)'),
    ],
    # audio diffusion
    'wave_mel_energy.py': [
        ('all_gather(energy, self.time_axis,', f'all_gather({PC}(energy, self.time_axis, to="varying"), self.time_axis,'),
    ],
    'wave_diffwave_residual.py': [
        ('all_gather(over_time, (time_axis, batch_axis),',
         f'all_gather({PC}(over_time, time_axis, to="varying"), (time_axis, batch_axis),'),
    ],
    'wave_overlap_add.py': [
        ('ppermute(tail, axis_name,', f'ppermute({PC}(tail, axis_name, to="varying"), axis_name,'),
    ],
    'wave_tlag_vocoder_output.py': [
        ('return top_level_all_gather(wave, self.layout)', 'return jax.reshard(wave, self.layout)'),
    ],
    'wave_multires_stft_loss.py': [
        ('REDUCTIONS[res["reduce"]](sc.mean(), res["axes"])',
         f'REDUCTIONS[res["reduce"]]({PC}(sc.mean(), "time", to="varying") if "time" in res["axes"] else sc.mean(), res["axes"])'),
    ],
    'wave_loudness_norm.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"time"})', 'out_specs=P("batch", None)'),
    ],
    # UNet modules
    'unet_groupnorm_stats.py': [
        ('all_gather(s1, self.channel_axis,', f'all_gather({PC}(s1, self.channel_axis, to="varying"), self.channel_axis,'),
    ],
    'unet_attention_heads.py': [
        ('all_gather(per_head, self.all_axes,', f'all_gather({PC}(per_head, self.head_axis, to="varying"), self.all_axes,'),
    ],
    'unet_time_embedding.py': [
        ('all_gather(table, self.model_axis, axis=0)', f'all_gather({PC}(table, self.model_axis, to="varying"), self.model_axis, axis=0)'),
    ],
    'unet_tlag_checkpoint_convert.py': [
        ('"up": P(None, None, reduced={"data"})}', '"up": P(None, None, reduced={"data", "model"})}'),
    ],
    'unet_resblock_scale_shift.py': [
        ('pmean(jnp.sqrt(sq).mean(), self.cfg.axes)',
         f'pmean({PC}(jnp.sqrt(sq).mean(), self.cfg.model_axis, to="varying"), self.cfg.axes)'),
    ],
    'unet_skip_connection.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('P("data", None, None, reduced={"model"})', 'P("data", None, None)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
