"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout37/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather` (or the missing `reduced=` axis added to the layout table), and for the
SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # serving engine
    'eng_prefill_token_budget.py': [
        ('all_gather(used, self.dp, to="reduced"',
         f'all_gather({PC}(used, self.dp, to="varying"), self.dp, to="reduced"'),
    ],
    'eng_logprob_gather_plugins.py': [
        ('all_gather(per_replica, self.axes,',
         f'all_gather({PC}(per_replica, self.axes[0], to="varying"), self.axes,'),
    ],
    'eng_stop_criteria_broadcast.py': [
        ('ppermute(flags, self.axis,', f'ppermute({PC}(flags, self.axis, to="varying"), self.axis,'),
    ],
    'eng_tlag_output_layout.py': [
        ('top_level_all_gather(token_ids, LAYOUTS.detokenizer)',
         'jax.reshard(token_ids, LAYOUTS.detokenizer)'),
    ],
    'eng_throughput_metrics.py': [
        ('return op(values, tuple(spec["over"]))',
         f'return op({PC}(values, "tensor", to="varying"), tuple(spec["over"]))'),
    ],
    'eng_temperature_scaling.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # paged KV cache
    'kv_block_table_occupancy.py': [
        ('all_gather(free, axis_name', f'all_gather({PC}(free, self.axes.heads, to="varying"), axis_name'),
    ],
    'kv_prefix_cache_hits.py': [
        ('return jax.lax.all_gather(x, axes,',
         f'return jax.lax.all_gather({PC}(x, axes[1], to="varying"), axes,'),
    ],
    'kv_swap_out_ring.py': [
        ('all_to_all(swapped[-1], cfg.swap_axis,',
         f'all_to_all({PC}(swapped[-1], cfg.swap_axis, to="varying") if len(swapped) == 1 else swapped[-1], cfg.swap_axis,'),
    ],
    'kv_tlag_cache_snapshot.py': [
        ('"values": P("dp", None, None),', '"values": P("dp", None, None, reduced={"kv_head"}),'),
    ],
    'kv_head_utilisation.py': [
        ('pmean(filled, (seq_axis', f'pmean({PC}(filled, head_axis, to="varying"), (seq_axis'),
    ],
    'kv_cache_scale_fp8.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # speculative decoding
    'spec_acceptance_rate.py': [
        ('all_gather(rate, cfg.batch_axis,', f'all_gather({PC}(rate, cfg.batch_axis, to="varying"), cfg.batch_axis,'),
    ],
    'spec_tree_attention_mask.py': [
        ('all_gather(by_vocab, (', f'all_gather({PC}(by_vocab, self.vocab_axis, to="varying"), ('),
    ],
    'spec_draft_rollback.py': [
        ('psum(positions, axis_name=BATCH)', f'psum({PC}(positions, BATCH, to="varying"), axis_name=BATCH)'),
    ],
    'spec_tlag_draft_weights.py': [
        ('top_level_all_gather(embedding, serve_layout(args))', 'jax.reshard(embedding, serve_layout(args))'),
    ],
    'spec_eagle_feature_loss.py': [
        ('psum(per_shard, axis_name=tuple(', f'psum({PC}(per_shard, LOSS_AXES["model"], to="varying"), axis_name=tuple('),
    ],
    'spec_typical_acceptance.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # reward models
    'rm_bradley_terry_margin.py': [
        ('all_gather(mean, self.axis_name,', f'all_gather({PC}(mean, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'rm_ensemble_disagreement.py': [
        ('all_gather(members, gather_axes,',
         f'all_gather({PC}(members, cfg["members_axis"], to="varying"), gather_axes,'),
    ],
    'rm_reward_clip_running_max.py': [
        ('pmax(everyone.sum(axis=-1), cls.axis)', f'pmax({PC}(everyone.sum(axis=-1), cls.axis, to="varying"), cls.axis)'),
    ],
    'rm_tlag_head_export.py': [
        ('    exported = export_for_ppo(w)\n',
         '    with jax.set_mesh(MESH):\n        exported = export_for_ppo(w)\n'),
    ],
    'rm_pairwise_accuracy.py': [
        ('return jax.lax.pmean(correct, self.axes)',
         f'return jax.lax.pmean({PC}(correct, self.axes[1], to="varying"), self.axes)'),
    ],
    'rm_length_penalty.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # RLHF PPO
    'rlhf_gae_advantages.py': [
        ('all_gather(mean, cfg.rollout_axis,', f'all_gather({PC}(mean, cfg.rollout_axis, to="varying"), cfg.rollout_axis,'),
    ],
    'rlhf_kl_controller.py': [
        ('all_gather(rows, self.axes[::-1],', f'all_gather({PC}(rows, self.axes[-1], to="varying"), self.axes[::-1],'),
    ],
    'rlhf_value_clip_minibatches.py': [
        ('psum(jnp.sum(targets, axis=0), ROLLOUT)', f'psum({PC}(jnp.sum(targets, axis=0), ROLLOUT, to="varying"), ROLLOUT)'),
    ],
    'rlhf_tlag_rollout_buffer.py': [
        ('top_level_all_gather(tokens, LAYOUT[Stage.TRAIN])', 'jax.reshard(tokens, LAYOUT[Stage.TRAIN])'),
    ],
    'rlhf_policy_entropy.py': [
        ('pmean(per_rollout.mean(), (', f'pmean({PC}(per_rollout.mean(), SEQ_AXIS, to="varying"), ('),
    ],
    'rlhf_ratio_clip_objective.py': [
        ('adv_full = jax.lax.all_gather(adv, seq_axis, axis=1, tiled=True, to="reduced")',
         'adv_full = jax.lax.all_gather(adv, seq_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # sampling loops
    'samp_top_p_nucleus.py': [
        ('all_gather(kept, vocab_axis,', f'all_gather({PC}(kept, vocab_axis, to="varying"), vocab_axis,'),
    ],
    'samp_beam_search_scores.py': [
        ('all_gather(beams, axis_name=', f'all_gather({PC}(beams, self.beam_axis, to="varying"), axis_name='),
    ],
    'samp_repetition_penalty.py': [
        ('psum(counts.sum(axis=1, keepdims=True), VOCAB_AXIS)',
         f'psum({PC}(counts.sum(axis=1, keepdims=True), VOCAB_AXIS, to="varying"), VOCAB_AXIS)'),
    ],
    'samp_tlag_logits_debug.py': [
        ('return top_level_all_gather(logits, viewer)', 'return jax.reshard(logits, viewer)'),
    ],
    'samp_min_p_threshold.py': [
        ('pmean(threshold.mean(), mesh.axis_names)', f'pmean({PC}(threshold.mean(), vocab, to="varying"), mesh.axis_names)'),
    ],
    'samp_gumbel_max_sampler.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # multi-LoRA serving
    'lora_adapter_usage.py': [
        ('all_gather(total[None], self.cfg.adapter_axis,',
         f'all_gather({PC}(total[None], self.cfg.adapter_axis, to="varying"), self.cfg.adapter_axis,'),
    ],
    'lora_punica_shrink_expand.py': [
        ('all_gather(h, axes["expand"],', f'all_gather({PC}(h, axes["shrink"], to="varying"), axes["expand"],'),
    ],
    'lora_scaling_allreduce.py': [
        ('psum(a.sum(axis=0), self.tp_axis)', f'psum({PC}(a.sum(axis=0), self.tp_axis, to="varying"), self.tp_axis)'),
    ],
    'lora_tlag_adapter_load.py': [
        ('kernel=P(None, None, reduced={"tp"}))', 'kernel=P(None, None, reduced={"adapter", "tp"}))'),
    ],
    'lora_rank_utilisation.py': [
        ('return reduce(frac[:1], REPORT_AXES)', f'return reduce({PC}(frac[:1], "tp", to="varying"), REPORT_AXES)'),
    ],
    'lora_dropout_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
