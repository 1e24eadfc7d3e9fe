"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout63/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` of
the collective's input (of the one axis already reduced, or already summed, for tuple
reductions), the corrected layout table entry or `multi_dim=True` or a context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # algebraic multigrid
    'amg_coarse_solve_residual.py': [
        ('all_gather(total, row_axis,', f'all_gather({PC}(total, row_axis, to="varying"), row_axis,'),
    ],
    'amg_prolongation_stencil.py': [
        ('p = jax.lax.all_gather(p, GATHER_SCHEDULE[level],',
         f'p = jax.lax.all_gather({PC}(p, "fine", to="varying") if level == "coarse" else p, GATHER_SCHEDULE[level],'),
    ],
    'amg_smoother_sweeps.py': [
        ('ppermute(v, self.row_axis,', f'ppermute({PC}(v, self.row_axis, to="varying"), self.row_axis,'),
    ],
    'amg_hierarchy_dump.py': [
        ('"P1": P("vec", None, reduced={"fine"}),', '"P1": P("fine", None, reduced={"vec"}),'),
    ],
    'amg_convergence_factor.py': [
        ('return jax.lax.pmean(rate, self.axes)', f'return jax.lax.pmean({PC}(rate, self.axes[0], to="varying"), self.axes)'),
    ],
    'amg_strength_threshold.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # domain decomposition
    'dd_nicolaides_coarse_space.py': [
        ('all_gather(r0, self.cfg.component_axis,',
         f'all_gather({PC}(r0, self.cfg.component_axis, to="varying"), self.cfg.component_axis,'),
    ],
    'dd_schur_interface.py': [
        ('all_gather(block, self.axes,', f'all_gather({PC}(block, self.axes[1], to="varying"), self.axes,'),
    ],
    'dd_restricted_schwarz_overlap.py': [
        ('all_to_all(rows, axis,', f'all_to_all({PC}(rows, axis, to="varying"), axis,'),
    ],
    'dd_subdomain_checkpoint.py': [
        ('P(None, "comp"))', 'P(None, "comp", reduced={"sub"}))'),
    ],
    'dd_partition_of_unity.py': [
        ('self.reduce(jnp.sum(multiplicity > 1.0), self.axes)',
         f'self.reduce({PC}(jnp.sum(multiplicity > 1.0), self.axes[0], to="varying"), self.axes)'),
    ],
    'dd_feti_lagrange_scaling.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # graph partitioning
    'part_edge_cut_report.py': [
        ('all_gather(value, self.vertex_axis,', f'all_gather({PC}(value, self.vertex_axis, to="varying"), self.vertex_axis,'),
    ],
    'part_fiedler_vector.py': [
        ('return jax.lax.all_gather(v_full, (', f'return jax.lax.all_gather({PC}(v_full, self.vtx, to="varying"), ('),
    ],
    'part_kl_gain_exchange.py': [
        ('pmax(gains, self.cfg.vertex_axis)', f'pmax({PC}(gains, self.cfg.vertex_axis, to="varying"), self.cfg.vertex_axis)'),
    ],
    'part_assignment_export.py': [
        ('    exported = export_assignment(refined)\n',
         '    with jax.set_mesh(mesh):\n        exported = export_assignment(refined)\n'),
    ],
    'part_load_imbalance.py': [
        ('psum(ratio.sum(), axes)', f'psum({PC}(ratio.sum(), axes[0], to="varying"), axes)'),
    ],
    'part_heavy_edge_matching.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # FFT convolution
    'fftconv_filter_energy.py': [
        ('all_gather(energy, axis_name=plan.segment_axis,',
         f'all_gather({PC}(energy, plan.segment_axis, to="varying"), axis_name=plan.segment_axis,'),
    ],
    'fftconv_overlap_save_blocks.py': [
        ('all_gather(whole, axis_name=KERNEL_AXES,',
         f'all_gather({PC}(whole, KERNEL_AXES[0], to="varying"), axis_name=KERNEL_AXES,'),
    ],
    'fftconv_pencil_transpose.py': [
        ('kernel_cols = self.transpose(kernel, self.axis_name)',
         f'kernel_cols = self.transpose({PC}(kernel, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'fftconv_plan_spectrum_dump.py': [
        ('dump=P("chan", None, reduced={"seg"})', 'dump=P("seg", None, reduced={"chan"})'),
    ],
    'fftconv_welch_psd.py': [
        ('psum_scatter(psd, self.scatter_axes,',
         f'psum_scatter({PC}(psd, self.segment_axis, to="varying"), self.scatter_axes,'),
    ],
    'fftconv_window_taper.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # block-sparse matmul
    'bsmm_padded_capacity.py': [
        ('all_gather(counts, self.cfg.col_axis,', f'all_gather({PC}(counts, self.cfg.col_axis, to="varying"), self.cfg.col_axis,'),
    ],
    'bsmm_dsd_weight_gather.py': [
        ('all_gather(w_row, tuple(', f'all_gather({PC}(w_row, self.axes[-1], to="varying"), tuple('),
    ],
    'bsmm_sdd_column_scaling.py': [
        ('psum(jnp.sum(b_full * b_full, axis=0), self.k_axis)',
         f'psum({PC}(jnp.sum(b_full * b_full, axis=0), self.k_axis, to="varying"), self.k_axis)'),
    ],
    'bsmm_layout_export.py': [
        ('top_level_all_gather(w, layout("export"))', 'top_level_all_gather(w, layout("export"), multi_dim=True)'),
    ],
    'bsmm_block_norms.py': [
        ('pmean(jnp.mean(norms), cfg.norm_axes)', f'pmean({PC}(jnp.mean(norms), cfg.col_axis, to="varying"), cfg.norm_axes)'),
    ],
    'bsmm_block_magnitude_prune.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # split-K GEMM with tuned configurations
    'gemm_splitk_epilogue.py': [
        ('all_gather(out, self.split_axis,', f'all_gather({PC}(out, self.split_axis, to="varying"), self.split_axis,'),
    ],
    'gemm_stream_k_fixup.py': [
        ('all_gather(tiles, schedule["fixup_axes"],',
         f'all_gather({PC}(tiles, schedule["partial_axis"], to="varying"), schedule["fixup_axes"],'),
    ],
    'gemm_tile_scheduler.py': [
        ('psum_scatter(costs, self.worker_axis,', f'psum_scatter({PC}(costs, self.worker_axis, to="varying"), self.worker_axis,'),
    ],
    'gemm_tuned_weight_layout.py': [
        ('"col_panels": P(None, "k", reduced={"m"}),', '"col_panels": P(None, "m", reduced={"k"}),'),
    ],
    'gemm_autotune_timings.py': [
        ('pmean(slowest, self.grid_axes)', f'pmean({PC}(slowest, self.grid_axes[0], to="varying"), self.grid_axes)'),
    ],
    'gemm_fp8_scale_factors.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # eigensolvers
    'eig_lanczos_tridiagonal.py': [
        ('all_gather(diagonal, self.row_axis,', f'all_gather({PC}(diagonal, self.row_axis, to="varying"), self.row_axis,'),
    ],
    'eig_lobpcg_gram.py': [
        ('all_gather(x_full, self.AXES,', f'all_gather({PC}(x_full, self.AXES[0], to="varying"), self.AXES,'),
    ],
    'eig_subspace_rotation.py': [
        ('all_gather(ritz, block_axis,', f'all_gather({PC}(ritz, block_axis, to="varying"), block_axis,'),
    ],
    'eig_ritz_export.py': [
        ('return P(*(None if d == "none" else d for d in text.split(",")))',
         'return P(*(None if d == "none" else d for d in text.split(",")), reduced={"row"} if text == "none,vec" else set())'),
    ],
    'eig_residual_norms.py': [
        ('sq = jax.lax.psum(sq, REDUCTIONS[scope])',
         f'sq = jax.lax.psum({PC}(sq, "row", to="varying") if scope == "block" else sq, REDUCTIONS[scope])'),
    ],
    'eig_shift_invert_target.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
