"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout10/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved before the
gather or the gather made `to='invarying'` / varying, with its out spec). Written by hand from
the bug, not from shardfix. A program that still fails after its fix hides a second error
behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # SF101
    'pipeline_gpipe_loss_gather.py': [
        ('jax.lax.all_gather(total, STAGE,',
         'jax.lax.all_gather(jax.lax.pcast(total, STAGE, to="varying"), STAGE,'),
    ],
    'megatron_row_parallel_gather_output.py': [
        ('all_gather(y, self.tp_axis,',
         'all_gather(jax.lax.pcast(y, self.tp_axis, to="varying"), self.tp_axis,'),
    ],
    'option_pricing_mc_price_gather.py': [
        ('all_gather(price, cfg.path_axis,',
         'all_gather(jax.lax.pcast(price, cfg.path_axis, to="varying"), cfg.path_axis,'),
    ],
    'em_gmm_sufficient_stats_gather.py': [
        ('all_gather(stats.n, axes[0],',
         'all_gather(jax.lax.pcast(stats.n, axes[0], to="varying"), axes[0],'),
    ],
    'fft_pencil_energy_gather.py': [
        ('all_gather(energy, PENCIL,',
         'all_gather(jax.lax.pcast(energy, PENCIL, to="varying"), PENCIL,'),
    ],
    'nbeats_trend_forecast_gather.py': [
        ('gather_model(forecast,',
         'gather_model(jax.lax.pcast(forecast, MODEL, to="varying"),'),
    ],
    'libstyle_histogram_protocol_gather.py': [
        ('all_gather(counts, Axis.DATA.value,',
         'all_gather(jax.lax.pcast(counts, Axis.DATA.value, to="varying"), Axis.DATA.value,'),
    ],
    # SF102
    'fsdp_layer_materialize_twice.py': [
        ('head = self.materialize(w, ',
         'head = self.materialize(jax.lax.pcast(w, self.gather_axis, to="varying"), '),
    ],
    'seqpar_attention_bias_regather.py': [
        ('all_gather(key_bias, (SP, TP),',
         'all_gather(jax.lax.pcast(key_bias, SP, to="varying"), (SP, TP),'),
    ],
    'nbody_block_then_all_pairs.py': [
        ('snapshot = share(block, GRID)',
         'snapshot = share(jax.lax.pcast(block, col_axis, to="varying"), GRID)'),
    ],
    'fv_solver_snapshot_regather.py': [
        ('all_gather(rows, tuple(',
         'all_gather(jax.lax.pcast(rows, x_axis, to="varying"), tuple('),
    ],
    'nnx_variable_cached_kernel_gather.py': [
        ('return jax.lax.all_gather(self.kernel.value, self.kernel.sharding_axes,',
         'return jax.lax.all_gather(jax.lax.pcast(self.kernel.value, self.kernel.sharding_axes[0], to="varying"), self.kernel.sharding_axes,'),
    ],
    'svi_bnn_posterior_loop_gather.py': [
        ('full = jax.lax.all_gather(full, cfg.axes[: i + 1],',
         'full = jax.lax.all_gather(jax.lax.pcast(full, cfg.axes[:i], to="varying") if i else full, cfg.axes[: i + 1],'),
    ],
    'pytest_run_on_mesh_two_stage_gather.py': [
        ('return jax.lax.all_gather(partial_w, AXIS_NAMES,',
         'return jax.lax.all_gather(jax.lax.pcast(partial_w, first, to="varying"), AXIS_NAMES,'),
    ],
    # SF103
    'pipeline_1f1b_tied_embedding_send.py': [
        ('tied = send_to_next(table)',
         'tied = send_to_next(jax.lax.pcast(table, STAGE_AXIS, to="varying"))'),
    ],
    'megatron_sp_residual_reduce_scatter.py': [
        ('residual = jax.lax.psum_scatter(ln_full,',
         'residual = jax.lax.psum_scatter(jax.lax.pcast(ln_full, axis, to="varying"),'),
    ],
    'md_lennard_jones_ghost_exchange.py': [
        ('ghosts = EXCHANGE["left"](system)',
         'ghosts = EXCHANGE["left"](jax.lax.pcast(system, CELL, to="varying"))'),
    ],
    'option_antithetic_all_to_all.py': [
        ('return jax.lax.all_to_all(z, self.axis,',
         'return jax.lax.all_to_all(jax.lax.pcast(z, self.axis, to="varying"), self.axis,'),
    ],
    'gmm_component_means_center.py': [
        ('center = jax.lax.pmean(all_means, COMP)',
         'center = jax.lax.pmean(jax.lax.pcast(all_means, COMP, to="varying"), COMP)'),
    ],
    'fv_cfl_timestep_reducers.py': [
        ('smax = self.reduce["max"](profile).max()',
         'smax = self.reduce["max"](jax.lax.pcast(profile, self.axis, to="varying")).max()'),
    ],
    'ising_checkerboard_magnetisation.py': [
        ('jax.lax.psum(jnp.sum(lattice), ROW)',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(lattice), ROW, to="varying"), ROW)'),
    ],
    # SF104
    'tlag_fsdp_checkpoint_spec_table.py': [
        ('written["embed"] = top_level_all_gather(placed["embed"], EXPORT_SPECS["embed"])',
         'written["embed"] = jax.reshard(placed["embed"], P("tp", None))'),
    ],
    'tlag_pipeline_jit_out_shardings.py': [
        ('top_level_all_gather(stages, P(None, None, None))',
         'top_level_all_gather(stages, P(None, None, None, reduced={"stage"}))'),
    ],
    'tlag_nbody_shard_map_three_axes.py': [
        ('top_level_all_gather(pos, P(GRID[:2], None, reduced={GRID[2]}))',
         'jax.reshard(pos, P(GRID[:2], None))'),
    ],
    'tlag_loader_process_local.py': [
        ('top_level_all_gather(batch["labels"], P(None))',
         'top_level_all_gather(batch["labels"], P(None, reduced={"replica", "data"}))'),
    ],
    'tlag_cli_report_after_mesh.py': [
        ('\n    return report(pred, series_axis)',
         '\n        return report(pred, series_axis)'),
    ],
    'tlag_adamw_moments_tree_map.py': [
        ('top_level_all_gather(opt["nu"]["dense"], P("model", None, reduced={"data"}))',
         'jax.reshard(opt["nu"]["dense"], P("model", None))'),
    ],
    'tlag_reshard_namedtuple_layouts.py': [
        ('per_replica = top_level_all_gather(acts, LAYOUTS.eval)',
         'per_replica = jax.reshard(acts, P(None, "dp", None))'),
    ],
    # SF105
    'zero2_bucket_reduce_scatter.py': [
        ('return {"w": g_w, "scale": g_scale}',
         'return {"w": g_w, "scale": jax.lax.pcast(g_scale, TP, to="varying")}'),
    ],
    'pipeline_interleaved_loss_mean.py': [
        ('return jax.lax.pmean(loss, mesh_axes)',
         'return jax.lax.pmean(jax.lax.pcast(loss, stage_axis, to="varying"), mesh_axes)'),
    ],
    'option_portfolio_scenarios_psum.py': [
        ('psum(price.sum(), cfg.reduce_axes)',
         'psum(jax.lax.pcast(price.sum(), cfg.path_axis, to="varying"), cfg.reduce_axes)'),
    ],
    'nbeats_eval_metrics_loop.py': [
        ('averaged[name] = jax.lax.pmean(value, AXES)',
         'averaged[name] = jax.lax.pmean(value if name == "smape" else jax.lax.pcast(value, AXES[1], to="varying"), AXES)'),
    ],
    'gmm_loglik_logsumexp_total.py': [
        ('psum(per_point.sum(), (DATA, COMP))',
         'psum(jax.lax.pcast(per_point.sum(), COMP, to="varying"), (DATA, COMP))'),
    ],
    'fft_parseval_check_psum.py': [
        ('e_spec = jax.lax.psum(spectral_energy(u, axes[0]), axes)',
         'e_spec = jax.lax.psum(jax.lax.pcast(spectral_energy(u, axes[0]), axes[0], to="varying"), axes)'),
    ],
    'pytest_parametrize_axes_psum.py': [
        ('return jax.lax.psum(jnp.sum(v * v), axes)',
         'return jax.lax.psum(jax.lax.pcast(jnp.sum(v * v), "model", to="varying") if "model" in axes else jnp.sum(v * v), axes)'),
    ],
    # SF106
    'seqpar_gathered_layernorm.py': [
        ('full_seq = jax.lax.all_gather(x, SP, axis=0, tiled=True, to="reduced")',
         'full_seq = jax.lax.all_gather(x, SP, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={SP}))', 'out_specs=P(None, None))'),
    ],
    'megatron_column_gather_output_gelu.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("dp", None, reduced={"tp"}))', 'out_specs=P("dp", None))'),
    ],
    'nbody_gathered_masses_gravity.py': [
        ('all_gather(mass, "bodies", tiled=True, to="reduced")',
         'all_gather(mass, "bodies", tiled=True)'),
    ],
    'option_asian_discount_gathered.py': [
        ('local_paths = 100.0 * jnp.exp(jnp.cumsum(inc, axis=1))',
         'local_paths = discount(100.0 * jnp.exp(jnp.cumsum(inc, axis=1)))'),
        ('pv = discount(window)', 'pv = window'),
    ],
    'fv_muscl_limiter_lambda.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"cells"})', 'out_specs=P()'),
    ],
    'svi_meanfield_kl_method.py': [
        ('sigma = jax.lax.all_gather(self.sigma, self.axis, axis=1, tiled=True, to="reduced")',
         'sigma = jax.lax.all_gather(self.sigma, self.axis, axis=1, tiled=True, to="invarying")'),
    ],
    'nnx_rmsnorm_variable_property.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
