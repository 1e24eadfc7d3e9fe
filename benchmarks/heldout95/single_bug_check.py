"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout95/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site, in the helper it calls, or on the producer), the
collective over the axis the test meant, the right `reduced=` axis / `multi_dim=True` / a gather
inside the `with_mesh` block / `jax.reshard` for `top_level_all_gather`, and for most SF106
programs the producer's gather changed to `to='invarying'` (with the out spec that no longer says
reduced). After its fix every test of the program passes; a program that still fails hides a
second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # attention_test
    "attn_head_sum_gather.py": [
        ("return jax.lax.all_gather(summed, self.GATHER_AXIS,",
         f"return jax.lax.all_gather({PC}(summed, HEADS, to='varying') if self.GATHER_AXIS == HEADS else summed, self.GATHER_AXIS,"),
    ],
    "attn_context_dump.py": [
        ("return jax.lax.all_gather(heads_full, dump_axes,",
         "return jax.lax.all_gather(heads_full, tuple(a for a in dump_axes if a != HEADS),"),
    ],
    "attn_ring_keys.py": [
        ("return self.rotate(keys, HEADS)", f"return self.rotate({PC}(keys, HEADS, to='varying'), HEADS)"),
    ],
    "attn_qkv_checkpoint.py": [
        ("saved = top_level_all_gather(self.q, layout)",
         "saved = top_level_all_gather(self.q, layout, multi_dim=name == 'replicated')"),
    ],
    "attn_loss_mean.py": [
        ("return jax.lax.pmean(jnp.mean(per_example), self.LOSS_AXES)",
         f"return jax.lax.pmean({PC}(jnp.mean(per_example), HEADS, to='varying') if HEADS in self.LOSS_AXES else jnp.mean(per_example), self.LOSS_AXES)"),
    ],
    "attn_gathered_softmax.py": [
        ('HEADS, axis=1, tiled=True, to="reduced")\n      return jax.nn.softmax',
         'HEADS, axis=1, tiled=True, to="invarying")\n      return jax.nn.softmax'),
        ("P(BATCH, None, reduced={HEADS}))(\n        self.q, self.k)", "P(BATCH, None))(\n        self.q, self.k)"),
    ],
    # dense_test
    "dense_output_gather.py": [
        ('return jax.lax.all_gather(y, gather_axis,',
         f'return jax.lax.all_gather({PC}(y, MODEL, to="varying") if gather_axis == MODEL else y, gather_axis,'),
    ],
    "dense_activation_stages.py": [
        ("h = jax.lax.all_gather(h, axes, axis=dim,",
         f"h = jax.lax.all_gather({PC}(h, MODEL, to='varying') if len(axes) > 1 else h, axes, axis=dim,"),
    ],
    "dense_amax_scale.py": [
        ("return self.amax(h, MODEL)", f"return self.amax({PC}(h, MODEL, to='varying'), MODEL)"),
    ],
    "dense_export_params.py": [
        ('"w2": P(None, None),', '"w2": P(None, None, reduced={MODEL}),'),
    ],
    "dense_grad_scatter.py": [
        ('"b2": jnp.sum(dy, axis=0)}', f'"b2": {PC}(jnp.sum(dy, axis=0), MODEL, to="varying")}}'),
    ],
    "dense_gathered_gelu.py": [
        ('MODEL, axis=1, tiled=True, to="reduced")\n      return jax.nn.gelu(pre)',
         'MODEL, axis=1, tiled=True, to="invarying")\n      return jax.nn.gelu(pre)'),
        ("self.mlp(body, P(DATA, None, reduced={MODEL}))", "self.mlp(body, P(DATA, None))"),
    ],
    # embedding_test
    "emb_lookup_gather.py": [
        ("return jax.lax.all_gather(embedded, self.tp_axis,",
         f"return jax.lax.all_gather({PC}(embedded, self.tp_axis, to='varying'), self.tp_axis,"),
    ],
    "emb_logit_dump.py": [
        ("return jax.lax.all_gather(logits, self.mesh.axis_names,",
         f"return jax.lax.all_gather({PC}(logits, VOCAB, to='varying'), self.mesh.axis_names,"),
    ],
    "emb_partition_function.py": [
        ("return jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), VOCAB)",
         f"return jax.lax.psum({PC}(jnp.sum(jnp.exp(logits), axis=-1), VOCAB, to='varying') if logits.shape[-1] == self.VOCAB_SIZE else jnp.sum(jnp.exp(logits), axis=-1), VOCAB)"),
    ],
    "emb_table_export.py": [
        ("EXPORT_SPEC = P(BATCH, None, reduced={VOCAB})", "EXPORT_SPEC = P(None, None, reduced={VOCAB})"),
    ],
    "emb_xent_total.py": [
        ("total = jax.lax.psum(jnp.sum(self.xent(table, ids)), self.mesh.axis_names)",
         f"total = jax.lax.psum({PC}(jnp.sum(self.xent(table, ids)), VOCAB, to='varying'), self.mesh.axis_names)"),
    ],
    "emb_label_smoothing.py": [
        ('VOCAB, axis=2, tiled=True, to="reduced")\n    return (1.0',
         'VOCAB, axis=2, tiled=True, to="invarying")\n    return (1.0'),
        ("P(BATCH, None, None, reduced={VOCAB})", "P(BATCH, None, None)"),
    ],
    # optimizer_test
    "opt_avg_grad_gather.py": [
        ('return jax.lax.all_gather(avg, self.axes["dp"],', 'return jax.lax.all_gather(avg, self.axes["fsdp"],'),
    ],
    "opt_moment_checkpoint.py": [
        ("return jax.lax.all_gather(mu, axis_name=CHECKPOINT_AXES,",
         f"return jax.lax.all_gather({PC}(mu, SHARD, to='varying'), axis_name=CHECKPOINT_AXES,"),
    ],
    "opt_clip_norm.py": [
        ("return jnp.sqrt(jax.lax.psum(jnp.sum(g * g), axis_name))",
         f"return jnp.sqrt(jax.lax.psum({PC}(jnp.sum(g * g), axis_name, to='varying') if jax.typeof(g).mat.reduced else jnp.sum(g * g), axis_name))"),
    ],
    "opt_state_export.py": [
        ('\n    exported = export_state({', '\n      exported = export_state({'),
    ],
    "opt_metrics_pmean.py": [
        ('"grad_norm": jnp.sqrt(jax.lax.psum(jnp.sum(local * local), SHARD)),',
         f'"grad_norm": {PC}(jnp.sqrt(jax.lax.psum(jnp.sum(local * local), SHARD)), SHARD, to="varying"),'),
    ],
    "opt_adam_gathered.py": [
        ('g = jax.lax.all_gather(g, SHARD, axis=0, tiled=True, to="reduced")',
         'g = jax.lax.all_gather(g, SHARD, axis=0, tiled=True, to="invarying")'),
        ("P(None, None, reduced={SHARD}) if gather", "P(None, None) if gather"),
    ],
    # normalization_test
    "norm_rms_gather.py": [
        ("return jax.lax.all_gather(self.rms(x), axis,",
         f"return jax.lax.all_gather({PC}(self.rms(x), FEATURES, to='varying') if axis == FEATURES else self.rms(x), axis,"),
    ],
    "norm_activation_dump.py": [
        ("DUMP_AXES = (ROWS, FEATURES)", "DUMP_AXES = (ROWS,)"),
    ],
    "norm_feature_scatter.py": [
        ("return jax.lax.psum(self.scatter_features(dscale), ROWS)",
         f"return jax.lax.psum(self.scatter_features({PC}(dscale, FEATURES, to='varying')), ROWS)"),
    ],
    "norm_flat_export.py": [
        ("exported = top_level_all_gather(self.stats, out_spec)",
         "exported = jax.reshard(top_level_all_gather(self.stats, P(None, None, reduced={ROWS, FEATURES})), out_spec)"),
    ],
    "norm_stat_average.py": [
        ('"mean": (lambda x: self.feature_mean(x),',
         f'"mean": (lambda x: {PC}(self.feature_mean(x), FEATURES, to="varying"),'),
    ],
    "norm_gathered_center.py": [
        ('full = jax.lax.all_gather(x, FEATURES, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(x, FEATURES, axis=1, tiled=True, to="invarying")'),
        ("out_specs=P(ROWS, None, reduced={FEATURES}))", "out_specs=P(ROWS, None))"),
    ],
    # moe_test
    "moe_combined_gather.py": [
        ("return jax.lax.all_gather(y, axis_name=self.expert_axis,",
         f"return jax.lax.all_gather({PC}(y, EXPERT, to='varying'), axis_name=self.expert_axis,"),
    ],
    "moe_expert_dump.py": [
        ("return self.gather_tokens(per_expert, (self.expert_axis, self.data_axis))",
         f"return self.gather_tokens({PC}(per_expert, self.data_axis, to='varying'), (self.expert_axis, self.data_axis))"),
    ],
    "moe_token_dispatch.py": [
        ("return self.dispatch(tokens)", f"return self.dispatch({PC}(tokens, DATA, to='varying'))"),
    ],
    "moe_weight_export.py": [
        ("EXPORT_SPEC = P(EXPERT, None, None)", "EXPORT_SPEC = P(EXPERT, None, None, reduced={DATA})"),
    ],
    "moe_aux_loss.py": [
        ("return jax.lax.pmean(self.aux_loss(x, router), axes)",
         f"return jax.lax.pmean({PC}(self.aux_loss(x, router), EXPERT, to='varying') if EXPERT in axes else self.aux_loss(x, router), axes)"),
    ],
    "moe_router_logprobs.py": [
        ('DATA, axis=0, tiled=True, to="reduced")\n      return jax.nn.log_softmax',
         'DATA, axis=0, tiled=True, to="invarying")\n      return jax.nn.log_softmax'),
        ("self.moe(body, P(None, None, reduced={DATA}))", "self.moe(body, P(None, None))"),
    ],
    # metrics_test
    "met_report_counters.py": [
        ("counts = self.host_correct(logits, labels)[None]",
         f"counts = {PC}(self.host_correct(logits, labels)[None], DEVICES, to='varying') if report == 'per_device' else self.host_correct(logits, labels)[None]"),
    ],
    "met_example_losses.py": [
        ("x = jax.lax.all_gather(x, axes, axis=0,",
         f"x = jax.lax.all_gather({PC}(x, DEVICES, to='varying') if isinstance(axes, tuple) else x, axes, axis=0,"),
    ],
    "met_extrema.py": [
        ("return reducer(losses, HOSTS)", f"return reducer({PC}(losses, HOSTS, to='varying'), HOSTS)"),
    ],
    "met_confusion_export.py": [
        ('"by_label": P(DEVICES, None, reduced={HOSTS}),', '"by_label": P(HOSTS, None, reduced={DEVICES}),'),
    ],
    "met_accuracy_totals.py": [
        ("correct = self.host_correct(logits, labels)", "correct = self.correct(logits, labels)"),
    ],
    "met_precision.py": [
        ('tp = jax.lax.all_gather(tp, ALL_AXES, axis=0, tiled=True, to="reduced")',
         'tp = jax.lax.all_gather(tp, ALL_AXES, axis=0, tiled=True, to="invarying")'),
        ('fp = jax.lax.all_gather(fp, ALL_AXES, axis=0, tiled=True, to="reduced")',
         'fp = jax.lax.all_gather(fp, ALL_AXES, axis=0, tiled=True, to="invarying")'),
        ("P(None, None, reduced=set(ALL_AXES))", "P(None, None)"),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
