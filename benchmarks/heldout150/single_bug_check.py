"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout150/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the axis the config meant, a
`pcast(..., to='varying')` before the collective where the program's literal meaning is kept,
the call moved back under the context mesh, the right `reduced=` axes or out spec, and for the
SF106 programs the producer's gather changed to `to='invarying'` (with an out spec that no longer
says reduced) or the arithmetic moved to the host. A program that still fails after its fix
hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # dqn_*
    'dqn_priority_gather.py': [
        ('priority_axis: str = "hidden"', 'priority_axis: str = "batch"'),
    ],
    'dqn_activation_dump.py': [
        ('table = dump.rows(table)', f'table = dump.rows({PC}(table, m, to="varying"))'),
    ],
    'dqn_reward_scale.py': [
        ('total = jax.lax.psum(jnp.sum(jnp.abs(everyone)), self.batch_axis)',
         'total = jax.lax.psum(jnp.sum(jnp.abs(rewards)), self.batch_axis)'),
    ],
    'dqn_checkpoint_export.py': [
        ('    ckpt = save_checkpoint(params)\n', '    with jax.set_mesh(mesh):\n        ckpt = save_checkpoint(params)\n'),
    ],
    'dqn_grad_clip.py': [
        ('grads, norm = clip_by_global_norm(grads, CLIP_NORM, tuple(MESH_SHAPE))',
         'grads, norm = clip_by_global_norm(grads, CLIP_NORM, "hidden")'),
    ],
    'dqn_huber_priorities.py': [
        ('td_all = jax.lax.all_gather(td, b, tiled=True, to="reduced")',
         'td_all = jax.lax.all_gather(td, b, tiled=True, to="invarying")'),
        ('out_specs=(self.specs, P(None, reduced={b}))))', 'out_specs=(self.specs, P(None))))'),
    ],
    # ppo_*
    'ppo_advantage_stats.py': [
        ('history = jax.lax.all_gather(stats, cfg.stats_axis, to="reduced")',
         'history = jax.lax.all_gather(stats, cfg.stats_axis, to="invarying")'),
        ('out_specs=(pspec, P(), P(None, None, reduced={cfg.stats_axis}))))', 'out_specs=(pspec, P(), P(None, None))))'),
    ],
    'ppo_feature_probe.py': [
        ('return jax.lax.all_gather(per_unit, axis_name=AXES,',
         f'return jax.lax.all_gather({PC}(per_unit, "model", to="varying"), axis_name=AXES,'),
    ],
    'ppo_value_rescale.py': [
        ('peak = jax.lax.pmax(jnp.abs(seen), "env")', 'peak = jax.lax.pmax(jnp.abs(returns), "env")'),
    ],
    'ppo_rollout_export.py': [
        ('EXPORT_LAYOUT = {"obs": P("model", None, reduced={"env"}), "reward": P("model", reduced={"env"})}',
         'EXPORT_LAYOUT = {"obs": P("env", None, reduced={"model"}), "reward": P("env", reduced={"model"})}'),
    ],
    'ppo_entropy_metrics.py': [
        ('METRIC_AXES = MESH["axes"]', 'METRIC_AXES = "env"'),
    ],
    'ppo_adv_normalise.py': [
        ('whole = jax.lax.all_gather(adv, "env", tiled=True, to="reduced")',
         'whole = jax.lax.all_gather(adv, "env", tiled=True, to="invarying")'),
    ],
    # sac_*
    'sac_unit_usage.py': [
        ('usage_log = jax.lax.all_gather(usage, cfg.usage_log_axis, to="reduced")',
         f'usage_log = jax.lax.all_gather({PC}(usage, cfg.usage_log_axis, to="varying"), cfg.usage_log_axis, to="reduced")'),
    ],
    'sac_critic_features.py': [
        ('return jax.lax.all_gather(wide, self.layout["rows"],',
         f'return jax.lax.all_gather({PC}(wide, self.layout["units"], to="varying"), self.layout["rows"],'),
    ],
    'sac_nstep_shift.py': [
        ('return jax.lax.ppermute(pooled, "batch", self.ring)',
         f'return jax.lax.ppermute({PC}(pooled, "batch", to="varying"), "batch", self.ring)'),
    ],
    'sac_replay_snapshot.py': [
        ('snapshots.append(top_level_all_gather(obs, snapshot_spec(OBS_LAYOUT)))',
         'snapshots.append(top_level_all_gather(obs, snapshot_spec(OBS_LAYOUT), multi_dim=True))'),
    ],
    'sac_twin_critic.py': [
        ('    td_axes: tuple = MESH_AXES\n', '    td_axes: tuple = DATA_AXES\n'),
    ],
    'sac_policy_temperature.py': [
        ('pooled = jax.lax.all_gather(logits, "batch", axis=0, tiled=True, to="reduced")',
         'pooled = jax.lax.all_gather(logits, "batch", axis=0, tiled=True, to="invarying")'),
        ('out_specs=(SPECS, P(), P(None, None, reduced={"batch"}))))', 'out_specs=(SPECS, P(), P("replica", None))))'),
    ],
    # c51_*
    'c51_mean_q_log.py': [
        ('q_log = jax.lax.all_gather(mean_q, z, to="reduced")',
         f'q_log = jax.lax.all_gather({PC}(mean_q, z, to="varying"), z, to="reduced")'),
    ],
    'c51_distribution_dump.py': [
        ('return jax.lax.all_gather(full, MESH_AXES,',
         f'return jax.lax.all_gather({PC}(full, "atoms", to="varying"), MESH_AXES,'),
    ],
    'c51_full_softmax.py': [
        ('total = jax.lax.psum(jnp.sum(jnp.exp(full), axis=-1), "atoms")',
         f'total = jax.lax.psum({PC}(jnp.sum(jnp.exp(full), axis=-1), "atoms", to="varying"), "atoms")'),
    ],
    'c51_head_export.py': [
        ('sharded = {ROLES["batch"]} if', 'sharded = {ROLES["model"]} if'),
    ],
    'c51_action_sums.py': [
        ('"scatter_axes": AXES}', '"scatter_axes": "data"}'),
    ],
    'c51_cvar_policy.py': [
        ('full = jax.lax.all_gather(probs, "atoms", axis=2, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(probs, "atoms", axis=2, tiled=True, to="invarying")'),
    ],
    # es_*
    'es_update_trace.py': [
        ('trace = jax.lax.all_gather(jnp.linalg.norm(step), cfg.trace_axis, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(jnp.linalg.norm(step), cfg.trace_axis, to="varying"), cfg.trace_axis, to="reduced")'),
    ],
    'es_sharded_noise_log.py': [
        ('return jax.lax.all_gather(members, AXES,', f'return jax.lax.all_gather({PC}(members, "param", to="varying"), AXES,'),
    ],
    'es_centered_ranks.py': [
        ('return jax.lax.psum_scatter(squashed, POP_AXIS, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(squashed, POP_AXIS, to="varying"), POP_AXIS, tiled=True)'),
    ],
    'es_noise_export.py': [
        ('archive = NoiseArchive(PARAM_MAJOR)', 'archive = NoiseArchive(P(None, None, None, reduced={POP}))'),
    ],
    'es_fitness_baseline.py': [
        ('baseline = jax.lax.pmean(jnp.mean(f), cfg.mesh_axes)', 'baseline = jax.lax.pmean(jnp.mean(f), pop)'),
    ],
    'es_softmax_weights.py': [
        ('pooled = jax.lax.all_gather(s, "pop", tiled=True, to="reduced")',
         'pooled = jax.lax.all_gather(s, "pop", tiled=True, to="invarying")'),
        ('out_specs=(P(), P(None, reduced={"pop"}))))', 'out_specs=(P(), P(None))))'),
    ],
    # wm_*
    'wm_error_by_env.py': [
        ('error_log_axis: str = "mp"', 'error_log_axis: str = "env"'),
    ],
    'wm_latent_dump.py': [
        ('return jax.lax.all_gather(rows, tuple(reversed(MESH_AXES)),',
         f'return jax.lax.all_gather({PC}(rows, "env", to="varying"), tuple(reversed(MESH_AXES)),'),
    ],
    'wm_imagined_rollout.py': [
        ('x = jax.lax.all_to_all(starts, "env",', f'x = jax.lax.all_to_all({PC}(starts, "env", to="varying"), "env",'),
    ],
    'wm_model_export.py': [
        ('EXPORT = {name: P(None, None, reduced=set(MESH_AXES)) for name in WEIGHTS}',
         'EXPORT = {name: P(None, None, reduced={"mp"}) for name in WEIGHTS}'),
    ],
    'wm_metric_means.py': [
        ('return jax.tree.map(lambda v: jax.lax.pmean(v, AXES), local)',
         'return jax.tree.map(lambda v: jax.lax.pmean(v, "env"), local)'),
    ],
    'wm_gaussian_nll.py': [
        ('pooled = jax.lax.all_gather(resid, self.cfg.pool_axis, tiled=True, to="reduced")',
         'pooled = jax.lax.all_gather(resid, self.cfg.pool_axis, tiled=True, to="invarying")'),
        ('out_specs=(self.specs, P(None, reduced={b}))))', 'out_specs=(self.specs, P(None))))'),
    ],
    # bandit_*
    'bandit_seed_report.py': [
        ('report = jax.lax.all_gather(seed_loss, cfg.report_axes, tiled=True, to="reduced")',
         f'report = jax.lax.all_gather({PC}(seed_loss, cfg.report_axes, to="varying"), cfg.report_axes, tiled=True, to="reduced")'),
    ],
    'bandit_arm_table.py': [
        ('return jax.lax.all_gather(rows, TABLE_AXES["publish"],',
         f'return jax.lax.all_gather({PC}(rows, TABLE_AXES["rows"], to="varying"), TABLE_AXES["publish"],'),
    ],
    'bandit_pull_counts.py': [
        ('pulls = self.pooled_onehots(actions)', 'pulls = jax.nn.one_hot(actions, self.n_arms)'),
    ],
    'bandit_context_export.py': [
        ('PER_SEED_EXPORT = P(AXES[0], None, reduced=set(AXES[1:]))', 'PER_SEED_EXPORT = P(None, None, reduced=set(AXES))'),
    ],
    'bandit_total_regret.py': [
        ('total = jax.lax.psum(regret, AXIS_NAMES)', 'total = jax.lax.psum(regret, AXIS_NAMES[:2])'),
    ],
    'bandit_ucb_scores.py': [
        ('pooled = jax.lax.all_gather(values, self.cfg.pool_axis, axis=1, tiled=True, to="reduced")',
         'pooled = jax.lax.all_gather(values, self.cfg.pool_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=(SPECS, P("seed", None, reduced={cfg.pool_axis}))))', 'out_specs=(SPECS, P("seed", None))))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
