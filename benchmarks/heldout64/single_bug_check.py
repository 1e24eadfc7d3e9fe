"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout64/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather` (or the missing `reduced=` axis added to the spec), and for the SF106
programs the producer's gather changed to `to='invarying'`. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # MaxText-like trainer
    'mt_loss_total_weights.py': [
        ('all_gather(total_weights[None], batch_axis,',
         f'all_gather({PC}(total_weights[None], batch_axis, to="varying"), batch_axis,'),
    ],
    'mt_logits_vocab_gather.py': [
        ('all_gather(logits, axes, axis=0,', f'all_gather({PC}(logits, "tensor", to="varying"), axes, axis=0,'),
    ],
    'mt_param_norm_metrics.py': [
        ('jax.lax.psum(jnp.sum(leaf * leaf), axis_name)',
         f'jax.lax.psum({PC}(jnp.sum(leaf * leaf), axis_name, to="varying"), axis_name)'),
    ],
    'mt_tlag_decode_params.py': [
        ('return top_level_all_gather(arr, names_to_spec(names, DECODE_RULES, reduced=dropped))',
         'return jax.reshard(arr, names_to_spec(names, DECODE_RULES))'),
    ],
    'mt_moe_aux_loss.py': [
        ('jax.lax.pmean(loss, tuple(cfg.mesh_axes))',
         f'jax.lax.pmean({PC}(loss, "expert", to="varying"), tuple(cfg.mesh_axes))'),
    ],
    'mt_z_loss.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # T5X-like partitioner and models
    't5x_eval_metrics_accuracy.py': [
        ('jax.lax.all_gather(v[None], axis,', f'jax.lax.all_gather({PC}(v[None], axis, to="varying"), axis,'),
    ],
    't5x_decoder_kv_cache_gather.py': [
        ('all_gather(x, mesh_axes, axis=0,', f'all_gather({PC}(x, self.heads_axis, to="varying"), mesh_axes, axis=0,'),
    ],
    't5x_relpos_bias_scatter.py': [
        ('psum_scatter(scaled, self.heads_axis,', f'psum_scatter({PC}(scaled, self.heads_axis, to="varying"), self.heads_axis,'),
    ],
    't5x_tlag_serving_export.py': [
        ('return {path: P(*([None] * len(names))) for',
         'return {path: P(*([None] * len(names)), reduced={"data", "model"}) for'),
    ],
    't5x_loss_normalizing_factor.py': [
        ('return jax.lax.psum(local, axes), weights',
         f'return jax.lax.psum({PC}(local, "model", to="varying"), axes), weights'),
    ],
    't5x_label_smoothing_xent.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # Pax-like layers and learners
    'pax_learner_grad_norm.py': [
        ('all_gather(grad_norm[None], p.replica_axis,',
         f'all_gather({PC}(grad_norm[None], p.replica_axis, to="varying"), p.replica_axis,'),
    ],
    'pax_attention_probs_summary.py': [
        ('all_gather(tensor, axes, axis=0,', f'all_gather({PC}(tensor, "mdl", to="varying"), axes, axis=0,'),
    ],
    'pax_shared_embedding_softmax.py': [
        ('reduce_fn(value, self.summary_axis)', f'reduce_fn({PC}(value, self.summary_axis, to="varying"), self.summary_axis)'),
    ],
    'pax_tlag_export_checkpoint.py': [
        ('    return InferenceExporter(p).export(state)',
         '    with jax.set_mesh(mesh):\n        return InferenceExporter(p).export(state)'),
    ],
    'pax_bn_cross_replica_moments.py': [
        ('jax.lax.psum(moments, axis_name', f'jax.lax.psum({PC}(moments, "mdl", to="varying"), axis_name'),
    ],
    'pax_layer_norm_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # Levanter-like named axes and trainer
    'lev_token_count_logging.py': [
        ('all_gather(x[None], physical_axis_name(axis, mapping),',
         f'all_gather({PC}(x[None], physical_axis_name(axis, mapping), to="varying"), physical_axis_name(axis, mapping),'),
    ],
    'lev_lm_head_full_logits.py': [
        ('jax.lax.all_gather(logits, physical((Batch, Vocab), self.mapping),',
         f'jax.lax.all_gather({PC}(logits, "model", to="varying"), physical((Batch, Vocab), self.mapping),'),
    ],
    'lev_ring_attention_rotate.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'lev_tlag_hf_export.py': [
        ('    with mesh:', '    with jax.set_mesh(mesh):'),
    ],
    'lev_next_token_loss.py': [
        ('config.reduction(loss, config.physical_axes())',
         f'config.reduction({PC}(loss, "model", to="varying"), config.physical_axes())'),
    ],
    'lev_rms_norm_weight.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # checkpoint and eval loops
    'ckpt_eval_loop_average.py': [
        ('jax.lax.all_gather(x[None], axis,', f'jax.lax.all_gather({PC}(x[None], axis, to="varying"), axis,'),
    ],
    'ckpt_restore_single_host.py': [
        ('jax.lax.all_gather(x, axes, axis=1,', f'jax.lax.all_gather({PC}(x, "fsdp", to="varying"), axes, axis=1,'),
    ],
    'ckpt_ema_sync_before_save.py': [
        ('jax.lax.pmean(v, self.fsdp_axis)', f'jax.lax.pmean({PC}(v, self.fsdp_axis, to="varying"), self.fsdp_axis)'),
    ],
    'ckpt_tlag_async_save.py': [
        ('"params": {"layout": P("fsdp", None, reduced={"replica"})',
         '"params": {"layout": P("replica", None, reduced={"fsdp"})'),
    ],
    'ckpt_eval_perplexity.py': [
        ('jax.lax.pmean(jnp.mean(per_seq), axis_name',
         f'jax.lax.pmean({PC}(jnp.mean(per_seq), "fsdp", to="varying"), axis_name'),
    ],
    'ckpt_best_metric_tracker.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # train-step factories
    'step_grad_norm_metrics.py': [
        ('jax.lax.all_gather(grad_norm[None], dp_axis,', f'jax.lax.all_gather({PC}(grad_norm[None], dp_axis, to="varying"), dp_axis,'),
    ],
    'step_eval_predictions_gather.py': [
        ('jax.lax.all_gather(preds, write_axes,', f'jax.lax.all_gather({PC}(preds, batch_axis, to="varying"), write_axes,'),
    ],
    'step_weight_decay_scan.py': [
        ('jax.lax.psum(jnp.sum(w_full * w_full), cfg.fsdp_axis)',
         f'jax.lax.psum({PC}(jnp.sum(w_full * w_full), cfg.fsdp_axis, to="varying"), cfg.fsdp_axis)'),
    ],
    'step_tlag_state_init.py': [
        ('EVAL_SPECS = {"dense/kernel": P(None, "tp"),', 'EVAL_SPECS = {"dense/kernel": P(None, "tp", reduced={"dp"}),'),
    ],
    'step_tp_metrics_reduce.py': [
        ('metrics[name] = reduce_fn(raw[name], axes)',
         f'metrics[name] = reduce_fn({PC}(raw[name], "tp", to="varying") if name == "loss" else raw[name], axes)'),
    ],
    'step_decoupled_weight_decay.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # partitioning helpers
    'part_logical_psum_gather.py': [
        ('return jax.lax.all_gather(x, _mesh_axes(name), **kwargs)',
         f'return jax.lax.all_gather({PC}(x, _mesh_axes(name), to="varying"), _mesh_axes(name), **kwargs)'),
    ],
    'part_regex_rules_checksum.py': [
        ('gathered = jax.lax.all_gather(w, tuple(', f'gathered = jax.lax.all_gather({PC}(w, inner, to="varying"), tuple('),
    ],
    'part_ulysses_all_to_all.py': [
        ('jax.lax.all_to_all(x, plan.head_axis,', f'jax.lax.all_to_all({PC}(x, plan.head_axis, to="varying"), plan.head_axis,'),
    ],
    'part_tlag_rules_unshard.py': [
        ('return top_level_all_gather(table, serve.spec(*names, reduced=frozenset({"data"})))',
         'return jax.reshard(table, serve.spec(*names))'),
    ],
    'part_zero_reduce_scatter.py': [
        ('jax.lax.psum_scatter(g, tuple(DATA_AXES),', f'jax.lax.psum_scatter({PC}(g, "fsdp", to="varying"), tuple(DATA_AXES),'),
    ],
    'part_sp_mlp_gelu.py': [
        ('def __init__(self, gather_to="reduced"):', 'def __init__(self, gather_to="invarying"):'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
