"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout135/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the logical axes / config
value the code meant, the right `reduced=` axes, `multi_dim=True` or a context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced where it did).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # mlp_*
    'mlp_swiglu_tp.py': [
        ('jax.lax.all_gather(out[:, 0, :], probe,',
         f'jax.lax.all_gather({PC}(out[:, 0, :], probe, to="varying"), probe,'),
    ],
    'mlp_hidden_dump.py': [
        ('dump = collect(full_hidden[:, -1, :], DEBUG["dump"], dim=0)',
         f'dump = collect({PC}(full_hidden[:, -1, :], tp, to="varying"), DEBUG["dump"], dim=0)'),
    ],
    'mlp_hidden_rmsnorm.py': [
        ('return jax.lax.psum(sq, self.tp)', f'return jax.lax.psum({PC}(sq, self.tp, to="varying"), self.tp)'),
    ],
    'mlp_activation_export.py': [
        ('EXPORT_LAYOUT = ("activation_mlp", None)', 'EXPORT_LAYOUT = (None, "activation_mlp")'),
    ],
    'mlp_probe_train.py': [
        ('all_axes = tuple(cfg.mesh_axes)', 'all_axes = mesh_axis_of("activation_batch")'),
    ],
    'mlp_scaled_dense.py': [
        ('full = jax.lax.all_gather(kernel, self.kernel_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(kernel, self.kernel_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # attn_*
    'attn_context_combine.py': [
        ('return jax.lax.all_gather(o, seq_axis,', f'return jax.lax.all_gather({PC}(o, seq_axis, to="varying"), seq_axis,'),
    ],
    'attn_key_dump.py': [
        ('dumped = jax.lax.all_gather(k_keep[:, :, 0, :], dump_axes()',
         f'dumped = jax.lax.all_gather({PC}(k_keep[:, :, 0, :], cp, to="varying"), dump_axes()'),
    ],
    'attn_ring_window.py': [
        ('kv_source="window")', 'kv_source="local")'),
    ],
    'attn_probs_export.py': [
        ('return logical_to_mesh_axes(self.layout)',
         'return P(*logical_to_mesh_axes(self.layout), reduced={mesh_axis_of("activation_length")})'),
    ],
    'attn_entropy_metric.py': [
        ('METRIC_AXES = ("activation_batch", "activation_length")', 'METRIC_AXES = ("activation_batch",)'),
    ],
    'attn_gathered_kv.py': [
        ('k_all = jax.lax.all_gather(k, self.cp, axis=1, tiled=True, to="reduced")',
         'k_all = jax.lax.all_gather(k, self.cp, axis=1, tiled=True, to="invarying")'),
    ],
    # loss_*
    'loss_vocab_xent.py': [
        ('zloss_log_axis="activation_vocab")', 'zloss_log_axis="activation_batch")'),
    ],
    'loss_topk_dump.py': [
        ('dump = gather_over(last, DUMP, axis=0)', f'dump = gather_over({PC}(last, tp, to="varying"), DUMP, axis=0)'),
    ],
    'loss_z_loss.py': [
        ('return jax.lax.psum(jnp.sum(jnp.exp(full_logits), axis=-1), axis_name)',
         f'return jax.lax.psum({PC}(jnp.sum(jnp.exp(full_logits), axis=-1), axis_name, to="varying"), axis_name)'),
    ],
    'loss_eval_writer.py': [
        ('    rows = top_level_all_gather(losses, writer_spec())',
         '    with jax.set_mesh(mesh):\n        rows = top_level_all_gather(losses, writer_spec())'),
    ],
    'loss_masked_xent.py': [
        ('BATCH_REDUCE = ("activation_batch", "activation_vocab")', 'BATCH_REDUCE = ("activation_batch",)'),
    ],
    'loss_label_smoothing.py': [
        ('full = jax.lax.all_gather(logits, tp, axis=2, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits, tp, axis=2, tiled=True, to="invarying")'),
    ],
    # accum_*
    'accum_zero1_grads.py': [
        ('g_full = jax.lax.all_gather(g_sum, zero_axis,',
         f'g_full = jax.lax.all_gather({PC}(g_sum, zero_axis, to="varying"), zero_axis,'),
    ],
    'accum_loss_trace.py': [
        ('TRACE_STAGES = [("fsdp",), ("data", "fsdp")]', 'TRACE_STAGES = [("fsdp",), ("data",)]'),
    ],
    'accum_global_norm_clip.py': [
        ('jax.lax.psum(sq, self.fsdp)', f'jax.lax.psum({PC}(sq, self.fsdp, to="varying"), self.fsdp)'),
    ],
    'accum_grad_snapshot.py': [
        ('"gathered_logical": ("cache_batch",)', '"gathered_logical": ("embed",)'),
    ],
    'accum_host_loss.py': [
        ('loss = loss + jax.lax.pmean(host_loss, batch_axes)',
         'loss = loss + jax.lax.pmean(host_loss, mesh_axis_of("cache_batch"))'),
    ],
    'accum_loss_curve.py': [
        ('curve = jax.lax.all_gather(jnp.stack(losses), curve_axis, axis=0, tiled=True, to="reduced")',
         'curve = jax.lax.all_gather(jnp.stack(losses), curve_axis, axis=0, tiled=True, to="invarying")'),
        ('P(mesh_axis_of("cache_batch"), reduced={curve_axis})', 'P(mesh_axis_of("cache_batch"))'),
    ],
    # fsdp_*
    'fsdp_tied_norm_scale.py': [
        ('tie_norm_scale=True)', 'tie_norm_scale=False)'),
    ],
    'fsdp_param_dump.py': [
        ('rows = k[: cfg.dump_rows]', f'rows = {PC}(k[: cfg.dump_rows], fsdp, to="varying")'),
    ],
    'fsdp_decoupled_decay.py': [
        ('jax.lax.psum_scatter(w_full, self.fsdp,', f'jax.lax.psum_scatter({PC}(w_full, self.fsdp, to="varying"), self.fsdp,'),
    ],
    'fsdp_consolidate.py': [
        ('top_level_all_gather(v, consolidated_spec(PARAMS[k]))',
         'top_level_all_gather(v, consolidated_spec(PARAMS[k]), multi_dim=True)'),
    ],
    'fsdp_bias_grad.py': [
        ('jnp.sum(d_out, axis=0), tuple(cfg.mesh_axes))', 'jnp.sum(d_out, axis=0), fsdp)'),
    ],
    'fsdp_gemma_norm.py': [
        ('s = jax.lax.all_gather(scale, self.fsdp, tiled=True, to="reduced")',
         's = jax.lax.all_gather(scale, self.fsdp, tiled=True, to="invarying")'),
    ],
    # decode_*
    'decode_attention_step.py': [
        ('contexts = jax.lax.all_gather(out, context_axis,',
         f'contexts = jax.lax.all_gather({PC}(out, context_axis, to="varying"), context_axis,'),
    ],
    'decode_cache_inspect.py': [
        ('return jax.lax.all_gather(heads, inspect_axes()',
         f'return jax.lax.all_gather({PC}(heads, heads_axis, to="varying"), inspect_axes()'),
    ],
    'decode_greedy.py': [
        ('jax.lax.pmax(jnp.sum(full * full, axis=-1), tp)', f'jax.lax.pmax({PC}(jnp.sum(full * full, axis=-1), tp, to="varying"), tp)'),
    ],
    'decode_cache_export.py': [
        ('"export_layout": ("cache_heads", None, None, None)', '"export_layout": (None, None, "cache_heads", None)'),
    ],
    'decode_sequence_score.py': [
        ('logit_axes = tuple(a for a in logical_to_mesh_axes(LOGITS) if a)', 'logit_axes = mesh_axis_of("cache_batch")'),
    ],
    'decode_temperature.py': [
        ('full = jax.lax.all_gather(logits, tp, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits, tp, axis=1, tiled=True, to="invarying")'),
    ],
    # moe_*
    'moe_router_stats.py': [
        ('jax.lax.all_gather(load, monitor_axis,', f'jax.lax.all_gather({PC}(load, monitor_axis, to="varying"), monitor_axis,'),
    ],
    'moe_gate_dump.py': [
        ('dump = jax.lax.all_gather(gates_full, layout_axes(GATE_LAYOUT)',
         f'dump = jax.lax.all_gather({PC}(gates_full, ep, to="varying"), layout_axes(GATE_LAYOUT)'),
    ],
    'moe_dispatch.py': [
        ('dispatch_from_full=True)', 'dispatch_from_full=False)'),
    ],
    'moe_expert_export.py': [
        ('"replicate_over": ("activation_batch", "exp")', '"replicate_over": ("exp",)'),
    ],
    'moe_aux_loss.py': [
        ('aux_loss_axes=("activation_batch", "activation_exp"))', 'aux_loss_axes=("activation_batch",))'),
    ],
    'moe_capacity.py': [
        ('load = jax.lax.all_gather(load_local, ep, tiled=True, to="reduced")',
         'load = jax.lax.all_gather(load_local, ep, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={ep}))', 'out_specs=P(None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
