"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout115/single_bug_check.py

The fixes were written by hand from each bug (shardfix was never run): a `pcast(..., to='varying')`
before the collective (conditional on the stage where a loop or a shared helper runs the same line
twice), the right `reduced=` axis, `jax.reshard`, `multi_dim=True` or a `jax.set_mesh` context for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced). Three programs are fixed where
the wrong axis is chosen (a property, a constructor argument) because the out spec was written for
the right axis. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # pricing_*
    'pricing_audit_trail.py': [
        ('return jax.lax.all_gather(premiums, self._gather_axis(),',
         f'return jax.lax.all_gather({PC}(premiums, self._gather_axis(), to="varying"), self._gather_axis(),'),
    ],
    'pricing_cession_report.py': [
        ('table = jax.lax.all_gather(table, stage.axes,',
         f'table = jax.lax.all_gather({PC}(table, "policies", to="varying") if isinstance(stage.axes, tuple) else table, stage.axes,'),
    ],
    'pricing_rate_relativities.py': [
        ('return jax.lax.pmean(book, self._axis)',
         f'return jax.lax.pmean({PC}(book, self._axis, to="varying"), self._axis)'),
    ],
    'pricing_filing_export.py': [
        ('return P(None, self._naming.factor_axis)\n',
         'return P(None, self._naming.factor_axis, reduced={self._naming.policy_axis})\n'),
    ],
    'pricing_portfolio_exposure.py': [
        ('return jax.lax.psum(jnp.sum(premiums), self._axes())',
         f'return jax.lax.psum({PC}(jnp.sum(premiums), self._naming.factor_axis, to="varying"), self._axes())'),
    ],
    'pricing_gross_quotes.py': [
        ('return jax.lax.all_gather(premiums, self._naming.policy_axis, tiled=True, to="reduced")',
         'return jax.lax.all_gather(premiums, self._naming.policy_axis, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={n.policy_axis}))', 'out_specs=P(None))'),
    ],
    # forecast_*
    'forecast_store_dashboard.py': [
        ('return jax.lax.all_gather(totals, self.replicate_axis,',
         f'return jax.lax.all_gather({PC}(totals, self.replicate_axis, to="varying"), self.replicate_axis,'),
    ],
    'forecast_assortment_matrix.py': [
        ('grid = jax.lax.all_gather(grid, axis_name=self._column_policy.axes(self.topology),',
         f'grid = jax.lax.all_gather({PC}(grid, Topology.STORE_AXIS, to="varying"), axis_name=self._column_policy.axes(self.topology),'),
    ],
    'forecast_peer_stores.py': [
        ('peer = jax.lax.ppermute(board,',
         f'peer = jax.lax.ppermute({PC}(board, Topology.STORE_AXIS, to="varying"),'),
    ],
    'forecast_plan_publish.py': [
        ('        return self._publisher.publish(plan)\n',
         '        with jax.set_mesh(self._topology.mesh):\n            return self._publisher.publish(plan)\n'),
    ],
    'forecast_network_volume.py': [
        ('return jax.lax.pmean(totals.mean(), self.averaging_axes())',
         f'return jax.lax.pmean({PC}(totals.mean(), Topology.SKU_AXIS, to="varying"), self.averaging_axes())'),
    ],
    'forecast_safety_stock.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
        ('return P(Topology.STORE_AXIS, reduced={Topology.SKU_AXIS})', 'return P(Topology.STORE_AXIS)'),
    ],
    # fraud_*
    'fraud_alert_feed.py': [
        ('self._value = jax.lax.all_gather(self._value, axis_names(node.axes),',
         f'self._value = jax.lax.all_gather({PC}(self._value, axis_names(node.axes), to="varying"), axis_names(node.axes),'),
    ],
    'fraud_merchant_snapshot.py': [
        ('self._value = jax.lax.all_gather(self._value, axis_names(node.axes),',
         f'self._value = jax.lax.all_gather({PC}(self._value, "txns", to="varying") if isinstance(node.axes, tuple) else self._value, axis_names(node.axes),'),
    ],
    'fraud_velocity_peak.py': [
        ('self._value = jax.lax.pmax(self._value, axes)',
         f'self._value = jax.lax.pmax({PC}(self._value, axes, to="varying"), axes)'),
    ],
    'fraud_feature_store.py': [
        ('collected = top_level_all_gather(features, self.target_spec())',
         'collected = top_level_all_gather(features, self.target_spec(), multi_dim=True)'),
    ],
    'fraud_batch_risk.py': [
        ('self._value = jax.lax.psum(self._value, axes)',
         f'self._value = jax.lax.psum({PC}(self._value, "model", to="varying"), axes)'),
    ],
    'fraud_risk_bands.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={Axis.TXNS.value}))', 'out_specs=P(None, None))'),
    ],
    # ledger_*
    'ledger_trial_balance.py': [
        ('return jax.lax.all_gather(x, self._axis,',
         f'return jax.lax.all_gather({PC}(x, self._axis, to="varying"), self._axis,'),
    ],
    'ledger_close_snapshot.py': [
        ('return jax.lax.all_gather(x, self._axis,',
         f'return jax.lax.all_gather({PC}(x, "accounts", to="varying") if isinstance(self._axis, tuple) else x, self._axis,'),
    ],
    'ledger_rollforward.py': [
        ('relaid = jax.lax.all_to_all(ledger,',
         f'relaid = jax.lax.all_to_all({PC}(ledger, self._axes.account_axis, to="varying"),'),
    ],
    'ledger_statement_export.py': [
        ('printed = top_level_all_gather(journal, self.out_spec)',
         'printed = jax.reshard(journal, P(self._major_axis, None))'),
    ],
    'ledger_group_consolidation.py': [
        ('return jax.lax.psum_scatter(totals,',
         f'return jax.lax.psum_scatter({PC}(totals, self._axes.period_axis, to="varying"),'),
    ],
    'ledger_materiality_screen.py': [
        ('axis=self._dim, tiled=True, to="reduced")', 'axis=self._dim, tiled=True, to="invarying")'),
        ('return P(self._axes.account_axis, None, reduced={self._axes.period_axis})',
         'return P(self._axes.account_axis, None)'),
    ],
    # telemetry_*
    'telemetry_anomaly_board.py': [
        ('board.replicate-axis = window', 'board.replicate-axis = sensors'),
    ],
    'telemetry_fleet_snapshot.py': [
        ('return jax.lax.all_gather(x, grid_axes,',
         f'return jax.lax.all_gather({PC}(x, self.mesh_provider.sensor_axis, to="varying"), grid_axes,'),
    ],
    'telemetry_drift_check.py': [
        ('floor = jax.lax.pmin(fleet, sensor_axis)',
         f'floor = jax.lax.pmin({PC}(fleet, sensor_axis, to="varying"), sensor_axis)'),
    ],
    'telemetry_cold_archive.py': [
        ('archive.replicated-axes =\n', 'archive.replicated-axes = sensors\n'),
    ],
    'telemetry_fleet_energy.py': [
        ('return jax.lax.pmean(jnp.mean(energy), self.average_over)',
         f'return jax.lax.pmean({PC}(jnp.mean(energy), self.mesh_provider.window_axis, to="varying"), self.average_over)'),
    ],
    'telemetry_zscore.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(mp.sensor_axis, None, reduced={mp.window_axis}))', 'out_specs=P(mp.sensor_axis, None))'),
    ],
    # recsys_*
    'recsys_activity_cache.py': [
        ('cache = ReplicaCache(partition_axis=GridAxes.ITEMS)', 'cache = ReplicaCache(partition_axis=GridAxes.USERS)'),
    ],
    'recsys_catalog_snapshot.py': [
        ('return jax.lax.all_gather(columns, self._command.row_axes,',
         f'return jax.lax.all_gather({PC}(columns, GridAxes.ITEMS, to="varying"), self._command.row_axes,'),
    ],
    'recsys_popularity_share.py': [
        ('total = jax.lax.psum(ranking, GridAxes.ITEMS)',
         f'total = jax.lax.psum({PC}(ranking, GridAxes.ITEMS, to="varying"), GridAxes.ITEMS)'),
    ],
    'recsys_embedding_export.py': [
        ('ExportItemEmbeddingsHandler(replicated_axes={GridAxes.USERS})',
         'ExportItemEmbeddingsHandler(replicated_axes={GridAxes.ITEMS})'),
    ],
    'recsys_engagement_total.py': [
        ('return jax.lax.psum(jnp.sum(activity), self._command.over)',
         f'return jax.lax.psum({PC}(jnp.sum(activity), GridAxes.ITEMS, to="varying"), self._command.over)'),
    ],
    'recsys_campaign_sampler.py': [
        ('GridAxes.USERS, tiled=True, to="reduced")', 'GridAxes.USERS, tiled=True, to="invarying")'),
        ('return P(None, reduced={GridAxes.USERS})', 'return P(None)'),
    ],
    # payroll_*
    'payroll_payslip_register.py': [
        ('ctx.put("register", jax.lax.all_gather(ctx.get("gross"), axis,',
         f'ctx.put("register", jax.lax.all_gather({PC}(ctx.get("gross"), axis, to="varying"), axis,'),
    ],
    'payroll_gl_postings.py': [
        ('posted = jax.lax.all_gather(ctx.get("postings"), self._grid_axes,',
         f'posted = jax.lax.all_gather({PC}(ctx.get("postings"), ctx.axes.component, to="varying"), self._grid_axes,'),
    ],
    'payroll_pay_equity.py': [
        ('table = jax.lax.all_gather(register, ctx.axes.employee)',
         f'table = jax.lax.all_gather({PC}(register, ctx.axes.employee, to="varying"), ctx.axes.employee)'),
    ],
    'payroll_bank_file.py': [
        ('        with self._mesh:\n', '        with jax.set_mesh(self._mesh):\n'),
    ],
    'payroll_average_cost.py': [
        ('jax.lax.pmean(jnp.mean(ctx.get("gross")), axes)',
         f'jax.lax.pmean({PC}(jnp.mean(ctx.get("gross")), ctx.axes.component, to="varying"), axes)'),
    ],
    'payroll_tax_withholding.py': [
        ('tiled=True, to="reduced"))', 'tiled=True, to="invarying"))'),
        ('out_specs=(P(DEFAULT_AXES.employee, reduced={DEFAULT_AXES.component}),))',
         'out_specs=(P(DEFAULT_AXES.employee),))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
