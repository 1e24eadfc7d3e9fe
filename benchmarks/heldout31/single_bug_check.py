"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout31/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather` (or the export table entry given the right prefix and `reduced=`), and
for the SF106 programs the producer-side fix: the gather changed to `to='invarying'`. For the
posterior pooled in a loop and the pose-bank pipeline, the second pooling stage gathers only the
axis not gathered yet. A program that still fails after its fix hides a second error behind the
first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # legged locomotion whole-body control
    'leg_contact_force_registry.py': [
        ('all_gather(load, self.cfg.leg_axis, to="reduced")',
         f'all_gather({PC}(load, self.cfg.leg_axis, to="varying"), self.cfg.leg_axis, to="reduced")'),
    ],
    'leg_gait_phase_tuple_gather.py': [
        ('all_gather(table, tuple(self.axes)',
         f'all_gather({PC}(table, self.axes.robots, to="varying"), tuple(self.axes)'),
    ],
    'leg_terrain_height_rotate.py': [
        ('ppermute(heights, ROBOT_AXIS', f'ppermute({PC}(heights, ROBOT_AXIS, to="varying"), ROBOT_AXIS'),
    ],
    'leg_tlag_joint_log_export.py': [
        ('top_level_all_gather(self.buffer, self.layout.export)',
         'jax.reshard(self.buffer, P("leg", None))'),
    ],
    'leg_cot_energy_metric.py': [
        ('pmean(per_robot, (robot_axis', f'pmean({PC}(per_robot, leg_axis, to="varying"), (robot_axis'),
    ],
    'leg_foot_slip_penalty.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
    ],
    # XPBD cloth
    'cloth_stretch_constraint_partial.py': [
        ('all_gather(total * compliance, patch_axis',
         f'all_gather({PC}(total * compliance, patch_axis, to="varying"), patch_axis'),
    ],
    'cloth_state_pytree_gather.py': [
        ('all_gather(verts, RENDER_AXES', f'all_gather({PC}(verts, "patch", to="varying"), RENDER_AXES'),
    ],
    'cloth_bending_fori_solver.py': [
        ('psum(jnp.abs(rest).sum(), self.cfg.patch_axis)',
         f'psum({PC}(jnp.abs(rest).sum(), self.cfg.patch_axis, to="varying"), self.cfg.patch_axis)'),
    ],
    'cloth_tlag_pinned_vertices.py': [
        ('top_level_all_gather(pins, P(None, "patch"))', 'top_level_all_gather(pins, P(None, "patch", reduced={"cloth"}))'),
    ],
    'cloth_kinetic_energy_axes_kw.py': [
        ('psum(per_cloth, **REDUCE)', f'psum({PC}(per_cloth, "patch", to="varying"), **REDUCE)'),
    ],
    'cloth_tear_strain_relu.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
    ],
    # drone EKF
    'ekf_innovation_gate_registry.py': [
        ('all_gather(total, self.sensor_axis',
         f'all_gather({PC}(total, self.sensor_axis, to="varying"), self.sensor_axis'),
    ],
    'ekf_covariance_broadcast.py': [
        ('gather_reduced(per_drone, axis_name',
         f'gather_reduced({PC}(per_drone, self.sensor_axis, to="varying"), axis_name'),
    ],
    'ekf_bias_consensus_scan.py': [
        ('pmean(bias, SWARM_AXIS)', f'pmean({PC}(bias, SWARM_AXIS, to="varying"), SWARM_AXIS)'),
    ],
    'ekf_tlag_track_archive.py': [
        ('"archive": ["drone", None],', '"archive": [["drone"], None],'),
        ('return top_level_all_gather(tracks, spec_from(MISSION["layouts"]["archive"]))',
         'return jax.reshard(tracks, spec_from(MISSION["layouts"]["archive"]))'),
    ],
    'ekf_nees_fleet_metric.py': [
        ('pmean(per_drone, FLEET_AXES)', f'pmean({PC}(per_drone, FLEET_AXES[1], to="varying"), FLEET_AXES)'),
    ],
    'ekf_kalman_gain_clip.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # arm inverse kinematics
    'ik_jacobian_damping_partial.py': [
        ('all_gather(m, seed_axis', f'all_gather({PC}(m, seed_axis, to="varying"), seed_axis'),
    ],
    'ik_seed_solutions_gather.py': [
        ('all_gather(per_arm, axes', f'all_gather({PC}(per_arm, self.seed_axis, to="varying"), axes'),
    ],
    'ik_null_space_all_to_all.py': [
        ('all_to_all(x, axis,', f'all_to_all({PC}(x, axis, to="varying"), axis,'),
    ],
    'ik_tlag_trajectory_cache.py': [
        ('top_level_all_gather(self.entries[key], Layout.DRIVER.value)',
         'jax.reshard(self.entries[key], P("seed", None, None))'),
    ],
    'ik_residual_norm_loop.py': [
        ('psum(frac, self.axes) /', f'psum({PC}(frac, self.axes[1:], to="varying"), self.axes) /'),
    ],
    'ik_joint_limit_softplus.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
    ],
    # SPH fluid
    'sph_density_kernel_registry.py': [
        ('all_gather(rho, self.cell_axis', f'all_gather({PC}(rho, self.cell_axis, to="varying"), self.cell_axis'),
    ],
    'sph_halo_particles_tuple.py': [
        ('all_gather(ghosts, axes', f'all_gather({PC}(ghosts, axes[1], to="varying"), axes'),
    ],
    'sph_pressure_scatter.py': [
        ('psum_scatter(neighbourhood, part.cell',
         f'psum_scatter({PC}(neighbourhood, part.cell, to="varying"), part.cell'),
    ],
    'sph_tlag_vtk_dump.py': [
        ('    return dump_positions(placed, args)',
         '    with jax.set_mesh(mesh):\n        return dump_positions(placed, args)'),
    ],
    'sph_momentum_check.py': [
        ('psum_scatter(p_cell, self.axes', f'psum_scatter({PC}(p_cell, self.axes[0], to="varying"), self.axes'),
    ],
    'sph_viscosity_softmax.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
    ],
    # system identification
    'sysid_likelihood_trainer.py': [
        ('all_gather(ll, trainer.cfg.episode_axis',
         f'all_gather({PC}(ll, trainer.cfg.episode_axis, to="varying"), trainer.cfg.episode_axis'),
    ],
    'sysid_posterior_samples.py': [
        ('POOLING = [("ensemble",), ("param", "ensemble")]', 'POOLING = [("ensemble",), ("param",)]'),
    ],
    'sysid_worst_case_pmin.py': [
        ('pmin(scores, self.ensemble_axis)', f'pmin({PC}(scores, self.ensemble_axis, to="varying"), self.ensemble_axis)'),
    ],
    'sysid_tlag_param_tree.py': [
        ('"friction": P(("episode", "param"), None, reduced={"ensemble"}),',
         '"friction": P(None, None, reduced={"episode", "param", "ensemble"}),'),
    ],
    'sysid_prior_penalty_axes.py': [
        ('psum(per_param, axes)', f'psum({PC}(per_param, "ensemble", to="varying"), axes)'),
    ],
    'sysid_residual_whitening.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
    ],
    # grasp planning
    'grasp_quality_vote.py': [
        ('all_gather(v, axis_name=self.cfg.candidate_axis',
         f'all_gather({PC}(v, self.cfg.candidate_axis, to="varying"), axis_name=self.cfg.candidate_axis'),
    ],
    'grasp_pose_bank_gather.py': [
        ('functools.partial(collect, axes=("grasp", "scene"))', 'functools.partial(collect, axes=("scene",))'),
    ],
    'grasp_collision_broadcast.py': [
        ('pmax(occ.sum(), GRASP)', f'pmax({PC}(occ.sum(), GRASP, to="varying"), GRASP)'),
    ],
    'grasp_tlag_candidate_export.py': [
        ('planner=P("scene", None, None))', 'planner=P("scene", None, None, reduced={"grasp"}))'),
    ],
    'grasp_success_rate_metrics.py': [
        ('pmean(per_scene, axis_name=self.axes)',
         f'pmean({PC}(per_scene, self.axes[-1], to="varying"), axis_name=self.axes)'),
    ],
    'grasp_width_normalise.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
