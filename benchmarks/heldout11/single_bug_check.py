"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout11/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved off the reduced
value). Written by hand from the bug, not from shardfix. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'alphazero_q_values_ring_ppermute.py': [
        ('return jax.lax.ppermute(q, axis, perm)',
         'return jax.lax.ppermute(jax.lax.pcast(q, axis, to="varying"), axis, perm)'),
    ],
    'alphazero_replay_loader_gather.py': [
        ('return top_level_all_gather(batch["policy"], P("actor", None, reduced={"games"}))',
         'return jax.reshard(batch["policy"], P("actor", None))'),
    ],
    'alphazero_stats_pmean_actor_league.py': [
        ('win_rate = jax.lax.pmean(wins, all_axes)',
         'win_rate = jax.lax.pmean(jax.lax.pcast(wins, Axis.ACTOR.value, to="varying"), all_axes)'),
    ],
    'alphazero_value_head_reducer_dict.py': [
        ('return REDUCERS["both"](per_game)',
         'return REDUCERS["both"](jax.lax.pcast(per_game, "actor", to="varying"))'),
    ],
    'alphazero_visit_counts_policy_target.py': [
        ('policy = jax.lax.all_gather(stats.visits, "sims",',
         'policy = jax.lax.all_gather(jax.lax.pcast(stats.visits, "sims", to="varying"), "sims",'),
    ],
    'alphazero_visit_temperature_helper.py': [
        ('visits = jax.lax.all_gather(local_visits, "sims", axis=1, tiled=True, to="reduced")',
         'visits = jax.lax.all_gather(local_visits ** (1.0 / 1.0), "sims", axis=1, tiled=True, to="reduced")'),
        ('return visit_policy(visits)',
         'return visits'),
    ],
    'detector_anchor_grid_regather.py': [
        ('return jax.lax.all_gather(part, axes,',
         'return jax.lax.all_gather(jax.lax.pcast(part, axes[-1], to="varying"), axes,'),
    ],
    'detector_jit_boxes_out_shardings.py': [
        ('return top_level_all_gather(boxes, OUTPUT_LAYOUT[name])',
         'return jax.reshard(boxes, OUTPUT_LAYOUT[name])'),
    ],
    'detector_loss_pmean_mesh_axes.py': [
        ('box = jax.lax.psum(jnp.sum(jnp.abs(box_pred - box_tgt)), "anc")',
         'box = jax.lax.pcast(jax.lax.psum(jnp.sum(jnp.abs(box_pred - box_tgt)), "anc"), "anc", to="varying")'),
    ],
    'detector_nms_pmax_gathered_scores.py': [
        ('top = jax.lax.pmax(scores, cfg.anchor_axis)',
         'top = jax.lax.pmax(jax.lax.pcast(scores, cfg.anchor_axis, to="varying"), cfg.anchor_axis)'),
    ],
    'detector_num_positives_regather.py': [
        ('num_pos = jax.lax.all_gather(num_pos, AX.anchors,',
         'num_pos = jax.lax.all_gather(jax.lax.pcast(num_pos, AX.anchors, to="varying"), AX.anchors,'),
    ],
    'detector_score_threshold_lambda.py': [
        ('all_gather(scores, "anc", axis=1, tiled=True, to="reduced")',
         'all_gather(scores, "anc", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("img", None, reduced={"anc"})',
         'out_specs=P("img", None)'),
    ],
    'lora_accum_loss_pmean_fori.py': [
        ('return jax.lax.pmean(total / CONFIG["micro_batches"], CONFIG["axes"])',
         'return jax.lax.pmean(jax.lax.pcast(total, "model", to="varying") / CONFIG["micro_batches"], CONFIG["axes"])'),
    ],
    'lora_adapter_grad_accum_regather.py': [
        ('g_b = jax.lax.all_gather(g_b, "data",',
         'g_b = jax.lax.all_gather(jax.lax.pcast(g_b, "data", to="varying"), "data",'),
    ],
    'lora_delta_norm_psum.py': [
        ('return jnp.sqrt(jax.lax.psum(jnp.sum(delta * delta), self.axis))',
         'return jnp.sqrt(jax.lax.psum(jax.lax.pcast(jnp.sum(delta * delta), self.axis, to="varying"), self.axis))'),
    ],
    'lora_jit_merge_out_shardings_tree.py': [
        ('export = top_level_all_gather(merged, EXPORT["kernel"])',
         'export = jax.reshard(merged, P("model", None))'),
    ],
    'lora_merged_weight_shape_branch.py': [
        ('return jax.lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(jax.lax.pcast(w, axes[-1], to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'lora_scaling_after_gather.py': [
        ('delta = jax.lax.all_gather(lora_a @ lora_b, self.cfg.axis, axis=1, tiled=True, to="reduced")',
         'delta = jax.lax.all_gather((lora_a @ lora_b) * self.scaling, self.cfg.axis, axis=1, tiled=True, to="reduced")'),
        ('return delta * self.scaling',
         'return delta'),
    ],
    'multitask_adam_state_report_after_mesh.py': [
        ('    return summarise(opt_state)\n',
         '\n        return summarise(opt_state)\n'),
    ],
    'multitask_gradnorm_psum_all.py': [
        ('return jnp.sqrt(jax.lax.psum(sq, axes))',
         'return jnp.sqrt(jax.lax.psum(jax.lax.pcast(sq, "dp", to="varying"), axes))'),
    ],
    'multitask_head_logits_pmax.py': [
        ('shift = jax.lax.pmax(logits, "cls")',
         'shift = jax.lax.pmax(jax.lax.pcast(logits, "cls", to="varying"), "cls")'),
    ],
    'multitask_shared_trunk_regather.py': [
        ('feats = self.gather_rows(self.gather_cols(trunk_out))',
         'feats = self.gather_rows(jax.lax.pcast(self.gather_cols(trunk_out), "model", to="varying"))'),
    ],
    'multitask_task_weights_regather.py': [
        ('return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(jax.lax.pcast(x, axes, to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'multitask_uncertainty_weighting.py': [
        ('losses = jax.lax.all_gather(per_task, "task", tiled=True, to="reduced")',
         'losses = jax.lax.all_gather(per_task, "task", tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"task"})',
         'out_specs=P()'),
    ],
    'protein_masked_count_regather.py': [
        ('denom = jax.lax.all_gather(n_masked[None], "residue", tiled=True, to="reduced")',
         'denom = jax.lax.all_gather(jax.lax.pcast(n_masked[None], "residue", to="varying"), "residue", tiled=True, to="reduced")'),
    ],
    'protein_mlm_head_log_softmax.py': [
        ('logits = jax.lax.all_gather(h @ w_out, self.vocab_axis, axis=-1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(h @ w_out, self.vocab_axis, axis=-1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"vocab"})',
         'out_specs=P("batch", None)'),
    ],
    'protein_mlm_loss_psum_everything.py': [
        ('return jax.lax.psum(jnp.sum(nll * mask), axes) / jax.lax.psum(jnp.sum(mask), "batch")',
         'return jax.lax.psum(jax.lax.pcast(jnp.sum(nll * mask), "vocab", to="varying"), axes) / jax.lax.psum(jnp.sum(mask), "batch")'),
    ],
    'protein_params_tree_export_prefix.py': [
        ('return top_level_all_gather(placed["embed"], P("replica", None, reduced={"fsdp", "tp"}))',
         'return jax.reshard(placed["embed"], P("replica", None))'),
    ],
    'protein_tied_embedding_regather.py': [
        ('return jax.lax.all_gather(cols, self.axes,',
         'return jax.lax.all_gather(jax.lax.pcast(cols, self.model_axis, to="varying"), self.axes,'),
    ],
    'protein_vocab_logz_psum.py': [
        ('z = jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), VOCAB)',
         'z = jax.lax.psum(jax.lax.pcast(jnp.sum(jnp.exp(logits), axis=-1), VOCAB, to="varying"), VOCAB)'),
    ],
    'reward_eval_reshard_enum_layout.py': [
        ('return top_level_all_gather(scores, P(Ax.PAIR.value))',
         'return jax.reshard(scores, P(Ax.PAIR.value))'),
    ],
    'reward_log_sigmoid_gathered_margin.py': [
        ('margin = gather_rewards(r_chosen) - gather_rewards(r_rejected)',
         'losses = gather_rewards(-jax.nn.log_sigmoid(r_chosen - r_rejected))'),
        ('return -jax.nn.log_sigmoid(margin)',
         'return losses'),
    ],
    'reward_margin_pmean_gathered.py': [
        ('mean_margin = jax.lax.pmean(margins, "data").mean()',
         'mean_margin = jax.lax.pmean(jax.lax.pcast(margins, "data", to="varying"), "data").mean()'),
    ],
    'reward_pairwise_grad_psum_scatter.py': [
        ('lambda g: jax.lax.psum_scatter(g, ("data", "fsdp"), scatter_dimension=0, tiled=True),',
         'lambda g: jax.lax.psum_scatter(jax.lax.pcast(g, "fsdp", to="varying"), ("data", "fsdp"), scatter_dimension=0, tiled=True),'),
    ],
    'reward_ranking_accuracy_regather.py': [
        ('all_rewards = jax.lax.all_gather(rewards, EVAL_AXES,',
         'all_rewards = jax.lax.all_gather(jax.lax.pcast(rewards, "model", to="varying"), EVAL_AXES,'),
    ],
    'reward_score_head_psum_gather.py': [
        ('return gather_all(allreduce_sum(h @ w_score, MODEL), MODEL)',
         'return gather_all(jax.lax.pcast(allreduce_sum(h @ w_score, MODEL), MODEL, to="varying"), MODEL)'),
    ],
    'torchport_ddp_all_reduce_group.py': [
        ('return all_reduce(loss, op="mean")',
         'return all_reduce(jax.lax.pcast(loss, "tp", to="varying"), op="mean")'),
    ],
    'torchport_fsdp_materialize_weight.py': [
        ('return jax.lax.all_gather(cols, (self.shard_axis, self.tp_axis),',
         'return jax.lax.all_gather(jax.lax.pcast(cols, self.tp_axis, to="varying"), (self.shard_axis, self.tp_axis),'),
    ],
    'torchport_layernorm_gathered_psum.py': [
        ('sq = jax.lax.psum(jnp.sum(full * full, axis=-1, keepdims=True), self.group)',
         'sq = jax.lax.psum(jax.lax.pcast(jnp.sum(full * full, axis=-1, keepdims=True), self.group, to="varying"), self.group)'),
    ],
    'torchport_mlp_gelu_gathered.py': [
        ('h = jax.lax.all_gather(self.fc1(x, w1), "tp", axis=1, tiled=True, to="reduced")',
         'h = jax.lax.all_gather(F.gelu(self.fc1(x, w1)), "tp", axis=1, tiled=True, to="reduced")'),
        ('\n        h = F.gelu(h)',
         ''),
    ],
    'torchport_row_parallel_psum_regather.py': [
        ('return jax.lax.all_gather(out, self.tp_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(out, self.tp_axis, to="varying"), self.tp_axis,'),
    ],
    'torchport_state_dict_export_gather.py': [
        ('return top_level_all_gather(sharded[key], P(TP_AXIS, None, reduced={"dp"}))',
         'return jax.reshard(sharded[key], P(TP_AXIS, None))'),
    ],
    'tts_duration_total_regather.py': [
        ('totals = jax.lax.all_gather(totals, cfg.phone_axis,',
         'totals = jax.lax.all_gather(jax.lax.pcast(totals, cfg.phone_axis, to="varying"), cfg.phone_axis,'),
    ],
    'tts_mel_frames_tuple_regather.py': [
        ('mel = jax.lax.all_gather(mel, axes[:i + 1],',
         'mel = jax.lax.all_gather(jax.lax.pcast(mel, axes[:i], to="varying") if i else mel, axes[:i + 1],'),
    ],
    'tts_mel_log_clamp_gathered.py': [
        ('STAGES = [to_mel, gather_bands, log_clamp]',
         'STAGES = [to_mel, log_clamp, gather_bands]'),
    ],
    'tts_stop_token_pmean_axes.py': [
        ('return jax.lax.pmean(per_utt, (*AXES,))',
         'return jax.lax.pmean(jax.lax.pcast(per_utt, AXES.frame, to="varying"), (*AXES,))'),
    ],
    'tts_synth_shard_map_result_gather.py': [
        ('wav = top_level_all_gather(wav, P(args.axes[1], None, reduced={args.axes[0]}))',
         'wav = jax.reshard(wav, P(args.axes[1], None))'),
    ],
    'tts_vocoder_all_to_all_gathered.py': [
        ('return jax.lax.all_to_all(mel, self.band_axis,',
         'return jax.lax.all_to_all(jax.lax.pcast(mel, self.band_axis, to="varying"), self.band_axis,'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
