"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout153/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the gather where the program's literal meaning is kept (SF101), the axes the code meant
(the right config entry, level table, layout or axis attribute), the variable that was meant
(the local block instead of the gathered one), `multi_dim=True`, a context mesh or a prefix
layout for `top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` or the arithmetic moved before the gather (with the out spec that no longer
says reduced). A program that still fails after its fix hides a second error: every fixed copy
must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    # summa_*
    'summa_row_checksum.py': [
        ('self.report_axis = self.col_axis',
         'self.report_axis = self.row_axis'),
    ],
    'summa_panel_log.py': [
        ('self.log_axes = tuple(mesh.axis_names)',
         'self.log_axes = (self.row_axis,)'),
    ],
    'summa_col_scaling.py': [
        ('norms = column_norms(b_col)',
         'norms = column_norms(b)'),
    ],
    'summa_export.py': [
        ('reduced=axes[1:]',
         'reduced=axes'),
    ],
    'summa_fro_norm.py': [
        ('jnp.sqrt(jax.lax.psum(jnp.sum(rows), AX.both))',
         'jnp.sqrt(jax.lax.psum(jnp.sum(rows), AX.row))'),
    ],
    'summa_gemm_update.py': [
        ('a_row = self.alpha * self._a_panel(a)',
         'a_row = self._a_panel(self.alpha * a)'),
    ],
    # chol_*
    'chol_gram_factor.py': [
        ('trace = jax.lax.all_gather(pivots, mon, to="reduced")',
         'trace = jax.lax.all_gather(jax.lax.pcast(pivots, mon, to="varying"), mon, to="reduced")'),
    ],
    'chol_trailing_update.py': [
        ('return tuple(self.mesh.axis_names)',
         'return (self.row_axis,)'),
    ],
    'chol_refine.py': [
        ('return x + corr, STATS["resid_norm"](r_all)',
         'return x + corr, STATS["resid_norm"](r_loc)'),
    ],
    'chol_factor_export.py': [
        ('return top_level_all_gather(l, self.host_spec)',
         'return top_level_all_gather(l, self.host_spec, multi_dim=True)'),
    ],
    'chol_logdet.py': [
        ('logdet = jax.lax.psum(self._logdet_part(l_rows), self.grid_axes)',
         'logdet = jax.lax.psum(self._logdet_part(l_rows), self.row_axis)'),
    ],
    'chol_jacobi_scale.py': [
        ('d_all = jax.lax.all_gather(d, row_axis, tiled=True, to="reduced")',
         'd_all = jax.lax.all_gather(d, row_axis, tiled=True, to="invarying")'),
    ],
    # tsqr_*
    'tsqr_r_agreement.py': [
        ('replicas = jax.lax.all_gather(jnp.diagonal(r), AXIS, to="reduced")',
         'replicas = jax.lax.all_gather(jax.lax.pcast(jnp.diagonal(r), AXIS, to="varying"), AXIS, to="reduced")'),
    ],
    'tsqr_two_level.py': [
        ('LEVELS = [("core",), ("node", "core")]',
         'LEVELS = [("core",), ("node",)]'),
    ],
    'tsqr_butterfly.py': [
        ('            r = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")\n            local = r\n',
         '            local = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")\n'),
    ],
    'tsqr_q_export.py': [
        ('return top_level_all_gather(q, STAGE_LAYOUT[stage])',
         'return jax.reshard(q, STAGE_LAYOUT[stage])'),
    ],
    'tsqr_residual.py': [
        ('total = jax.lax.psum(per_node, ALL)',
         'total = jax.lax.psum(per_node, NODE)'),
    ],
    'tsqr_graded.py': [
        ('return jax.lax.all_gather(r1, self.axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(r1, self.axis, axis=0, tiled=True, to="invarying")'),
    ],
    # power_*
    'power_step_relayout.py': [
        ('AXES = {"matvec_sum": "cols", "assemble": "cols"}',
         'AXES = {"matvec_sum": "cols", "assemble": "rows"}'),
    ],
    'power_deflation.py': [
        ('return jax.lax.all_gather(along_row, (self.rows, self.cols), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(along_row, self.rows, axis=0, tiled=True, to="reduced")'),
    ],
    'power_maxnorm.py': [
        ('scale = jnp.max(jax.lax.pmax(jnp.abs(y_full), ROWS))',
         'scale = jnp.max(jax.lax.pmax(jnp.abs(y), ROWS))'),
    ],
    'power_vector_export.py': [
        ('return P(None, reduced=set(self.mesh.axis_names))',
         'return P(None, reduced={self.mesh.axis_names[0]})'),
    ],
    'power_rayleigh.py': [
        ('return jax.lax.psum(jnp.sum(x_rows * y_rows), self.grid_axes)',
         'return jax.lax.psum(jnp.sum(x_rows * y_rows), self.prow)'),
    ],
    'power_shifted.py': [
        ('y_all = jax.lax.all_gather(y, rows, tiled=True, to="reduced")',
         'y_all = jax.lax.all_gather(y, rows, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={rows})))',
         'out_specs=P()))'),
    ],
    # cg_*
    'cg_residual_profile.py': [
        ('return jax.lax.all_gather(per_plane, DIM_AXES["i"], tiled=True, to="reduced")',
         'return jax.lax.all_gather(per_plane, k_axis, tiled=True, to="reduced")'),
    ],
    'cg_plane_snapshot.py': [
        ('SNAPSHOT = {"column_axis": "z", "plane_axes": ("x", "y", "z")}',
         'SNAPSHOT = {"column_axis": "z", "plane_axes": ("x",)}'),
    ],
    'cg_variable_coeff.py': [
        ('return jax.lax.pmax(jnp.sum(spread, axis=2), bricks.axes)',
         'return jax.lax.pmax(jnp.sum(spread, axis=2), bricks.axes[:2])'),
    ],
    'cg_pencil_export.py': [
        ('return rng.standard_normal((8, 8, 8)).astype(np.float32), "x_pencils"',
         'return rng.standard_normal((8, 8, 8)).astype(np.float32), "z_pencils"'),
    ],
    'cg_energy_norm.py': [
        ('    total = jax.lax.psum(slab, GRID_AXES)',
         '    total = jax.lax.psum(slab, "z")'),
    ],
    'cg_line_jacobi.py': [
        ('    line = jax.lax.all_gather(r, "z", axis=2, tiled=True, to="reduced")',
         '    line = jax.lax.all_gather(r, "z", axis=2, tiled=True, to="invarying")'),
    ],
    # fft_*
    'fft_parseval_log.py': [
        ('    log = jax.lax.all_gather(energy, PX, to="reduced")',
         '    log = jax.lax.all_gather(jax.lax.pcast(energy, PX, to="varying"), PX, to="reduced")'),
    ],
    'fft_spectrum_collect.py': [
        ('COLLECT = {"row_axis": "py", "grid_axes": ("px", "py")}',
         'COLLECT = {"row_axis": "py", "grid_axes": ("px",)}'),
    ],
    'fft_roundtrip.py': [
        ('PEN.backward(amp_rows), mean_amp',
         'PEN.backward(amp), mean_amp'),
    ],
    'fft_slab_export.py': [
        ('    return rng.standard_normal((32, 32)).astype(np.float32), "py"',
         '    return rng.standard_normal((32, 32)).astype(np.float32), "px"'),
    ],
    'fft_band_energy.py': [
        ('        self.reduce_over = tuple(mesh.axis_names)',
         '        self.reduce_over = mesh.axis_names[0]'),
    ],
    'fft_lowpass.py': [
        ('rows = jax.lax.all_gather(blk, py, axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(blk, py, axis=1, tiled=True, to="invarying")'),
    ],
    # tri_*
    'tri_spike_interface.py': [
        ('    halo = jax.lax.all_gather(z, AXIS, to="reduced")',
         '    halo = jax.lax.all_gather(jax.lax.pcast(z, AXIS, to="varying"), AXIS, to="reduced")'),
    ],
    'tri_batched_jacobi.py': [
        ('    report_axes = tuple(LAYOUT.values())',
         '    report_axes = (LAYOUT["systems"],)'),
    ],
    'tri_jacobi_residual.py': [
        ('    return x_all, op.residual_norm(x_all, d)',
         '    return x_all, op.residual_norm(x, d)'),
    ],
    'tri_solution_export.py': [
        ('    full = np.asarray(solver.replicate(x))\n',
         '    with jax.set_mesh(mesh):\n        full = np.asarray(solver.replicate(x))\n'),
    ],
    'tri_batch_residuals.py': [
        ('    total = jax.lax.psum(jnp.sum(per_system), (SYSTEM_AXIS, UNKNOWN_AXIS))',
         '    total = jax.lax.psum(jnp.sum(per_system), SYSTEM_AXIS)'),
    ],
    'tri_shifted_diag.py': [
        ('        diag = self.whole(b, to="reduced") + self.sigma',
         '        diag = self.whole(b) + self.sigma'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
