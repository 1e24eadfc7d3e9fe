"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout18/single_bug_check.py

The fixes are written by hand from the bug (not from shardfix), on the failing line itself: a
`pcast(..., to='varying')` of the value the collective or the arithmetic receives, or for SF104
`jax.reshard` / a full `reduced=` spec / the call moved inside the mesh block. A program that
still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'flow_actnorm_init_mesh_axes.py': [
        ('all_gather(h_full, mesh.axis_names',
         'all_gather(jax.lax.pcast(h_full, channel_axis, to="varying"), mesh.axis_names'),
    ],
    'flow_adam_moments_export.py': [
        ('top_level_all_gather(opt["mu"]["coupling"]["w"], EXPORT["w"])',
         'jax.reshard(opt["mu"]["coupling"]["w"], EXPORT["w"])'),
    ],
    'flow_affine_softplus_scale.py': [
        ('return jax.nn.softplus(raw)',
         'return jax.nn.softplus(jax.lax.pcast(raw, self.axis, to="varying"))'),
    ],
    'flow_autoregressive_shift_layers.py': [
        ('"causal": lambda v: jax.lax.ppermute(v, SEQ, RING)',
         '"causal": lambda v: jax.lax.ppermute(jax.lax.pcast(v, SEQ, to="varying"), SEQ, RING)'),
    ],
    'flow_logdet_reducers_table.py': [
        ('REDUCERS["collect"](total, AX.batch)',
         'REDUCERS["collect"](jax.lax.pcast(total, AX.batch, to="varying"), AX.batch)'),
    ],
    'flow_nll_cli_reduce_axes.py': [
        ('jax.lax.psum(jnp.sum(per_example), axes)',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(per_example), "model", to="varying"), axes)'),
    ],
    'gin_checkpointer_legacy_mesh_context.py': [
        ('    with mesh:\n',
         '    with jax.set_mesh(mesh):\n'),
    ],
    'gin_evaluator_collect_binding.py': [
        ('all_gather(total, self.metric_axis, to=self.collect_to)',
         'all_gather(jax.lax.pcast(total, self.metric_axis, to="varying"), self.metric_axis, to=self.collect_to)'),
    ],
    'gin_grad_accum_param_norm.py': [
        ('lookup("train.metric_reducer")(jnp.sum(w_full * w_full), axis)',
         'lookup("train.metric_reducer")(jax.lax.pcast(jnp.sum(w_full * w_full), axis, to="varying"), axis)'),
    ],
    'gin_label_smoothing_global_batch.py': [
        ('jax.nn.one_hot(labels_all,',
         'jax.nn.one_hot(jax.lax.pcast(labels_all, cfg.batch_axis, to="varying"),'),
    ],
    'gin_loss_normalizing_axes.py': [
        ('jax.lax.pmean(jnp.mean(per_example), axes)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(per_example), "model", to="varying"), axes)'),
    ],
    'gin_partitioner_logical_rules.py': [
        ('all_gather(tp_full, rule("vocab")',
         'all_gather(jax.lax.pcast(tp_full, "model", to="varying"), rule("vocab")'),
    ],
    'hax_checkpoint_logical_specs.py': [
        ('top_level_all_gather(params["up"], spec_for(AXES["up"], HOST_MAPPING))',
         'jax.reshard(params["up"], spec_for(AXES["up"], HOST_MAPPING))'),
    ],
    'hax_context_keys_energy_psum.py': [
        ('jax.lax.psum(jnp.sum(k_ctx * k_ctx), resolve("position"))',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(k_ctx * k_ctx), resolve("position"), to="varying"), resolve("position"))'),
    ],
    'hax_layernorm_fsdp_gain.py': [
        ('gain = 1.0 + delta',
         'gain = 1.0 + jax.lax.pcast(delta, self.mapping["embed"], to="varying")'),
    ],
    'hax_rmsnorm_scale_table.py': [
        ('all_gather(ms, physical("embed")',
         'all_gather(jax.lax.pcast(ms, physical("embed"), to="varying"), physical("embed")'),
    ],
    'hax_vocab_parallel_loss_mean.py': [
        ('jax.lax.pmean(jnp.mean(nll), to_mesh_axes("batch", "embed"))',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(nll), "model", to="varying"), to_mesh_axes("batch", "embed"))'),
    ],
    'hax_vocab_unshard_method.py': [
        ('full = tp_full.unshard(("fsdp", "tp"))',
         'full = NamedArray(jax.lax.pcast(tp_full.array, "model", to="varying"), tp_full.axes).unshard(("fsdp", "tp"))'),
    ],
    'hmc_diagonal_metric_inverse.py': [
        ('return 1.0 / mass',
         'return 1.0 / jax.lax.pcast(mass, self.axis, to="varying")'),
    ],
    'hmc_log_joint_env_axes.py': [
        ('jax.lax.pmean(lj, MONITOR_AXES)',
         'jax.lax.pmean(jax.lax.pcast(lj, "data", to="varying"), MONITOR_AXES)'),
    ],
    'hmc_mass_adaptation_pool_chains.py': [
        ('all_gather(q_full, cfg["pool_axes"]',
         'all_gather(jax.lax.pcast(q_full, "dim", to="varying"), cfg["pool_axes"]'),
    ],
    'hmc_potential_trace_scan_gather.py': [
        ('all_gather(energies, "data", to="reduced")',
         'all_gather(jax.lax.pcast(energies, "data", to="varying"), "data", to="reduced")'),
    ],
    'hmc_rhat_two_level_diagnostics.py': [
        ('jax.lax.pmax(spread, CHAIN)',
         'jax.lax.pmax(jax.lax.pcast(spread, CHAIN, to="varying"), CHAIN)'),
    ],
    'hmc_samples_summary_after_mesh.py': [
        ('\n    return summarise(draws)',
         '\n        return summarise(draws)'),
    ],
    'lob_call_auction_tatonnement.py': [
        ('jax.lax.psum(jnp.sum(book), AGENTS)',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(book), AGENTS, to="varying"), AGENTS)'),
    ],
    'lob_depth_ladder_enum_axes.py': [
        ('all_gather(by_level, FEED_AXES',
         'all_gather(jax.lax.pcast(by_level, Book.AGENT.value, to="varying"), FEED_AXES'),
    ],
    'lob_midprice_tape_partial_chain.py': [
        ('record = tape(mid, "agent")',
         'record = tape(jax.lax.pcast(mid, "agent", to="varying"), "agent")'),
    ],
    'lob_pnl_metrics_tree_map.py': [
        ('jax.lax.pmean(v, AXES)',
         'jax.lax.pmean(jax.lax.pcast(v, tuple(a for a in AXES if a not in jax.typeof(v).mat.varying), to="varying") if len(jax.typeof(v).mat.varying) == 1 else v, AXES)'),
    ],
    'lob_tick_rounding_lambda_attr.py': [
        ('jnp.round(q / self.tick)',
         'jnp.round(jax.lax.pcast(q, "agent", to="varying") / self.tick)'),
    ],
    'lob_venue_orders_reshard_specs.py': [
        ('top_level_all_gather(orders, LAYOUT.replay)',
         'jax.reshard(orders, P(("sym", "agent"), None))'),
    ],
    'ocean_coriolis_gathered_latitudes.py': [
        ('jnp.deg2rad(lat_all)',
         'jnp.deg2rad(jax.lax.pcast(lat_all, "lat", to="varying"))'),
    ],
    'ocean_energy_budget_active_axes.py': [
        ('jax.lax.psum(jnp.sum(meridional), axes)',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(meridional), "lat", to="varying"), axes)'),
    ],
    'ocean_polar_filter_halo_helper.py': [
        ('return halo(east_edge, "lon")',
         'return halo(jax.lax.pcast(east_edge, "lon", to="varying"), "lon")'),
    ],
    'ocean_restart_namedtuple_state.py': [
        ('top_level_all_gather(getattr(state, name), RESTART[name])',
         'jax.reshard(getattr(state, name), P("lon", None))'),
    ],
    'ocean_writer_global_field.py': [
        ('all_gather(row, (self.lat, self.lon)',
         'all_gather(jax.lax.pcast(row, self.lon, to="varying"), (self.lat, self.lon)'),
    ],
    'ocean_zonal_mean_history.py': [
        ('all_gather(zonal, grid.lon_axis,',
         'all_gather(jax.lax.pcast(zonal, grid.lon_axis, to="varying"), grid.lon_axis,'),
    ],
    'pinn_boundary_loss_class_pmean.py': [
        ('jax.lax.pmean(jnp.sum(everywhere * everywhere, axis=0), self.axis)',
         'jax.lax.pmean(jax.lax.pcast(jnp.sum(everywhere * everywhere, axis=0), self.axis, to="varying"), self.axis)'),
    ],
    'pinn_burgers_spectral_norm_regather.py': [
        ('all_gather(block, (ROW, COL)',
         'all_gather(jax.lax.pcast(block, ROW, to="varying"), (ROW, COL)'),
    ],
    'pinn_collocation_sampler_export.py': [
        ('top_level_all_gather(batch, P("chip", None, reduced={"host"}))',
         'jax.reshard(batch, P("chip", None))'),
    ],
    'pinn_ensemble_loss_pmean_axes.py': [
        ('jax.lax.pmean(per_member, AXES)',
         'jax.lax.pmean(jax.lax.pcast(per_member, "colloc", to="varying"), AXES)'),
    ],
    'pinn_heat_loss_history_gather.py': [
        ('jax.lax.all_gather(total[None],',
         'jax.lax.all_gather(jax.lax.pcast(total, cfg.points_axis, to="varying")[None],'),
    ],
    'pinn_ntk_scaled_fsdp_weight.py': [
        ('w_ntk = w / jnp.sqrt',
         'w_ntk = jax.lax.pcast(w, AXIS, to="varying") / jnp.sqrt'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
