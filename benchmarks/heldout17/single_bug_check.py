"""Each buggy program has one failing line: a hand-written minimal fix ON that line makes it run.

    python3 benchmarks/heldout17/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` in the collective's argument, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved before the gather
on the same line). Written by hand from the bug, not from shardfix. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'es_antithetic_noise_ppermute.py': [
        ('    return jax.lax.ppermute(eps, axis, perm=mirror_pairs(n))',
         '    return jax.lax.ppermute(jax.lax.pcast(eps, axis, to="varying"), axis, perm=mirror_pairs(n))'),
    ],
    'es_centered_rank_std.py': [
        ('    z = pop / (jnp.std(pop) + 1e-8)',
         '    z = pop'),
    ],
    'es_fitness_total_lambda_gather.py': [
        ('    "share": lambda t: jax.lax.all_gather(t, POP, tiled=True, to="reduced"),',
         '    "share": lambda t: jax.lax.all_gather(jax.lax.pcast(t, POP, to="varying"), POP, tiled=True, to="reduced"),'),
    ],
    'es_noise_table_regather.py': [
        ('        return jax.lax.all_gather(rows, (self.pop_axis, self.param_axis), axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(jax.lax.pcast(rows, self.param_axis, to="varying"), (self.pop_axis, self.param_axis), axis=0, tiled=True, to="reduced")'),
    ],
    'es_params_tlag_after_mesh.py': [
        ('    return top_level_all_gather(theta, P(None, reduced={"param"}))',
         '    return jax.reshard(theta, NamedSharding(theta.sharding.mesh, P(None)))'),
    ],
    'es_update_psum_env_axes.py': [
        ('    return jax.lax.psum(norm, MESH_AXES)',
         '    return jax.lax.psum(jax.lax.pcast(norm, PARAM_AXIS, to="varying"), MESH_AXES)'),
    ],
    'flow_actnorm_init_gather.py': [
        ('    loc = jax.lax.all_gather(mean, axes.batch, axis=0, tiled=True, to="reduced")',
         '    loc = jax.lax.all_gather(jax.lax.pcast(mean, axes.batch, to="varying"), axes.batch, axis=0, tiled=True, to="reduced")'),
    ],
    'flow_coupling_shift_clip.py': [
        ('    t = jnp.clip(jax.lax.all_gather(t_local, "feat", axis=1, tiled=True, to="reduced"), -SHIFT_BOUND, SHIFT_BOUND)',
         '    t = jax.lax.all_gather(jnp.clip(t_local, -SHIFT_BOUND, SHIFT_BOUND), "feat", axis=1, tiled=True, to="reduced")'),
    ],
    'flow_logdet_psum_cli_axes.py': [
        ('        return jax.lax.psum(jnp.sum(per_example), axes)',
         '        return jax.lax.psum(jax.lax.pcast(jnp.sum(per_example), args.dim_axis, to="varying"), axes)'),
    ],
    'flow_prior_reduced_psum.py': [
        ('    return jax.lax.psum(s, DIM)',
         '    return jax.lax.psum(jax.lax.pcast(s, DIM, to="varying"), DIM)'),
    ],
    'flow_samples_device_put_tlag.py': [
        ('    return top_level_all_gather(samples, spec)',
         '    return jax.reshard(samples, P(None, None))'),
    ],
    'gbdt_grad_hess_pmean_loop.py': [
        ('        return jax.lax.pmean(gh, tuple(axes))',
         '        return jax.lax.pmean(jax.lax.pcast(gh, "feat", to="varying"), tuple(axes))'),
    ],
    'gbdt_hist_feature_regather.py': [
        ('    return jax.lax.all_gather(hist, (ROWS, FEAT), axis=1, tiled=True, to="reduced")',
         '    return jax.lax.all_gather(jax.lax.pcast(hist, FEAT, to="varying"), (ROWS, FEAT), axis=1, tiled=True, to="reduced")'),
    ],
    'gbdt_histogram_psum_gather.py': [
        ('        return jax.lax.all_gather(hist[None], self.row_axis, axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(jax.lax.pcast(hist[None], self.row_axis, to="varying"), self.row_axis, axis=0, tiled=True, to="reduced")'),
    ],
    'gbdt_leaf_psum_scatter.py': [
        ('        return jax.lax.psum_scatter(full, self.axis, scatter_dimension=0, tiled=True)',
         '        return jax.lax.psum_scatter(jax.lax.pcast(full, self.axis, to="varying"), self.axis, scatter_dimension=0, tiled=True)'),
    ],
    'gbdt_split_gain_maximum.py': [
        ('        return jnp.maximum(self.gather(gains), 0.0)',
         '        return self.gather(jnp.maximum(gains, 0.0))'),
    ],
    'gbdt_trees_tree_map_tlag.py': [
        ('        leaves = top_level_all_gather(placed["leaf_values"], EXPORT["leaf_values"])',
         '        leaves = jax.reshard(placed["leaf_values"], P(None, None))'),
    ],
    'gc_export_forecast_jit_tlag.py': [
        ('        plotted = top_level_all_gather(forecast, LAYOUT["plot"])',
         '        plotted = jax.reshard(forecast, P(None, None))'),
    ],
    'gc_grid2mesh_latent_regather.py': [
        ('        return jax.lax.all_gather(z, axes, axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(jax.lax.pcast(z, self.cfg.latent_axis, to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'gc_loss_latitude_pmean.py': [
        ('        return jax.lax.pmean(per_lat, mesh.axis_names)',
         '        return jax.lax.pmean(jax.lax.pcast(per_lat, "channel", to="varying"), mesh.axis_names)'),
    ],
    'gc_mesh2grid_reduced_psum.py': [
        ('    return jax.lax.psum(per_point, axis)',
         '    return jax.lax.psum(jax.lax.pcast(per_point, axis, to="varying"), axis)'),
    ],
    'gc_processor_edge_total_gather.py': [
        ('    return GATHERS["to_reduced"](total, "nodes")',
         '    return GATHERS["to_reduced"](jax.lax.pcast(total, "nodes", to="varying"), "nodes")'),
    ],
    'gc_residual_gathered_scale.py': [
        ('        return g * self.cfg.residual_scale',
         '        return jax.lax.all_gather(h * self.cfg.residual_scale, self.axis, axis=0, tiled=True, to="reduced")'),
    ],
    'ising_boundary_ppermute.py': [
        ('        from_above = jax.lax.ppermute(edges, AXIS, [(i, (i + 1) % N_DEV) for i in range(N_DEV)])',
         '        from_above = jax.lax.ppermute(jax.lax.pcast(edges, AXIS, to="varying"), AXIS, [(i, (i + 1) % N_DEV) for i in range(N_DEV)])'),
    ],
    'ising_energy_pmean_rows.py': [
        ('    return mean_over_lattice(e)',
         '    return mean_over_lattice(jax.lax.pcast(e, "cols", to="varying"))'),
    ],
    'ising_lattice_shard_map_tlag.py': [
        ('        snap = top_level_all_gather(spins, LAYOUTS.snapshot)',
         '        snap = top_level_all_gather(spins, P(None, "cols", reduced={"rows"}))'),
    ],
    'ising_magnetisation_gather.py': [
        ('    metrics["m_per_row_block"] = jax.lax.all_gather(metrics["magnetisation"][None], "rows", tiled=True, to="reduced")',
         '    metrics["m_per_row_block"] = jax.lax.all_gather(jax.lax.pcast(metrics["magnetisation"][None], "rows", to="varying"), "rows", tiled=True, to="reduced")'),
    ],
    'ising_spins_regather.py': [
        ('        return jax.lax.all_gather(full_rows, cfg["axes"], axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(jax.lax.pcast(full_rows, cols_axis, to="varying"), cfg["axes"], axis=0, tiled=True, to="reduced")'),
    ],
    'pcd_dict_device_put_tlag.py': [
        ('    return top_level_all_gather(batch[key], GATHER_SPECS[key])',
         '    return jax.reshard(batch[key], GATHER_SPECS[key])'),
    ],
    'pcd_global_feature_max_gather.py': [
        ('    return jax.lax.all_gather(g, axis, axis=0, tiled=True, to="reduced")',
         '    return jax.lax.all_gather(jax.lax.pcast(g, axis, to="varying"), axis, axis=0, tiled=True, to="reduced")'),
    ],
    'pcd_logits_softmax.py': [
        ('    probs = jax.nn.softmax(jax.lax.all_gather(logits, "cls", axis=1, tiled=True, to="reduced"), axis=-1)',
         '    probs = jax.nn.softmax(jax.lax.all_gather(logits, "cls", axis=1, tiled=True, to="invarying"), axis=-1)'),
    ],
    'pcd_tnet_regather.py': [
        ('        return jax.lax.all_gather(rows, mesh.axis_names, axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(jax.lax.pcast(rows, feat_axis, to="varying"), mesh.axis_names, axis=0, tiled=True, to="reduced")'),
    ],
    'rwkv_channel_mix_relu.py': [
        ('    k = jnp.square(jax.nn.relu(kk))',
         '    k = gather_hidden(jnp.square(jax.nn.relu(x @ w_k)))'),
    ],
    'rwkv_decay_pmax.py': [
        ('        w_max = jax.lax.pmax(w, HEADS)',
         '        w_max = jax.lax.pmax(jax.lax.pcast(w, HEADS, to="varying"), HEADS)'),
    ],
    'rwkv_group_norm_namedtuple.py': [
        ('    return jax.lax.pmean(jnp.mean(var), tuple(axes))',
         '    return jax.lax.pmean(jax.lax.pcast(jnp.mean(var), axes.heads, to="varying"), tuple(axes))'),
    ],
    'rwkv_state_regather.py': [
        ('        return jax.lax.all_gather(per_head, cfg.axes, axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(jax.lax.pcast(per_head, cfg.head_axis, to="varying"), cfg.axes, axis=0, tiled=True, to="reduced")'),
    ],
    'rwkv_token_count_env_gather.py': [
        ('    return jax.lax.all_gather(n_tokens, axis, tiled=True, to="reduced")',
         '    return jax.lax.all_gather(jax.lax.pcast(n_tokens, axis, to="varying"), axis, tiled=True, to="reduced")'),
    ],
    'vtrace_baseline_regather.py': [
        ('    return jax.lax.all_gather(full_unroll, AXES, axis=0, tiled=True, to="reduced")',
         '    return jax.lax.all_gather(jax.lax.pcast(full_unroll, TIME, to="varying"), AXES, axis=0, tiled=True, to="reduced")'),
    ],
    'vtrace_entropy_pmean_enum.py': [
        ('    return jax.lax.pmean(jnp.mean(step_ent), tuple(a.value for a in Axis))',
         '    return jax.lax.pmean(jax.lax.pcast(jnp.mean(step_ent), Axis.ACTORS.value, to="varying"), tuple(a.value for a in Axis))'),
    ],
    'vtrace_loader_tlag.py': [
        ('            rewards = top_level_all_gather(batch["rewards"], P(None))',
         '            rewards = top_level_all_gather(batch["rewards"], P(None, reduced={"actors"}))'),
    ],
    'vtrace_pg_adv_mean.py': [
        ('    return jnp.mean(jax.lax.all_gather(adv, "time", axis=1, tiled=True, to="reduced"), axis=0)',
         '    return jax.lax.all_gather(jnp.mean(adv, axis=0), "time", axis=0, tiled=True, to="reduced")'),
    ],
    'vtrace_values_all_to_all.py': [
        ('    return rebucket(full, T_AXIS)',
         '    return rebucket(jax.lax.pcast(full, T_AXIS, to="varying"), T_AXIS)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
