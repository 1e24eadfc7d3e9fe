"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout44/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), a context mesh set with
`jax.set_mesh` or the missing / misplaced axis corrected in the host layout table for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INVARYING = [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')]

FIXES = {
    # message passing over padded edge lists
    'mp_edge_count_normaliser.py': [
        ('all_gather(count, cfg.sharding.edge_axis,',
         f'all_gather({PC}(count, cfg.sharding.edge_axis, to="varying"), cfg.sharding.edge_axis,'),
    ],
    'mp_edge_update_registry.py': [
        ('all_gather(updated, mesh_axes.ALL,',
         f'all_gather({PC}(updated, mesh_axes.EDGES, to="varying"), mesh_axes.ALL,'),
    ],
    'mp_receiver_scatter.py': [
        ('psum(incoming, axis)', f'psum({PC}(incoming, axis, to="varying"), axis)'),
    ],
    'mp_tlag_padded_graph_export.py': [
        ('nodes=P(None, "edges", None),', 'nodes=P(None, "edges", None, reduced={"graphs"}),'),
    ],
    'mp_graph_readout_stats.py': [
        ('return REDUCERS[spec["reduce"]](x, tuple(spec["over"]))',
         f'return REDUCERS[spec["reduce"]]({PC}(x, "edges", to="varying"), tuple(spec["over"]))'),
    ],
    'mp_gat_attention.py': INVARYING,
    # neighbour lists
    'nbr_overflow_flag.py': [
        ('all_gather(busiest, atom_axis,', f'all_gather({PC}(busiest, atom_axis, to="varying"), atom_axis,'),
    ],
    'nbr_cell_list_regather.py': [
        ('all_gather(shared, self.axes,', f'all_gather({PC}(shared, self.axes[0], to="varying"), self.axes,'),
    ],
    'nbr_verlet_skin_halo.py': [
        ('ppermute(frame, atom_axis,', f'ppermute({PC}(frame, atom_axis, to="varying"), atom_axis,'),
    ],
    'nbr_tlag_pair_table.py': [
        ('NeighborListFormat.Dense: P("atoms", None, reduced={"replica"}),',
         'NeighborListFormat.Dense: P(None, "atoms", None, reduced={"replica"}),'),
    ],
    'nbr_mean_occupancy.py': [
        ('pmean(per_replica, MESH.axis_names)', f'pmean({PC}(per_replica, ATOMS, to="varying"), MESH.axis_names)'),
    ],
    'nbr_cutoff_mask.py': INVARYING,
    # equivariant layers
    'eqv_irreps_norm.py': [
        ('all_gather(total, channel_axis,', f'all_gather({PC}(total, channel_axis, to="varying"), channel_axis,'),
    ],
    'eqv_tensor_product_paths.py': [
        ('all_gather(mixed, instrs[1].gather_axes,',
         f'all_gather({PC}(mixed, "channel", to="varying"), instrs[1].gather_axes,'),
    ],
    'eqv_nequip_layer_scan.py': [
        ('psum(sh[:, : h.shape[1]], axes["features"])',
         f'psum({PC}(sh[:, : h.shape[1]], axes["features"], to="varying"), axes["features"])'),
    ],
    'eqv_tlag_irreps_weights.py': [
        ('    with mesh:\n', '    with jax.set_mesh(mesh):\n'),
    ],
    'eqv_batchnorm_scalars.py': [
        ('pmean(jnp.mean(energy), self.axes)', f'pmean({PC}(jnp.mean(energy), self.axes[1], to="varying"), self.axes)'),
    ],
    'eqv_bessel_radial_basis.py': INVARYING,
    # MD integrators
    'integ_nve_kinetic_log.py': [
        ('all_gather(kes[..., None], PARTICLE,', f'all_gather({PC}(kes[..., None], PARTICLE, to="varying"), PARTICLE,'),
    ],
    'integ_nose_hoover_chain.py': [
        ('all_gather(p_sq, cfg.gather_axes,', f'all_gather({PC}(p_sq, cfg.particle_axis, to="varying"), cfg.gather_axes,'),
    ],
    'integ_langevin_com_drift.py': [
        ('psum(jnp.sum(shared, axis=1, keepdims=True), self.particle_axis)',
         f'psum({PC}(jnp.sum(shared, axis=1, keepdims=True), self.particle_axis, to="varying"), self.particle_axis)'),
    ],
    'integ_tlag_trajectory_dump.py': [
        ('default_factory=lambda: P(None, "walker", None, None))',
         'default_factory=lambda: P(None, "walker", None, None, reduced={"particle"}))'),
    ],
    'integ_fire_minimiser.py': [
        ('psum(jnp.sum(box_strain, axis=(1, 2)), axis_name=tuple(axes))',
         f'psum({PC}(jnp.sum(box_strain, axis=(1, 2)), axes.particle, to="varying"), axis_name=tuple(axes))'),
    ],
    'integ_velocity_rescale.py': INVARYING,
    # protein structure losses
    'prot_lddt_score.py': [
        ('all_gather(norm, res,', f'all_gather({PC}(norm, res, to="varying"), res,'),
    ],
    'prot_distogram_loss.py': [
        ('all_gather(logits32, axes,', f'all_gather({PC}(logits32, res, to="varying"), axes,'),
    ],
    'prot_between_residue_bonds.py': [
        ('ppermute(full_frames, axis_name, perm)', f'ppermute({PC}(full_frames, axis_name, to="varying"), axis_name, perm)'),
    ],
    'prot_tlag_atom14_export.py': [
        ('{"dims": ["res", null, null], "reduced": ["crop"]}', '{"dims": [null, null, null], "reduced": ["crop", "res"]}'),
    ],
    'prot_tm_score.py': [
        ('/ jax.lax.psum(num_res, axes)', f'/ jax.lax.psum({PC}(num_res, axes[1], to="varying"), axes)'),
    ],
    'prot_chi_angle_loss.py': INVARYING,
    # graph pooling
    'pool_global_attention.py': [
        ('all_gather(normaliser, node_axis,', f'all_gather({PC}(normaliser, node_axis, to="varying"), node_axis,'),
    ],
    'pool_topk_scores.py': [
        ('all_gather(score, (self.batch_axis, self.node_axis),',
         f'all_gather({PC}(score, self.node_axis, to="varying"), (self.batch_axis, self.node_axis),'),
    ],
    'pool_set2set.py': [
        ('psum_scatter(mem, NODE_AXIS,', f'psum_scatter({PC}(mem, NODE_AXIS, to="varying"), NODE_AXIS,'),
    ],
    'pool_tlag_cluster_assign.py': [
        ('"level1": P("node", None, None, reduced={"batch"}),', '"level1": P(None, None, None, reduced={"batch"}),'),
    ],
    'pool_graph_norm.py': [
        ('pmean(var, stat_axes)', f'pmean({PC}(var, node_axis, to="varying"), stat_axes)'),
    ],
    'pool_mean_readout_scale.py': INVARYING,
    # interatomic potential training
    'pot_species_energy_shift.py': [
        ('all_gather(s, DATA, axis=0', f'all_gather({PC}(s, DATA, to="varying"), DATA, axis=0'),
    ],
    'pot_force_matching.py': [
        ('all_gather(per_atom, mesh_axes,', f'all_gather({PC}(per_atom, model, to="varying"), mesh_axes,'),
    ],
    'pot_ema_params.py': [
        ('axis_name=MODEL_AXIS), full)',
         f'axis_name=MODEL_AXIS), jax.tree.map(lambda x: {PC}(x, MODEL_AXIS, to="varying"), full))'),
    ],
    'pot_tlag_checkpoint_params.py': [
        ('"readout": {"w": P(None, None, reduced={args.data_axis}),',
         '"readout": {"w": P(None, None, reduced={args.model_axis}),'),
    ],
    'pot_stress_loss.py': [
        ('return jax.lax.pmean(err, axes)', f'return jax.lax.pmean({PC}(err, "model", to="varying"), axes)'),
    ],
    'pot_energy_loss_weights.py': INVARYING,
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
