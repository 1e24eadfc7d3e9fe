"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout77/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper, or at the
producer of the mixed state for the SF105 programs), `jax.reshard`, a context mesh or the missing
`reduced=` axis for `top_level_all_gather`, and for the SF106 programs the producer's gather
changed to `to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'attn_dropout_scale.py': [
        ('attentions=jax.lax.all_gather(hidden_states, self.config.batch_axis, axis=0, tiled=True, to="reduced")',
         'attentions=jax.lax.all_gather(hidden_states, self.config.batch_axis, axis=0, tiled=True, to="invarying")'),
    ],
    'attn_head_mask.py': [
        ('probs = jax.lax.all_gather(weights, self.config.head_axis,',
         'probs = jax.lax.all_gather(jax.lax.pcast(weights, self.config.head_axis, to="varying"), self.config.head_axis,'),
    ],
    'attn_kv_cache.py': [
        ('cache = jax.lax.all_gather(outputs["last_hidden_state"],',
         'cache = jax.lax.all_gather(jax.lax.pcast(outputs["last_hidden_state"], self.config.head_axis, to="varying"),'),
    ],
    'attn_mlp_residual.py': [
        ('return jax.lax.all_gather(residual, self.config.batch_axis, axis=0, tiled=True)',
         'return jax.lax.all_gather(jax.lax.pcast(residual, self.config.batch_axis, to="varying"), self.config.batch_axis, axis=0, tiled=True)'),
    ],
    'attn_output_projection.py': [
        ('return top_level_all_gather(outputs["last_hidden_state"], P(None, config.head_axis))',
         'return top_level_all_gather(outputs["last_hidden_state"], P(None, config.head_axis, reduced={config.batch_axis}))'),
    ],
    'attn_softmax_denominator.py': [
        ('denom = jax.lax.psum(outputs["attentions"], self.SYNC_AXES)',
         'denom = jax.lax.psum(jax.lax.pcast(outputs["attentions"], "heads", to="varying"), self.SYNC_AXES)'),
    ],
    'auto_bert_pooler.py': [
        ('return jax.lax.all_gather(pooled, data_axis',
         'return jax.lax.all_gather(jax.lax.pcast(pooled, data_axis, to="varying"), data_axis'),
    ],
    'auto_layer_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'auto_lm_head.py': [
        ('return sync(logit_mass, data_axis)',
         'return sync(jax.lax.pcast(logit_mass, data_axis, to="varying"), data_axis)'),
    ],
    'auto_loss_normalizer.py': [
        ('token_loss = jax.lax.psum(',
         'token_loss = jax.lax.pcast(jax.lax.psum('),
        ('jnp.square(hidden_states).sum(axis=1), model_axis)',
         'jnp.square(hidden_states).sum(axis=1), model_axis), model_axis, to="varying")'),
    ],
    'auto_save_pretrained.py': [
        ('return top_level_all_gather(param, spec_from(self.config.save_layout[name]))',
         'return jax.reshard(param, spec_from(self.config.save_layout[name]))'),
    ],
    'auto_tied_embeddings.py': [
        ('return gather_embeddings(columns, tuple(self.config.tie_axes), 0)',
         'return gather_embeddings(jax.lax.pcast(columns, model_axis, to="varying"), tuple(self.config.tie_axes), 0)'),
    ],
    'gen_beam_scores_export.py': [
        ('return top_level_all_gather(beam_scores, P(*config.extra["export_spec"]))',
         'return jax.reshard(beam_scores, P(*config.extra["export_spec"]))'),
    ],
    'gen_min_length.py': [
        ('return jax.lax.all_gather(eos_mass, self.axis,',
         'return jax.lax.all_gather(jax.lax.pcast(eos_mass, self.axis, to="varying"), self.axis,'),
    ],
    'gen_repetition_penalty.py': [
        ('return jax.lax.ppermute(scores, BATCH_AXIS, perm=ring)',
         'return jax.lax.ppermute(jax.lax.pcast(scores, BATCH_AXIS, to="varying"), BATCH_AXIS, perm=ring)'),
    ],
    'gen_temperature_warper.py': [
        ('return jax.lax.all_gather(scores, VOCAB_AXIS, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(scores, VOCAB_AXIS, axis=1, tiled=True, to="invarying")'),
    ],
    'gen_top_k_warper.py': [
        ('return jax.lax.all_gather(scores, self.axes,',
         'return jax.lax.all_gather(jax.lax.pcast(scores, VOCAB_AXIS, to="varying"), self.axes,'),
    ],
    'gen_typical_warper.py': [
        ('return jax.lax.psum(-p * jnp.log(p + 1e-9), VOCAB_AXIS)',
         'return jax.lax.pcast(jax.lax.psum(-p * jnp.log(p + 1e-9), VOCAB_AXIS), VOCAB_AXIS, to="varying")'),
    ],
    'optim_global_norm_clip.py': [
        ('global_norm = jnp.sqrt(jax.lax.psum(jnp.sum(jnp.square(full)), args.fsdp_axis))',
         'global_norm = jnp.sqrt(jax.lax.psum(jax.lax.pcast(jnp.sum(jnp.square(full)), args.fsdp_axis, to="varying"), args.fsdp_axis))'),
    ],
    'optim_grad_accumulation.py': [
        ('return jax.lax.all_gather(acc, args.fsdp_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(acc, args.fsdp_axis, to="varying"), args.fsdp_axis,'),
    ],
    'optim_loss_scale.py': [
        ('finite = jax.lax.pmin(jnp.isfinite(grads).all(axis=1).astype(jnp.float32), args.tensor_axis)',
         'finite = jax.lax.pcast(jax.lax.pmin(jnp.isfinite(grads).all(axis=1).astype(jnp.float32), args.tensor_axis), args.tensor_axis, to="varying")'),
    ],
    'optim_state_checkpoint.py': [
        ('        state = tx.init(placed)\n    return save_optimizer_state(state, args)',
         '        state = tx.init(placed)\n        return save_optimizer_state(state, args)'),
    ],
    'optim_weight_decay.py': [
        ('params = jax.lax.all_gather(grads, args.tensor_axis, axis=1, tiled=True, to="reduced")',
         'params = jax.lax.all_gather(grads, args.tensor_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'optim_zero_redundancy.py': [
        ('return jax.lax.all_gather(updates, (args.fsdp_axis, args.tensor_axis),',
         'return jax.lax.all_gather(jax.lax.pcast(updates, args.tensor_axis, to="varying"), (args.fsdp_axis, args.tensor_axis),'),
    ],
    'pipe_feature_extraction.py': [
        ('features = self.hidden(x)',
         'features = jax.lax.pcast(self.hidden(x), self.axis_names[1], to="varying")'),
    ],
    'pipe_fill_mask_export.py': [
        ('def main(logits):\n    return pipeline("fill-mask")(logits)',
         'def main(logits):\n    return pipeline("fill-mask", gather_axes=("replica",))(logits)'),
    ],
    'pipe_question_answering.py': [
        ('spans = jax.lax.all_gather(x, replica, axis=0, tiled=True, to="reduced")',
         'spans = jax.lax.all_gather(x, replica, axis=0, tiled=True, to="invarying")'),
    ],
    'pipe_text_classification.py': [
        ('return jax.lax.all_gather(pooled, replica,',
         'return jax.lax.all_gather(jax.lax.pcast(pooled, replica, to="varying"), replica,'),
    ],
    'pipe_token_classification.py': [
        ('return jax.lax.all_to_all(entities, shard, 0, 0, tiled=True)',
         'return jax.lax.all_to_all(jax.lax.pcast(entities, shard, to="varying"), shard, 0, 0, tiled=True)'),
    ],
    'pipe_zero_shot.py': [
        ('entail = jax.lax.pmax(x, shard)',
         'entail = jax.lax.pcast(jax.lax.pmax(x, shard), shard, to="varying")'),
    ],
    'shard_accuracy_metric.py': [
        ('return {name: fn(correct, batch_axis) for name, fn in METRIC_REDUCERS.items()}',
         'return {name: fn(jax.lax.pcast(correct, batch_axis, to="varying"), batch_axis) for name, fn in METRIC_REDUCERS.items()}'),
    ],
    'shard_export_params.py': [
        ('exported[name] = top_level_all_gather(placed[name], logical_to_mesh_axes(EXPORT_LAYOUT[name]))',
         'exported[name] = jax.reshard(placed[name], logical_to_mesh_axes(EXPORT_LAYOUT[name]))'),
    ],
    'shard_fsdp_unshard.py': [
        ('return jax.tree.map(\n        lambda p: jax.lax.all_gather(p,',
         'return jax.tree.map(\n        lambda p: jax.lax.all_gather(jax.lax.pcast(p, "mp", to="varying"),'),
    ],
    'shard_label_smoothing_metric.py': [
        ('return jax.lax.all_gather(x, mesh_axis("batch"), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, mesh_axis("batch"), axis=0, tiled=True, to="invarying")'),
    ],
    'shard_loss_scaling.py': [
        ('partial = jax.lax.psum(jnp.square(x).T, mesh_axis("embed"))',
         'partial = jax.lax.pcast(jax.lax.psum(jnp.square(x).T, mesh_axis("embed")), mesh_axis("embed"), to="varying")'),
    ],
    'shard_perplexity_metric.py': [
        ('return jax.lax.all_gather(nll, batch_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(nll, batch_axis, to="varying"), batch_axis,'),
    ],
    'trainer_ema_callback.py': [
        ('shadow = self.gather_tp(x)',
         'shadow = jax.lax.pcast(self.gather_tp(x), tp, to="varying")'),
    ],
    'trainer_grad_norm_callback.py': [
        ('norms = jax.lax.all_gather(sq, dp,',
         'norms = jax.lax.all_gather(jax.lax.pcast(sq, dp, to="varying"), dp,'),
    ],
    'trainer_label_smoothing.py': [
        ('return SYNC[args.metric_for_best_model](jnp.sum(targets, axis=0), dp)',
         'return SYNC[args.metric_for_best_model](jax.lax.pcast(jnp.sum(targets, axis=0), dp, to="varying"), dp)'),
    ],
    'trainer_save_checkpoint.py': [
        ('            self.saved.append(np.asarray(top_level_all_gather(batch, P(None, args.axes[1], reduced={args.axes[0]}))))',
         '            with jax.set_mesh(mesh):\n                self.saved.append(np.asarray(top_level_all_gather(batch, P(None, args.axes[1], reduced={args.axes[0]}))))'),
    ],
    'trainer_token_accuracy.py': [
        ('hits = jax.lax.pmax(jnp.sum(x > 0.5), tp)',
         'hits = jax.lax.pcast(jax.lax.pmax(jnp.sum(x > 0.5), tp), tp, to="varying")'),
    ],
    'trainer_warmup_schedule.py': [
        ('update = jax.lax.all_gather(x, dp, axis=0, tiled=True, to="reduced")',
         'update = jax.lax.all_gather(x, dp, axis=0, tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
