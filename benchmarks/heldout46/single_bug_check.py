"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout46/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective, the reduced gather or the tuple reduction), `jax.reshard`
or a context mesh for `top_level_all_gather` (or a valid entry in the layout table), and for the
SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails after
its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # exotic Monte Carlo pricing
    'exo_barrier_knockout.py': [
        ('all_gather(pooled, self.path_axis, to="reduced")',
         f'all_gather({PC}(pooled, self.path_axis, to="varying"), self.path_axis, to="reduced")'),
    ],
    'exo_lookback_floating.py': [
        ('pooled = REDUCERS[stage](pooled)',
         f'pooled = REDUCERS[stage]({PC}(pooled, PATH, to="varying") if stage == "book" else pooled)'),
    ],
    'exo_basket_control_variate.py': [
        ('return jax.lax.psum(cross, self.path_axis), jax.lax.psum(second, self.path_axis)',
         f'return (jax.lax.psum({PC}(cross, self.path_axis, to="varying"), self.path_axis),\n'
         f'                jax.lax.psum({PC}(second, self.path_axis, to="varying"), self.path_axis))'),
    ],
    'exo_asian_fixing_report.py': [
        ('top_level_all_gather(averages, layout.fixings_table())',
         'jax.reshard(averages, layout.fixings_table())'),
    ],
    'exo_quanto_fx_adjust.py': [
        ('pmean(adjustment, (scenario, path))',
         f'pmean({PC}(adjustment, path, to="varying"), (scenario, path))'),
    ],
    'exo_autocallable_coupon.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # credit portfolio risk
    'cred_vasicek_expected_loss.py': [
        ('all_gather(value, axis, to="reduced")',
         f'all_gather({PC}(value, axis, to="varying"), axis, to="reduced")'),
    ],
    'cred_euler_allocation.py': [
        ('all_gather(contrib, self.axes, axis=0,',
         f'all_gather({PC}(contrib, self.axes[1], to="varying"), self.axes, axis=0,'),
    ],
    'cred_migration_pnl.py': [
        ('psum_scatter(everything, cfg.sim_axis,',
         f'psum_scatter({PC}(everything, cfg.sim_axis, to="varying"), cfg.sim_axis,'),
    ],
    'cred_es_report.py': [
        ('    gathered = risk_pack(losses, CONFIG)\n'
         '    return expected_shortfall(jax.reshard(gathered, P("sector", None)), CONFIG["alpha"])\n',
         '    with jax.set_mesh(mesh):\n'
         '        gathered = risk_pack(losses, CONFIG)\n'
         '        return expected_shortfall(jax.reshard(gathered, P("sector", None)), CONFIG["alpha"])\n'),
    ],
    'cred_loss_volatility.py': [
        ('loss = portfolio_losses(z, eps, ead, settings)',
         f'loss = {PC}(portfolio_losses(z, eps, ead, settings), settings["axes"]["book"], to="varying")'),
    ],
    'cred_downturn_lgd.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # portfolio optimisation
    'rp_risk_parity_budget.py': [
        ('all_gather(rc, axes[1], to="reduced")',
         f'all_gather({PC}(rc, axes[1], to="varying"), axes[1], to="reduced")'),
    ],
    'rp_black_litterman_views.py': [
        ('all_gather(stacked, self.axes, axis=0,',
         f'all_gather({PC}(stacked, self.view_axis, to="varying"), self.axes, axis=0,'),
    ],
    'rp_cvar_rockafellar.py': [
        ('pmax(pooled, self.problem.scen_axis)',
         f'pmax({PC}(pooled, self.problem.scen_axis, to="varying"), self.problem.scen_axis)'),
    ],
    'rp_frontier_export.py': [
        ('    exported = export_frontier(weights)\n',
         '    with jax.set_mesh(mesh):\n        exported = export_frontier(weights)\n'),
    ],
    'rp_kelly_growth.py': [
        ('pmean(log_growth.mean(), axes)',
         f'pmean({PC}(log_growth.mean(), asset_axis, to="varying"), axes)'),
    ],
    'rp_shrinkage_target.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # MCMC
    'mcmc_rwmh_shard_loglik.py': [
        ('all_gather(total, self.data_axis, to="reduced")',
         f'all_gather({PC}(total, self.data_axis, to="varying"), self.data_axis, to="reduced")'),
    ],
    'mcmc_sgld_gradient_noise.py': [
        ('all_gather(shards, self.axes, axis=1,',
         f'all_gather({PC}(shards, self.data_axis, to="varying"), self.axes, axis=1,'),
    ],
    'mcmc_parallel_tempering.py': [
        ('ppermute(energies, self.chain_axis,',
         f'ppermute({PC}(energies, self.chain_axis, to="varying"), self.chain_axis,'),
    ],
    'mcmc_trace_summary.py': [
        ('"log_tau": P("data", None, reduced={"chain"}),', '"log_tau": P("chain", None, reduced={"data"}),'),
    ],
    'mcmc_split_rhat.py': [
        ('return jax.lax.pmean(x, axes)', f'return jax.lax.pmean({PC}(x, axes[1], to="varying"), axes)'),
    ],
    'mcmc_dual_averaging.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # variational inference
    'vi_iwae_bound.py': [
        ('all_gather(value, particle, to="reduced")',
         f'all_gather({PC}(value, particle, to="varying"), particle, to="reduced")'),
    ],
    'vi_svgd_particle_bank.py': [
        ('return self._pool(full_rows, self.axes, 0)',
         f'return self._pool({PC}(full_rows, self.feature_axis, to="varying"), self.axes, 0)'),
    ],
    'vi_score_baseline.py': [
        ('all_to_all(pooled, particle_axis,',
         f'all_to_all({PC}(pooled, particle_axis, to="varying"), particle_axis,'),
    ],
    'vi_guide_export.py': [
        ('P(None, FEATURE_AXIS))', 'P(None, FEATURE_AXIS, reduced={"particle"}))'),
    ],
    'vi_advi_elbo.py': [
        ('pmean(elbo.mean(), self.cfg.axes)',
         f'pmean({PC}(elbo.mean(), self.cfg.axes[1], to="varying"), self.cfg.axes)'),
    ],
    'vi_planar_flow.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # particle filters for stochastic volatility
    'sv_bootstrap_loglik.py': [
        ('all_gather(loglik, pf.particle_axis, to="reduced")',
         f'all_gather({PC}(loglik, pf.particle_axis, to="varying"), pf.particle_axis, to="reduced")'),
    ],
    'sv_auxiliary_first_stage.py': [
        ('return gather_all(per_filter, mesh, 0)',
         f'return gather_all({PC}(per_filter, mesh.axis_names[1], to="varying"), mesh, 0)'),
    ],
    'sv_systematic_resample.py': [
        ('psum(pooled.sum(axis=1), self.particle_axis)',
         f'psum({PC}(pooled.sum(axis=1), self.particle_axis, to="varying"), self.particle_axis)'),
    ],
    'sv_filter_state_export.py': [
        ('particles = P("particle", None, reduced={"filter"})', 'particles = P("filter", None, reduced={"particle"})'),
    ],
    'sv_pmmh_likelihood.py': [
        ('pmean(loglik, AXES)', f'pmean({PC}(loglik, PARTICLE, to="varying"), AXES)'),
    ],
    'sv_ess_threshold.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # bootstrap statistics
    'boot_sharpe_ci.py': [
        ('all_gather(centre, rep_axis, to="reduced")',
         f'all_gather({PC}(centre, rep_axis, to="varying"), rep_axis, to="reduced")'),
    ],
    'boot_stationary_block.py': [
        ('return self._collect(rows, self.cfg.axes, 0)',
         f'return self._collect({PC}(rows, self.obs_axis, to="varying"), self.cfg.axes, 0)'),
    ],
    'boot_permutation_null.py': [
        ('return to_host_order(pooled, rep_axis)',
         f'return to_host_order({PC}(pooled, rep_axis, to="varying"), rep_axis)'),
    ],
    'boot_replicates_dump.py': [
        ('top_level_all_gather(batch, P(args.report_axis, None))', 'jax.reshard(batch, P(args.report_axis, None))'),
    ],
    'boot_jackknife_bias.py': [
        ('pmean(theta.mean(), axes)', f'pmean({PC}(theta.mean(), obs_axis, to="varying"), axes)'),
    ],
    'boot_bca_acceleration.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
