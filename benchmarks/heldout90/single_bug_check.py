"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout90/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site or in the captured helper), the right `reduced=` axis,
`jax.reshard` or a context mesh for `top_level_all_gather`, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # al_*
    'al_variance_trace.py': [
        ('return jax.lax.all_gather(trace, axis_name=trace_axis,',
         f'return jax.lax.all_gather({PC}(trace, trace_axis, to="varying"), axis_name=trace_axis,'),
    ],
    'al_feature_snapshot.py': [
        ('return jax.lax.all_gather(rows, tuple(reversed(mesh_axes)),',
         f'return jax.lax.all_gather({PC}(rows, axes["features"], to="varying"), tuple(reversed(mesh_axes)),'),
    ],
    'al_reference_energy.py': [
        ('e_min = jax.lax.pmin(labelled, w_axis)',
         f'e_min = jax.lax.pmin({PC}(labelled, w_axis, to="varying"), w_axis)'),
    ],
    'al_export_dataset.py': [
        ('"features": top_level_all_gather(phi, P(None, None, reduced=every)),',
         '"features": top_level_all_gather(phi, P(None, None, reduced=every), multi_dim=True),'),
    ],
    'al_gradient_allreduce.py': [
        ('grads = {"alpha": phi.T @ resid, "bias": jnp.sum(resid)}',
         f'grads = {{"alpha": phi.T @ resid, "bias": {PC}(jnp.sum(resid), axes["features"], to="varying")}}'),
    ],
    'al_boltzmann_selection.py': [
        ('var_all = jax.lax.all_gather(var, axes["walkers"], tiled=True, to="reduced")',
         'var_all = jax.lax.all_gather(var, axes["walkers"], tiled=True, to="invarying")'),
    ],
    # cat_*
    'cat_acquisition_log.py': [
        ('return jax.lax.all_gather(ucb, plan.models,',
         f'return jax.lax.all_gather({PC}(ucb, plan.models, to="varying"), plan.models,'),
    ],
    'cat_selection_stages.py': [
        ('x = jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")',
         f'x = jax.lax.all_gather({PC}(x, "cands", to="varying") if len(axes) > 1 else x, axes, axis=0, tiled=True, to="reduced")'),
    ],
    'cat_ensemble_stats.py': [
        ('"members": jax.lax.all_gather(e[:, None],',
         f'"members": {PC}(jax.lax.all_gather(e[:, None],'),
        ('axis=1, tiled=True, to="reduced"),\n',
         'axis=1, tiled=True, to="reduced"), plan.models, to="varying"),\n'),
    ],
    'cat_export_ranking.py': [
        ('export_reduced: tuple[str, ...] = ""', 'export_reduced: tuple[str, ...] = "cands"'),
    ],
    'cat_pool_reduce.py': [
        ('return jax.lax.psum_scatter(hist, settings.mesh_axes,',
         f'return jax.lax.psum_scatter({PC}(hist, plan.models, to="varying"), settings.mesh_axes,'),
    ],
    'cat_ensemble_spread.py': [
        ('plan.models, axis=1, tiled=True, to="reduced")',
         'plan.models, axis=1, tiled=True, to="invarying")'),
    ],
    # cgcnn_*
    'cgcnn_energy_logger.py': [
        ('return jax.lax.all_gather(e, log_axis,',
         f'return jax.lax.all_gather({PC}(e, log_axis, to="varying"), log_axis,'),
    ],
    'cgcnn_feature_dump.py': [
        ('return jax.lax.all_gather(table, dump_axes,',
         f'return jax.lax.all_gather({PC}(table, axes[1], to="varying"), dump_axes,'),
        ('def dump_features(table, dump_axes):', 'def dump_features(table, dump_axes, axes):'),
    ],
    'cgcnn_pool_readout.py': [
        ('return POOLING[readout](energies, energy_axis)',
         f'return POOLING[readout]({PC}(energies, energy_axis, to="varying"), energy_axis)'),
    ],
    'cgcnn_checkpoint_export.py': [
        ('export_reduced = axes[:1]', 'export_reduced = axes[1:]'),
    ],
    'cgcnn_loss_allreduce.py': [
        ('return jax.lax.psum(jnp.sum((e - y) ** 2), loss_axes) / n_total',
         f'return jax.lax.psum({PC}(jnp.sum((e - y) ** 2), loss_axes[1], to="varying"), loss_axes) / n_total'),
    ],
    'cgcnn_site_descriptor.py': [
        ('return jax.lax.all_gather(h, axes[1], axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, axes[1], axis=1, tiled=True, to="invarying")'),
    ],
    # dos_*
    'dos_kresolved_log.py': [
        ('logged = jax.lax.all_gather(dos_k, s.gather_axis,',
         f'logged = jax.lax.all_gather({PC}(dos_k, s.gather_axis, to="varying"), s.gather_axis,'),
    ],
    'dos_projected_dump.py': [
        ('return jax.lax.all_gather(pdos, self.s.mesh_axes,',
         f'return jax.lax.all_gather({PC}(pdos, self.s.band_axis, to="varying"), self.s.mesh_axes,'),
    ],
    'dos_band_edges.py': [
        ('top = jax.lax.pmax(eps_all_k, s.k_axis)',
         f'top = jax.lax.pmax({PC}(eps_all_k, s.k_axis, to="varying"), s.k_axis)'),
    ],
    'dos_band_export.py': [
        ('groups = top_level_all_gather(eps_flat, P(s.export_axis, reduced={s.k_axis}))',
         'groups = jax.reshard(eps_flat, P(s.export_axis))'),
    ],
    'dos_total_states.py': [
        ('states = jax.lax.psum(jnp.sum(dos_k) * de, s.mesh_axes)',
         f'states = jax.lax.psum({PC}(jnp.sum(dos_k) * de, s.band_axis, to="varying"), s.mesh_axes)'),
    ],
    'dos_gaussian_prefactor.py': [
        ('all_k = jax.lax.all_gather(raw, s.k_axis, axis=0, tiled=True, to="reduced")',
         'all_k = jax.lax.all_gather(raw, s.k_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # mlip_*
    'mlip_committee_log.py': [
        ('return jax.lax.all_gather(e, axis, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(e, axis, to="varying"), axis, tiled=True, to="reduced")'),
    ],
    'mlip_energy_table.py': [
        ('return jax.lax.all_gather(e_all[None], axes,',
         f'return jax.lax.all_gather({PC}(e_all[None], axes[0], to="varying"), axes,'),
    ],
    'mlip_pairwise_disagreement.py': [
        ('neighbour = jax.lax.ppermute(table, committee, ring)',
         f'neighbour = jax.lax.ppermute({PC}(table, committee, to="varying"), committee, ring)'),
    ],
    'mlip_export_potential.py': [
        ('    return export_potential(w, layout)["weights"]',
         '    with jax.set_mesh(mesh):\n        return export_potential(w, layout)["weights"]'),
    ],
    'mlip_total_energy.py': [
        ('return jax.lax.psum(jnp.sum(e_mean), every)',
         f'return jax.lax.psum({PC}(jnp.sum(e_mean), committee, to="varying"), every)'),
    ],
    'mlip_force_cap.py': [
        ('f = jax.lax.all_gather(atomic_forces(p, w), atoms, axis=0, tiled=True, to="reduced")',
         'f = jax.lax.all_gather(atomic_forces(p, w), atoms, axis=0, tiled=True, to="invarying")'),
    ],
    # mol_*
    'mol_target_log.py': [
        ('return jax.lax.all_gather(pred, self.hidden,',
         f'return jax.lax.all_gather({PC}(pred, self.hidden, to="varying"), self.hidden,'),
    ],
    'mol_feature_dump.py': [
        ('return g["everything"](h)', f'return g["everything"]({PC}(h, settings.axes[1], to="varying"))'),
    ],
    'mol_relayout.py': [
        ('h = jax.lax.all_to_all(h, hidden, 0, 1, tiled=True)',
         f'h = jax.lax.all_to_all({PC}(h, hidden, to="varying"), hidden, 0, 1, tiled=True)'),
    ],
    'mol_checkpoint.py': [
        ('    with mesh:\n', '    with jax.set_mesh(mesh):\n'),
    ],
    'mol_multitask_loss.py': [
        ('return jax.lax.pmean(per_target, settings.loss_axes)',
         f'return jax.lax.pmean({PC}(per_target, hidden, to="varying"), settings.loss_axes)'),
    ],
    'mol_full_hidden.py': [
        ('full = jax.lax.all_gather(h, hidden, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(h, hidden, axis=1, tiled=True, to="invarying")'),
    ],
    # ph_*
    'ph_free_energy_log.py': [
        ('@ex.capture(prefix="thermo")\ndef log_gather', '@ex.capture(prefix="log")\ndef log_gather'),
    ],
    'ph_mode_dump.py': [
        ('return jax.lax.all_gather(branches, tuple(axes),',
         f'return jax.lax.all_gather({PC}(branches, "modes", to="varying"), tuple(axes),'),
    ],
    'ph_group_velocity.py': [
        ('right = jax.lax.ppermute(x[:1], q,',
         f'x = {PC}(x, q, to="varying")\n    right = jax.lax.ppermute(x[:1], q,'),
    ],
    'ph_dispersion_export.py': [
        ('return top_level_all_gather(omega, P(*layout, reduced=set(reduced)))',
         'return jax.reshard(omega, P(*layout))'),
    ],
    'ph_heat_capacity.py': [
        ('return jax.lax.pmean(jnp.mean(x), average_over)',
         f'return jax.lax.pmean({PC}(jnp.mean(x), "modes", to="varying"), average_over)'),
    ],
    'ph_zero_point.py': [
        ('modes, axis=1, tiled=True, to="reduced")', 'modes, axis=1, tiled=True, to="invarying")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
