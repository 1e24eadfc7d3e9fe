"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout12/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved before the
gather or a gather to `'invarying'`). Written by hand from the bug, not from shardfix. A program
that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # SF101
    'lbm_mass_history_gather.py': [
        ('all_gather(mass[None], "sx",',
         'all_gather(jax.lax.pcast(mass[None], "sx", to="varying"), "sx",'),
    ],
    'cg_residual_norm_history.py': [
        ('all_gather(norms, ROWS,',
         'all_gather(jax.lax.pcast(norms, ROWS, to="varying"), ROWS,'),
    ],
    'kalman_innovation_pmean_gather.py': [
        ('all_gather(spread, cfg.member_axis,',
         'all_gather(jax.lax.pcast(spread, cfg.member_axis, to="varying"), cfg.member_axis,'),
    ],
    'pagerank_mass_invarying_regather.py': [
        ('share(dangling, to="reduced")',
         'share(jax.lax.pcast(dangling, SRC, to="varying"), to="reduced")'),
    ],
    'portfolio_risk_budget_yaml.py': [
        ('all_gather(utility[None], (SCEN, ASSET),',
         'all_gather(jax.lax.pcast(utility[None], (SCEN, ASSET), to="varying"), (SCEN, ASSET),'),
    ],
    'qsim_norm_check_legacy_shard_map.py': [
        ('all_gather(norm[None], AMP,',
         'all_gather(jax.lax.pcast(norm[None], AMP, to="varying"), AMP,'),
    ],
    'video_temporal_pool_gather.py': [
        ('all_gather(summary, self.time_axis,',
         'all_gather(jax.lax.pcast(summary, self.time_axis, to="varying"), self.time_axis,'),
    ],
    # SF102
    'keras_sequential_export_gather.py': [
        ('all_gather(kernel, (FSDP, TP),',
         'all_gather(jax.lax.pcast(kernel, FSDP, to="varying"), (FSDP, TP),'),
    ],
    'ocean_ssh_snapshot_gather.py': [
        ('all_gather(zonal, ("ox", "oy"),',
         'all_gather(jax.lax.pcast(zonal, "oy", to="varying"), ("ox", "oy"),'),
    ],
    'countmin_sketch_merge_gather.py': [
        ('all_gather(rows, (DEPTH_AXIS, WIDTH_AXIS),',
         'all_gather(jax.lax.pcast(rows, WIDTH_AXIS, to="varying"), (DEPTH_AXIS, WIDTH_AXIS),'),
    ],
    'rlhf_value_head_snapshot.py': [
        ('all_gather(w_full, tuple(AXES),',
         'all_gather(jax.lax.pcast(w_full, AXES.model, to="varying"), tuple(AXES),'),
    ],
    'spmv_block_values_regather.py': [
        ('all_gather(blocks, axes, axis=1,',
         'all_gather(jax.lax.pcast(blocks, axes[0], to="varying"), axes, axis=1,'),
    ],
    'video_tubelet_embed_legacy_kw.py': [
        ('all_gather(rows, (h_ax, t_ax),',
         'all_gather(jax.lax.pcast(rows, t_ax, to="varying"), (h_ax, t_ax),'),
    ],
    'kalman_ensemble_archive_regather.py': [
        ('all_gather(field, axes,',
         'all_gather(jax.lax.pcast(field, self.grid_axis, to="varying"), axes,'),
    ],
    # SF103
    'lbm_stream_edge_ppermute.py': [
        ('ppermute(profile, X,',
         'ppermute(jax.lax.pcast(profile, X, to="varying"), X,'),
    ],
    'kalman_gain_covariance_psum.py': [
        ('psum(jnp.sum(full), self.axis)',
         'psum(jax.lax.pcast(jnp.sum(full), self.axis, to="varying"), self.axis)'),
    ],
    'diffusion_cfg_text_embed_pmean.py': [
        ('pmean(table_full.sum(0), VOCAB)',
         'pmean(jax.lax.pcast(table_full.sum(0), VOCAB, to="varying"), VOCAB)'),
    ],
    'pagerank_block_rebucket_all_to_all.py': [
        ('all_to_all(blocks, NODES,',
         'all_to_all(jax.lax.pcast(blocks, NODES, to="varying"), NODES,'),
    ],
    'histogram_sketch_psum_scatter.py': [
        ('psum_scatter(c, axis, tiled=True)',
         'psum_scatter(jax.lax.pcast(c, axis, to="varying"), axis, tiled=True)'),
    ],
    'qsim_amplitude_swap_gather.py': [
        ('all_gather(probs, Ax.GLOBAL.value, axis=1, tiled=True)',
         'all_gather(jax.lax.pcast(probs, Ax.GLOBAL.value, to="varying"), Ax.GLOBAL.value, axis=1, tiled=True)'),
    ],
    'config_sweep_param_norm_psum.py': [
        ('psum(sq, cfg["axis"])',
         'psum(jax.lax.pcast(sq, cfg["axis"], to="varying"), cfg["axis"])'),
    ],
    # SF104
    'tlag_video_clip_loader.py': [
        ('P(None, "frames"))',
         'P(None, "frames", reduced={"clips"}))'),
    ],
    'tlag_adamw_moments_tree_map.py': [
        ('top_level_all_gather(opt["nu"]["embed"], EXPORT["embed"])',
         'jax.reshard(opt["nu"]["embed"], P("model", None))'),
    ],
    'tlag_kalman_jit_out_shardings.py': [
        ('top_level_all_gather(cov, P("y", None, reduced={"x"}))',
         'jax.reshard(cov, P("y", None))'),
    ],
    'tlag_ocean_shard_map_tiles.py': [
        ('top_level_all_gather(tracer, GRID.rows)',
         'top_level_all_gather(tracer, P(None, GRID.y_axis, reduced={GRID.x_axis}))'),
    ],
    'tlag_portfolio_report_after_mesh.py': [
        ('\n    return report(w)',
         '\n        return report(w)'),
    ],
    'tlag_pagerank_reshard_three_axes.py': [
        ('top_level_all_gather(rank, P(ALL[:2], reduced={ALL[2]}))',
         'jax.reshard(rank, P(ALL[:2]))'),
    ],
    'tlag_sketch_tables_device_put.py': [
        ('top_level_all_gather(placed["counts"], EXPORT["counts"])',
         'jax.reshard(placed["counts"], P("width", None))'),
    ],
    # SF105
    'cg_2d_dot_all_axes.py': [
        ('psum(jnp.vdot(u, v), (R, C))',
         'psum(jax.lax.pcast(jnp.vdot(u, v), C, to="varying"), (R, C))'),
    ],
    'lbm_momentum_axes_loop.py': [
        ('psum(jnp.sum(col_momentum), tuple(axes))',
         'psum(jax.lax.pcast(jnp.sum(col_momentum), axes[0], to="varying"), tuple(axes))'),
    ],
    'kalman_loglik_pmean_settings.py': [
        ('pmean(ll, settings.mesh_axes)',
         'pmean(jax.lax.pcast(ll, settings.space, to="varying"), settings.mesh_axes)'),
    ],
    'keras_fit_metrics_pmean.py': [
        ('pmean(v, MESH_AXES)',
         'pmean(jax.lax.pcast(v, "model", to="varying"), MESH_AXES)'),
    ],
    'video_grad_accum_scan_psum.py': [
        ('pmean(grads, SYNC_AXES)',
         'pmean(jax.lax.pcast(grads, DATA, to="varying"), SYNC_AXES)'),
    ],
    'qsim_expectation_psum_scatter.py': [
        ('psum_scatter(per_circuit, (CIRC, AMPS),',
         'psum_scatter(jax.lax.pcast(per_circuit, AMPS, to="varying"), (CIRC, AMPS),'),
    ],
    'ppo_advantage_norm_enum_axes.py': [
        ('pmean(adv.mean(), MeshAxis.all())',
         'pmean(jax.lax.pcast(adv.mean(), MeshAxis.TP.value, to="varying"), MeshAxis.all())'),
    ],
    # SF106
    'cg_jacobi_preconditioner_lambda.py': [
        ('all_gather(local_diagonal(a_blk), ROWS, tiled=True, to="reduced")\n'
         '        m_inv = PRECONDITIONERS[kind](diag)',
         'all_gather(PRECONDITIONERS[kind](local_diagonal(a_blk)), ROWS, tiled=True, to="reduced")\n'
         '        m_inv = diag'),
    ],
    'portfolio_weights_clip_gathered.py': [
        ('w = self.full_weights(w_blk)\n        return jnp.clip(w, self.limits.lo, self.limits.hi)',
         'return self.full_weights(jnp.clip(w_blk, self.limits.lo, self.limits.hi))'),
    ],
    'diffusion_cfg_guided_eps.py': [
        ('    eps_c = gather_channels(unet_eps(x_blk, cond_blk))\n'
         '    eps_u = gather_channels(unet_eps(x_blk, null_blk))\n'
         '    return eps_u + GUIDANCE_SCALE * (eps_c - eps_u)',
         '    eps_c = unet_eps(x_blk, cond_blk)\n'
         '    eps_u = unet_eps(x_blk, null_blk)\n'
         '    return gather_channels(eps_u + GUIDANCE_SCALE * (eps_c - eps_u))'),
    ],
    'countmin_heavy_hitters_threshold.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={axis}))', 'out_specs=P(None))'),
    ],
    'video_temporal_attention_softmax.py': [
        ('full = jax.lax.all_gather(scores, TIME, axis=1, tiled=True, to="reduced")\n'
         '    return jax.nn.softmax(full, axis=-1)',
         'full = jax.lax.all_gather(jax.nn.softmax(scores, axis=-1), TIME, axis=1, tiled=True,'
         ' to="reduced")\n    return full'),
    ],
    'qsim_state_normalise_gathered.py': [
        ('full = jax.lax.all_gather(psi_blk, AMP, tiled=True, to="reduced")\n    return full / norm',
         'full = jax.lax.all_gather(psi_blk / norm, AMP, tiled=True, to="reduced")\n    return full'),
    ],
    'rlhf_reward_whiten_table_mean.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
