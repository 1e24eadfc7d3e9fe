"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout57/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the gather, the collective or the tuple reduction); for
`top_level_all_gather` `jax.reshard`, a context mesh, the missing `reduced=` axis or
`multi_dim=True`; for the SF106 programs (and the one SF103 program whose value goes round a loop)
the producer's gather changed to `to='invarying'`, and where that value was returned, its
`out_specs` no longer saying `reduced=`. A program that still fails after its fix hides a second
error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = ('tiled=True, to="reduced")', 'tiled=True, to="invarying")')

FIXES = {
    # N-body / particle mesh
    'nbody_cic_mass_column.py': [
        ('all_gather(column, self.slab_axis,',
         f'all_gather({PC}(column, self.slab_axis, to="varying"), self.slab_axis,'),
    ],
    'nbody_direct_force_tiles.py': [
        ('all_gather(tile, cfg.gather_axes,',
         f'all_gather({PC}(tile, cfg.tile_axis, to="varying"), cfg.gather_axes,'),
    ],
    'nbody_ghost_planes.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    'nbody_tlag_snapshot.py': [
        ('top_level_all_gather(pos, self.layout["writer"])', 'jax.reshard(pos, self.layout["writer"])'),
    ],
    'nbody_momentum_budget.py': [
        ('psum(per_slab, axis_name=reduce_axes)',
         f'psum({PC}(per_slab, PENCIL, to="varying"), axis_name=reduce_axes)'),
    ],
    'nbody_kick_drift.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # sky-map likelihoods
    'sky_chi2_components.py': [
        ('all_gather(total, pix_axis,', f'all_gather({PC}(total, pix_axis, to="varying"), pix_axis,'),
    ],
    'sky_foreground_templates.py': [
        ('all_gather(bands, self.mesh.axis_names,',
         f'all_gather({PC}(bands, self.freq_axis, to="varying"), self.mesh.axis_names,'),
    ],
    'sky_mask_apodize.py': [
        ('all_gather(edges, axes["pixels"],',
         f'all_gather({PC}(edges, axes["pixels"], to="varying"), axes["pixels"],'),
    ],
    'sky_tlag_map_export.py': [
        ('top_level_all_gather(maps, spec_of("fits"))',
         'top_level_all_gather(maps, spec_of("fits", reduced=("pix",)))'),
    ],
    'sky_spectral_index_fit.py': [
        ('psum((x * x).sum() * log_t.shape[0], FIT',
         f'psum({PC}((x * x).sum() * log_t.shape[0], "pix", to="varying"), FIT'),
    ],
    'sky_posterior_weights.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(reduced={a.models}))', 'out_specs=P())'),
    ],
    # event reconstruction / histogramming
    'evt_hit_histogram.py': [
        ('all_gather(counts, axis_name=',
         f'all_gather({PC}(counts, self.cfg.event_axis, to="varying"), axis_name='),
    ],
    'evt_track_seeds.py': [
        ('all_gather(barrel, (events, layer),',
         f'all_gather({PC}(barrel, layer, to="varying"), (events, layer),'),
    ],
    'evt_vertex_fit.py': [
        ('pmean(resid.sum(axis=1, keepdims=True), self.layer_axis)',
         f'pmean({PC}(resid.sum(axis=1, keepdims=True), self.layer_axis, to="varying"), self.layer_axis)'),
    ],
    'evt_tlag_event_display.py': [
        ('    return to_display(reco)\n', '    with jax.set_mesh(mesh):\n        return to_display(reco)\n'),
    ],
    'evt_calo_energy_sum.py': [
        ('psum(e.sum(), tuple(AXES))', f'psum({PC}(e.sum(), AXES.layer, to="varying"), tuple(AXES))'),
    ],
    'evt_jet_pt_cut.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # Monte Carlo integration
    'mc_vegas_grid_refine.py': [
        ('all_gather(d, chain_axis,', f'all_gather({PC}(d, chain_axis, to="varying"), chain_axis,'),
    ],
    'mc_importance_samples.py': [
        ('all_gather(per_dim, self.pool_axes,',
         f'all_gather({PC}(per_dim, self.pool_axes[1], to="varying"), self.pool_axes,'),
    ],
    'mc_stratified_cells.py': [
        ('all_to_all(var_table, axis_name,',
         f'all_to_all({PC}(var_table, axis_name, to="varying"), axis_name,'),
    ],
    'mc_tlag_chain_dump.py': [
        ('top_level_all_gather(samples, STAGES[stage])', 'top_level_all_gather(samples, STAGES[stage], multi_dim=True)'),
    ],
    'mc_integral_estimate.py': [
        ('pmean(local * volume / fx.shape[0],',
         f'pmean({PC}(local * volume / fx.shape[0], DIM_AXIS, to="varying"),'),
    ],
    'mc_acceptance_rate.py': [INV],
    # power spectra
    'pk_shell_average.py': [
        ('all_gather(spectrum, GRID_AXES,', f'all_gather({PC}(spectrum, GRID_AXES, to="varying"), GRID_AXES,'),
    ],
    'pk_cross_spectrum.py': [
        ('all_gather(rows, self.axes.both,',
         f'all_gather({PC}(rows, self.axes.ky, to="varying"), self.axes.both,'),
    ],
    'pk_window_deconvolve.py': [
        ('psum(w_all.sum(axis=0, keepdims=True), kx_axis)',
         f'psum({PC}(w_all.sum(axis=0, keepdims=True), kx_axis, to="varying"), kx_axis)'),
    ],
    'pk_tlag_density_dump.py': [
        ('top_level_all_gather(delta, LAYOUTS.writer)', 'jax.reshard(delta, LAYOUTS.writer)'),
    ],
    'pk_shot_noise.py': [
        ('psum(rows.sum(), axis_name=', f'psum({PC}(rows.sum(), MESH_AXES[1], to="varying"), axis_name='),
    ],
    'pk_bin_normalise.py': [
        INV,
        ('out_specs=P(None, "ky", reduced={"kx"}))', 'out_specs=P(None, "ky"))'),
    ],
    # detector calibration
    'cal_pedestal_runs.py': [
        ('all_gather(per_channel, module,', f'all_gather({PC}(per_channel, module, to="varying"), module,'),
    ],
    'cal_gain_matrix.py': [
        ('all_gather(by_channel, axis_name=',
         f'all_gather({PC}(by_channel, axes["channel"], to="varying"), axis_name='),
    ],
    'cal_timing_offsets.py': [
        ('ppermute(first, cfg.channel_axis,', f'ppermute({PC}(first, cfg.channel_axis, to="varying"), cfg.channel_axis,'),
    ],
    'cal_tlag_constants_db.py': [
        ('top_level_all_gather(constants, self.db_spec)', 'jax.reshard(constants, self.db_spec)'),
    ],
    'cal_crosstalk.py': [
        ('psum(per_module.sum() / norm,', f'psum({PC}(per_module.sum() / norm, CHANNEL, to="varying"),'),
    ],
    'cal_adc_linearity.py': [INV],
    # CMB map-making
    'cmb_hit_map.py': [
        ('all_gather(per_scan, cls.det_axis,', f'all_gather({PC}(per_scan, cls.det_axis, to="varying"), cls.det_axis,'),
    ],
    'cmb_destripe_baselines.py': [
        ('all_gather(along_scan, tuple(solve_axes),',
         f'all_gather({PC}(along_scan, scan_axis, to="varying"), tuple(solve_axes),'),
    ],
    'cmb_noise_weights.py': [
        ('](noise.sum(axis=1, keepdims=True), cfg["axis"])',
         f']({PC}(noise.sum(axis=1, keepdims=True), cfg["axis"], to="varying"), cfg["axis"])'),
    ],
    'cmb_tlag_tod_loader.py': [
        ('return top_level_all_gather(tod, map_spec(args))', 'return jax.reshard(tod, map_spec(args))'),
    ],
    'cmb_pointing_residual.py': [
        ('pmean(per_det.mean(), SEASON_AXES)', f'pmean({PC}(per_det.mean(), SEASON_AXES[1], to="varying"), SEASON_AXES)'),
    ],
    'cmb_binned_map.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
