"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout40/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard`, a context mesh,
`multi_dim=True` or the missing `reduced=` axis for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'` (with the `reduced=` dropped from the
out_specs, since the result is no longer reduced). A program that still fails after its fix
hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # FDTD electromagnetics
    'fdtd_energy_monitor.py': [
        ('all_gather(column, self.decomp.x_axis,',
         f'all_gather({PC}(column, self.decomp.x_axis, to="varying"), self.decomp.x_axis,'),
    ],
    'fdtd_pml_profile.py': [
        ('all_gather(rows, self.config.axes,',
         f'all_gather({PC}(rows, y_axis, to="varying"), self.config.axes,'),
    ],
    'fdtd_tfsf_line_source.py': [
        ('ppermute(edge, axis,',
         f'ppermute({PC}(edge, axis, to="varying"), axis,'),
    ],
    'fdtd_snapshot_writer.py': [
        ('top_level_all_gather(field, self.OUTPUT[name])',
         'jax.reshard(field, self.OUTPUT[name])'),
    ],
    'fdtd_courant_check.py': [
        ('pmean(number, tuple(',
         f'pmean({PC}(number, y_axis, to="varying"), tuple('),
    ],
    'fdtd_drude_dispersion.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P(None, "py", reduced={"px"})',
         'out_specs=P(None, "py")'),
    ],
    # tensor networks
    'mps_canonical_norm.py': [
        ('all_gather(jnp.sqrt(norm)[None], cls.BOND_AXIS,',
         f'all_gather({PC}(jnp.sqrt(norm)[None], cls.BOND_AXIS, to="varying"), cls.BOND_AXIS,'),
    ],
    'mps_left_environments.py': [
        ('all_gather(env, level, axis=0,',
         f'all_gather(env if level == self.axes.site else {PC}(env, self.axes.site, to="varying"), level, axis=0,'),
    ],
    'mps_tebd_gates.py': [
        ('pmean(weights, axis)',
         f'pmean({PC}(weights, axis, to="varying"), axis)'),
    ],
    'mps_checkpoint_layout.py': [
        ('store: P = P("site", None)',
         'store: P = P("site", None, reduced={"bond"})'),
    ],
    'mps_bond_dimension.py': [
        ('psum(chi, self.mesh_axes)',
         f'psum({PC}(chi, bond, to="varying"), self.mesh_axes)'),
    ],
    'mps_magnetisation.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("bond", reduced={"site"})',
         'out_specs=P("bond")'),
    ],
    # Gaussian processes / kriging
    'gp_marginal_likelihood.py': [
        ('all_gather(fit, mesh.axis_names[0],',
         f'all_gather({PC}(fit, mesh.axis_names[0], to="varying"), mesh.axis_names[0],'),
    ],
    'gp_inducing_points.py': [
        ('all_gather(rows, axis_name=',
         f'all_gather({PC}(rows, self.feature_axis, to="varying"), axis_name='),
    ],
    'gp_variogram.py': [
        ('all_gather(table, self.data_axis,',
         f'all_gather({PC}(table, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'gp_posterior_export.py': [
        ('    exported = exporter.export(placed)\n',
         '    with jax.set_mesh(mesh):\n        exported = exporter.export(placed)\n'),
    ],
    'gp_lengthscale_grad.py': [
        ('pmean(feature_total, ALL_AXES)',
         f'pmean({PC}(feature_total, Axis.FEAT.value, to="varying"), ALL_AXES)'),
    ],
    'gp_predictive_variance.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("feat", reduced={"data"})',
         'out_specs=P("feat")'),
    ],
    # MEG/EEG source imaging
    'meg_noise_covariance.py': [
        ('all_gather(cov, self.samples,',
         f'all_gather({PC}(cov, self.samples, to="varying"), self.samples,'),
    ],
    'meg_leadfield_gather.py': [
        ('all_gather(rows, axes,',
         f'all_gather({PC}(rows, axes[1], to="varying"), axes,'),
    ],
    'meg_mne_inverse.py': [
        ('psum_scatter(w, self.sensor_axis,',
         f'psum_scatter({PC}(w, self.sensor_axis, to="varying"), self.sensor_axis,'),
    ],
    'meg_epochs_save.py': [
        ('spec_from(layouts["disk"]))\n',
         'spec_from(layouts["disk"]), multi_dim=True)\n'),
    ],
    'meg_global_field_power.py': [
        ('return reduce(jnp.sqrt(power).mean(),',
         f'return reduce({PC}(jnp.sqrt(power).mean(), sensor_axis, to="varying"),'),
    ],
    'meg_baseline_correction.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("chan", None, reduced={"time"})',
         'out_specs=P("chan", None)'),
    ],
    # phylogenetics
    'phy_site_likelihood.py': [
        ('all_gather(jnp.log(mixture), self.rate_axis,',
         f'all_gather({PC}(jnp.log(mixture), self.rate_axis, to="varying"), self.rate_axis,'),
    ],
    'phy_rate_categories.py': [
        ('all_gather(by_rate, self.axes,',
         f'all_gather({PC}(by_rate, self._rate_axis, to="varying"), self.axes,'),
    ],
    'phy_branch_newton.py': [
        ('pmax(curvature, opts.site_axis)',
         f'pmax({PC}(curvature, opts.site_axis, to="varying"), opts.site_axis)'),
    ],
    'phy_alignment_shards.py': [
        ('top_level_all_gather(patterns, layout(args.bootstrap_layout))',
         'jax.reshard(patterns, layout(args.bootstrap_layout))'),
    ],
    'phy_tree_length.py': [
        ('return jax.lax.psum(x, axes)',
         f'return jax.lax.psum({PC}(x, "rate", to="varying"), axes)'),
    ],
    'phy_stationary_freqs.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("rate", reduced={"site"})',
         'out_specs=P("rate")'),
    ],
    # CT reconstruction
    'ct_sirt_weights.py': [
        ('all_gather(weights, p.det_axis,',
         f'all_gather({PC}(weights, p.det_axis, to="varying"), p.det_axis,'),
    ],
    'ct_ramp_filter.py': [
        ('all_gather(rows, self.geometry.axes,',
         f'all_gather({PC}(rows, self.geometry.axes[1], to="varying"), self.geometry.axes,'),
    ],
    'ct_backprojection.py': [
        ('all_to_all(views, geom.view_axis,',
         f'all_to_all({PC}(views, geom.view_axis, to="varying"), geom.view_axis,'),
    ],
    'ct_volume_export.py': [
        ('"volume": P(None, "det"),',
         '"volume": P(None, "det", reduced={"view"}),'),
    ],
    'ct_dose_estimate.py': [
        ('pmean(per_view.sum(), (view, det))',
         f'pmean({PC}(per_view.sum(), det, to="varying"), (view, det))'),
    ],
    'ct_beam_hardening.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P("view", None, reduced={"det"})',
         'out_specs=P("view", None)'),
    ],
    # hydrology
    'hyd_water_balance.py': [
        ('all_gather(balance, self.basin_axis,',
         f'all_gather({PC}(balance, self.basin_axis, to="varying"), self.basin_axis,'),
    ],
    'hyd_muskingum_routing.py': [
        ('all_gather(upstream, (self.cfg.members,',
         f'all_gather({PC}(upstream, self.cfg.basin, to="varying"), (self.cfg.members,'),
    ],
    'hyd_snowmelt.py': [
        ('pmin(temps, axis)',
         f'pmin({PC}(temps, axis, to="varying"), axis)'),
    ],
    'hyd_forecast_archive.py': [
        ('top_level_all_gather(flows, LAYOUT[Stage.ARCHIVE])',
         'jax.reshard(flows, LAYOUT[Stage.ARCHIVE])'),
    ],
    'hyd_nash_sutcliffe.py': [
        ('/ jax.lax.psum(jax.lax.psum(jnp.sum((o - jnp.mean(o)) ** 2), axes[1]), axes)',
         f'/ jax.lax.psum({PC}(jax.lax.psum(jnp.sum((o - jnp.mean(o)) ** 2), axes[1]), axes[1], to="varying"), axes)'),
    ],
    'hyd_flood_threshold.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P(None, "ens", reduced={"basin"})',
         'out_specs=P(None, "ens")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
