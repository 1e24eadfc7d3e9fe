"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout61/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction); for `top_level_all_gather` the
layout table corrected (`reduced=` axis, a prefix spec), `multi_dim=True`, `jax.reshard`, or a
context mesh set with `jax.set_mesh`; for the SF106 programs the producer's gather changed to
`to='invarying'` (or, where the result is returned reduced, the arithmetic moved before the
gather). A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # ambient-noise interferometry
    'ani_stack_window_count.py': [
        ('all_gather(counts, self.cfg.freq_axis,',
         f'all_gather({PC}(counts, self.cfg.freq_axis, to="varying"), self.cfg.freq_axis,'),
    ],
    'ani_spectral_whitening.py': [
        ('all_gather(band, self.axes,', f'all_gather({PC}(band, self.axes[1], to="varying"), self.axes,'),
    ],
    'ani_running_mean_ring.py': [
        ('pmax(w, CHUNK)', f'pmax({PC}(w, CHUNK, to="varying"), CHUNK)'),
    ],
    'ani_tlag_ccf_archive.py': [
        ('"TT": P("lag", None, reduced={"pair"}),', '"TT": P("pair", None, reduced={"lag"}),'),
    ],
    'ani_dispersion_energy.py': [
        ('psum(band_energy.sum(), mesh.axis_names)',
         f'psum({PC}(band_energy.sum(), period_axis, to="varying"), mesh.axis_names)'),
    ],
    'ani_snr_quality.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # potential-field inversion
    'grav_misfit_history.py': [
        ('all_gather(jnp.stack(phis), self.obs_axis,',
         f'all_gather({PC}(jnp.stack(phis), self.obs_axis, to="varying"), self.obs_axis,'),
    ],
    'grav_sensitivity_assembly.py': [
        ('all_gather(rows, axes,', f'all_gather({PC}(rows, CELL, to="varying"), axes,'),
    ],
    'grav_smoothness_cg.py': [
        ('psum(jnp.sum(x_full * x_full, axis=1), CELL)',
         f'psum({PC}(jnp.sum(x_full * x_full, axis=1), CELL, to="varying"), CELL)'),
    ],
    'grav_tlag_density_export.py': [
        ('    with mesh:\n', '    with jax.set_mesh(mesh):\n'),
    ],
    'grav_tikhonov_objective.py': [
        ('reduce_all(jnp.sum(m * m))', f'reduce_all({PC}(jnp.sum(m * m), "obs", to="varying"))'),
    ],
    'grav_density_bounds.py': [
        ('return jnp.clip(m_full, cfg.bounds.rho_min, cfg.bounds.rho_max)',
         'return jax.lax.all_gather(jnp.clip(m_new, cfg.bounds.rho_min, cfg.bounds.rho_max), cell, tiled=True, to="reduced")'),
    ],
    # groundwater (MODFLOW-like)
    'gw_package_budget.py': [
        ('all_gather(per_column, row,', f'all_gather({PC}(per_column, row, to="varying"), row,'),
    ],
    'gw_interblock_conductance.py': [
        ('all_gather(c, tuple(AXES),', f'all_gather({PC}(c, AXES.col, to="varying"), tuple(AXES),'),
    ],
    'gw_zone_flux_scatter.py': [
        ('psum_scatter(zone_edges, self.col_axis,',
         f'psum_scatter({PC}(zone_edges, self.col_axis, to="varying"), self.col_axis,'),
    ],
    'gw_tlag_head_save.py': [
        ('top_level_all_gather(head, sim.oc.saved)', 'top_level_all_gather(head, sim.oc.saved, multi_dim=True)'),
    ],
    'gw_mass_balance.py': [
        ('psum(inflow.sum(), MESH_AXES)', f'psum({PC}(inflow.sum(), "col", to="varying"), MESH_AXES)'),
    ],
    'gw_well_drawdown.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # soil moisture / land surface
    'soil_ensemble_spread.py': [
        ('all_gather(mean, cfg.member_axis,', f'all_gather({PC}(mean, cfg.member_axis, to="varying"), cfg.member_axis,'),
    ],
    'soil_retention_table.py': [
        ('return GATHERS["table"](per_tile)', f'return GATHERS["table"]({PC}(per_tile, "horizon", to="varying"))'),
    ],
    'soil_green_ampt.py': [
        ('pmean(ks_all, TILE)', f'pmean({PC}(ks_all, TILE, to="varying"), TILE)'),
    ],
    'soil_tlag_restart.py': [
        ('temperature=P(None, None),', 'temperature=P(None, None, reduced={"tile"}),'),
    ],
    'soil_transpiration.py': [
        ('pmean(ensemble_mean, axes)', f'pmean({PC}(ensemble_mean, member, to="varying"), axes)'),
    ],
    'soil_moisture_index.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # weather radar
    'radar_gate_coverage.py': [
        ('all_gather(per_sweep, self.az_axis,', f'all_gather({PC}(per_sweep, self.az_axis, to="varying"), self.az_axis,'),
    ],
    'radar_velocity_dealias.py': [
        ('all_gather(jumps, sweep_axes,', f'all_gather({PC}(jumps, args.ray_axis, to="varying"), sweep_axes,'),
    ],
    'radar_attenuation_pia.py': [
        ('ppermute(ray_ah[:, -1:], GATE,', f'ppermute({PC}(ray_ah[:, -1:], GATE, to="varying"), GATE,'),
    ],
    'radar_tlag_cappi_product.py': [
        ('return top_level_all_gather(grid, product_layout())', 'return jax.reshard(grid, P(PRODUCT_AXIS, None))'),
    ],
    'radar_qpe_accumulation.py': [
        ('psum(ray_mean.sum(), (AZ, GATE))', f'psum({PC}(ray_mean.sum(), GATE, to="varying"), (AZ, GATE))'),
    ],
    'radar_zr_relations.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # satellite optimal-estimation retrieval
    'oe_cost_convergence.py': [
        ('trace = jax.lax.all_gather(shared, c.pixel_axis,',
         f'trace = jax.lax.all_gather({PC}(shared, c.pixel_axis, to="varying"), c.pixel_axis,'),
    ],
    'oe_averaging_kernel.py': [
        ('all_gather(kernel_rows, MESH.axis_names,',
         f'all_gather({PC}(kernel_rows, CHANNEL, to="varying"), MESH.axis_names,'),
    ],
    'oe_cloud_screening.py': [
        ('pmin(spectrum, channel)', f'pmin({PC}(spectrum, channel, to="varying"), channel)'),
    ],
    'oe_tlag_l2_granule.py': [
        ('"reduced": []}', '"reduced": ["scanline"]}'),
    ],
    'oe_posterior_spread.py': [
        ('pmean(dfs.mean(), axes[::-1])', f'pmean({PC}(dfs.mean(), channel, to="varying"), axes[::-1])'),
    ],
    'oe_prior_departure.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # InSAR time series
    'insar_reference_phase.py': [
        ('all_gather(ref_phase, line,', f'all_gather({PC}(ref_phase, line, to="varying"), line,'),
    ],
    'insar_coherence_matrix.py': [
        ('all_gather(amplitude, (pixel_axis, date_axis),',
         f'all_gather({PC}(amplitude, pixel_axis, to="varying"), (pixel_axis, date_axis),'),
    ],
    'insar_closure_phase.py': [
        ('all_gather(ifg.sum(axis=1), PAIR_AXIS,', f'all_gather({PC}(ifg.sum(axis=1), PAIR_AXIS, to="varying"), PAIR_AXIS,'),
    ],
    'insar_tlag_quicklook.py': [
        ('    return browse(vel)\n', '    with jax.set_mesh(proc.mesh):\n        return browse(vel)\n'),
    ],
    'insar_aps_filter.py': [
        ('psum_scatter(temporal_mean * temporal_mean, axes,',
         f'psum_scatter({PC}(temporal_mean * temporal_mean, date, to="varying"), axes,'),
    ],
    'insar_phase_wrap.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
