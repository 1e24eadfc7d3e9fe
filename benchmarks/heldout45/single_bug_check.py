"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout45/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction; for the two programs whose
failing line is shared by a loop or a comprehension over several values, on the one value that
is in the wrong state), `jax.reshard`, a context mesh, the missing `reduced=` axis or
`multi_dim=True` for `top_level_all_gather`, and for the SF106 programs the producer's gather
changed to `to='invarying'`. A program that still fails after its fix hides a second error
behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # PPO learner
    'ppo_gae_scan_whiten.py': [
        ('all_gather(moments, cfg.env_axis,', f'all_gather({PC}(moments, cfg.env_axis, to="varying"), cfg.env_axis,'),
    ],
    'ppo_kl_early_stop.py': [
        ('all_gather(kl_rows, self.axes,', f'all_gather({PC}(kl_rows, self.cfg.model_axis, to="varying"), self.axes,'),
    ],
    'ppo_value_clip_epochs.py': [
        ('psum(energy, cfg.env_axis)', f'psum({PC}(energy, cfg.env_axis, to="varying"), cfg.env_axis)'),
    ],
    'ppo_tlag_rollout_export.py': [
        ('top_level_all_gather(self.obs, learner_spec)', 'jax.reshard(self.obs, learner_spec)'),
    ],
    'ppo_minibatch_value_grads.py': [
        ('pmean((g_w, g_b), cfg.data_axes)',
         f'pmean(({PC}(g_w, cfg.data_axes[1], to="varying"), {PC}(g_b, cfg.data_axes[1], to="varying")), cfg.data_axes)'),
    ],
    'ppo_entropy_bonus.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # V-trace learner
    'vt_importance_clip_metrics.py': [
        ('all_gather(value, self.cfg.learner_axis,',
         f'all_gather({PC}(value, self.cfg.learner_axis, to="varying"), self.cfg.learner_axis,'),
    ],
    'vt_policy_logits_gather.py': [
        ('all_gather(per_learner, cfg.all_axes,',
         f'all_gather({PC}(per_learner, cfg.action_axis, to="varying"), cfg.all_axes,'),
    ],
    'vt_segment_bootstrap.py': [
        ('ppermute(heads, self.axis,', f'ppermute({PC}(heads, self.axis, to="varying"), self.axis,'),
    ],
    'vt_tlag_trajectory_queue.py': [
        ('top_level_all_gather(batch, P(LEARNER, None))', 'top_level_all_gather(batch, P(LEARNER, None, reduced={CORE}))'),
    ],
    'vt_vtrace_targets.py': [
        ('psum(total, cfg.reduce_axes)', f'psum({PC}(total, cfg.core_axis, to="varying"), cfg.reduce_axes)'),
    ],
    'vt_rho_clip_truncation.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # sharded replay
    'rb_priority_sum_tree.py': [
        ('all_gather(shard_totals, axis,', f'all_gather({PC}(shard_totals, axis, to="varying"), axis,'),
    ],
    'rb_dedupe_keys.py': [
        ('all_gather(rows, self.axes,', f'all_gather({PC}(rows, self.axes[0], to="varying"), self.axes,'),
    ],
    'rb_bucket_rebalance.py': [
        ('psum_scatter(census,', f'psum_scatter({PC}(census, axis_name, to="varying"),'),
    ],
    'rb_tlag_snapshot.py': [
        ('    return snapshot(placed)\n', '    with jax.set_mesh(mesh):\n        return snapshot(placed)\n'),
    ],
    'rb_insert_counts.py': [
        ('psum(valid.sum(), self.axes)', f'psum({PC}(valid.sum(), self.axes[1], to="varying"), self.axes)'),
    ],
    'rb_importance_weights.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # actor-learner split
    'al_env_step_counter.py': [
        ('all_gather(total, self.actor_axis,', f'all_gather({PC}(total, self.actor_axis, to="varying"), self.actor_axis,'),
    ],
    'al_trajectory_assembly.py': [
        ('all_gather(unroll, axes,', f'all_gather({PC}(unroll, time_axis, to="varying"), axes,'),
    ],
    'al_param_publish.py': [
        ('pmax(jnp.abs(full).sum(),', f'pmax({PC}(jnp.abs(full).sum(), self.topo.param_axis, to="varying"),'),
    ],
    'al_tlag_actor_weights.py': [
        ('top_level_all_gather(weights, ACTOR_LAYOUT)', 'jax.reshard(weights, ACTOR_LAYOUT)'),
    ],
    'al_policy_lag.py': [
        ('pmean(lag.mean(), self.axes)', f'pmean({PC}(lag.mean(), self.axes[1], to="varying"), self.axes)'),
    ],
    'al_action_sampling.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # multi-agent value decomposition
    'marl_coma_baseline.py': [
        ('all_gather(team[:, None], agent_axis,', f'all_gather({PC}(team[:, None], agent_axis, to="varying"), agent_axis,'),
    ],
    'marl_central_critic_obs.py': [
        ('all_gather(per_env, self.critic_axes,', f'all_gather({PC}(per_env, self.axes.env, to="varying"), self.critic_axes,'),
    ],
    'marl_message_routing.py': [
        ('all_to_all(board,', f'all_to_all({PC}(board, cfg["agent_axis"], to="varying"),'),
    ],
    'marl_tlag_mixer_export.py': [
        ('EVAL_LAYOUT = MixerParams(hyper_w=P(None, "env"),', 'EVAL_LAYOUT = MixerParams(hyper_w=P(None, "env", reduced={"agent"}),'),
    ],
    'marl_vdn_td_loss.py': [
        ('pmean(jnp.mean(td ** 2), cfg.loss_axes)', f'pmean({PC}(jnp.mean(td ** 2), cfg.agent_axis, to="varying"), cfg.loss_axes)'),
    ],
    'marl_qmix_mixer.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # batched MCTS
    'mcts_root_visit_table.py': [
        ('all_gather(n_root, axis,', f'all_gather({PC}(n_root, axis, to="varying"), axis,'),
    ],
    'mcts_child_value_prefix.py': [
        ('all_gather(batch_total, axes,', f'all_gather({PC}(batch_total, axes[0], to="varying"), axes,'),
    ],
    'mcts_backup_path.py': [
        ('pmax(children.sum(axis=1),', f'pmax({PC}(children.sum(axis=1), self.action_axis, to="varying"),'),
    ],
    'mcts_tlag_search_tree.py': [
        ('top_level_all_gather(tree.visit_counts, self.visit_layout)', 'jax.reshard(tree.visit_counts, self.visit_layout)'),
    ],
    'mcts_search_stats.py': [
        ('"root_visits": den,', f'"root_visits": {PC}(den, self.action_axis, to="varying"),'),
    ],
    'mcts_puct_select.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # population-based training
    'pbt_fitness_table.py': [
        ('"population_mean": jax.lax.pmean(fitness, cfg.member_axis),',
         f'"population_mean": {PC}(jax.lax.pmean(fitness, cfg.member_axis), cfg.member_axis, to="varying"),'),
    ],
    'pbt_population_grads.py': [
        ('all_gather(per_member, axes,', f'all_gather({PC}(per_member, data, to="varying"), axes,'),
    ],
    'pbt_exploit_hparams.py': [
        ('all_gather(pop_lrs, self.member_axis, axis=0)', f'all_gather({PC}(pop_lrs, self.member_axis, to="varying"), self.member_axis, axis=0)'),
    ],
    'pbt_tlag_checkpoint.py': [
        ('top_level_all_gather(weights, spec)', 'top_level_all_gather(weights, spec, multi_dim=True)'),
    ],
    'pbt_ready_members.py': [
        ('psum(ready.sum(), cfg.population_axes)', f'psum({PC}(ready.sum(), cfg.data_axis, to="varying"), cfg.population_axes)'),
    ],
    'pbt_hparam_perturb.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
