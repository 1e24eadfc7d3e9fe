"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout51/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the failing collective or tuple reduction (the SF105 fixes inside a `jax.tree.map` cast
only the leaves that are not varying on the axis), `jax.reshard`, `multi_dim=True`, a context
mesh or the missing `reduced=` axis for `top_level_all_gather`, and for the SF106 programs the
producer's gather changed to `to='invarying'`. A program that still fails after its fix hides a
second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # optax-like gradient transformations
    'tx_adam_bias_correction.py': [
        ('mu_full = jax.lax.all_gather(mu, shard_axis, axis=1, tiled=True, to="reduced")',
         'mu_full = jax.lax.all_gather(mu, shard_axis, axis=1, tiled=True, to="invarying")'),
        ('nu_full = jax.lax.all_gather(nu, shard_axis, axis=1, tiled=True, to="reduced")',
         'nu_full = jax.lax.all_gather(nu, shard_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'tx_clip_by_global_norm.py': [
        ('all_gather(g_norm[None], axis_name,',
         'all_gather(jax.lax.pcast(g_norm[None], axis_name, to="varying"), axis_name,'),
    ],
    'tx_ema_params.py': [
        ('all_gather(c, gather_axes,',
         'all_gather(jax.lax.pcast(c, MODEL_AXIS, to="varying"), gather_axes,'),
    ],
    'tx_lookahead_sync.py': [
        ('pmean(shared, self.axis_name)',
         'pmean(jax.lax.pcast(shared, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'tx_mean_grads.py': [
        ('return jax.tree.map(reduce, updates), state',
         'return jax.tree.map(lambda u: reduce(u if "model" in jax.typeof(u).mat.varying else jax.lax.pcast(u, "model", to="varying")), updates), state'),
    ],
    'tx_opt_state_export.py': [
        ('out[field] = top_level_all_gather(getattr(state, field), getattr(EXPORT_LAYOUT, field))',
         'out[field] = jax.reshard(getattr(state, field), getattr(EXPORT_LAYOUT, field))'),
    ],
    # preconditioned optimizers (LAMB, Shampoo, Adafactor)
    'pre_adafactor_factored.py': [
        ('psum(v_col_full, col_axis)',
         'psum(jax.lax.pcast(v_col_full, col_axis, to="varying"), col_axis)'),
    ],
    'pre_adafactor_rms.py': [
        ('pmean(jnp.mean(update * update), axis_name=axes)',
         'pmean(jnp.mean(update * update) if "tensor" in jax.typeof(update).mat.varying else jax.lax.pcast(jnp.mean(update * update), "tensor", to="varying"), axis_name=axes)'),
    ],
    'pre_lamb_trust_ratio.py': [
        ('all_gather(r[None], axis_name,',
         'all_gather(jax.lax.pcast(r[None], axis_name, to="varying"), axis_name,'),
    ],
    'pre_lamb_update.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'pre_shampoo_checkpoint.py': [
        ('"right": P("fsdp", None),',
         '"right": P("fsdp", None, reduced={"tensor"}),'),
    ],
    'pre_shampoo_stats.py': [
        ('all_gather(right, self.axes,',
         'all_gather(jax.lax.pcast(right, self.col_axis, to="varying"), self.axes,'),
    ],
    # line searches
    'ls_armijo_backtracking.py': [
        ('all_gather(slope, self.param_axis,',
         'all_gather(jax.lax.pcast(slope, self.param_axis, to="varying"), self.param_axis,'),
    ],
    'ls_curvature_condition.py': [
        ('pmean(local, reduce_axes)',
         'pmean(jax.lax.pcast(local, param_axis, to="varying"), reduce_axes)'),
    ],
    'ls_hager_zhang_secant.py': [
        ('lo_next = pass_right(lo_full,',
         'lo_next = pass_right(jax.lax.pcast(lo_full, axis_name, to="varying"),'),
    ],
    'ls_initial_step.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'ls_trace_dump.py': [
        ('    return logger.dump(trace)\n',
         '    with jax.set_mesh(mesh):\n        return logger.dump(trace)\n'),
    ],
    'ls_zoom_bracket.py': [
        ('return jax.lax.all_gather(table, axes,',
         'return jax.lax.all_gather(jax.lax.pcast(table, "param", to="varying"), axes,'),
    ],
    # iterative linear solvers
    'cg_bicgstab_shadow.py': [
        ('all_gather(r_hat, everywhere,',
         'all_gather(jax.lax.pcast(r_hat, "rows", to="varying"), everywhere,'),
    ],
    'cg_chebyshev_iteration.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'cg_gmres_arnoldi.py': [
        ('all_gather(w_full, axis, axis=0)',
         'all_gather(jax.lax.pcast(w_full, axis, to="varying"), axis, axis=0)'),
    ],
    'cg_jacobi_precond.py': [
        ('psum(jnp.sum(inv_diag), self.axes)',
         'psum(jax.lax.pcast(jnp.sum(inv_diag), "rhs", to="varying"), self.axes)'),
    ],
    'cg_solution_export.py': [
        ('reduced={rhs_axis, row_axis}))',
         'reduced={rhs_axis, row_axis}), multi_dim=True)'),
    ],
    'cg_solve_info.py': [
        ('all_gather(state.rs, row_axis,',
         'all_gather(jax.lax.pcast(state.rs, row_axis, to="varying"), row_axis,'),
    ],
    # ODE integrators
    'ode_adaptive_step.py': [
        ('pmax(shared, self.axis_name)',
         'pmax(jax.lax.pcast(shared, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'ode_dopri_error_norm.py': [
        ('all_gather(field, axis_name=',
         'all_gather(jax.lax.pcast(field, self.space_axis, to="varying"), axis_name='),
    ],
    'ode_implicit_euler.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'ode_rate_field.py': [
        ('pmean(jnp.mean(rates), self.axes)',
         'pmean(jax.lax.pcast(jnp.mean(rates), "ens", to="varying"), self.axes)'),
    ],
    'ode_rk4_energy.py': [
        ('all_gather(total, axis_name,',
         'all_gather(jax.lax.pcast(total, axis_name, to="varying"), axis_name,'),
    ],
    'ode_trajectory_save.py': [
        ('default="ens,none")',
         'default="ens,none")\n    parser.add_argument("--save-reduced", default="space")'),
        ('return top_level_all_gather(y, layout(args.save_layout))',
         'return top_level_all_gather(y, P(*layout(args.save_layout), reduced={args.save_reduced}))'),
    ],
    # sparse / segment ops
    'seg_coo_spmm.py': [
        ('return jax.lax.all_gather(y, axis_name,',
         'return jax.lax.all_gather(jax.lax.pcast(y, axis_name, to="varying"), axis_name,'),
    ],
    'seg_embedding_bag.py': [
        ('all_gather(wide, (self.bag_axis',
         'all_gather(jax.lax.pcast(wide, self.dim_axis, to="varying"), (self.bag_axis'),
    ],
    'seg_scatter_reduce.py': [
        ('psum_scatter(table, axis_name,',
         'psum_scatter(jax.lax.pcast(table, axis_name, to="varying"), axis_name,'),
    ],
    'seg_segment_mean.py': [
        ('psum(counts, axes)',
         'psum(jax.lax.pcast(counts, axes[1], to="varying"), axes)'),
    ],
    'seg_segment_softmax.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'seg_sparse_export.py': [
        ('"block_values": functools.partial(top_level_all_gather, out_sharding=P("feat", None, reduced={"nnz"})),',
         '"block_values": functools.partial(jax.reshard, out_shardings=P("feat", None)),'),
    ],
    # distributed L-BFGS
    'lbfgs_direction_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'lbfgs_gamma_scaling.py': [
        ('psum(jnp.vdot(a, b), self.axis_names)',
         'psum(jax.lax.pcast(jnp.vdot(a, b), "dp", to="varying"), self.axis_names)'),
    ],
    'lbfgs_history_push.py': [
        ('all_gather(per_restart, axis_name=',
         'all_gather(jax.lax.pcast(per_restart, shard_axis, to="varying"), axis_name='),
    ],
    'lbfgs_history_relayout.py': [
        ('all_to_all(full, self.shard_axis,',
         'all_to_all(jax.lax.pcast(full, self.shard_axis, to="varying"), self.shard_axis,'),
    ],
    'lbfgs_state_checkpoint.py': [
        ('y_hist=P(None, None))',
         'y_hist=P(None, None, reduced={"mp"}))'),
    ],
    'lbfgs_two_loop.py': [
        ('all_gather(jnp.stack(alphas), axis_name,',
         'all_gather(jax.lax.pcast(jnp.stack(alphas), axis_name, to="varying"), axis_name,'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
