"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout47/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` of
the value at the failing collective (or at the call that hands it to the helper holding it),
`jax.reshard` for a `top_level_all_gather` with a non-prefix spec, the missing `reduced=` axis or a
one-dimension spec in the layout table, the call moved inside `with jax.set_mesh`, and for the
SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # SFNO / spectral transforms
    'sfno_legendre_power_spectrum.py': [
        ('all_gather(power, self.cfg.lat_axis,',
         f'all_gather({PC}(power, self.cfg.lat_axis, to="varying"), self.cfg.lat_axis,'),
    ],
    'sfno_spectral_filter_modes.py': [
        ('all_gather(by_mode, axes,',
         f'all_gather({PC}(by_mode, mode_axis, to="varying"), axes,'),
    ],
    'sfno_inverse_sht_ring.py': [
        ('return self.halo(low)',
         f'return self.halo({PC}(low, self.axis, to="varying"))'),
    ],
    'sfno_tlag_spectral_checkpoint.py': [
        ('return top_level_all_gather(weights, layout.serve)',
         'return jax.reshard(weights, P("lat", None))'),
    ],
    'sfno_spectral_loss_weights.py': [
        ('pmean(per_sample, tuple(',
         f'pmean({PC}(per_sample, cfg["mode_axis"], to="varying"), tuple('),
    ],
    'sfno_grid_quadrature_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    # Pangu-like Earth transformer
    'pangu_patch_embed_norm.py': [
        ('all_gather(mean, self.cfg.lon_axis,',
         f'all_gather({PC}(mean, self.cfg.lon_axis, to="varying"), self.cfg.lon_axis,'),
    ],
    'pangu_earth_bias_table.py': [
        ('all_gather(per_window, tuple(',
         f'all_gather({PC}(per_window, self.axes.window, to="varying"), tuple('),
    ],
    'pangu_window_shift_roll.py': [
        ('band = shift_windows(band, self.nshards)',
         f'band = shift_windows({PC}(band, WINDOW_AXIS, to="varying"), self.nshards)'),
    ],
    'pangu_tlag_surface_fields.py': [
        ('"v10": P("batch", None),',
         '"v10": P("batch", None, reduced={"lon"}),'),
    ],
    'pangu_level_weighted_loss.py': [
        ('pmean(loss, self.axes)',
         f'pmean({PC}(loss, self.lon_axis, to="varying"), self.axes)'),
    ],
    'pangu_upper_air_residual.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    # LETKF data assimilation
    'letkf_ensemble_mean_gather.py': [
        ('all_gather(mean, self.cfg.member_axis,',
         f'all_gather({PC}(mean, self.cfg.member_axis, to="varying"), self.cfg.member_axis,'),
    ],
    'letkf_obs_operator_gather.py': [
        ('all_gather(by_region, (',
         f'all_gather({PC}(by_region, self.region_axis, to="varying"), ('),
    ],
    'letkf_inflation_psum.py': [
        ('psum(jnp.sum(spread * spread, axis=0), member_axis)',
         f'psum({PC}(jnp.sum(spread * spread, axis=0), member_axis, to="varying"), member_axis)'),
    ],
    'letkf_tlag_analysis_increment.py': [
        ('    return write_increment(inc)\n',
         '    with jax.set_mesh(mesh):\n        return write_increment(inc)\n'),
    ],
    'letkf_localization_pmean.py': [
        ('pmean(count, self.axes)',
         f'pmean({PC}(count, self.axes[1], to="varying"), self.axes)'),
    ],
    'letkf_kalman_gain_rtps.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    # WeatherBench-like verification
    'wb_rmse_area_weighted.py': [
        ('all_gather(rmse, self.lat_axis,',
         f'all_gather({PC}(rmse, self.lat_axis, to="varying"), self.lat_axis,'),
    ],
    'wb_acc_climatology.py': [
        ('all_gather(by_lat, (',
         f'all_gather({PC}(by_lat, axes["space"], to="varying"), ('),
    ],
    'wb_crps_ensemble.py': [
        ('psum(jnp.abs(obs_all).sum(axis=-1), self.lat_axis)',
         f'psum({PC}(jnp.abs(obs_all).sum(axis=-1), self.lat_axis, to="varying"), self.lat_axis)'),
    ],
    'wb_tlag_scorecard_export.py': [
        ('return top_level_all_gather(scores, P(self.args.report_layout, None, reduced={"time"}))',
         'return jax.reshard(scores, P(self.args.report_layout, None))'),
    ],
    'wb_spread_skill_ratio.py': [
        ('pmean(ratio, REDUCE_AXES)',
         f'pmean({PC}(ratio, lat_axis, to="varying"), REDUCE_AXES)'),
    ],
    'wb_bias_map_threshold.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    # autoregressive rollout fine-tuning
    'roll_pushforward_stats.py': [
        ('all_gather(e, self.cfg.lon_axis,',
         f'all_gather({PC}(e, self.cfg.lon_axis, to="varying"), self.cfg.lon_axis,'),
    ],
    'roll_lead_weights_gather.py': [
        ('all_gather(per_lon, self.axes,',
         f'all_gather({PC}(per_lon, self.axes[0], to="varying"), self.axes,'),
    ],
    'roll_residual_halo_scan.py': [
        ('return s, halo(forcing)',
         f'return s, halo({PC}(forcing, LON, to="varying"))'),
    ],
    'roll_tlag_trajectory_dump.py': [
        ('return top_level_all_gather(state, self.archive_layout)',
         'return jax.reshard(state, P(self.axes[1], None))'),
    ],
    'roll_multi_step_loss.py': [
        ('pmean(errs.mean(), LOSS_AXES)',
         f'pmean({PC}(errs.mean(), lon_axis, to="varying"), LOSS_AXES)'),
    ],
    'roll_noise_schedule_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    # limited-area model, halo exchange
    'lam_boundary_mass_flux.py': [
        ('all_gather(total, self.x_axis,',
         f'all_gather({PC}(total, self.x_axis, to="varying"), self.x_axis,'),
    ],
    'lam_relaxation_zone_gather.py': [
        ('all_gather(table, HALO_AXES[: i + 1],',
         f'all_gather({PC}(table, "x", to="varying") if i else table, HALO_AXES[: i + 1],'),
    ],
    'lam_halo_exchange_reduced.py': [
        ('padded = exchange_halo(column,',
         f'padded = exchange_halo({PC}(column, self.y_axis, to="varying"),'),
    ],
    'lam_tlag_domain_restart.py': [
        ('Field.THETA: P(None, None, reduced={"y", "x"}),',
         'Field.THETA: P("y", None, reduced={"x"}),'),
    ],
    'lam_cfl_courant_mean.py': [
        ('pmean(row_max, tuple(args.decomp))',
         f'pmean({PC}(row_max, args.decomp[1], to="varying"), tuple(args.decomp))'),
    ],
    'lam_sponge_layer_damping.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    # ClimaX-like variable tokenization
    'cx_variable_aggregation.py': [
        ('all_gather(mean, self.token_axis,',
         f'all_gather({PC}(mean, self.token_axis, to="varying"), self.token_axis,'),
    ],
    'cx_lead_time_embedding.py': [
        ('all_gather(cols, self.cfg.sharding.axes,',
         f'all_gather({PC}(cols, self.cfg.sharding.embed_axis, to="varying"), self.cfg.sharding.axes,'),
    ],
    'cx_normalizer_stats.py': [
        ('pmean(total, self.axis)',
         f'pmean({PC}(total, self.axis, to="varying"), self.axis)'),
    ],
    'cx_tlag_era5_batch.py': [
        ('return top_level_all_gather(batch[name], PLOT_SPEC)',
         'return jax.reshard(batch[name], PLOT_SPEC)'),
    ],
    'cx_token_loss_pmean.py': [
        ('pmean(total, self.axes)',
         f'pmean({PC}(total, self.token_axis, to="varying"), self.axes)'),
    ],
    'cx_variable_softmax_weights.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
