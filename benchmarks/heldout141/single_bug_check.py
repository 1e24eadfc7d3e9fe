"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout141/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the logical axis / mapping
entry the code meant (the right config field, resource mapping or reduce-over tuple), the right
`reduced=` axes, a context mesh or a gather-then-reshard for `top_level_all_gather`, and for
most SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that
no longer says reduced). A program that still fails after its fix hides a second error: every
fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # gpt_*
    'gpt_mlp_stats.py': [
        ('    log_axis: str = "heads"', '    log_axis: str = "batch"'),
    ],
    'gpt_attn_entropy.py': [
        ('return jax.lax.all_gather(ent.array, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(ent.array, physical_axis_name("heads"), to="varying"), axes, axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'gpt_tied_embed.py': [
        ('penalty = self.l2_penalty(full)', 'penalty = self.l2_penalty(table.array)'),
    ],
    'gpt_ckpt_gather.py': [
        ('out = CheckpointWriter(mesh).save(params)', 'out = CheckpointWriter(mesh, TRAIN_MAPPING).save(params)'),
    ],
    'gpt_grad_clip.py': [
        ('    norm_axes: tuple = ("batch", "mlp")', '    norm_axes: tuple = ("mlp",)'),
    ],
    'gpt_logit_softcap.py': [
        ('full = jax.lax.all_gather(logits.array, ax, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits.array, ax, axis=1, tiled=True, to="invarying")'),
        ('out_axes=[(Batch, None)], out_reduced=[("vocab",)])', 'out_axes=[(Batch, None)])'),
    ],
    # llama_*
    'llama_rmsnorm_trace.py': [
        ('trace = jax.lax.all_gather(rms[None], physical_axis_name(self.config.record_over),',
         f'trace = jax.lax.all_gather({PC}(rms[None], physical_axis_name(self.config.record_over), to="varying"), '
         'physical_axis_name(self.config.record_over),'),
    ],
    'llama_kv_snapshot.py': [
        ('return jax.lax.all_gather(cache.array, mesh_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(cache.array, physical_axis_name("kv_heads"), to="varying"), mesh_axes, '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'llama_swiglu_amax.py': [
        ('amax = activation_amax(seen)', 'amax = activation_amax(h.array)'),
    ],
    'llama_export_hf.py': [
        ('gathered = [a for a in axes if a.name in TP_AXES and physical_axis_name(a)]',
         'gathered = [a for a in axes if physical_axis_name(a)]'),
    ],
    'llama_probe_loss.py': [
        ('LOSS_REDUCE_OVER = ("batch", "heads")', 'LOSS_REDUCE_OVER = ("batch",)'),
    ],
    'llama_rotary_query.py': [
        ('return NamedArray(jax.lax.all_gather(q.array, ax, axis=2, tiled=True, to="reduced"), q.axes)',
         'return NamedArray(jax.lax.all_gather(q.array, ax, axis=2, tiled=True, to="invarying"), q.axes)'),
        ('out_reduced=[("heads",)])', 'out_reduced=[()])'),
    ],
    # moe_*
    'moe_load_hist.py': [
        ('    histogram_axis: str = "tokens"', '    histogram_axis: str = "experts"'),
    ],
    'moe_routing_report.py': [
        ('return jax.lax.all_gather(view.array, mesh_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(view.array, physical_axis_name("experts"), to="varying"), mesh_axes, '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'moe_a2a_exchange.py': [
        ('weights_seen = exchange(router.array, config)', 'weights_seen = exchange(w_router.array, config)'),
    ],
    'moe_serving_reshard.py': [
        ('out[name] = top_level_all_gather(leaf.array, serving_spec(leaf))',
         'out[name] = jax.reshard(leaf.array, P(*serving_spec(leaf).partitions))'),
    ],
    'moe_aux_loss.py': [
        ('def aux_loss(x, w_router, axes=("tokens", "experts")):', 'def aux_loss(x, w_router, axes=("tokens",)):'),
    ],
    'moe_router_zloss.py': [
        ('    gather_logits_to: str = "reduced"', '    gather_logits_to: str = "invarying"'),
    ],
    # lmloss_*
    'lmloss_token_accuracy.py': [
        ('METRIC_LOG_AXES = {"accuracy": "vocab", "loss": "batch"}',
         'METRIC_LOG_AXES = {"accuracy": "batch", "loss": "batch"}'),
    ],
    'lmloss_logprob_table.py': [
        ('return jax.lax.all_gather(lp, tuple(self.mesh.axis_names), axis=2, tiled=True,',
         f'return jax.lax.all_gather({PC}(lp, physical_axis_name("batch"), to="varying"), '
         'tuple(self.mesh.axis_names), axis=2, tiled=True,'),
    ],
    'lmloss_label_smoothing.py': [
        ('    keep_full_logprobs: bool = True', '    keep_full_logprobs: bool = False'),
    ],
    'lmloss_export_logits.py': [
        ('    record = LogitExporter("/tmp/eval_logits.npy", LOSS_MAPPING).export(logits)',
         '    with jax.set_mesh(mesh):\n        record = LogitExporter("/tmp/eval_logits.npy", LOSS_MAPPING).export(logits)'),
    ],
    'lmloss_token_mean.py': [
        ('names=[n for n in LOSS_MAPPING if LOSS_MAPPING[n]])', 'names=["batch"])'),
    ],
    'lmloss_calibration.py': [
        ('full = jax.lax.all_gather(logits.array, physical_axis_name("vocab"), axis=1, tiled=True,\n'
         '                              to="reduced")',
         'full = jax.lax.all_gather(logits.array, physical_axis_name("vocab"), axis=1, tiled=True,\n'
         '                              to="invarying")'),
        ('out_axes=[(Batch, None)], out_reduced=[("vocab",)])', 'out_axes=[(Batch, None)])'),
    ],
    # fsdp_*
    'fsdp_zero3_forward.py': [
        ('full = {k: gather_param(v) for k, v in params.items()}',
         'full = {k: gather_param(v) if "embed" in v.axis_names else v for k, v in params.items()}'),
    ],
    'fsdp_param_snapshot.py': [
        ('return jax.lax.all_gather(weight.array, mesh_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(weight.array, "fsdp", to="varying"), mesh_axes, axis=0, tiled=True, '
         'to="reduced")'),
    ],
    'fsdp_drift_check.py': [
        ('    consensus = jax.lax.pmean(w_full, fsdp)',
         f'    w_full = {PC}(w_full, fsdp, to="varying")\n    consensus = jax.lax.pmean(w_full, fsdp)'),
    ],
    'fsdp_opt_state_save.py': [
        ('    mapped = {m for m in PARAM_MAPPING.values() if m}',
         '    mapped = {physical_axis_name(a, PARAM_MAPPING) for a in leaf.axes} - {None}'),
    ],
    'fsdp_grad_norm.py': [
        ('    return sum(jax.tree.leaves(jax.tree.map(lambda g: jax.lax.psum(jnp.sum(g * g), MESH_AXES),\n'
         '                                            grads)))',
         '    return (jax.lax.psum(jnp.sum(grads["w"] * grads["w"]), MESH_AXES)\n'
         '            + jax.lax.psum(jnp.sum(grads["b"] * grads["b"]), "tensor"))'),
    ],
    'fsdp_weight_decay.py': [
        ('return NamedArray(jax.lax.all_gather(w.array, ax, axis=0, tiled=True, to="reduced"), w.axes)',
         'return NamedArray(jax.lax.all_gather(w.array, ax, axis=0, tiled=True, to="invarying"), w.axes)'),
    ],
    # seq_*
    'seq_packing_stats.py': [
        ('    per: str = "position"', '    per: str = "batch"'),
    ],
    'seq_attention_probe.py': [
        ('return jax.lax.all_gather(probs, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(probs, "seq", to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'seq_ring_attention.py': [
        ('    kb, vb = k_all, v_all', '    kb, vb = k.array, v.array'),
    ],
    'seq_activation_dump.py': [
        ('full = top_level_all_gather(act.array, spec)', 'full = top_level_all_gather(view.array, spec)'),
    ],
    'seq_weighted_loss.py': [
        ('    reduce_over: tuple = ("batch", "position")', '    reduce_over: tuple = ("batch",)'),
    ],
    'seq_doc_mask.py': [
        ('return jax.lax.all_gather(seg.array, ax, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(seg.array, ax, axis=1, tiled=True, to="invarying")'),
    ],
    # vit_*
    'vit_cls_monitor.py': [
        ('MONITOR_MAPPING: ResourceMapping = {**VIT_MAPPING, "batch": "model"}',
         'MONITOR_MAPPING: ResourceMapping = {**VIT_MAPPING, "batch": "data"}'),
    ],
    'vit_patch_export.py': [
        ('return jax.lax.all_gather(e_full.array, ax, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(e_full.array, physical_axis_name("embed"), to="varying"), ax, axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'vit_pos_resize.py': [
        ('return jax.lax.psum_scatter(pos_full.array, ax, scatter_dimension=1, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(pos_full.array, ax, to="varying"), ax, scatter_dimension=1, tiled=True)'),
    ],
    'vit_head_serving.py': [
        ('return NamedArray(top_level_all_gather(leaf.array, spec), leaf.axes)',
         'return NamedArray(jax.reshard(top_level_all_gather(leaf.array, P(None, None, reduced=spec.reduced)),\n'
         '                                      P(*spec.partitions)), leaf.axes)'),
    ],
    'vit_probe_accuracy.py': [
        ('        return jax.lax.pmean(value, axes)', '        return jax.lax.pmean(value, physical_axis_name("batch"))'),
    ],
    'vit_layerscale.py': [
        ('    branch_layout: str = "reduced"', '    branch_layout: str = "invarying"'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
