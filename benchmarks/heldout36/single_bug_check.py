"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout36/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the reduced gather, the collective or the tuple reduction), `jax.reshard`,
a context mesh or the missing `reduced=` for `top_level_all_gather`, and for the SF106 programs,
whose result is reduced further (`jnp.max`, `@`, `jnp.take`, `.sum` then `@`), the gather changed to
`to='invarying'` (the producer-side fix). For the loop over gather stages the cast is added in the
loop for the stage that needs it; for the lambda in an aggregation table the cast is at its call.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # backtest engine
    'bt_benchmark_series_registry.py': [
        ('all_gather(cross, ',
         f'all_gather({PC}(cross, self.cfg.asset_axis, to="varying"), '),
    ],
    'bt_drawdown_peaks.py': [
        ('pmax(equity, ',
         f'pmax({PC}(equity, self.date_axis, to="varying"), '),
    ],
    'bt_sharpe_cli.py': [
        ('pmean(jnp.mean(book), axes)',
         f'pmean({PC}(jnp.mean(book), args.asset_axis, to="varying"), axes)'),
    ],
    'bt_tlag_blotter_export.py': [
        ('top_level_all_gather(placed, layout.export())',
         'jax.reshard(placed, P(layout.axes[1], None))'),
    ],
    'bt_transaction_costs.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'bt_turnover_snapshot.py': [
        ('all_gather(held, ',
         f'all_gather({PC}(held, self.date_axis, to="varying"), '),
    ],
    # factor risk model
    'fac_bias_statistic.py': [
        ('pmean(jnp.mean(per_day), ',
         f'pmean({PC}(jnp.mean(per_day), factor_axis, to="varying"), '),
    ],
    'fac_ewma_covariance.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'fac_exposure_matrix.py': [
        ('all_gather(per_stock, ',
         f'all_gather({PC}(per_stock, self.axes.stocks, to="varying"), '),
    ],
    'fac_factor_returns_wls.py': [
        ('all_gather(f, ',
         f'all_gather({PC}(f, self.universe, to="varying"), '),
    ],
    'fac_specific_risk_pipeline.py': [
        ('return jax.lax.psum(var, axis)',
         f'return jax.lax.psum({PC}(var, axis, to="varying"), axis)'),
    ],
    'fac_tlag_covariance_export.py': [
        ('publish=P(None, "factor_col"))',
         'publish=P(None, "factor_col", reduced={"factor_row"}))'),
    ],
    # order-book features
    'ofi_depth_imbalance.py': [
        ('all_gather(imb, ',
         f'all_gather({PC}(imb, spec.level_axis, to="varying"), '),
    ],
    'ofi_microprice_table.py': [
        ('return gather_book(by_symbol)',
         f'return gather_book({PC}(by_symbol, SYMBOLS, to="varying"))'),
    ],
    'ofi_return_clipping.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'ofi_spread_lag_features.py': [
        ('ppermute(table, ',
         f'ppermute({PC}(table, self.time_axis, to="varying"), '),
    ],
    'ofi_tlag_feature_store.py': [
        ('        return {name: top_level_all_gather(',
         '        with jax.set_mesh(self.mesh):\n            return {name: top_level_all_gather('),
    ],
    'ofi_trade_sign_autocorr.py': [
        ('pmean(per_symbol.mean(), ',
         f'pmean({PC}(per_symbol.mean(), TIME_AXIS, to="varying"), '),
    ],
    # rolling-window statistics
    'roll_ewma_weights.py': [
        ('all_gather(over_time, ',
         f'all_gather({PC}(over_time, time_axis, to="varying"), '),
    ],
    'roll_min_drawdown_agg.py': [
        ('return reduce(history, time_axis)',
         f'return reduce({PC}(history, time_axis, to="varying"), time_axis)'),
    ],
    'roll_std_bands.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'roll_tlag_window_export.py': [
        ('return {k: gather_panel(v)',
         'return {k: jax.reshard(v, P("time", None))'),
    ],
    'roll_window_sums.py': [
        ('all_gather(total, ',
         f'all_gather({PC}(total, self.time_axis, to="varying"), '),
    ],
    'roll_zscore_normaliser.py': [
        ('psum(s1.sum(), ',
         f'psum({PC}(s1.sum(), series_axis, to="varying"), '),
    ],
    # GARCH volatility models
    'garch_loglik_tree.py': [
        ('return jax.lax.psum(terms, axis)',
         f'return jax.lax.psum(dict(terms, ll={PC}(terms["ll"], axis, to="varying")), axis)'),
    ],
    'garch_omega_scaling.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'garch_persistence_check.py': [
        ('pmean(s / by_regime.shape[0], axes)',
         f'pmean({PC}(s / by_regime.shape[0], regime_axis, to="varying"), axes)'),
    ],
    'garch_tlag_var_report.py': [
        ('return top_level_all_gather(var, spec_from(layout["report"]))',
         'return jax.reshard(var, spec_from(layout["report"]))'),
    ],
    'garch_unconditional_variance.py': [
        ('all_gather(sample_var, ',
         f'all_gather({PC}(sample_var, self.obs_axis, to="varying"), '),
    ],
    'garch_variance_forecast.py': [
        ('all_gather(paths, axes',
         f'all_gather({PC}(paths, self.horizon_axis, to="varying"), axes'),
    ],
    # yield curves / fixed income
    'yc_curve_transpose.py': [
        ('all_to_all(levels, ',
         f'all_to_all({PC}(levels, Axis.DATES.value, to="varying"), '),
    ],
    'yc_discount_curve_exp.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'yc_discount_normaliser.py': [
        ('all_gather(pv01, ',
         f'all_gather({PC}(pv01, cfg["tenor_axis"], to="varying"), '),
    ],
    'yc_fit_error_enum.py': [
        ('psum(per_ccy.sum(), ',
         f'psum({PC}(per_ccy.sum(), MeshAxis.TENOR.value, to="varying"), '),
    ],
    'yc_key_rate_durations.py': [
        ('    for axes in stage:\n',
         f'    for axes in stage:\n        if len(axes) > 1:\n            krd = {PC}(krd, KEY_RATES, to="varying")\n'),
    ],
    'yc_tlag_curve_publish.py': [
        ('return top_level_all_gather(curves, layout.published)',
         'return jax.reshard(curves, P("tenors", None))'),
    ],
    # portfolio construction
    'port_budget_constraint.py': [
        ('all_gather(slack, ',
         f'all_gather({PC}(slack, problem.asset_axis, to="varying"), '),
    ],
    'port_projected_gradient.py': [
        ('pmean(g, SCEN)',
         f'pmean({PC}(g, SCEN, to="varying"), SCEN)'),
    ],
    'port_risk_contributions.py': [
        ('pmean(total_risk, ',
         f'pmean({PC}(total_risk, asset_axis, to="varying"), '),
    ],
    'port_scenario_covariance.py': [
        ('all_gather(by_scenario, ',
         f'all_gather({PC}(by_scenario, s, to="varying"), '),
    ],
    'port_softmax_allocation.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'port_tlag_rebalance_orders.py': [
        ('lambda x: top_level_all_gather(x, GATEWAY_SPEC)',
         'lambda x: jax.reshard(x, GATEWAY_SPEC)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
