"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout85/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site or the producer when the failing line is a shared helper
or comprehension that an earlier call uses legally), `jax.reshard`, a context mesh or the missing
`reduced=` axis for `top_level_all_gather`, and for the SF106 programs the producer's gather
changed to `to='invarying'` together with the out spec that no longer lists the axis as reduced.
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # nve_*
    'nve_virial_trace.py': [
        ('jax.lax.all_gather(trace, axes[-1],',
         f'jax.lax.all_gather({PC}(trace, atoms, to="varying"), axes[-1],'),
    ],
    'nve_force_snapshot.py': [
        ('return snapshot(per_replica, mesh_axes, 0)',
         f'return snapshot({PC}(per_replica, mesh_axes[1], to="varying"), mesh_axes, 0)'),
    ],
    'nve_com_drift.py': [
        ('return jax.lax.psum(total, self.atom_axis)',
         f'return jax.lax.psum({PC}(total, self.atom_axis, to="varying"), self.atom_axis)'),
    ],
    'nve_trajectory_writer.py': [
        ('"frame": P("atoms", None, None, reduced={"replica"}),',
         '"frame": P(None, "atoms", None, reduced={"replica"}),'),
    ],
    'nve_energy_drift.py': [
        ('return jax.lax.pmean(drift, axis_name=axes)',
         f'return jax.lax.pmean({PC}(drift, atoms, to="varying"), axis_name=axes)'),
    ],
    'nve_half_kick.py': [
        ('return jax.lax.all_gather(state.force, atoms, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(state.force, atoms, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, None, reduced={"atoms"}))',
         'out_specs=P("replica", None, None))'),
    ],
    # nbr_*
    'nbr_capacity_report.py': [
        ('capacity_report(busiest,',
         f'capacity_report({PC}(busiest, atoms, to="varying"),'),
    ],
    'nbr_cell_histogram.py': [
        ('return self.ensemble(self.per_replica(counts))',
         f'return self.ensemble({PC}(self.per_replica(counts), self.axes[-1], to="varying"))'),
    ],
    'nbr_overflow_check.py': [
        ('slots = jax.lax.psum(full.sum(axis=1), atoms)',
         f'slots = jax.lax.psum({PC}(full.sum(axis=1), atoms, to="varying"), atoms)'),
    ],
    'nbr_index_export.py': [
        ('    "idx": P("replica", None, None),\n}',
         '    "idx": P("replica", None, None, reduced={"atoms"}),\n}'),
    ],
    'nbr_pair_count.py': [
        ('return nbrs, jax.lax.psum(occupancy(nbrs).sum(), atoms)',
         f'return nbrs, {PC}(jax.lax.psum(occupancy(nbrs).sum(), atoms), atoms, to="varying")'),
    ],
    'nbr_skin_trigger.py': [
        ('return jax.lax.all_gather(moved, atoms, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(moved, atoms, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, reduced={"atoms"}))',
         'out_specs=P("replica", None))'),
    ],
    # nvt_*
    'nvt_temperature_log.py': [
        ('logger.record(state.kT)',
         f'logger.record({PC}(state.kT, atoms, to="varying"))'),
    ],
    'nvt_momentum_archive.py': [
        ('archived = gather_to(archived, axes)',
         f'archived = gather_to({PC}(archived, "replica", to="varying") if len(axes) > 1 else archived, axes)'),
    ],
    'nvt_velocity_rescale.py': [
        ('jax.lax.psum(ke.sum(axis=1), self.atom_axis)',
         f'jax.lax.psum({PC}(ke.sum(axis=1), self.atom_axis, to="varying"), self.atom_axis)'),
    ],
    'nvt_checkpoint.py': [
        ('    position, momentum = run(R, P0)\n    saved = checkpoint(position, momentum)',
         '    with jax.set_mesh(mesh):\n        position, momentum = run(R, P0)\n        saved = checkpoint(position, momentum)'),
    ],
    'nvt_ensemble_temperature.py': [
        ('jax.lax.pmean(state.kT, axes.all)',
         f'jax.lax.pmean({PC}(state.kT, axes.atoms, to="varying"), axes.all)'),
    ],
    'nvt_kinetic_profile.py': [
        ('return jax.lax.all_gather(per_atom, atoms, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(per_atom, atoms, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, reduced={"atoms"}))',
         'out_specs=P("replica", None))'),
    ],
    # exp_*
    'exp_rdf.py': [
        ('jax.lax.all_gather(hist, collect_over,',
         f'jax.lax.all_gather({PC}(hist, atoms, to="varying"), collect_over,'),
    ],
    'exp_msd.py': [
        ('        sq = stage(sq)',
         f'        sq = stage({PC}(sq, "atoms", to="varying") if stage is not stages[0] else sq)'),
    ],
    'exp_replica_exchange.py': [
        ('return jax.lax.ppermute(self.ladder(energy), self.axis, self.perm)',
         f'return jax.lax.ppermute({PC}(self.ladder(energy), self.axis, to="varying"), self.axis, self.perm)'),
        ('out_specs=(spec, P(None, reduced={"replica"})))',
         'out_specs=(spec, P("replica")))'),
    ],
    'exp_output_frames.py': [
        ('"output": {"layout": ["replica", None, None]},',
         '"output": {"layout": ["replica", None, None], "reduced": ["atoms"]},'),
    ],
    'exp_pressure.py': [
        ('return jax.lax.psum(jnp.sum(R * F), atoms) / (3.0 * CONFIG["box"] ** 3)',
         f'return {PC}(jax.lax.psum(jnp.sum(R * F), atoms), atoms, to="varying") / (3.0 * CONFIG["box"] ** 3)'),
    ],
    'exp_annealing.py': [
        ('return jax.lax.all_gather(P_local, atoms, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(P_local, atoms, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, None, reduced={"atoms"}))',
         'out_specs=P("replica", None, None))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
