"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout66/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction; for lft_phi4_action at the
term that was already summed over 't'), `jax.reshard`, `multi_dim=True`, a context mesh or the
missing `reduced=` axis for `top_level_all_gather`, and for the SF106 programs the producer's
gather changed to `to='invarying'`. A program that still fails after its fix hides a second error
behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # Ising model
    'ising_magnetisation_series.py': [
        ('all_gather(m_col, opts.row_axis,', f'all_gather({PC}(m_col, opts.row_axis, to="varying"), opts.row_axis,'),
    ],
    'ising_domain_wall_profile.py': [
        ('all_gather(strips, self.AXES,', f'all_gather({PC}(strips, self.AXES[0], to="varying"), self.AXES,'),
    ],
    'ising_halo_exchange.py': [
        ('ppermute(edge, self.decomp.col_axis,',
         f'ppermute({PC}(edge, self.decomp.col_axis, to="varying"), self.decomp.col_axis,'),
    ],
    'ising_tlag_snapshot.py': [
        ('"local_energy": P(None, "col"),', '"local_energy": P(None, "col", reduced={"row"}),'),
    ],
    'ising_energy_density.py': [
        ('pmean(total / len(self.values), self.opts.reduce_axes)',
         f'pmean({PC}(total / len(self.values), ROW, to="varying"), self.opts.reduce_axes)'),
    ],
    'ising_spin_correlation.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
    # Potts model
    'potts_order_parameter.py': [
        ('all_gather(counts, cfg.site_axis,', f'all_gather({PC}(counts, cfg.site_axis, to="varying"), cfg.site_axis,'),
    ],
    'potts_cluster_sizes.py': [
        ('all_gather(per_replica, (site_axis', f'all_gather({PC}(per_replica, replica_axis, to="varying"), (site_axis'),
    ],
    'potts_heat_bath_sweep.py': [
        ('psum(neighbours.sum(axis=1), cfg.site_axis)',
         f'psum({PC}(neighbours.sum(axis=1), cfg.site_axis, to="varying"), cfg.site_axis)'),
    ],
    'potts_tlag_state_dump.py': [
        ('return top_level_all_gather(flat, LAYOUTS.dump)', 'return jax.reshard(flat, LAYOUTS.dump)'),
    ],
    'potts_energy_histogram.py': [
        ('psum(counts, tuple(self.spec["axes"]))',
         f'psum({PC}(counts, self.replica_axis, to="varying"), tuple(self.spec["axes"]))'),
    ],
    'potts_boltzmann_weights.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
    # lattice field theory
    'lft_plaquette_average.py': [
        ('all_gather(slices, self.x_axis,', f'all_gather({PC}(slices, self.x_axis, to="varying"), self.x_axis,'),
    ],
    'lft_wilson_loops.py': [
        ('all_gather(by_x, tuple(LOOP_AXES)', f'all_gather({PC}(by_x, LOOP_AXES[1], to="varying"), tuple(LOOP_AXES)'),
    ],
    'lft_hmc_leapfrog.py': [
        ('psum_scatter(lap, T_AXIS,', f'psum_scatter({PC}(lap, T_AXIS, to="varying"), T_AXIS,'),
    ],
    'lft_tlag_config_io.py': [
        ('top_level_all_gather(links, save_spec(self.args))', 'jax.reshard(links, save_spec(self.args))'),
    ],
    'lft_phi4_action.py': [
        ('return jax.lax.psum(0.5 * jnp.sum(d * d), self.axes[0])',
         f'return {PC}(jax.lax.psum(0.5 * jnp.sum(d * d), self.axes[0]), self.axes[0], to="varying")'),
    ],
    'lft_topological_charge.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
    # tensor networks
    'tn_mps_norm.py': [
        ('all_gather(value, axis, tiled=True', f'all_gather({PC}(value, axis, to="varying"), axis, tiled=True'),
    ],
    'tn_trg_coarse_grain.py': [
        ('all_gather(full_bond, self.axes,', f'all_gather({PC}(full_bond, self.axes[1], to="varying"), self.axes,'),
    ],
    'tn_tebd_swap.py': [
        ('ppermute(weights, self.site_axis,', f'ppermute({PC}(weights, self.site_axis, to="varying"), self.site_axis,'),
    ],
    'tn_tlag_peps_boundary.py': [
        ('top_level_all_gather(boundary, self.layout.collected)',
         'top_level_all_gather(boundary, self.layout.collected, multi_dim=True)'),
    ],
    'tn_dmrg_energy.py': [
        ('return reduce(e_bond, axes)', f'return reduce({PC}(e_bond, axes[1], to="varying"), axes)'),
    ],
    'tn_svd_truncation.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
    # molecular dynamics
    'md_kinetic_temperature.py': [
        ('all_gather(ke, lane,', f'all_gather({PC}(ke, lane, to="varying"), lane,'),
    ],
    'md_neighbour_list.py': [
        ('all_gather(ghost, axes,', f'all_gather({PC}(ghost, self.opts.slab_axis, to="varying"), axes,'),
    ],
    'md_ghost_exchange.py': [
        ('all_to_all(pool, self.axis,', f'all_to_all({PC}(pool, self.axis, to="varying"), self.axis,'),
    ],
    'md_tlag_trajectory_frame.py': [
        ('    last = writer.frame(x)\n', '    with jax.set_mesh(mesh):\n        last = writer.frame(x)\n'),
    ],
    'md_virial_pressure.py': [
        ('psum(w, axes)', f'psum({PC}(w, axes[0], to="varying"), axes)'),
    ],
    'md_velocity_rescale.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
    # parallel tempering
    'pt_acceptance_rates.py': [
        ('all_gather(per_pair, axis_name', f'all_gather({PC}(per_pair, cls.chain_axis, to="varying"), axis_name'),
    ],
    'pt_replica_energies.py': [
        ('all_gather(ladder, self.axes,', f'all_gather({PC}(ladder, Axis.TEMP.value, to="varying"), self.axes,'),
    ],
    'pt_swap_moves.py': [
        ('pmax(full, self.temp_axis)', f'pmax({PC}(full, self.temp_axis, to="varying"), self.temp_axis)'),
    ],
    'pt_tlag_ladder_checkpoint.py': [
        ('"checkpoint": {"dims": [null, "chain"], "reduced": []}',
         '"checkpoint": {"dims": [null, "chain"], "reduced": ["temp"]}'),
    ],
    'pt_exchange_flux.py': [
        ('return average(f.mean())', f'return average({PC}(f.mean(), LADDER_AXES[1], to="varying"))'),
    ],
    'pt_beta_feedback.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
    # observables and analysis
    'obs_binning_analysis.py': [
        ('all_gather(table, BLOCK,', f'all_gather({PC}(table, BLOCK, to="varying"), BLOCK,'),
    ],
    'obs_jackknife_errors.py': [
        ('all_gather(jk, axis=1,', f'all_gather({PC}(jk, AXES[0], to="varying"), axis=1,'),
    ],
    'obs_autocorrelation.py': [
        ('all_gather(products, self.time_axis,',
         f'all_gather({PC}(products, self.time_axis, to="varying"), self.time_axis,'),
    ],
    'obs_tlag_measurement_table.py': [
        ('with self.mesh:', 'with jax.set_mesh(self.mesh):'),
    ],
    'obs_binder_cumulant.py': [
        ('pmean(u4, axes)', f'pmean({PC}(u4, axes[1], to="varying"), axes)'),
    ],
    'obs_susceptibility.py': [
        ('to="reduced")', 'to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
