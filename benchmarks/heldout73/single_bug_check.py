"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout73/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix (which the author never ran): a
`pcast(..., to='varying')` before the collective (at the producer or call site when the failing
line is a helper or loop that an earlier use passes legally), `jax.reshard` or a context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'bt_hierarchy.py': [
        ('errors = collect(errors, LEVELS[level])',
         'errors = collect(jax.lax.pcast(errors, "series", to="varying") if level == "dataset" else errors, LEVELS[level])'),
    ],
    'bt_metric_history.py': [
        ('out[name] = jax.lax.pmean(per_item, self.cfg.window_axis)',
         'out[name] = jax.lax.pcast(jax.lax.pmean(per_item, self.cfg.window_axis), self.cfg.window_axis, to="varying")'),
    ],
    'bt_nonnegative.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'bt_report_layout.py': [
        ('return top_level_all_gather(errors, report.report_layout)',
         'return jax.reshard(errors, report.report_layout)'),
    ],
    'bt_seasonal_naive.py': [
        ('previous = self.origin.shift(history[-target.shape[0]:])',
         'previous = self.origin.shift(jax.lax.pcast(history[-target.shape[0]:], self.origin.cfg.window_axis, to="varying"))'),
    ],
    'bt_weighted_quantile_loss.py': [
        ('return self.aggregate(self.wql(target, forecast), self.aggregate_over)',
         'return self.aggregate(jax.lax.pcast(self.wql(target, forecast), self.cfg.series_axis, to="varying"), self.aggregate_over)'),
    ],
    'deepar_forecast_export.py': [
        ('paths = top_level_all_gather(paths, FORECAST_LAYOUTS[self.layout])',
         'paths = jax.reshard(paths, FORECAST_LAYOUTS[self.layout])'),
    ],
    'deepar_lagged_features.py': [
        ('jax.lax.all_gather(recent, self.lag_axes,',
         'jax.lax.all_gather(jax.lax.pcast(recent, self.time_axis, to="varying"), self.lag_axes,'),
    ],
    'deepar_nll_loss.py': [
        ('total = jax.lax.psum(per_series.sum(), cfg.loss_axes)',
         'total = jax.lax.psum(jax.lax.pcast(per_series.sum(), cfg.time_axis, to="varying"), cfg.loss_axes)'),
    ],
    'deepar_sample_mean.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'deepar_target_scale.py': [
        ('return jax.lax.all_gather(scale, batch,',
         'return jax.lax.all_gather(jax.lax.pcast(scale, batch, to="varying"), batch,'),
    ],
    'deepar_teacher_forcing.py': [
        ('return self.shift_right(context)',
         'return self.shift_right(jax.lax.pcast(context, self.time_axis, to="varying"))'),
    ],
    'dist_negbin_demand.py': [
        ('return jax.lax.psum(self.mean.sum(axis=1, keepdims=True), self.event_axis)',
         'return jax.lax.psum(jax.lax.pcast(self.mean.sum(axis=1, keepdims=True), self.event_axis, to="varying"), self.event_axis)'),
    ],
    'dist_quantile_export.py': [
        ('return top_level_all_gather(self.values, self.host_spec())',
         'return jax.reshard(self.values, self.host_spec())'),
    ],
    'dist_quantile_table.py': [
        ('jax.lax.all_gather(full, self.TABLE_AXES,',
         'jax.lax.all_gather(jax.lax.pcast(full, self.horizon_axis, to="varying"), self.TABLE_AXES,'),
    ],
    'dist_studentt_df.py': [
        ('df = jax.lax.pmean(df.mean(axis=1, keepdims=True), self.horizon_axis)',
         'df = jax.lax.pcast(jax.lax.pmean(df.mean(axis=1, keepdims=True), self.horizon_axis), self.horizon_axis, to="varying")'),
    ],
    'dist_studentt_nll.py': [
        ('return self.reduce(per_series.mean(), self.axes)',
         'return self.reduce(jax.lax.pcast(per_series.mean(), self.output.horizon_axis, to="varying"), self.axes)'),
    ],
    'dist_studentt_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'hpo_fold_scores.py': [
        ('jax.lax.all_gather(cv_score[:, None], fold_axis,',
         'jax.lax.all_gather(jax.lax.pcast(cv_score[:, None], fold_axis, to="varying"), fold_axis,'),
    ],
    'hpo_leaderboard.py': [
        ('jax.lax.all_gather(table, self.board_axes,',
         'jax.lax.all_gather(jax.lax.pcast(table, self.fold_axis, to="varying"), self.board_axes,'),
    ],
    'hpo_lr_schedule.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'hpo_results_dump.py': [
        ('    scored = jax.jit(lambda l: jnp.sqrt(l))(losses)\n    return dump_results(scored)',
         '    with jax.set_mesh(mesh):\n        scored = jax.jit(lambda l: jnp.sqrt(l))(losses)\n        return dump_results(scored)'),
    ],
    'hpo_successive_halving.py': [
        ('mine = jax.lax.psum_scatter(table, self.trial_axis,',
         'mine = jax.lax.psum_scatter(jax.lax.pcast(table, self.trial_axis, to="varying"), self.trial_axis,'),
    ],
    'hpo_sweep_summary.py': [
        ('jax.lax.pmean(scores.mean(), axes)',
         'jax.lax.pmean(jax.lax.pcast(scores.mean(), axes[1], to="varying"), axes)'),
    ],
    'scale_default_scale.py': [
        ('total = jax.lax.psum(table.sum(axis=0, keepdims=True), self.series_axis)',
         'total = jax.lax.psum(jax.lax.pcast(table.sum(axis=0, keepdims=True), self.series_axis, to="varying"), self.series_axis)'),
    ],
    'scale_drift_monitor.py': [
        ('history = jax.lax.all_gather(scale, self.window_axis,',
         'history = jax.lax.all_gather(jax.lax.pcast(scale, self.window_axis, to="varying"), self.window_axis,'),
    ],
    'scale_inverse.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'scale_pooled_std.py': [
        ('variance = jax.lax.pmean(variance.mean(), self.pool)',
         'variance = jax.lax.pmean(jax.lax.pcast(variance.mean(), self.dim, to="varying"), self.pool)'),
    ],
    'scale_snapshot.py': [
        ('return jax.lax.all_gather(context, opts["axes"],',
         'return jax.lax.all_gather(jax.lax.pcast(context, opts["axes"][1], to="varying"), opts["axes"],'),
    ],
    'scale_state_export.py': [
        ('scaled = fit_transform(mesh, data, observed)\n    return export_scaler_state(scaled)',
         'scaled = fit_transform(mesh, data, observed)\n        return export_scaler_state(scaled)'),
    ],
    'tfm_batchify.py': [
        ('jax.lax.all_gather(data[f], self.axes,',
         'jax.lax.all_gather(jax.lax.pcast(data[f], self.axes[1], to="varying"), self.axes,'),
    ],
    'tfm_boxcox.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'tfm_feature_export.py': [
        ('return top_level_all_gather(features, LAYOUT.host)',
         'return jax.reshard(features, P(AXES.time, None))'),
    ],
    'tfm_global_standardize.py': [
        ('return jax.lax.pmean(row_sum.mean(), self.axes)',
         'return jax.lax.pmean(jax.lax.pcast(row_sum.mean(), self.axes[-1], to="varying"), self.axes)'),
    ],
    'tfm_mean_scaling.py': [
        ('total = jax.lax.psum(jnp.abs(x).sum(axis=1, keepdims=True), self.time_axis)',
         'total = jax.lax.psum(jax.lax.pcast(jnp.abs(x).sum(axis=1, keepdims=True), self.time_axis, to="varying"), self.time_axis)'),
    ],
    'tfm_observed_fraction.py': [
        ('data["observed_fraction"] = jax.lax.pmean(fraction, self.time_axis)',
         'data["observed_fraction"] = jax.lax.pcast(jax.lax.pmean(fraction, self.time_axis), self.time_axis, to="varying")'),
    ],
    'zoo_checkpoint_export.py': [
        ('"residual/kernel": P("replica", None, reduced={"tensor"}),',
         '"residual/kernel": P(None, None, reduced={"tensor"}),'),
    ],
    'zoo_nbeats_basis.py': [
        ('jax.lax.all_gather(theta, self.tensor_axis,',
         'jax.lax.all_gather(jax.lax.pcast(theta, self.tensor_axis, to="varying"), self.tensor_axis,'),
    ],
    'zoo_nhits_block.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'zoo_patchtst_patches.py': [
        ('jax.lax.all_gather(patches, ALL_AXES,',
         'jax.lax.all_gather(jax.lax.pcast(patches, MeshAxis.TENSOR.value, to="varying"), ALL_AXES,'),
    ],
    'zoo_tft_selection.py': [
        ('denom = jax.lax.psum(jnp.exp(logits).sum(axis=1, keepdims=True), self.tensor_axis)',
         'denom = jax.lax.psum(jax.lax.pcast(jnp.exp(logits).sum(axis=1, keepdims=True), self.tensor_axis, to="varying"), self.tensor_axis)'),
    ],
    'zoo_tide_loss.py': [
        ('return jax.lax.pmean(mse, self.loss_axes)',
         'return jax.lax.pmean(jax.lax.pcast(mse, MeshAxis.TENSOR.value, to="varying"), self.loss_axes)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
