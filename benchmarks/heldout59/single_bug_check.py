"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout59/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather` (or the missing `reduced=` axis added to the layout), and for the
SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = ('tiled=True, to="reduced")', 'tiled=True, to="invarying")')

FIXES = {
    # MPPI
    'mppi_cost_baseline.py': [
        ('all_gather(total, self.cfg.sample_axis,',
         f'all_gather({PC}(total, self.cfg.sample_axis, to="varying"), self.cfg.sample_axis,'),
    ],
    'mppi_weight_regather.py': [
        ('return gather_weights(by_step, (self.sample, self.step))',
         f'return gather_weights({PC}(by_step, self.step, to="varying"), (self.sample, self.step))'),
    ],
    'mppi_warm_start_shift.py': [
        ('ppermute(plan, self.horizon_axis,', f'ppermute({PC}(plan, self.horizon_axis, to="varying"), self.horizon_axis,'),
    ],
    'mppi_plan_publish.py': [
        ('return top_level_all_gather(plan, self.layout.tracker)', 'return jax.reshard(plan, self.layout.tracker)'),
    ],
    'mppi_running_cost.py': [
        ('return jax.lax.psum(stacked, axes)', f'return jax.lax.psum({PC}(stacked, step_axis, to="varying"), axes)'),
    ],
    'mppi_temperature_softmin.py': [INV],
    # CEM
    'cem_elite_mean.py': [
        ('all_gather(elite, self.pop_axis,', f'all_gather({PC}(elite, self.pop_axis, to="varying"), self.pop_axis,'),
    ],
    'cem_refit_strategies.py': [
        ('all_gather(per_env, self.axes,', f'all_gather({PC}(per_env, "pop", to="varying"), self.axes,'),
    ],
    'cem_refit_pmean.py': [
        ('REDUCERS[reducer](pool.sum(axis=1, keepdims=True))',
         f'REDUCERS[reducer]({PC}(pool.sum(axis=1, keepdims=True), POP, to="varying"))'),
    ],
    'cem_tlag_population.py': [
        ('return top_level_all_gather(population, eval_spec)', 'return jax.reshard(population, eval_spec)'),
    ],
    'cem_std_floor.py': [
        ('pmean(jnp.maximum(local, MIN_STD), AXES)', f'pmean({PC}(jnp.maximum(local, MIN_STD), "pop", to="varying"), AXES)'),
    ],
    'cem_momentum_update.py': [INV],
    # differentiable physics
    'dphys_contact_impulse.py': [
        ('all_gather(impulses, params.particle_axis,',
         f'all_gather({PC}(impulses, params.particle_axis, to="varying"), params.particle_axis,'),
    ],
    'dphys_energy_audit.py': [
        ('return self.collect(scene_view, self.mesh_axes)',
         f'return self.collect({PC}(scene_view, self.mesh_axes[1], to="varying"), self.mesh_axes)'),
    ],
    'dphys_halo_exchange.py': [
        ('ppermute(edge, axis,', f'ppermute({PC}(edge, axis, to="varying"), axis,'),
    ],
    'dphys_tlag_state_dump.py': [
        ('"vel": P("particle", None, reduced={"scene"}),', '"vel": P(None, None, reduced={"scene", "particle"}),'),
    ],
    'dphys_momentum_check.py': [
        ('psum(jnp.abs(drift).sum(), tuple(CHECK_AXES))',
         f'psum({PC}(jnp.abs(drift).sum(), PARTICLE, to="varying"), tuple(CHECK_AXES))'),
    ],
    'dphys_gravity_integrate.py': [INV],
    # learned dynamics / system identification
    'pets_residual_scale.py': [
        ('all_gather(sq, axis_name=', f'all_gather({PC}(sq, self.axes.batch, to="varying"), axis_name='),
    ],
    'pets_disagreement.py': [
        ('table = gather_everything(members, (member_axis, batch_axis))',
         f'table = gather_everything({PC}(members, member_axis, to="varying"), (member_axis, batch_axis))'),
    ],
    'pets_param_sync.py': [
        ('pmean(everyone.sum(axis=0, keepdims=True), cls.member_axis)',
         f'pmean({PC}(everyone.sum(axis=0, keepdims=True), cls.member_axis, to="varying"), cls.member_axis)'),
    ],
    'pets_tlag_ensemble_export.py': [
        ('    exported = export_for_planner(heads)\n',
         '    with jax.set_mesh(MESH):\n        exported = export_for_planner(heads)\n'),
    ],
    'pets_nll_metrics.py': [
        ('nll = spec["reduce"](nll, tuple(spec["over"]))',
         f'nll = spec["reduce"]({PC}(nll, "batch", to="varying") if name == "nll_ensemble" else nll, tuple(spec["over"]))'),
    ],
    'pets_logvar_bounds.py': [INV],
    # imitation learning
    'bc_action_normaliser.py': [
        ('all_gather(mean, self.cfg.data.demo_axis,',
         f'all_gather({PC}(mean, self.cfg.data.demo_axis, to="varying"), self.cfg.data.demo_axis,'),
    ],
    'bc_dagger_relabel.py': [
        ('all_gather(per_demo, self.axes,', f'all_gather({PC}(per_demo, self.axes[0], to="varying"), self.axes,'),
    ],
    'bc_chunk_transpose.py': [
        ('all_to_all(chunks, joint_axis,', f'all_to_all({PC}(chunks, joint_axis, to="varying"), joint_axis,'),
    ],
    'bc_tlag_policy_weights.py': [
        ('deployed = top_level_all_gather(policy, robot)',
         'deployed = jax.reshard(policy, to_spec(DEPLOY_CONFIG["robot_layout"]))'),
    ],
    'bc_loss_allreduce.py': [
        ('psum(per_demo_shard, axis_name=', f'psum({PC}(per_demo_shard, joint_axis, to="varying"), axis_name='),
    ],
    'bc_gripper_head.py': [INV],
    # kinematics
    'kin_jacobian_scale.py': [
        ('all_gather(sq[None], pose_axis,', f'all_gather({PC}(sq[None], pose_axis, to="varying"), pose_axis,'),
    ],
    'kin_solution_table.py': [
        ('all_gather(rows, (self.joint, self.pose),',
         f'all_gather({PC}(rows, self.joint, to="varying"), (self.joint, self.pose),'),
    ],
    'kin_best_seed.py': [
        ('pmin(pooled, seed_axis)', f'pmin({PC}(pooled, seed_axis, to="varying"), seed_axis)'),
    ],
    'kin_tlag_trajectory_cache.py': [
        ('return top_level_all_gather(q, SPECS[Stage.OPTIMISE])', 'return jax.reshard(q, SPECS[Stage.OPTIMISE])'),
    ],
    'kin_residual_monitor.py': [
        ('pmean(jnp.abs(residual).mean(), (POSE, JOINT))',
         f'pmean({PC}(jnp.abs(residual).mean(), JOINT, to="varying"), (POSE, JOINT))'),
    ],
    'kin_joint_limits.py': [INV],
    # sensor fusion
    'fuse_innovation_gate.py': [
        ('all_gather(pooled, self.cfg.sensor_axis,',
         f'all_gather({PC}(pooled, self.cfg.sensor_axis, to="varying"), self.cfg.sensor_axis,'),
    ],
    'fuse_covariance_archive.py': [
        ('all_gather(out, axes,',
         f'all_gather({PC}(out, "state", to="varying") if isinstance(axes, tuple) else out, axes,'),
    ],
    'fuse_imu_bias.py': [
        ('psum(replicas, self.sensor_axis)', f'psum({PC}(replicas, self.sensor_axis, to="varying"), self.sensor_axis)'),
    ],
    'fuse_tlag_track_log.py': [
        ('rows = top_level_all_gather(tracks, log_layout())',
         'rows = jax.reshard(tracks, P(STATE, None))'),
    ],
    'fuse_residual_whiteness.py': [
        ('pmean(per_sensor, axis_name=axes)', f'pmean({PC}(per_sensor, "state", to="varying"), axis_name=axes)'),
    ],
    'fuse_kalman_gain.py': [INV],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
