"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout76/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix (which the set's author never
ran): a `pcast(..., to='varying')` of the invariant or reduced axes before the collective (at the
call site when the failing line is a shared helper or a registry entry an earlier call uses
legally), `jax.reshard`, a context mesh or the missing `reduced=` axis for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # fac_*
    'fac_industry_demean.py': [
        ('mu_cols = broadcast_xs(mu, xs)', f'mu_cols = broadcast_xs({PC}(mu, xs, to="varying"), xs)'),
    ],
    'fac_beta_panel.py': [
        ('panel = stack_panel(wide, CFG["panel_axes"])',
         f'panel = stack_panel({PC}(wide, asset_ax, to="varying"), CFG["panel_axes"])'),
    ],
    'fac_residual_vol.py': [
        ('cap = self.vol_cap(jnp.abs(full))',
         f'cap = self.vol_cap({PC}(jnp.abs(full), self.asset_axis, to="varying"))'),
    ],
    'fac_exposure_snapshot.py': [
        ('return top_level_all_gather(exposures, LAYOUTS["report"])',
         'return jax.reshard(exposures, LAYOUTS["report"])'),
    ],
    'fac_ic_decay.py': [
        ('jax.lax.pmean(ic.mean(axis=0), axis_name=avg_axes)',
         f'jax.lax.pmean({PC}(ic.mean(axis=0), asset_ax, to="varying"), axis_name=avg_axes)'),
    ],
    'fac_zscore.py': [
        ('asset_axis, axis=1, tiled=True, to="reduced")', 'asset_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # lob_*
    'lob_ofi_normalise.py': [
        ('scale = gather_ticks(gross, ax)', f'scale = gather_ticks({PC}(gross, ax, to="varying"), ax)'),
    ],
    'lob_microprice_grid.py': [
        ('return jax.lax.all_gather(x, axes,', f'return jax.lax.all_gather({PC}(x, "tick", to="varying"), axes,'),
    ],
    'lob_queue_lag.py': [
        ('prev = self.shift(prof[:, -4:])', f'prev = self.shift({PC}(prof[:, -4:], self.axis, to="varying"))'),
    ],
    'lob_feature_store.py': [
        ('"store_layout": {"spec": ["sym", None], "reduced": []}',
         '"store_layout": {"spec": ["sym", None], "reduced": ["tick"]}'),
    ],
    'lob_spread_stats.py': [
        ('jax.lax.pmean(per_sym.mean(), desk_axes)',
         f'jax.lax.pmean({PC}(per_sym.mean(), st["time_axis"], to="varying"), desk_axes)'),
    ],
    'lob_depth_softmax.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # bt_*
    'bt_turnover_cost.py': [
        ('jax.lax.all_gather(peak, cfg.cost_axis,', f'jax.lax.all_gather({PC}(peak, cfg.cost_axis, to="varying"), cfg.cost_axis,'),
    ],
    'bt_pnl_curve.py': [
        ('return curves, self.equity_matrix(curves)',
         f'return curves, self.equity_matrix({PC}(curves, self.cfg.curve_axis, to="varying"))'),
    ],
    'bt_drawdown.py': [
        ('return split(contrib, axis)', f'return split({PC}(contrib, axis, to="varying"), axis)'),
    ],
    'bt_results_dump.py': [
        ('    table = dump_for_dashboard(pnl)',
         '    with jax.set_mesh(mesh):\n        table = dump_for_dashboard(pnl)'),
    ],
    'bt_sharpe_by_strat.py': [
        ('jax.lax.psum(mu.sum(), self.BOOK_AXES)', f'jax.lax.psum({PC}(mu.sum(), self.TIME, to="varying"), self.BOOK_AXES)'),
    ],
    'bt_cost_model.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
    ],
    # risk_*
    'risk_ledoit_wolf.py': [
        ('jax.lax.all_gather(avg_var,', f'jax.lax.all_gather({PC}(avg_var, tgt["avg_over"], to="varying"),'),
    ],
    'risk_cov_blocks.py': [
        ('report = gather_all(load_all,', f'report = gather_all({PC}(load_all, la, to="varying"),'),
    ],
    'risk_var_es.py': [
        ('return self.worst_case(dist)', f'return self.worst_case({PC}(dist, self.scen_axis, to="varying"))'),
    ],
    'risk_factor_cov_publish.py': [
        ('return top_level_all_gather(cov, layouts.SERVICE)', 'return jax.reshard(cov, layouts.SERVICE)'),
    ],
    'risk_component_var.py': [
        ('jax.lax.psum(book, axis_name=', f'jax.lax.psum({PC}(book, asset_axis, to="varying"), axis_name='),
    ],
    'risk_es_tail.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # mm_*
    'mm_inventory_skew.py': [
        ('jax.lax.all_gather(mean_inv, pool,', f'jax.lax.all_gather({PC}(mean_inv, pool, to="varying"), pool,'),
    ],
    'mm_quote_ladder.py': [
        ('return q, self.replay_grid(q)', f'return q, self.replay_grid({PC}(q, self.axes[1], to="varying"))'),
    ],
    'mm_fill_sim.py': [
        ('shared = rebroadcast(full[:2],', f'shared = rebroadcast({PC}(full[:2], "path", to="varying"),'),
    ],
    'mm_pnl_report.py': [
        ('    table = report_table(pnl)', '    with jax.set_mesh(mesh):\n        table = report_table(pnl)'),
    ],
    'mm_adverse_selection.py': [
        ('mk = COLLECTIVES[op](mk, _axes(axes))',
         f'mk = COLLECTIVES[op]({PC}(mk, "mm", to="varying") if name == "avg" else mk, _axes(axes))'),
    ],
    'mm_spread_policy.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # opt_*
    'opt_min_weight_floor.py': [
        ('jax.lax.all_gather(floor, ax,', f'jax.lax.all_gather({PC}(floor, ax, to="varying"), ax,'),
    ],
    'opt_mv_frontier.py': [
        ('table = collect(per_book,', f'table = collect({PC}(per_book, name, to="varying"),'),
    ],
    'opt_turnover_penalty.py': [
        ('jax.lax.psum(held, c.name_axis)', f'jax.lax.psum({PC}(held, c.name_axis, to="varying"), c.name_axis)'),
    ],
    'opt_target_weights.py': [
        ('return top_level_all_gather(w, P(LOGICAL["exec_names"], reduced={"book"}))',
         'return jax.reshard(w, P(LOGICAL["exec_names"]))'),
    ],
    'opt_leverage_scale.py': [
        ('jax.lax.psum(gross.sum(),', f'jax.lax.psum({PC}(gross.sum(), self.cfg.name_axis, to="varying"),'),
    ],
    'opt_kelly_fraction.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # ru_*
    'ru_pairs_spread.py': [
        ('bench = ru.gather_universe(xs_mean)', f'bench = ru.gather_universe({PC}(xs_mean, "names", to="varying"))'),
    ],
    'ru_cointegration_panel.py': [
        ('panel = gather(wide, AXES.ALL, dim=0)', f'panel = gather({PC}(wide, AXES.NAMES, to="varying"), AXES.ALL, dim=0)'),
    ],
    'ru_hedge_ratio.py': [
        ('return ops.reduce_scatter(jnp.tile(book, (y.shape[0], 1)))',
         f'return ops.reduce_scatter({PC}(jnp.tile(book, (y.shape[0], 1)), ops.axis, to="varying"))'),
    ],
    'ru_signal_export.py': [
        ('"signals_out": P("dates", None),', '"signals_out": P("dates", None, reduced={"names"}),'),
    ],
    'ru_zscore_entry.py': [
        ('reducer("mean")(var.mean(),', f'reducer("mean")({PC}(var.mean(), "dates", to="varying"),'),
    ],
    'ru_half_life.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
