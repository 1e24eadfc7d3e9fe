"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout27/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective, the tuple gather or the tuple reduction), `jax.reshard`
or a context mesh for `top_level_all_gather`, and for the SF106 programs either the arithmetic
moved before the reduced gather (the result stays reduced, as out_specs says) or the gather changed
to `to='invarying'` (the producer-side fix) when the result is reduced further. For the backtest,
whose reduced history is also compared with the invariant level after the `pmean`, the producer
gather becomes `to='invarying'` too (the equivalent fix the rule doc names for SF103). A program
that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # genomics variant calling
    'vc_allele_depth_walker.py': [
        ('all_gather(depth, self.sample_axis, to="reduced")',
         f'all_gather({PC}(depth, self.sample_axis, to="varying"), self.sample_axis, to="reduced")'),
    ],
    'vc_genotype_likelihood_callbacks.py': [
        ('all_gather(gl, (SAMPLES, LOCI),', f'all_gather({PC}(gl, SAMPLES, to="varying"), (SAMPLES, LOCI),'),
    ],
    'vc_strand_bias_halo.py': [
        ('ppermute(state["ratio"], axis, perm)', f'ppermute({PC}(state["ratio"], axis, to="varying"), axis, perm)'),
    ],
    'vc_tlag_vcf_export.py': [
        ('return top_level_all_gather(genotypes, cfg.writer_layout)', 'return jax.reshard(genotypes, cfg.writer_layout)'),
    ],
    'vc_het_rate_argparse.py': [
        ('pmean(het / sites, (sample_axis, locus_axis))',
         f'pmean({PC}(het / sites, locus_axis, to="varying"), (sample_axis, locus_axis))'),
    ],
    'vc_qual_phred_scale.py': [
        ('cohort = self.posteriors(p_ref)\n        return PHRED * jnp.log10(cohort)',
         'return self.posteriors(PHRED * jnp.log10(p_ref))'),
    ],
    # optimizer library (Adafactor / Shampoo)
    'shmp_adafactor_row_stats.py': [
        ('all_gather(row, col_axis, to="reduced")', f'all_gather({PC}(row, col_axis, to="varying"), col_axis, to="reduced")'),
    ],
    'shmp_shampoo_block_stats.py': [
        ('return gather_blocks(stats)', f'return gather_blocks({PC}(stats, "fsdp", to="varying"))'),
    ],
    'shmp_grafting_trust_ratio.py': [
        ('pmax(self.l1_magnitude(full), self.shard_axis)',
         f'pmax({PC}(self.l1_magnitude(full), self.shard_axis, to="varying"), self.shard_axis)'),
    ],
    'shmp_tlag_state_checkpoint.py': [
        ('    return host_view(placed)', '    with jax.set_mesh(mesh):\n        return host_view(placed)'),
    ],
    'shmp_update_rms_clip.py': [
        ('pmean(jnp.mean(u * u), mesh.axis_names)', f'pmean({PC}(jnp.mean(u * u), "tp", to="varying"), mesh.axis_names)'),
    ],
    'shmp_relative_step_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # LLM evaluation harness
    'lmeval_hellaswag_choice_scores.py': [
        ('all_gather(ll, self.vocab_axis,', f'all_gather({PC}(ll, self.vocab_axis, to="varying"), self.vocab_axis,'),
    ],
    'lmeval_mmlu_subject_table.py': [
        ('all_gather(pooled, self.table_axes,', f'all_gather({PC}(pooled, self.pool_axis, to="varying"), self.table_axes,'),
    ],
    'lmeval_gsm8k_exact_match.py': [
        ('psum(jnp.sum(items), axis)', f'psum({PC}(jnp.sum(items), axis, to="varying"), axis)'),
    ],
    'lmeval_tlag_logits_dump.py': [
        ('return top_level_all_gather(scores, TASK_CONFIG["log_samples_layout"])',
         'return jax.reshard(scores, TASK_CONFIG["log_samples_layout"])'),
    ],
    'lmeval_wikitext_perplexity.py': [
        ('psum(nll, (self.data_axis, self.vocab_axis))',
         f'psum({PC}(nll, self.vocab_axis, to="varying"), (self.data_axis, self.vocab_axis))'),
    ],
    'lmeval_calibration_ece.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # 3D Gaussian splatting
    'gs_densify_grad_stats.py': [
        ('all_gather(avg, view_axis, to="reduced")', f'all_gather({PC}(avg, view_axis, to="varying"), view_axis, to="reduced")'),
    ],
    'gs_sh_coefficients_pipeline.py': [
        ('all_gather(colours, axes,', f'all_gather({PC}(colours, "gaussians", to="varying"), axes,'),
    ],
    'gs_tile_depth_binning.py': [
        ('all_to_all(z, self.gaussian_axis,', f'all_to_all({PC}(z, self.gaussian_axis, to="varying"), self.gaussian_axis,'),
    ],
    'gs_tlag_ply_export.py': [
        ('to_host = functools.partial(top_level_all_gather, out_sharding=PLY_SPEC)',
         'to_host = functools.partial(jax.reshard, out_shardings=PLY_SPEC)'),
    ],
    'gs_photometric_loss.py': [
        ('pmean(jnp.mean(per_view), LOSS_AXES)', f'pmean({PC}(jnp.mean(per_view), LOSS_AXES[1], to="varying"), LOSS_AXES)'),
    ],
    'gs_opacity_reset.py': [
        ('opacity = jax.nn.sigmoid(logit_opacity)', 'opacity = jax.nn.sigmoid(logit_opacity).clip(None, cap)'),
        ('return opacity.clip(None, cap)', 'return opacity'),
    ],
    # time-series forecasting
    'fc_mase_scale_hook.py': [
        ('all_gather(total, self.time_axis,', f'all_gather({PC}(total, self.time_axis, to="varying"), self.time_axis,'),
    ],
    'fc_quantile_loss_callbacks.py': [
        ('all_gather(outputs["loss"], self.axes,', f'all_gather({PC}(outputs["loss"], "time", to="varying"), self.axes,'),
    ],
    'fc_backtest_folds.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'fc_tlag_forecast_export.py': [
        ('return top_level_all_gather(forecast, self.store_layout)', 'return jax.reshard(forecast, self.store_layout)'),
    ],
    'fc_wape_hparams.py': [
        ('num = jax.lax.psum(jnp.sum(abs_err), self.hparams.metric_axes)',
         f'num = jax.lax.psum({PC}(jnp.sum(abs_err), self.hparams.time_axis, to="varying"), self.hparams.metric_axes)'),
    ],
    'fc_revin_normalise.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # variational quantum circuits
    'vqe_statevector_norm.py': [
        ('all_gather(norm, amp_axis, to="reduced")', f'all_gather({PC}(norm, amp_axis, to="varying"), amp_axis, to="reduced")'),
    ],
    'vqe_pauli_observables.py': [
        ('all_gather(per_batch, (AXES["batch"], AXES["amp"]),',
         f'all_gather({PC}(per_batch, AXES["amp"], to="varying"), (AXES["batch"], AXES["amp"]),'),
    ],
    'vqe_parameter_shift_grad.py': [
        ('pmean(diff, replica_axis)', f'pmean({PC}(diff, replica_axis, to="varying"), replica_axis)'),
    ],
    'vqe_tlag_amplitudes_dump.py': [
        ('return top_level_all_gather(state, layouts["notebook"])', 'return jax.reshard(state, layouts["notebook"])'),
    ],
    'vqe_qaoa_cost.py': [
        ('mean_over_mesh(jnp.mean(per_params))', f'mean_over_mesh({PC}(jnp.mean(per_params), CFG.amp_axis, to="varying"))'),
    ],
    'vqe_sampling_cutoff.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # radio interferometry
    'radio_gain_calibration_fori.py': [
        ('all_gather(solved, BASELINE_AXIS,', f'all_gather({PC}(solved, BASELINE_AXIS, to="varying"), BASELINE_AXIS,'),
    ],
    'radio_uv_grid_weights.py': [
        ('all_gather(density, tuple(w["band_axes"]),',
         f'all_gather({PC}(density, w["density_axis"], to="varying"), tuple(w["band_axes"]),'),
    ],
    'radio_rfi_flagging_scan.py': [
        ('pmax(jnp.sum(spectrum, axis=1), chan_axis)', f'pmax({PC}(jnp.sum(spectrum, axis=1), chan_axis, to="varying"), chan_axis)'),
    ],
    'radio_tlag_dirty_image.py': [
        ('return top_level_all_gather(image, spec(layout["fits"]))', 'return jax.reshard(image, spec(layout["fits"]))'),
    ],
    'radio_flux_density_scale.py': [
        ('psum(jnp.sum(ratio), (baseline_axis, chan_axis))',
         f'psum({PC}(jnp.sum(ratio), chan_axis, to="varying"), (baseline_axis, chan_axis))'),
    ],
    'radio_primary_beam.py': [
        ('cube = self.band_image(planes)\n        return jnp.sum(cube, axis=0) / beam',
         'cube = self.band_image(planes / beam)\n        return jnp.sum(cube, axis=0)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
