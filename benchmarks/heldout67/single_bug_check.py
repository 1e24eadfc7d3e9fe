"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout67/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` in place of
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')]

FIXES = {
    # DPO
    'dpo_sigmoid_margin_sync.py': [
        ('all_gather(summed, self.config.data_axis,',
         f'all_gather({PC}(summed, self.config.data_axis, to="varying"), self.config.data_axis,'),
    ],
    'dpo_ipo_pair_gather.py': [
        ('all_gather(per_data, self.axes,', f'all_gather({PC}(per_data, self.axes[0], to="varying"), self.axes,'),
    ],
    'dpo_reference_logp_cache.py': [
        ('ppermute(cache, axis, perm)', f'ppermute({PC}(cache, axis, to="varying"), axis, perm)'),
    ],
    'dpo_checkpoint_export.py': [
        ('return top_level_all_gather(w, LAYOUTS[Stage.SERVE])', 'return jax.reshard(w, LAYOUTS[Stage.SERVE])'),
    ],
    'dpo_reward_accuracy.py': [
        ('pmean(correct.mean(), cfg.reduce_axes)',
         f'pmean({PC}(correct.mean(), cfg.reduce_axes[-1], to="varying"), cfg.reduce_axes)'),
    ],
    'dpo_label_smoothing.py': INV,
    # GRPO
    'grpo_group_baseline.py': [
        ('all_gather(total, axis,', f'all_gather({PC}(total, axis, to="varying"), axis,'),
    ],
    'grpo_completion_mask_gather.py': [
        ('all_gather(per_group, axes[::-1],', f'all_gather({PC}(per_group, axes[-1], to="varying"), axes[::-1],'),
    ],
    'grpo_experience_broadcast.py': [
        ('pmax(exp.rewards.sum(axis=1), self.group_axis)',
         f'pmax({PC}(exp.rewards.sum(axis=1), self.group_axis, to="varying"), self.group_axis)'),
    ],
    'grpo_policy_weight_sync.py': [
        ('return top_level_all_gather(lm_head, layouts.rollout)', 'return jax.reshard(lm_head, layouts.rollout)'),
    ],
    'grpo_advantage_std.py': [
        ('pmean(std.mean(), tuple(cfg.metric_axes))',
         f'pmean({PC}(std.mean(), cfg.group_axis, to="varying"), tuple(cfg.metric_axes))'),
    ],
    'grpo_kl_scan.py': INV,
    # rollout buffers and generation loops
    'roll_buffer_returns.py': [
        ('all_gather(ret, self.axes["shard"],', f'all_gather({PC}(ret, self.axes["shard"], to="varying"), self.axes["shard"],'),
    ],
    'roll_generation_loop_lengths.py': [
        ('all_gather(first, (vocab_axis, batch_axis),',
         f'all_gather({PC}(first, batch_axis, to="varying"), (vocab_axis, batch_axis),'),
    ],
    'roll_prompt_shuffle_ring.py': [
        ('ppermute(hops[-1], cfg.axis,', f'ppermute({PC}(hops[-1], cfg.axis, to="varying") if len(hops) == 1 else hops[-1], cfg.axis,'),
    ],
    'roll_sampler_logits_view.py': [
        ('return top_level_all_gather(logits, evaluator_spec(mesh.axis_names))',
         'return jax.reshard(logits, evaluator_spec(mesh.axis_names))'),
    ],
    'roll_episode_stats.py': [
        ('REDUCERS[name](values.mean() if values.ndim else values,',
         f'REDUCERS[name]({PC}(values.mean(), "tp", to="varying") if values.ndim else values,'),
    ],
    'roll_value_bootstrap.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
    ],
    # preference data and RLAIF judges
    'pref_judge_score_pool.py': [
        ('all_gather(pooled, head_axis,', f'all_gather({PC}(pooled, head_axis, to="varying"), head_axis,'),
    ],
    'pref_pair_tokenizer_lengths.py': [
        ('all_gather(gathered, axes,', f'all_gather({PC}(gathered, self.pair_axis, to="varying"), axes,'),
    ],
    'pref_dataset_dedup.py': [
        ('psum(everyone, axis)', f'psum({PC}(everyone, axis, to="varying"), axis)'),
    ],
    'pref_reward_head_publish.py': [
        ('return top_level_all_gather(head, layout.critic)', 'return jax.reshard(head, layout.critic)'),
    ],
    'pref_win_rate_eval.py': [
        ('pmean(votes.mean(), self.axes)', f'pmean({PC}(votes.mean(), self.axes[0], to="varying"), self.axes)'),
    ],
    'pref_margin_softmax.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
    ],
    # reference-model KL
    'ref_adaptive_kl_ctl.py': [
        ('all_gather(kl, self.config.axis_names[1],',
         f'all_gather({PC}(kl, self.config.axis_names[1], to="varying"), self.config.axis_names[1],'),
    ],
    'ref_logits_vocab_gather.py': [
        ('all_gather(full_vocab.T, self.gather_axes,',
         f'all_gather({PC}(full_vocab.T, self.vocab_axis, to="varying"), self.gather_axes,'),
    ],
    'ref_kl_token_returns.py': [
        ('psum(per_token, axis)', f'psum({PC}(per_token, axis, to="varying"), axis)'),
    ],
    'ref_model_offload.py': [
        ('{k: top_level_all_gather(v, PHASE_SPECS[phase])', '{k: jax.reshard(v, PHASE_SPECS[phase])'),
    ],
    'ref_kl_metrics.py': [
        ('op(seq_kl.sum(), tuple(axes))', f'op({PC}(seq_kl.sum(), "tensor", to="varying") if len(axes) > 1 else seq_kl.sum(), tuple(axes))'),
    ],
    'ref_kl_clip_penalty.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # PPO losses and advantage whitening
    'ppo_whiten_advantages.py': [
        ('all_gather(mean, config.batch_axis,', f'all_gather({PC}(mean, config.batch_axis, to="varying"), config.batch_axis,'),
    ],
    'ppo_value_clip_gather.py': [
        ('all_gather(by_batch, self.axes,', f'all_gather({PC}(by_batch, self.axes[0], to="varying"), self.axes,'),
    ],
    'ppo_minibatch_shuffle.py': [
        ('all_to_all(shuffled, axis,', f'all_to_all({PC}(shuffled, axis, to="varying"), axis,'),
    ],
    'ppo_actor_export.py': [
        ('return top_level_all_gather(placed, self.layout.rollout)', 'return jax.reshard(placed, self.layout.rollout)'),
    ],
    'ppo_clipfrac_metrics.py': [
        ('psum(clipfrac.sum(), axis_name=LOG_AXES)', f'psum({PC}(clipfrac.sum(), LOG_AXES[1], to="varying"), axis_name=LOG_AXES)'),
    ],
    'ppo_entropy_bonus.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # reward-model training
    'rmt_bradley_terry_stats.py': [
        ('all_gather(stats.margin, self.args.data_axis,',
         f'all_gather({PC}(stats.margin, self.args.data_axis, to="varying"), self.args.data_axis,'),
    ],
    'rmt_pairwise_logits.py': [
        ('out = jax.lax.all_gather(out, axes,',
         f'out = jax.lax.all_gather({PC}(out, "data", to="varying") if dim else out, axes,'),
    ],
    'rmt_reward_centering.py': [
        ('psum_scatter(full, self.axis_name,', f'psum_scatter({PC}(full, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'rmt_head_checkpoint.py': [
        ('top_level_all_gather(value, SAVE_SHARDING[name])', 'jax.reshard(value, SAVE_SHARDING[name])'),
    ],
    'rmt_eval_accuracy.py': [
        ('psum(correct.sum(), tuple(self.args.axes))',
         f'psum({PC}(correct.sum(), self.args.axes[-1], to="varying"), tuple(self.args.axes))'),
    ],
    'rmt_reward_normaliser.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
