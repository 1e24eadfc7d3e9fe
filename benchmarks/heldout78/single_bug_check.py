"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout78/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call uses legally, or at the producer for `replay_td_statistics`, whose mixed state is made in a
registered statistic), `jax.reshard`, a context mesh, a layout string in prefix order or the
missing `reduced=` axis for `top_level_all_gather`, and for the SF106 programs the producer's
gather changed to `to='invarying'` (with the out spec that the now invariant result needs, for
`replay_importance_weights`). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # gin_*
    'gin_vtrace_bootstrap.py': [
        ('jax.lax.all_gather(bootstrap,',
         f'jax.lax.all_gather({PC}(bootstrap, bootstrap_axis, to="varying"),'),
    ],
    'gin_ppo_advantages.py': [
        ('rollout = _collect(episodes,',
         f'rollout = _collect({PC}(episodes, self.time_axis, to="varying"),'),
    ],
    'gin_retrace_traces.py': [
        ('jax.lax.ppermute(ratios,',
         f'jax.lax.ppermute({PC}(ratios, trace_axis, to="varying"),'),
    ],
    'gin_checkpoint_publish.py': [
        ('return top_level_all_gather(state.params, spec)',
         'return jax.reshard(state.params, P(*serving_layout))'),
    ],
    'gin_value_loss.py': [
        ('jax.lax.pmean(per_actor,',
         f'jax.lax.pmean({PC}(per_actor, env_axis, to="varying"),'),
    ],
    'gin_entropy_bonus.py': [
        ('self.action_axis, axis=1, tiled=True, to="reduced")',
         'self.action_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # acme_*
    'acme_param_snapshot.py': [
        ('jax.lax.all_gather(grads,',
         f'jax.lax.all_gather({PC}(grads, self._config.model_axis, to="varying"),'),
    ],
    'acme_variable_client.py': [
        ('torso = fetch(head,',
         f'torso = fetch({PC}(head, self._axes[-1], to="varying"),'),
    ],
    'acme_target_network.py': [
        ('return self._sync(target,',
         f'return self._sync({PC}(target, self._config.model_axis, to="varying"),'),
    ],
    'acme_actor_weights.py': [
        ('        self._weights = top_level_all_gather(',
         '        with jax.set_mesh(self._client.params.sharding.mesh):\n'
         '            self._weights = top_level_all_gather('),
    ],
    'acme_grad_allreduce.py': [
        ('jax.lax.pmean(grad,',
         f'jax.lax.pmean({PC}(grad, self._config.model_axis, to="varying"),'),
    ],
    'acme_td_targets.py': [
        ('self._config.model_axis, axis=1, tiled=True, to="reduced")',
         'self._config.model_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # replay_*
    'replay_priority_table.py': [
        ('jax.lax.all_gather(mass,',
         f'jax.lax.all_gather({PC}(mass, self.axes.item, to="varying"),'),
    ],
    'replay_nstep_adder.py': [
        ('written = [stack_steps(window,',
         f'written = [stack_steps({PC}(window, self.item_axis, to="varying"),'),
    ],
    'replay_sample_rotation.py': [
        ('return rotate(batch)',
         f'return rotate({PC}(batch, self.axes.shard, to="varying"))'),
    ],
    'replay_sample_layout.py': [
        ('"learner": lambda axes: P(axes.shard, None),',
         '"learner": lambda axes: P(axes.shard, None, reduced={axes.item}),'),
    ],
    'replay_td_statistics.py': [
        ('return jax.lax.pmax(jnp.max(jnp.abs(td)), axis_name)',
         f'return {PC}(jax.lax.pmax(jnp.max(jnp.abs(td)), axis_name), axis_name, to="varying")'),
    ],
    'replay_importance_weights.py': [
        ('self.axes.item, axis=1, tiled=True, to="reduced")',
         'self.axes.item, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(self.axes.shard, None, reduced={self.axes.item}))',
         'out_specs=P(self.axes.shard, None))'),
    ],
    # env_*
    'env_obs_normalizer.py': [
        ('jax.lax.all_gather(mean[None],',
         f'jax.lax.all_gather({PC}(mean[None], self.sync_axis, to="varying"),'),
    ],
    'env_frame_stack.py': [
        ('jax.lax.all_gather(stacked,',
         f'jax.lax.all_gather({PC}(stacked, ENVS, to="varying"),'),
    ],
    'env_reward_scaler.py': [
        ('jax.lax.pmax(jnp.abs(reward),',
         f'jax.lax.pmax({PC}(jnp.abs(reward), self.scale_axis, to="varying"),'),
    ],
    'env_video_recorder.py': [
        ('layout=f"{HOSTS},{ENVS}"', 'layout=f"{ENVS},{HOSTS}"'),
    ],
    'env_episode_length.py': [
        ('jax.lax.psum(jnp.sum(lengths),',
         f'jax.lax.psum({PC}(jnp.sum(lengths), HOSTS, to="varying"),'),
    ],
    'env_clip_action.py': [
        ('self.action_axis, axis=1, tiled=True, to="reduced")',
         'self.action_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # rlax_*
    'rlax_ppo_metrics.py': [
        ('logged(adv_mean, axis_name)',
         f'logged({PC}(adv_mean, axis_name, to="varying"), axis_name)'),
    ],
    'rlax_vtrace_pair.py': [
        ('gather_tree({"logits": logits},',
         f'gather_tree({{"logits": {PC}(logits, model_axis, to="varying")}},'),
    ],
    'rlax_q_lambda.py': [
        ('jax.lax.psum_scatter(q_full,',
         f'jax.lax.psum_scatter({PC}(q_full, axis_name, to="varying"),'),
    ],
    'rlax_policy_export.py': [
        ('"head": P(None, MODEL)}', '"head": P(None, MODEL, reduced={DATA})}'),
    ],
    'rlax_kl_penalty.py': [
        ('reduce_fn(jnp.mean(per_state))',
         f'reduce_fn({PC}(jnp.mean(per_state), action_axis, to="varying"))'),
    ],
    'rlax_discounted_returns.py': [
        ('time_axis, axis=1, tiled=True, to="reduced")',
         'time_axis, axis=1, tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
