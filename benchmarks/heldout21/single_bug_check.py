"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout21/single_bug_check.py

The fixes are written on the failing line itself (a `pcast(..., to='varying')` before the
collective or the arithmetic, the missing `reduced=` axes, `jax.reshard`, `jax.set_mesh` instead
of the legacy `with mesh:`), by hand from the bug, not from shardfix. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # climate / column physics
    'clim_namelist_zonal_gather.py': [
        ('all_gather(zonal, lon_axis,',
         'all_gather(jax.lax.pcast(zonal, lon_axis, to="varying"), lon_axis,'),
    ],
    'clim_toa_imbalance_decomp.py': [
        ('psum(weighted, DECOMP.axes)',
         'psum(jax.lax.pcast(weighted, DECOMP.lon, to="varying"), DECOMP.axes)'),
    ],
    'clim_polar_filter_regather.py': [
        ('all_gather(q, axes, axis=0,',
         'all_gather(jax.lax.pcast(q, axes[1], to="varying"), axes, axis=0,'),
    ],
    'clim_semilag_cfl_reducers.py': [
        ('REDUCERS[DIAG["cfl_reduce"]](speed, LON)',
         'REDUCERS[DIAG["cfl_reduce"]](jax.lax.pcast(speed, LON, to="varying"), LON)'),
    ],
    'clim_tlag_restart_writer.py': [
        ('    with mesh:\n', '    with jax.set_mesh(mesh):\n'),
    ],
    'clim_twostream_surface_albedo.py': [
        ('absorbed = ring * (1.0',
         'absorbed = jax.lax.pcast(ring, self.lon_axis, to="varying") * (1.0'),
    ],
    # protein structure
    'fold_distogram_bin_counts.py': [
        ('all_gather(counts, c.col_axis,',
         'all_gather(jax.lax.pcast(counts, c.col_axis, to="varying"), c.col_axis,'),
    ],
    'fold_triangle_logical_axes.py': [
        ('block = jax.lax.all_gather(left_k,',
         'block = jax.lax.all_gather(jax.lax.pcast(left_k, col, to="varying"),'),
    ],
    'fold_plddt_head_mean.py': [
        ('psum(jnp.sum(full, axis=1), self.residue_axis)',
         'psum(jax.lax.pcast(jnp.sum(full, axis=1), self.residue_axis, to="varying"), self.residue_axis)'),
    ],
    'fold_fape_clamped_scan.py': [
        ('jnp.clip(err, 0.0,',
         'jnp.clip(jax.lax.pcast(err, cfg["axes"]["points"], to="varying"), 0.0,'),
    ],
    'fold_tlag_coords_export.py': [
        ('top_level_all_gather(coords, P(None, None, None))',
         'top_level_all_gather(coords, P(None, None, None, reduced={RESIDUE_AXIS}))'),
    ],
    'fold_msa_neff_weighting.py': [
        ('pmean(share, axes)',
         'pmean(jax.lax.pcast(share, res_axis, to="varying"), axes)'),
    ],
    # quantized inference tooling
    'qinf_absmax_calibration_json.py': [
        ('all_gather(amax, axis,',
         'all_gather(jax.lax.pcast(amax, axis, to="varying"), axis,'),
    ],
    'qinf_smoothquant_registry.py': [
        ('all_gather(stats, axes,',
         'all_gather(jax.lax.pcast(stats, self.token_axis, to="varying"), axes,'),
    ],
    'qinf_kv_cache_ring_scales.py': [
        ('ppermute(scales, CFG.seq_axis,',
         'ppermute(jax.lax.pcast(scales, CFG.seq_axis, to="varying"), CFG.seq_axis,'),
    ],
    'qinf_gptq_hessian_damping.py': [
        ('pmean(jnp.mean(jnp.diagonal(h)), axes)',
         'pmean(jax.lax.pcast(jnp.mean(jnp.diagonal(h)), self.token_axis, to="varying"), axes)'),
    ],
    'qinf_int8_dequant_iinfo.py': [
        ('step = amax_cols / INT8.max',
         'step = jax.lax.pcast(amax_cols, COLS, to="varying") / INT8.max'),
    ],
    'qinf_tlag_awq_packed_export.py': [
        ('return top_level_all_gather(packed, LAYOUTS[layout])',
         'return jax.reshard(packed, LAYOUTS[layout])'),
    ],
    # tokenizer training
    'bpe_pair_counts_configparser.py': [
        ('all_gather(counts, corpus,',
         'all_gather(jax.lax.pcast(counts, corpus, to="varying"), corpus,'),
    ],
    'bpe_merge_ranks_fori.py': [
        ('allreduce_min(ranks, TABLE_AXIS)',
         'allreduce_min(jax.lax.pcast(ranks, TABLE_AXIS, to="varying"), TABLE_AXIS)'),
    ],
    'bpe_merge_table_cached_axes.py': [
        ('all_gather(shard_table, TM.axes,',
         'all_gather(jax.lax.pcast(shard_table, TM.corpus, to="varying"), TM.axes,'),
    ],
    'bpe_token_totals_replace.py': [
        ('psum(jnp.sum(per_doc), args.stat_axes)',
         'psum(jax.lax.pcast(jnp.sum(per_doc), args.bucket_axis, to="varying"), args.stat_axes)'),
    ],
    'bpe_unigram_log_probs.py': [
        ('scores = jnp.log(freq) - jnp.log(total)',
         'scores = jnp.log(jax.lax.pcast(freq, PIECES, to="varying")) - jnp.log(total)'),
    ],
    'bpe_tlag_vocab_reshard.py': [
        ('return top_level_all_gather(table, P(AXES[1], None))',
         'return jax.reshard(table, P(AXES[1], None))'),
    ],
    # contextual bandits
    'bandit_regret_policy_abc.py': [
        ('all_gather(total, self.round_axis,',
         'all_gather(jax.lax.pcast(total, self.round_axis, to="varying"), self.round_axis,'),
    ],
    'bandit_thompson_static_partial.py': [
        ('best = self.best_over_arms(draws)',
         'best = self.best_over_arms(jax.lax.pcast(draws, self.arm_axis, to="varying"))'),
    ],
    'bandit_linucb_design_regather.py': [
        ('all_gather(rows, tuple(mesh.shape),',
         'all_gather(jax.lax.pcast(rows, ctx_axis, to="varying"), tuple(mesh.shape),'),
    ],
    'bandit_tlag_replay_buffer.py': [
        ('top_level_all_gather(self.rewards, P(None))',
         'top_level_all_gather(self.rewards, P(None, reduced={"rounds"}))'),
    ],
    'bandit_reward_totals_partial.py': [
        ('psum(jnp.sum(picked), axes)',
         'psum(jax.lax.pcast(jnp.sum(picked), arm_axis, to="varying"), axes)'),
    ],
    'bandit_ucb_hparams_alpha.py': [
        ('ucb = mean_all + hp.alpha * width',
         'ucb = mean_all + hp.alpha * jax.lax.pcast(width, hp.arm_axis, to="varying")'),
    ],
    # rigid-body physics engine
    'rigid_kinetic_energy_pytree.py': [
        ('all_gather(per_env, BODY,',
         'all_gather(jax.lax.pcast(per_env, BODY, to="varying"), BODY,'),
    ],
    'rigid_pgs_impulse_snapshot.py': [
        ('all_gather(per_env, sys.axes,',
         'all_gather(jax.lax.pcast(per_env, sys.body_axis, to="varying"), sys.axes,'),
    ],
    'rigid_support_force_remat.py': [
        ('psum(jnp.sum(all_contacts, axis=1), BODY_AXIS)',
         'psum(jax.lax.pcast(jnp.sum(all_contacts, axis=1), BODY_AXIS, to="varying"), BODY_AXIS)'),
    ],
    'rigid_tlag_state_tree_export.py': [
        ('lambda leaf: top_level_all_gather(leaf, RENDER_SPEC)',
         'lambda leaf: jax.reshard(leaf, RENDER_SPEC)'),
    ],
    'rigid_momentum_conservation_jit.py': [
        ('jax.lax.psum(jnp.sum(p0), MESH_AXES)',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(p0), body_axis, to="varying"), MESH_AXES)'),
    ],
    'rigid_gravity_semi_implicit.py': [
        ('vel_end = vel_all + horizon * GRAVITY',
         'vel_end = jax.lax.pcast(vel_all, BODY, to="varying") + horizon * GRAVITY'),
    ],
    # power grid
    'grid_generation_totals_toml.py': [
        ('all_gather(total, par["bus_axis"],',
         'all_gather(jax.lax.pcast(total, par["bus_axis"], to="varying"), par["bus_axis"],'),
    ],
    'grid_ptdf_flows_regather.py': [
        ('all_gather(f, (self.scenario_axis, self.line_axis),',
         'all_gather(jax.lax.pcast(f, self.line_axis, to="varying"), (self.scenario_axis, self.line_axis),'),
    ],
    'grid_lmp_system_lambda.py': [
        ('return jax.lax.pmin(prices, axis)',
         'return jax.lax.pmin(jax.lax.pcast(prices, axis, to="varying"), axis)'),
    ],
    'grid_tlag_dispatch_out_shardings.py': [
        ('cleared = top_level_all_gather(dispatch, CLEARING_SPEC)',
         'cleared = jax.reshard(dispatch, CLEARING_SPEC)'),
    ],
    'grid_power_mismatch_case_axes.py': [
        ('psum(jnp.sum(slack ** 2), axes)',
         'psum(jax.lax.pcast(jnp.sum(slack ** 2), bus_axis, to="varying"), axes)'),
    ],
    'grid_line_loading_ratings.py': [
        ('percent = jnp.abs(flows) / rating',
         'percent = jnp.abs(jax.lax.pcast(flows, AXES["lines"], to="varying")) / rating'),
    ],
}

if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
