"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout13/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a valid
`top_level_all_gather` spec, a context mesh; for SF106 a gather to `'invarying'`, or the
arithmetic moved before the gather). Written by hand from the bug, not from shardfix. A
program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'astro_coadd_export_fits_header.py': [
        ('"SCI": P("dec", None, reduced={"ra"}),',
         '"SCI": P(None, None, reduced={"ra", "dec"}),'),
    ],
    'astro_peak_finder_dict_reducers.py': [
        ('REDUCERS["total"](norm, BAND)',
         'REDUCERS["total"](jax.lax.pcast(norm, BAND, to="varying"), BAND)'),
    ],
    'astro_psf_tiles_regather.py': [
        ('all_gather(per_exposure, tuple(AXES)',
         'all_gather(jax.lax.pcast(per_exposure, AXES.tile, to="varying"), tuple(AXES)'),
    ],
    'astro_sigma_clip_stack.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'astro_sky_background_coadd.py': [
        ('all_gather(sky, cfg.tile_axis,',
         'all_gather(jax.lax.pcast(sky, cfg.tile_axis, to="varying"), cfg.tile_axis,'),
    ],
    'astro_zero_point_enum_axes.py': [
        ('pmean(zp, tuple(',
         'pmean(jax.lax.pcast(zp, Survey.TILE.value, to="varying"), tuple('),
    ],
    'earlyexit_adam_moments_export.py': [
        ('INSPECT = P("data", None, reduced={"model"})',
         'INSPECT = P("model", None, reduced={"data"})'),
    ],
    'earlyexit_confidence_pmin.py': [
        ('all_gather(least >= threshold, seq_axis,',
         'all_gather(jax.lax.pcast(least >= threshold, seq_axis, to="varying"), seq_axis,'),
    ],
    'earlyexit_exit_rate_env_axes.py': [
        ('pmean(rate, REDUCE_AXES)',
         'pmean(jax.lax.pcast(rate, VOCAB_AXIS, to="varying"), REDUCE_AXES)'),
    ],
    'earlyexit_heads_gather_table.py': [
        ('kernel = self.gathers[name](kernel)',
         'kernel = self.gathers[name](jax.lax.pcast(kernel, "model", to="varying") if name == "rows" else kernel)'),
    ],
    'earlyexit_logit_softcap.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"vocab"}))',
         'out_specs=P("batch", None))'),
    ],
    'earlyexit_skip_reduce_scatter.py': [
        ('psum_scatter(mixed, SEQ,',
         'psum_scatter(jax.lax.pcast(mixed, SEQ, to="varying"), SEQ,'),
    ],
    'epi_contact_matrix_blocks.py': [
        ('all_gather(row, tuple(reversed',
         'all_gather(jax.lax.pcast(row, region_axis, to="varying"), tuple(reversed'),
    ],
    'epi_ensemble_forecast_tuple_out.py': [
        ('top_level_all_gather(cases, P("member", None))',
         'top_level_all_gather(cases, P("member", None, reduced={"region"}))'),
    ],
    'epi_likelihood_cli.py': [
        ('pmean(ll, (member_axis',
         'pmean(jax.lax.pcast(ll, region_axis, to="varying"), (member_axis'),
    ],
    'epi_mobility_ring.py': [
        ('moved = mobility.flow(shared)',
         'moved = mobility.flow(jax.lax.pcast(shared, mobility.axis, to="varying"))'),
    ],
    'epi_rt_estimate_scan.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'epi_sir_national_incidence.py': [
        ('all_gather(incidence.T, p.region_axis,',
         'all_gather(jax.lax.pcast(incidence.T, p.region_axis, to="varying"), p.region_axis,'),
    ],
    'haiku_batchnorm_stats_export.py': [
        ('all_gather(mean[None], axis_name,',
         'all_gather(jax.lax.pcast(mean[None], axis_name, to="varying"), axis_name,'),
    ],
    'haiku_init_params_checkpoint.py': [
        ('P(None, "model"))\n',
         'P(None, "model", reduced={"data"}))\n'),
    ],
    'haiku_layer_norm_gathered.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"seq"}))',
         'out_specs=P("batch", None))'),
    ],
    'haiku_linear_full_kernel_export.py': [
        ('all_gather(cols, (self.fsdp_axis,',
         'all_gather(jax.lax.pcast(cols, self.tp_axis, to="varying"), (self.fsdp_axis,'),
    ],
    'haiku_vocab_parallel_loss.py': [
        ('pmean(nll, tuple(',
         'pmean(jax.lax.pcast(nll, cfg["mesh"]["vocab"], to="varying"), tuple('),
    ],
    'haiku_zero3_params_resync.py': [
        ('    full = sync(full)',
         '    full = sync(jax.tree.map(lambda p: jax.lax.pcast(p, DATA, to="varying"), full))'),
    ],
    'hmm_baum_welch_marked_reduced.py': [
        ('all_gather(occ, self.axes,',
         'all_gather(jax.lax.pcast(occ, self.state_axis, to="varying"), self.axes,'),
    ],
    'hmm_expected_counts_scatter.py': [
        ('psum_scatter(counts, axes,',
         'psum_scatter(jax.lax.pcast(counts, MESH_AXES["hidden"], to="varying"), axes,'),
    ],
    'hmm_forward_lognorm_carry.py': [
        ('all_gather(log_z, STATE,',
         'all_gather(jax.lax.pcast(log_z, STATE, to="varying"), STATE,'),
    ],
    'hmm_log_alpha_normalise.py': [
        ('tiled=True,\n                              to="reduced")',
         'tiled=True,\n                              to="invarying")'),
        ('out_specs=P(None, "batch", None, reduced={"state"}))',
         'out_specs=P(None, "batch", None))'),
    ],
    'hmm_posterior_export_three_axes.py': [
        ('PER_GROUP = P((Ax.CHAIN.value, Ax.SEQ.value), None, reduced={Ax.STATE.value})',
         'PER_GROUP = P(None, None, reduced={a.value for a in Ax})'),
    ],
    'hmm_viterbi_best_path.py': [
        ('pmax(share_states(delta), "state")',
         'pmax(jax.lax.pcast(share_states(delta), "state", to="varying"), "state")'),
    ],
    'kmer_counter_share_method.py': [
        ('all_gather(counts, self.read_axis,',
         'all_gather(jax.lax.pcast(counts, self.read_axis, to="varying"), self.read_axis,'),
    ],
    'kmer_coverage_step_factory.py': [
        ('psum(lane_total, mesh.axis_names)',
         'psum(jax.lax.pcast(lane_total, lane_axis, to="varying"), mesh.axis_names)'),
    ],
    'kmer_jit_counts_export.py': [
        ('EXPORT_SPEC = P("lane", reduced={"run"})',
         'EXPORT_SPEC = P("run", reduced={"lane"})'),
    ],
    'kmer_minimizer_rebucket.py': [
        ('all_to_all(sample.reshape(n, -1), shard',
         'all_to_all(jax.lax.pcast(sample.reshape(n, -1), shard, to="varying"), shard'),
    ],
    'kmer_spectrum_log_transforms.py': [
        ('"log": lambda c: jnp.log(c + 1.0),',
         '"log": lambda c: jnp.log(c),'),
        ('full = jax.lax.all_gather(counts,',
         'full = jax.lax.all_gather(counts + 1.0,'),
    ],
    'kmer_table_export_env_axes.py': [
        ('everything = gather_buckets(per_sample,',
         'everything = gather_buckets(jax.lax.pcast(per_sample, BUCKET_AXIS, to="varying"),'),
    ],
    'seismic_agc_gain_pmax.py': [
        ('all_gather(peak, rx_axis,',
         'all_gather(jax.lax.pcast(peak, rx_axis, to="varying"), rx_axis,'),
    ],
    'seismic_fwi_misfit_partial.py': [
        ('self.mean_survey(per_shot)',
         'self.mean_survey(jax.lax.pcast(per_shot, self.rx_axis, to="varying"))'),
    ],
    'seismic_rtm_image_stack_loop.py': [
        ('image = jax.lax.all_gather(image, axes,',
         'image = jax.lax.all_gather(jax.lax.pcast(image, axes[:-1], to="varying") if len(axes) > 1 else image, axes,'),
    ],
    'seismic_trace_taper_window.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P(None, "t", reduced={"rx"}))',
         'out_specs=P(None, "t"))'),
    ],
    'seismic_velocity_model_report.py': [
        ('\n    return qc_report(model)',
         '\n        return qc_report(model)'),
    ],
    'seismic_wave_halo_snapshot.py': [
        ('smoothed = exchange(snapshot)',
         'smoothed = exchange(jax.lax.pcast(snapshot, AXIS, to="varying"))'),
        ('out_specs=(P(AXIS), P(None, reduced={AXIS})))',
         'out_specs=(P(AXIS), P(AXIS)))'),
    ],
    'w2v_clip_global_norm.py': [
        ('pmean(norm, (axes.data',
         'pmean(jax.lax.pcast(norm, axes.dim, to="varying"), (axes.data'),
    ],
    'w2v_inbatch_negatives_metrics.py': [
        ('"neg_mass": jnp.sum(negatives),',
         '"neg_mass": jax.lax.pcast(jnp.sum(negatives), BATCH, to="varying"),'),
    ],
    'w2v_neighbors_partial_chain.py': [
        ('full = gather_table(vectors)',
         'full = gather_table(jax.lax.pcast(vectors, "dim", to="varying"))'),
    ],
    'w2v_pair_loader_export.py': [
        ('P("chip", reduced={"host"})',
         'P("host", reduced={"chip"})'),
    ],
    'w2v_sgns_loss_gathered_scores.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('P(None, reduced={"pairs"})',
         'P(None)'),
    ],
    'w2v_unigram_table_loader.py': [
        ('all_gather(counts ** power, "batch",',
         'all_gather(jax.lax.pcast(counts ** power, "batch", to="varying"), "batch",'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
