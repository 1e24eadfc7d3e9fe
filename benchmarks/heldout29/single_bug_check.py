"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout29/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` of
the failing line's input (before the collective, the tuple reduction or the arithmetic with a
constant), `jax.reshard` for a `top_level_all_gather` whose out spec is not a prefix / lacks
`reduced=`, and a context mesh where there was none. Each fix is at the raising line only; a
program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # Monte Carlo option pricing
    'opt_lsm_regression_coeffs.py': [
        ('all_gather(xty, cfg.paths_axis,', f'all_gather({PC}(xty, cfg.paths_axis, to="varying"), cfg.paths_axis,'),
    ],
    'opt_heston_vol_surface.py': [
        ('all_gather(smile, self.axes,', f'all_gather({PC}(smile, self.strike_axis, to="varying"), self.axes,'),
    ],
    'opt_greeks_bump_registry.py': [
        ('return jax.lax.pmean(terminal, axis)', f'return jax.lax.pmean({PC}(terminal, axis, to="varying"), axis)'),
    ],
    'opt_tlag_price_grid_export.py': [
        ('top_level_all_gather(priced, LOADER_LAYOUT)', 'jax.reshard(priced, LOADER_LAYOUT)'),
    ],
    'opt_cva_exposure_tuple.py': [
        ('psum(jnp.sum(positive * hazard), (', f'psum({PC}(jnp.sum(positive * hazard), axes["trades"], to="varying"), ('),
    ],
    'opt_payoff_discount_partial.py': [
        ('jnp.maximum(pooled - strikes', f'jnp.maximum({PC}(pooled, path_axis, to="varying") - strikes'),
    ],
    # earthquake seismology
    'quake_travel_time_residuals.py': [
        ('all_gather(bias, self.station_axis,', f'all_gather({PC}(bias, self.station_axis, to="varying"), self.station_axis,'),
    ],
    'quake_magnitude_network.py': [
        ('all_gather(per_station, NETWORK,', f'all_gather({PC}(per_station, COMPONENT, to="varying"), NETWORK,'),
    ],
    'quake_stack_beam_hooks.py': [
        ('pmax(beam, ctx["sensor_axis"])', f'pmax({PC}(beam, ctx["sensor_axis"], to="varying"), ctx["sensor_axis"])'),
    ],
    'quake_tlag_waveform_archive.py': [
        ('top_level_all_gather(filtered, P(None, None))', 'jax.reshard(filtered, P(None, None))'),
    ],
    'quake_gutenberg_richter_loop.py': [
        ('psum(per_region, (region_axis', f'psum({PC}(per_region, window_axis, to="varying"), (region_axis'),
    ],
    'quake_polarity_weights.py': [
        ('jnp.where(network_q > cfg.quality_floor, network_q, 0.0)',
         f'jnp.where({PC}(network_q, sta, to="varying") > cfg.quality_floor, {PC}(network_q, sta, to="varying"), 0.0)'),
    ],
    # GRPO
    'grpo_group_baseline.py': [
        ('all_gather(mean, axes.samples,', f'all_gather({PC}(mean, axes.samples, to="varying"), axes.samples,'),
    ],
    'grpo_token_logprob_gather.py': [
        ('gather_reduced(per_seq, (', f'gather_reduced({PC}(per_seq, self.seq_axis, to="varying"), ('),
    ],
    'grpo_kl_clip_ratio.py': [
        ('pmean(logp.sum(axis=1), cfg.token_axis)', f'pmean({PC}(logp.sum(axis=1), cfg.token_axis, to="varying"), cfg.token_axis)'),
    ],
    'grpo_tlag_checkpoint_policy.py': [
        ('    return top_level_all_gather(saved, save_layout(args))',
         '    with jax.set_mesh(mesh):\n        return top_level_all_gather(saved, save_layout(args))'),
    ],
    'grpo_reward_whiten_trainer.py': [
        ('psum(reward.sum(), self.data_axes)', f'psum({PC}(reward.sum(), self.verifier_axis, to="varying"), self.data_axes)'),
    ],
    'grpo_advantage_scale_pytree.py': [
        ('    centred = group - group.mean(', f'    group = {PC}(group, "sample", to="varying")\n    centred = group - group.mean('),
    ],
    # expert-choice / aux-loss-free MoE
    'ec_expert_load_bias.py': [
        ('all_gather(load, cfg["token_axis"],', f'all_gather({PC}(load, cfg["token_axis"], to="varying"), cfg["token_axis"],'),
    ],
    'ec_capacity_scores_module.py': [
        ('all_gather(by_expert, (', f'all_gather({PC}(by_expert, self.expert_axis, to="varying"), ('),
    ],
    'ec_dispatch_all_to_all.py': [
        ('routed_gates = send(table)', f'routed_gates = send({PC}(table, axis, to="varying"))'),
    ],
    'ec_tlag_expert_weights.py': [
        ('top_level_all_gather(placed, LAYOUTS[dst])', 'jax.reshard(placed, LAYOUTS[dst])'),
    ],
    'ec_router_zloss_axes.py': [
        ('pmean(z.mean(), batch_axes)', f'pmean({PC}(z.mean(), expert_axis, to="varying"), batch_axes)'),
    ],
    'ec_gate_temperature_registry.py': [
        ('probs = GATES[gate](logits, temperature)', f'probs = GATES[gate]({PC}(logits, "expert", to="varying"), temperature)'),
    ],
    # DP federated learning simulation
    'dpfl_clip_norm_server.py': [
        ('all_gather(norms, self.shard_axis,', f'all_gather({PC}(norms, self.shard_axis, to="varying"), self.shard_axis,'),
    ],
    'dpfl_secure_agg_rounds.py': [
        ('all_gather(pooled, (COHORT', f'all_gather({PC}(pooled, CLIENT, to="varying"), (COHORT'),
    ],
    'dpfl_noise_multiplier_partial.py': [
        ('psum(clipped.sum(axis=0), client_axis)', f'psum({PC}(clipped.sum(axis=0), client_axis, to="varying"), client_axis)'),
    ],
    'dpfl_tlag_global_model.py': [
        ('top_level_all_gather(averaged, P(None, None))', 'jax.reshard(averaged, P(None, None))'),
    ],
    'dpfl_weighted_avg_clients.py': [
        ('psum(silo_examples, spec.all_axes)', f'psum({PC}(silo_examples, spec.client_axis, to="varying"), spec.all_axes)'),
    ],
    'dpfl_personalised_mix.py': [
        ('MIX * global_head', f'MIX * {PC}(global_head, axis, to="varying")'),
    ],
    # lattice Boltzmann CFD
    'lbm_mass_conservation.py': [
        ('all_gather(row_mass, axis_name', f'all_gather({PC}(row_mass, LATTICE["cols"], to="varying"), axis_name'),
    ],
    'lbm_velocity_field_snapshot.py': [
        ('all_gather(field, axes,', f'all_gather({PC}(field, "ly", to="varying") if len(axes) > 1 else field, axes,'),
    ],
    'lbm_streaming_halo_step.py': [
        ('ppermute(inlet, self.axis', f'ppermute({PC}(inlet, self.axis, to="varying"), self.axis'),
    ],
    'lbm_tlag_restart_file.py': [
        ('top_level_all_gather(f, layout.reader)', 'jax.reshard(f, layout.reader)'),
    ],
    'lbm_drag_coefficient_fori.py': [
        ('psum(along_y, DOMAIN)', f'psum({PC}(along_y, DOMAIN[1], to="varying"), DOMAIN)'),
    ],
    'lbm_bgk_collision_relax.py': [
        ('rho = self.column_density(f).mean(', f'rho = {PC}(self.column_density(f), self.column_axis, to="varying").mean('),
    ],
    # DLRM with quotient-remainder hashed embeddings
    'qr_bucket_frequency.py': [
        ('all_gather(hits, self.batch_axis,', f'all_gather({PC}(hits, self.batch_axis, to="varying"), self.batch_axis,'),
    ],
    'qr_compositional_rows.py': [
        ('pool(by_dim, (', f'pool({PC}(by_dim, AXES["dim"], to="varying"), ('),
    ],
    'qr_sparse_grad_scatter.py': [
        ('psum_scatter(full, self.shard_axis,', f'psum_scatter({PC}(full, self.shard_axis, to="varying"), self.shard_axis,'),
    ],
    'qr_tlag_table_reshard.py': [
        ('top_level_all_gather(placed, self.SERVE)', 'jax.reshard(placed, self.SERVE)'),
    ],
    'qr_ctr_logloss_plugins.py': [
        ('pmean(per_row.mean(), axes)', f'pmean({PC}(per_row.mean(), "model", to="varying"), axes)'),
    ],
    'qr_dot_interaction_scale.py': [
        ('scaled = feats / jnp.sqrt(', f'scaled = {PC}(feats, feature_axis, to="varying") / jnp.sqrt('),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
