"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout81/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call uses legally), a context mesh or a prefix out spec for `top_level_all_gather`, and for the
SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that no longer
names a reduced axis). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # ode_*
    'ode_error_norm.py': [
        ('return jax.lax.all_gather(sq, self.norm_axis,',
         f'return jax.lax.all_gather({PC}(sq, self.norm_axis, to="varying"), self.norm_axis,'),
    ],
    'ode_dense_output.py': [
        ('return gather_reduced(local, AXES)',
         f'return gather_reduced({PC}(local, AXES[1], to="varying"), AXES)'),
    ],
    'ode_saveat_norm.py': [
        ('total = jax.lax.psum(saved, saveat.gather_over)',
         f'total = jax.lax.psum({PC}(saved, saveat.gather_over, to="varying"), saveat.gather_over)'),
    ],
    'ode_checkpoint_export.py': [
        ('        ys = jax.jit(explicit_euler)(ys)\n    saved',
         '        ys = jax.jit(explicit_euler)(ys)\n        saved'),
    ],
    'ode_stage_sum.py': [
        ('return jax.lax.psum(jnp.sum(k * k), axes)',
         f'return jax.lax.psum({PC}(jnp.sum(k * k), "state", to="varying"), axes)'),
    ],
    'ode_scaled_ys.py': [
        ('jax.lax.all_gather(y0, self.gather_axis, to="reduced", tiled=True)',
         'jax.lax.all_gather(y0, self.gather_axis, to="invarying", tiled=True)'),
        ('out_specs=P(None, STATE_AXIS, reduced={BATCH_AXIS})',
         'out_specs=P(None, STATE_AXIS)'),
    ],
    # ctrl_*
    'ctrl_dt_broadcast.py': [
        ('return broadcast_reduced(worst, self.axis_name)',
         f'return broadcast_reduced({PC}(worst, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'ctrl_history_gather.py': [
        ('return self.history.collect(per_dim)',
         f'return self.history.collect({PC}(per_dim, PATHS, to="varying"))'),
    ],
    'ctrl_max_error.py': [
        ('return jax.lax.pmax(per_path, self.path_axis)',
         f'return jax.lax.pmax({PC}(per_path, self.path_axis, to="varying"), self.path_axis)'),
    ],
    'ctrl_step_log.py': [
        ('    print([e.shape for e in log.flush()])',
         '    with jax.set_mesh(mesh):\n        print([e.shape for e in log.flush()])'),
    ],
    'ctrl_pid_error.py': [
        ('return jax.lax.pmean(path_sq, self.norm_axes)',
         f'return jax.lax.pmean({PC}(path_sq, self.norm_axes[1], to="varying"), self.norm_axes)'),
    ],
    'ctrl_accept_mask.py': [
        ('jax.lax.all_gather(err, self.axis, axis=1, to="reduced", tiled=True)',
         'jax.lax.all_gather(err, self.axis, axis=1, to="invarying", tiled=True)'),
        ('out_specs=P(PATH_AXIS, None, reduced={DIM_AXIS})',
         'out_specs=P(PATH_AXIS, None)'),
    ],
    # lin_*
    'lin_cg_residual.py': [
        ('return jax.lax.all_gather(rr, self.axis_name,',
         f'return jax.lax.all_gather({PC}(rr, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'lin_block_gather.py': [
        ('return to_reduced(column, self.panel_axes, axis=1)',
         f'return to_reduced({PC}(column, self.block_axis, to="varying"), self.panel_axes, axis=1)'),
    ],
    'lin_newton_shift.py': [
        ('return self._halo(full)',
         f'return self._halo({PC}(full, self.axis_name, to="varying"))'),
        ('out_specs=P("batch", None, reduced={"unknowns"})',
         'out_specs=P("batch", "unknowns")'),
    ],
    'lin_solution_gather.py': [
        ('"solution": P(RHS, None, reduced={ROWS}),',
         '"solution": P(ROWS, None, reduced={RHS}),'),
    ],
    'lin_operator_matvec.py': [
        ('return jax.lax.psum(summed, (self.row_axis, self.col_axis))',
         f'return jax.lax.psum({PC}(summed, self.col_axis, to="varying"), (self.row_axis, self.col_axis))'),
    ],
    'lin_solution_stats.py': [
        ('full_x = jax.lax.all_gather(x, ROWS, to="reduced", tiled=True)',
         'full_x = jax.lax.all_gather(x, ROWS, to="invarying", tiled=True)'),
        ('out_specs=(P(RHS, reduced={ROWS}), spec)',
         'out_specs=(P(RHS), spec)'),
    ],
    # ncde_*
    'ncde_pooled_readout.py': [
        ('return jax.lax.all_gather(pooled, self.pool_axis,',
         f'return jax.lax.all_gather({PC}(pooled, self.pool_axis, to="varying"), self.pool_axis,'),
    ],
    'ncde_control_coeffs.py': [
        ('return wide.coefficients(local)',
         f'return wide.coefficients({PC}(local, "channels", to="varying"))'),
    ],
    'ncde_loss_tree.py': [
        ('return batch_mean(preds, model.batch_axis)',
         f'return batch_mean(jax.tree.map(lambda p: {PC}(p, model.batch_axis, to="varying"), preds), model.batch_axis)'),
    ],
    'ncde_export_params.py': [
        ('    exported = tree_serialise_leaves(params)',
         '    with jax.set_mesh(mesh):\n        exported = tree_serialise_leaves(params)'),
    ],
    'ncde_grad_sync.py': [
        ('return {"w": grad_w, "b": grad_b}',
         f'return {{"w": grad_w, "b": {PC}(grad_b, self.hidden_axis, to="varying")}}'),
    ],
    'ncde_softplus_head.py': [
        ('jax.lax.all_gather(ys, self.batch_axis, to="reduced", tiled=True)',
         'jax.lax.all_gather(ys, self.batch_axis, to="invarying", tiled=True)'),
        ('out_specs=P(None, CHANNEL_AXIS, reduced={BATCH_AXIS})',
         'out_specs=P(None, CHANNEL_AXIS)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
