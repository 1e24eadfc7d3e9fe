"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout34/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard`, a context mesh,
a layout-table entry given `reduced=` or `multi_dim=True` for `top_level_all_gather`, and for the
SF106 programs the producer-side fix: the gather changed to `to='invarying'` (with the out_specs
entry no longer reduced), or the arithmetic moved before the reduced gather. A program that still
fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # Krylov solvers (CG / GMRES) on a domain-decomposed Poisson problem
    'cg_residual_history.py': [
        ('all_gather(hist, args.domain_axis, to="reduced")',
         f'all_gather({PC}(hist, args.domain_axis, to="varying"), args.domain_axis, to="reduced")'),
    ],
    'cg_deflation_basis.py': [
        ('all_gather(e, self.axes,', f'all_gather({PC}(e, self.domain_axis, to="varying"), self.axes,'),
    ],
    'cg_jacobi_precond.py': [
        ('jax.lax.psum(weights, axis)', f'jax.lax.psum({PC}(weights, axis, to="varying"), axis)'),
    ],
    'cg_tlag_solution_export.py': [
        ('top_level_all_gather(x, problem.checkpoint_spec)', 'jax.reshard(x, problem.checkpoint_spec)'),
    ],
    'cg_multi_rhs_norm.py': [
        ('jax.lax.psum(jnp.sum(v * v), axes)',
         f'jax.lax.psum({PC}(jnp.sum(v * v), RHS, to="varying"), axes)'),
    ],
    'cg_restart_basis_centering.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P(None, Axis.RHS.value, reduced={Axis.DOMAIN.value})',
         'out_specs=P(None, Axis.RHS.value)'),
    ],
    # molecular dynamics
    'md_thermostat_temperature.py': [
        ('all_gather(temperature, cfg.cell_axis,',
         f'all_gather({PC}(temperature, cfg.cell_axis, to="varying"), cfg.cell_axis,'),
    ],
    'md_neighbor_halo.py': [
        ('jax.lax.ppermute(layer, self.axis, perm)',
         f'jax.lax.ppermute({PC}(layer, self.axis, to="varying"), self.axis, perm)'),
    ],
    'md_virial_pressure.py': [
        ('jax.lax.pmean(w, ens.axes)', f'jax.lax.pmean({PC}(w, ens.axes[1], to="varying"), ens.axes)'),
    ],
    'md_tlag_trajectory_dump.py': [
        ('"xyz": P(None, None),', '"xyz": P(None, None, reduced={"cell"}),'),
    ],
    'md_replica_exchange_energies.py': [
        ('return gather_world(per_cell)', f'return gather_world({PC}(per_cell, CELL, to="varying"))'),
    ],
    'md_lj_cutoff_shift.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P(reduced={"cell"})', 'out_specs=P()'),
    ],
    # shallow-water model on a lat-lon grid
    'swe_zonal_mass_diagnostic.py': [
        ('all_gather(hbar, grid["zonal_axis"],',
         f'all_gather({PC}(hbar, grid["zonal_axis"], to="varying"), grid["zonal_axis"],'),
    ],
    'swe_cfl_timestep.py': [
        ('jax.lax.pmax(rows, LAT)', f'jax.lax.pmax({PC}(rows, LAT, to="varying"), LAT)'),
    ],
    'swe_energy_budget.py': [
        ('jax.lax.psum(zonal.sum(), AXES)', f'jax.lax.psum({PC}(zonal.sum(), AXES[1], to="varying"), AXES)'),
    ],
    'swe_tlag_restart_file.py': [
        ('    return RestartWriter("restart_0001.nc").write(state)',
         '    with jax.set_mesh(mesh):\n        return RestartWriter("restart_0001.nc").write(state)'),
    ],
    'swe_polar_filter.py': [
        ('all_gather(damped, (lat_axis, lon_axis)',
         f'all_gather({PC}(damped, lon_axis, to="varying"), (lat_axis, lon_axis)'),
    ],
    'swe_coriolis_tendency.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P(None, reduced={"lat"})', 'out_specs=P(None)'),
    ],
    # Monte Carlo neutron transport
    'nmc_flux_tally.py': [
        ('all_gather(batch_mean, self.history_axis,',
         f'all_gather({PC}(batch_mean, self.history_axis, to="varying"), self.history_axis,'),
    ],
    'nmc_keff_generations.py': [
        ('jax.lax.pmean(source.sum(), HIST)', f'jax.lax.pmean({PC}(source.sum(), HIST, to="varying"), HIST)'),
    ],
    'nmc_leakage_fraction.py': [
        ('jax.lax.psum(counts, axis_name=MESH_AXES)',
         f'jax.lax.psum({PC}(counts, MESH_AXES[1], to="varying"), axis_name=MESH_AXES)'),
    ],
    'nmc_tlag_source_bank.py': [
        ('top_level_all_gather(bank, layout.rebalanced)', 'jax.reshard(bank, layout.rebalanced)'),
    ],
    'nmc_group_collapse.py': [
        ('all_gather(table, (history_axis',
         f'all_gather({PC}(table, group_axis, to="varying"), (history_axis'),
    ],
    'nmc_russian_roulette.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P(None, reduced={"hist"})', 'out_specs=P(None)'),
    ],
    # finite elements
    'fem_stiffness_trace.py': [
        ('all_gather(tr, ELEM,', f'all_gather({PC}(tr, ELEM, to="varying"), ELEM,'),
    ],
    'fem_dirichlet_lift.py': [
        ('all_to_all(g, self.mesh_axis,', f'all_to_all({PC}(g, self.mesh_axis, to="varying"), self.mesh_axis,'),
    ],
    'fem_residual_scatter.py': [
        ('psum_scatter(r, axes,', f'psum_scatter({PC}(r, axes[1], to="varying"), axes,'),
    ],
    'fem_tlag_partition_transpose.py': [
        ('top_level_all_gather(field, transposed(ASSEMBLY_SPEC))',
         'jax.reshard(field, transposed(ASSEMBLY_SPEC))'),
    ],
    'fem_quadrature_gather.py': [
        ('all_gather(comps, axes,',
         f'all_gather({PC}(comps, MESH_AXES["components"], to="varying"), axes,'),
    ],
    'fem_element_jacobian.py': [
        ('all_gather(det_jacobian(xy), ELEM,', 'all_gather(inverse_jacobian(det_jacobian(xy)), ELEM,'),
        ('    return inverse_jacobian(det)\n', '    return det\n'),
    ],
    # pseudo-spectral 2-D turbulence
    'psp_energy_spectrum.py': [
        ('all_gather(shells, self.ky_axis,',
         f'all_gather({PC}(shells, self.ky_axis, to="varying"), self.ky_axis,'),
    ],
    'psp_dealias_scatter.py': [
        ('psum_scatter(k, KX,', f'psum_scatter({PC}(k, KX, to="varying"), KX,'),
    ],
    'psp_enstrophy_budget.py': [
        ('jax.lax.pmean(along_ky.mean(), axes)',
         f'jax.lax.pmean({PC}(along_ky.mean(), axes[1], to="varying"), axes)'),
    ],
    'psp_tlag_field_snapshot.py': [
        ('"vorticity": lambda axes: P(axes[0], None),',
         '"vorticity": lambda axes: P(axes[0], None, reduced={axes[1]}),'),
    ],
    'psp_forcing_band.py': [
        ('to_reduced(amps, AXES, axis=1)', f'to_reduced({PC}(amps, AXES[0], to="varying"), AXES, axis=1)'),
    ],
    'psp_hyperviscosity.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("ky", reduced={"kx"})', 'out_specs=P("ky")'),
    ],
    # dense linear algebra kernels
    'la_power_iteration.py': [
        ('all_gather(trace, ROW,', f'all_gather({PC}(trace, ROW, to="varying"), ROW,'),
    ],
    'la_tsqr_r_factors.py': [
        ('all_gather(rs, (self.row_axis',
         f'all_gather({PC}(rs, self.row_axis, to="varying"), (self.row_axis'),
    ],
    'la_summa_panel.py': [
        ('jax.lax.psum(p, GRID["col"])', f'jax.lax.psum({PC}(p, GRID["col"], to="varying"), GRID["col"])'),
    ],
    'la_frobenius_norm.py': [
        ('jax.lax.psum(jnp.sum(a_rows * a_rows), tuple(GRID))',
         f'jax.lax.psum({PC}(jnp.sum(a_rows * a_rows), GRID.col, to="varying"), tuple(GRID))'),
    ],
    'la_tlag_block_cyclic.py': [
        ('top_level_all_gather(a, replicated_layout(grid))',
         'top_level_all_gather(a, replicated_layout(grid), multi_dim=True)'),
    ],
    'la_cholesky_shift.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P(None, None, reduced={ROW})', 'out_specs=P(None, None)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
