"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout129/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the dims / axes the code
meant (the right config value, step list or stage table), the right `reduced=` axes,
`multi_dim=True` or a context mesh for `top_level_all_gather`, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # reg_*
    'reg_ridge_gram.py': [
        ('seen = jax.lax.all_gather(diag, cfg.report_axis, to="reduced")',
         f'seen = jax.lax.all_gather({PC}(diag, cfg.report_axis, to="varying"), cfg.report_axis, to="reduced")'),
    ],
    'reg_contrib_dump.py': [
        ('return jax.lax.all_gather(rows, axes_for(DUMP_DIMS), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(rows, DIM_TO_AXIS["feature"], to="varying"), axes_for(DUMP_DIMS), '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'reg_residual_metrics.py': [
        ('r = jax.lax.all_gather(r, SAMPLE_AXIS, tiled=True, to="reduced")',
         'r_all = jax.lax.all_gather(r, SAMPLE_AXIS, tiled=True, to="reduced")'),
    ],
    'reg_coef_export.py': [
        ('return P(*(None for _ in dims), reduced={lead} if lead else set())',
         'return P(*(None for _ in dims), reduced={DIM_TO_AXIS[d] for d in dims if DIM_TO_AXIS.get(d)})'),
    ],
    'reg_sgd_loss.py': [
        ('return jax.lax.pmean(jnp.mean(err * err), mesh_axes(*self.x_dims))',
         'return jax.lax.pmean(jnp.mean(err * err), mesh_axes("batch"))'),
    ],
    'reg_pred_interval.py': [
        ('everyone = jax.lax.all_gather(pred, batch_axis, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(pred, batch_axis, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={DIM_TO_AXIS["batch"]}))', 'out_specs=P(None, None))'),
    ],
    # panel_*
    'panel_within_transform.py': [
        ('logged = jax.lax.all_gather(mu, axis_of(self.log_dim), to="reduced")',
         f'logged = jax.lax.all_gather({PC}(mu, axis_of(self.log_dim), to="varying"), axis_of(self.log_dim), to="reduced")'),
    ],
    'panel_sales_snapshot.py': [
        ('return jax.lax.all_gather(x, self.axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(x, DIM_TO_AXIS["week"], to="varying"), self.axes, axis=0, tiled=True, to="reduced")'),
    ],
    'panel_step_pipeline.py': [
        ('return df, ["align", "lag"]', 'return df, ["lag"]'),
    ],
    'panel_long_regather.py': [
        ('REGATHER_TO = {"obs": "time", "var": None}', 'REGATHER_TO = {"obs": "entity", "var": None}'),
    ],
    'panel_dispersion.py': [
        ('avg = cs_var.reduce(summed_over(*PANEL_DIMS), dim="day")',
         'avg = cs_var.reduce(summed_over("day"), dim="day")'),
    ],
    'panel_seasonal_index.py': [
        ('return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=spec_of(("region", None), reduced={self.axis}))', 'out_specs=spec_of(("region", None)))'),
    ],
    # clim_*
    'clim_zonal_profile.py': [
        ('return jax.lax.all_gather(z, stack_axis, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(z, stack_axis, to="varying"), stack_axis, axis=0, tiled=True, to="reduced")'),
    ],
    'clim_map_collect.py': [
        ('return jax.lax.all_gather(x, mesh_axes(self.dims), axis=lat_pos, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(x, self.ring_axis, to="varying"), mesh_axes(self.dims), axis=lat_pos, '
         'tiled=True, to="reduced")'),
    ],
    'clim_basin_totals.py': [
        ('    Stat("ring_total", jax.lax.psum, ("lon",)),\n', ''),
    ],
    'clim_band_writer.py': [
        ('return spec_of(self.field.dims, keep=[self.band_dim], reduced=gathered)',
         'return spec_of(("lon", "lat"), keep=[self.band_dim], reduced=gathered)'),
    ],
    'clim_global_mean.py': [
        ('STAGES = (("zonal", ("lon",)), ("global", ("lat", "lon")))',
         'STAGES = (("zonal", ("lon",)), ("global", ("lat",)))'),
    ],
    'clim_front_gradient.py': [
        ('return jax.lax.all_gather(t, self.lat_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(t, self.lat_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=spec_of(("_", "lon"), reduced={self.lat_axis}))', 'out_specs=spec_of(("_", "lon")))'),
    ],
    # ab_*
    'ab_conversion_ztest.py': [
        ('trail = jax.lax.all_gather(c, monitor_axis, to="reduced")',
         f'trail = jax.lax.all_gather({PC}(c, monitor_axis, to="varying"), monitor_axis, to="reduced")'),
    ],
    'ab_revenue_export.py': [
        ('return jax.lax.all_gather(table, axis_name=tuple(mesh.axis_names), axis=0, tiled=True,',
         f'return jax.lax.all_gather({PC}(table, "variant", to="varying"), axis_name=tuple(mesh.axis_names), axis=0, tiled=True,'),
    ],
    'ab_cuped.py': [
        ('def cuped(y: DataArray, x: DataArray, mesh, keep_all=True):',
         'def cuped(y: DataArray, x: DataArray, mesh, keep_all=False):'),
    ],
    'ab_segment_report.py': [
        ('    table = np.asarray(lift.report(rates))',
         '    with jax.set_mesh(mesh):\n        table = np.asarray(lift.report(rates))'),
    ],
    'ab_srm_check.py': [
        ('return jax.lax.pmean(counts, ALL_AXES)', 'return jax.lax.pmean(counts, DIM_TO_AXIS["arm"])'),
    ],
    'ab_capped_metric.py': [
        ('return jax.lax.all_gather(x, DIM_TO_AXIS["user"], axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, DIM_TO_AXIS["user"], axis=0, tiled=True, to="invarying")'),
        ('out = spec_of((None, "arm"), reduced={DIM_TO_AXIS["user"]})', 'out = spec_of((None, "arm"))'),
    ],
    # survey_*
    'survey_raking.py': [
        ('history = jax.lax.all_gather(jnp.stack(trace), self.trace_axis, to="reduced")',
         f'history = jax.lax.all_gather({PC}(jnp.stack(trace), self.trace_axis, to="varying"), self.trace_axis, to="reduced")'),
    ],
    'survey_microdata_release.py': [
        ('lambda x, w: gather_dim(x, RELEASE["gather_on"], dims, release_axes),',
         f'lambda x, w: gather_dim({PC}(x, item_axis, to="varying"), RELEASE["gather_on"], dims, release_axes),'),
    ],
    'survey_design_effect.py': [
        ('return fn(seen, *args)', 'return fn(w, *args)'),
    ],
    'survey_weights_writer.py': [
        ('return P(*(None for _ in da.dims), reduced=set(mesh.axis_names))',
         'return P(*(None for _ in da.dims), reduced={DIM_TO_AXIS[d] for d in da.dims})'),
    ],
    'survey_composite_index.py': [
        ('return jax.lax.psum(jnp.sum(means), axis_name=self.all_axes) / self.n_items',
         'return jax.lax.psum(jnp.sum(means), axis_name=DIM_TO_AXIS["item"]) / self.n_items'),
    ],
    'survey_nonresponse.py': [
        ('z_all = jax.lax.all_gather(z, resp_axis, tiled=True, to="reduced")',
         'z_all = jax.lax.all_gather(z, resp_axis, tiled=True, to="invarying")'),
        ('w_all = jax.lax.all_gather(w, resp_axis, tiled=True, to="reduced")',
         'w_all = jax.lax.all_gather(w, resp_axis, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={DIM_TO_AXIS["respondent"]}))', 'out_specs=P())'),
    ],
    # norm_*
    'norm_minmax_scale.py': [
        ('ranges = jax.lax.all_gather(ranges, DIM_TO_AXIS[d], to="reduced")',
         f'ranges = jax.lax.all_gather({PC}(ranges, DIM_TO_AXIS[d], to="varying"), DIM_TO_AXIS[d], to="reduced")'),
    ],
    'norm_feature_store.py': [
        ('return jax.lax.all_gather(rows, order, axis=0, tiled=True, to="reduced").T',
         f'return jax.lax.all_gather({PC}(rows, DIM_TO_AXIS["feature"], to="varying"), order, axis=0, tiled=True, to="reduced").T'),
    ],
    'norm_relayout.py': [
        ('return relayout(cols), clipped', 'return relayout(clipped), clipped'),
    ],
    'norm_serving_layout.py': [
        ('serving={"sample": "feat", "feature": None},', 'serving={"sample": "batch", "feature": None},'),
    ],
    'norm_row_summary.py': [
        ('summary = jax.tree.map(lambda s: jax.lax.pmean(s, summary_axes), per_row)',
         'summary = jax.tree.map(lambda s: jax.lax.pmean(s, DIM_TO_AXIS["sample"]), per_row)'),
    ],
    'norm_row_normalisers.py': [
        ('for t in terms}), terms, "tfidf"', 'for t in terms}), terms, "counts"'),
    ],
    # cohort_*
    'cohort_blended_curve.py': [
        ('kept = jax.lax.all_gather(curve, self.pool_axis, to="reduced")',
         f'kept = jax.lax.all_gather({PC}(curve, self.pool_axis, to="varying"), self.pool_axis, to="reduced")'),
    ],
    'cohort_heatmap.py': [
        ('return jax.lax.all_gather(share, plot_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(share, period_axis, to="varying"), plot_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'cohort_ltv.py': [
        ('total = self.totals(life)', 'total = self.totals(rev)'),
    ],
    'cohort_snapshot.py': [
        ('snap = top_level_all_gather(x, self.export(da.dims))',
         'snap = top_level_all_gather(x, self.export(da.dims), multi_dim=True)'),
    ],
    'cohort_churn_alerts.py': [
        ('share = jax.lax.psum_scatter(per_cohort, self.alert_axes,',
         f'share = jax.lax.psum_scatter({PC}(per_cohort, DIM_TO_AXIS["period"], to="varying"), self.alert_axes,'),
    ],
    'cohort_halflife.py': [
        ('life = jax.lax.all_gather(active, period_axis, axis=1, tiled=True, to="reduced")',
         'life = jax.lax.all_gather(active, period_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=spec_of(("cohort", None), reduced={period_axis}))', 'out_specs=spec_of(("cohort", None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
