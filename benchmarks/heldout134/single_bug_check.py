"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout134/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes the code meant (the
right experiment constant, template field or activation mapping), the right `reduced=` axes or a
prefix spec, `multi_dim=True` for `top_level_all_gather`, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # ffn_*
    'ffn_summary_gather.py': [
        ("seen = jax.lax.all_gather(token_norm, self.summary_axis,",
         f"seen = jax.lax.all_gather({PC}(token_norm, self.summary_axis, to='varying'), self.summary_axis,"),
    ],
    'ffn_probe_collect.py': [
        ("return jax.lax.all_gather(per_token, self.gather_axes(),",
         f"return jax.lax.all_gather({PC}(per_token, self.shard_axis, to='varying'), self.gather_axes(),"),
    ],
    'ffn_aux_gather.py': [
        ("return jax.lax.pmean(l1, self.axis)",
         f"return jax.lax.pmean({PC}(l1, self.axis, to='varying'), self.axis)"),
    ],
    'ffn_ckpt_export.py': [
        ("  CKPT_GATHER_AXES = ('replica',)", "  CKPT_GATHER_AXES = ('replica', 'mdl')"),
    ],
    'ffn_aux_loss.py': [
        ("aux = Config(AuxLoss, weight=1e-2, reduce_axes=self.mesh_axis_names)",
         "aux = Config(AuxLoss, weight=1e-2, reduce_axes=('replica',))"),
    ],
    'ffn_full_hidden.py': [
        ("h_full = jax.lax.all_gather(h_local, self.gather_axis, axis=1, tiled=True, to='reduced')",
         "h_full = jax.lax.all_gather(h_local, self.gather_axis, axis=1, tiled=True, to='invarying')"),
    ],
    # emb_*
    'emb_logit_stats.py': [
        ("return jax.lax.all_gather(log_z, self.axis,",
         f"return jax.lax.all_gather({PC}(log_z, self.axis, to='varying'), self.axis,"),
    ],
    'emb_eval_dump.py': [
        ("return hook(rows, dump_axes)", f"return hook({PC}(rows, vocab_axis, to='varying'), dump_axes)"),
    ],
    'emb_stable_max.py': [
        ("peak = jax.lax.pmax(rows, self.reduce_axis)",
         f"peak = jax.lax.pmax({PC}(rows, self.reduce_axis, to='varying'), self.reduce_axis)"),
    ],
    'emb_table_export.py': [
        ("full = top_level_all_gather(table, self.export_spec())",
         "full = top_level_all_gather(table, self.export_spec(), multi_dim=True)"),
    ],
    'emb_xent_loss.py': [
        ("cfg.loss_axes = self.mesh_axis_names", "cfg.loss_axes = ('data',)"),
    ],
    'emb_tied_logits.py': [
        ("logits = jax.lax.all_gather(logits, vocab_axis, axis=-1, tiled=True, to='reduced')",
         "logits = jax.lax.all_gather(logits, vocab_axis, axis=-1, tiled=True, to='invarying')"),
        ("out_specs=P(act.inp[0], None, reduced={vocab_axis}))", "out_specs=P(act.inp[0], None))"),
    ],
    # attn_*
    'attn_head_entropy.py': [
        ("summary = jax.lax.all_gather(ent[None], self.summary_axis,",
         f"summary = jax.lax.all_gather({PC}(ent[None], self.summary_axis, to='varying'), self.summary_axis,"),
    ],
    'attn_probs_dump.py': [
        ("return jax.lax.all_gather(heads, self.export_axes(),",
         f"return jax.lax.all_gather({PC}(heads, self.head_axis, to='varying'), self.export_axes(),"),
    ],
    'attn_seq_ring.py': [
        ("    values = v_all", f"    values = {PC}(v_all, seq_axis, to='varying')"),
    ],
    'attn_qkv_export.py': [
        ("serving_mapping=(None, 'data'), dropped_axes=('mdl',))",
         "serving_mapping=(None, 'mdl'), dropped_axes=('data',))"),
    ],
    'attn_score_norm.py': [
        ("return jax.lax.pmean(head_sq, self.monitor_axes())",
         f"return jax.lax.pmean({PC}(head_sq, self.activation_split_dims_mapping.logits[1], to='varying'), "
         "self.monitor_axes())"),
    ],
    'attn_head_average.py': [
        ("all_heads = jax.lax.all_gather(probs, head_axis, axis=1, tiled=True, to='reduced')",
         "all_heads = jax.lax.all_gather(probs, head_axis, axis=1, tiled=True, to='invarying')"),
        ("out_specs=P(act.dec[0], None, None, reduced={head_axis}))", "out_specs=P(act.dec[0], None, None))"),
    ],
    # moe_*
    'moe_load_balance.py': [
        ("balance = jax.lax.all_gather(frac, self.token_axis,",
         f"balance = jax.lax.all_gather({PC}(frac, self.token_axis, to='varying'), self.token_axis,"),
    ],
    'moe_util_dump.py': [
        ("table = jax.lax.all_gather(row, self.stats_axes,",
         f"table = jax.lax.all_gather({PC}(row, self.expert_axis, to='varying'), self.stats_axes,"),
    ],
    'moe_combine.py': [
        ("back = self.combine(every_expert)", f"back = self.combine({PC}(every_expert, expert_axis, to='varying'))"),
    ],
    'moe_expert_export.py': [
        ("  CHECKPOINT_AXES = ('data',)", "  CHECKPOINT_AXES = ('expert',)"),
    ],
    'moe_router_zloss.py': [
        ("return jax.lax.psum_scatter(per_token, self.aux_axes,",
         f"return jax.lax.psum_scatter({PC}(per_token, self.expert_axis, to='varying'), self.aux_axes,"),
    ],
    'moe_gate_softmax.py': [
        ("logits = jax.lax.all_gather(local_logits, expert_axis, axis=1, tiled=True, to='reduced')",
         "logits = jax.lax.all_gather(local_logits, expert_axis, axis=1, tiled=True, to='invarying')"),
        ("out_specs=P(act.tokens[0], None, reduced={expert_axis}))", "out_specs=P(act.tokens[0], None))"),
    ],
    # pipe_*
    'pipe_bubble_stats.py': [
        ("jax.lax.all_gather(energy, self.summary_axis,",
         f"jax.lax.all_gather({PC}(energy, self.summary_axis, to='varying'), self.summary_axis,"),
    ],
    'pipe_stage_dump.py': [
        ("return jax.lax.all_gather(stages, self.dump_axes,",
         f"return jax.lax.all_gather({PC}(stages, self.stage_axis, to='varying'), self.dump_axes,"),
    ],
    'pipe_last_stage_loss.py': [
        ("return jax.lax.psum(sq, axis)", f"return jax.lax.psum({PC}(sq, axis, to='varying'), axis)"),
    ],
    'pipe_stage_export.py': [
        ("  layers = export_for_finetune(exporter, ws)",
         "  with jax.set_mesh(mesh):\n    layers = export_for_finetune(exporter, ws)"),
    ],
    'pipe_loss_mean.py': [
        ("head = Config(LossHead, mean_axes=self.mesh_axis_names)", "head = Config(LossHead, mean_axes=('data',))"),
    ],
    'pipe_output_scale.py': [
        ("slots = jax.lax.all_gather(state[None], axis, axis=0, tiled=True, to='reduced')",
         "slots = jax.lax.all_gather(state[None], axis, axis=0, tiled=True, to='invarying')"),
        ("out_specs=P(None, None, reduced={axis}))", "out_specs=P(None, None))"),
    ],
    # learn_*
    'learn_grad_norm.py': [
        ("return jax.lax.all_gather(norm, self.summary_axes,",
         f"return jax.lax.all_gather({PC}(norm, self.summary_axes, to='varying'), self.summary_axes,"),
    ],
    'learn_grad_noise.py': [
        ("return jax.lax.all_gather(full[None], self.probe_axes,",
         f"return jax.lax.all_gather({PC}(full[None], self.model_axis, to='varying'), self.probe_axes,"),
    ],
    'learn_global_clip.py': [
        ("total = jax.lax.psum(self.sq_norm(g), self.model_axis)",
         f"total = jax.lax.psum({PC}(self.sq_norm(g), self.model_axis, to='varying'), self.model_axis)"),
    ],
    'learn_opt_export.py': [
        ("state_mapping=(None, ('data', 'mdl'))", "state_mapping=(None, ('mdl', 'data'))"),
    ],
    'learn_loss_pmean.py': [
        ("reduce_axes=self.mesh_axis_names)", "reduce_axes=('data',))"),
    ],
    'learn_weight_decay.py': [
        ("w_full = jax.lax.all_gather(w, self.model_axis, axis=1, tiled=True, to='reduced')",
         "w_full = jax.lax.all_gather(w, self.model_axis, axis=1, tiled=True, to='invarying')"),
        ("g_full = jax.lax.all_gather(g, self.model_axis, axis=1, tiled=True, to='reduced')",
         "g_full = jax.lax.all_gather(g, self.model_axis, axis=1, tiled=True, to='invarying')"),
        ("out_specs=P(None, None, reduced={learner.model_axis}))", "out_specs=P(None, None))"),
    ],
    # dec_*
    'dec_eval_scores.py': [
        ("return jax.lax.all_gather(batch_total[None], self.batch_axis,",
         f"return jax.lax.all_gather({PC}(batch_total[None], self.batch_axis, to='varying'), self.batch_axis,"),
    ],
    'dec_beam_dump.py': [
        ("return jax.lax.all_gather(rows, self.debug_axes(),",
         f"return jax.lax.all_gather({PC}(rows, self.vocab_axis, to='varying'), self.debug_axes(),"),
    ],
    'dec_sampler_norm.py': [
        ("return jax.lax.psum(jnp.sum(unnorm, axis=-1, keepdims=True), self.vocab_axis)",
         f"return jax.lax.psum({PC}(jnp.sum(unnorm, axis=-1, keepdims=True), self.vocab_axis, to='varying'), "
         "self.vocab_axis)"),
    ],
    'dec_cache_export.py': [
        ("  DECODE_CACHE_MAPPING = (None, 'mdl', None, None)", "  DECODE_CACHE_MAPPING = (None, None, 'mdl', None)"),
    ],
    'dec_accuracy.py': [
        ("metric_axes=self.mesh_axis_names)", "metric_axes=('data',))"),
    ],
    'dec_logit_cap.py': [
        ("full = jax.lax.all_gather(logits, self.vocab_axis, axis=-1, tiled=True, to='reduced')",
         "full = jax.lax.all_gather(logits, self.vocab_axis, axis=-1, tiled=True, to='invarying')"),
        ("out_specs=P('data', None, reduced={axis}))", "out_specs=P('data', None))"),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
