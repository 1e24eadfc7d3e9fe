"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout140/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the logical rule / config
override / logical-name table the code meant, the local value instead of the gathered one, the
right `top_level_all_gather` target (or a context mesh, or `jax.reshard` where no prefix spec
can work), and for the SF106 programs the producer's gather changed to `to='invarying'` (with the
out spec that no longer says reduced). Every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # attn_*
    'attn_entropy_log.py': [
        ('"stats_logical_axis=activation_batch", ', ''),
    ],
    'attn_kv_cache_dump.py': [
        ('k_dump = jax.lax.all_gather(k_all, cache_axes, axis=0, tiled=True, to="reduced")',
         f'k_dump = jax.lax.all_gather({PC}(k_all, heads_axes, to="varying"), cache_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'attn_fsdp_weight_norm.py': [
        ('norm_sq = self.probe_norm(wo_full)', 'norm_sq = self.probe_norm(wo)'),
    ],
    'attn_probe_export.py': [
        ('EXPORT_RULES = (("export_batch", "fsdp"),)', 'EXPORT_RULES = (("export_batch", "data"),)'),
    ],
    'attn_out_aux_loss.py': [
        ('return jax.lax.pmean(local, logical_axis_names(AUX_LOGICAL, rules))',
         'return jax.lax.pmean(local, logical_axis_names(AUX_LOGICAL[:1], rules))'),
    ],
    'attn_query_scale.py': [
        ('return jax.lax.all_gather(w, axes, axis=dim, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, axes, axis=dim, tiled=True, to="invarying")'),
    ],
    # mlp_*
    'mlp_sparsity_telemetry.py': [
        ('STATS_LOGICAL = ("activation_batch", "activation_mlp")', 'STATS_LOGICAL = ("activation_batch",)'),
    ],
    'mlp_kernel_dump.py': [
        ('return h, gather_all(wi_full, WI_LOGICAL, rules)',
         f'return h, gather_all({PC}(wi_full, "fsdp", to="varying"), WI_LOGICAL, rules)'),
    ],
    'mlp_ring_matmul.py': [
        ('"prefetch_full_lhs=true", ', ''),
    ],
    'mlp_kernel_export.py': [
        ('out[name] = top_level_all_gather(w, host_spec(PARAM_LOGICAL[name], rules))',
         'out[name] = top_level_all_gather(w, host_spec(PARAM_LOGICAL[name], rules), multi_dim=True)'),
    ],
    'mlp_block_magnitude.py': [
        ('metric_axes = tuple(config.mesh_axes)',
         'metric_axes = logical_axis_names(("activation_batch",), config.logical_axis_rules)'),
    ],
    'mlp_seqpar_activation.py': [
        ('return jax.lax.all_gather(h, axes, axis=h.ndim - 1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, axes, axis=h.ndim - 1, tiled=True, to="invarying")'),
    ],
    # xent_*
    'xent_lse_debug.py': [
        ('lse_by_shard = jax.lax.all_gather(lse, vocab_axes, axis=1, tiled=True, to="reduced")',
         f'lse_by_shard = jax.lax.all_gather({PC}(lse, vocab_axes, to="varying"), vocab_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'xent_loss_collect.py': [
        ('everything = gather_within(replica, ("activation_batch",), self.rules)',
         f'everything = gather_within({PC}(replica, "data", to="varying"), ("activation_batch",), self.rules)'),
    ],
    'xent_seq_weights.py': [
        ('contrib = seq_all * w_all', 'contrib = seq * weights'),
    ],
    'xent_eval_report.py': [
        ('        print(write_report(per_example, rules, step))',
         '        with jax.set_mesh(mesh):\n            print(write_report(per_example, rules, step))'),
    ],
    'xent_masked_count.py': [
        ('count = jax.lax.psum(jnp.sum(mask), self.batch_axes) / fsdp_size',
         f'count = jax.lax.psum({PC}(jnp.sum(mask), "fsdp", to="varying"), self.batch_axes) / fsdp_size'),
    ],
    'xent_label_smoothing.py': [
        ('full = jax.lax.all_gather(logits, vocab_axes, axis=2, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits, vocab_axes, axis=2, tiled=True, to="invarying")'),
    ],
    # opt_*
    'opt_replica_grad_norm.py': [
        ('OPT_RULES = (("replica", "fsdp"),)', 'OPT_RULES = (("replica", "data"),)'),
    ],
    'opt_adam_snapshot.py': [
        ('m_snap = snapshot(m_rows, W_LOGICAL, rules)',
         f'm_snap = snapshot({PC}(m_rows, fsdp_axes, to="varying"), W_LOGICAL, rules)'),
    ],
    'opt_clip_global_norm.py': [
        ('norm = global_norm(full, self.norm_axes)', 'norm = global_norm(grads, self.norm_axes)'),
    ],
    'opt_param_export.py': [
        ('    "mlp/wo": ("embed", None),', '    "mlp/wo": ("mlp", None),'),
    ],
    'opt_hier_reduce.py': [
        ('return jax.lax.psum_scatter(g, self.scatter_axes, scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(g, self.replica_axes, to="varying"), self.scatter_axes, '
         'scatter_dimension=0, tiled=True)'),
    ],
    'opt_adamw_decay.py': [
        ('return jax.lax.all_gather(w, logical_axis_names(("embed",), rules), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, logical_axis_names(("embed",), rules), axis=0, tiled=True, to="invarying")'),
    ],
    # emb_*
    'emb_norm_histogram.py': [
        ('hist = jax.lax.all_gather(norms, self.hist_axes, axis=1, tiled=True, to="reduced")',
         f'hist = jax.lax.all_gather({PC}(norms, self.hist_axes, to="varying"), self.hist_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'emb_tied_debug_table.py': [
        ('debug = whole_table(cols, rules) if config.debug_tables else cols',
         f'debug = whole_table({PC}(cols, "fsdp", to="varying"), rules) if config.debug_tables else cols'),
    ],
    'emb_table_sync.py': [
        ('"sync_tables=true", ', ''),
    ],
    'emb_serving_export.py': [
        ('    return logical_to_mesh_axes(SERVE_LOGICAL, rules)',
         '    gathered = set(logical_axis_names(TRAIN_LOGICAL, rules)) - set(logical_axis_names(SERVE_LOGICAL, rules))\n'
         '    return P(*logical_to_mesh_axes(SERVE_LOGICAL, rules), reduced=gathered)'),
    ],
    'emb_norm_regularizer.py': [
        ('all_axes = tuple(config.mesh_axes)', 'all_axes = logical_axis_names(("activation_batch",), rules)'),
    ],
    'emb_logit_softcap.py': [
        ('full = jax.lax.all_gather(logits, vocab_axes, axis=2, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits, vocab_axes, axis=2, tiled=True, to="invarying")'),
    ],
    # seq_*
    'seq_context_pooling.py': [
        ('per_shard = jax.lax.all_gather(v, ctx_axes, axis=1, tiled=True, to="reduced")',
         f'per_shard = jax.lax.all_gather({PC}(v, ctx_axes, to="varying"), ctx_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'seq_causal_conv_collect.py': [
        ('return y, collect(seq, rules)', f'return y, collect({PC}(seq, ctx_axes, to="varying"), rules)'),
    ],
    'seq_gated_scatter.py': [
        ('return jax.lax.psum_scatter(x, axes, scatter_dimension=1, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(x, axes, to="varying"), axes, scatter_dimension=1, tiled=True)'),
    ],
    'seq_context_dump.py': [
        ('DUMP_LOGICAL = ("activation_length", "activation_batch", "activation_embed")',
         'DUMP_LOGICAL = ("activation_batch", "activation_length", "activation_embed")'),
    ],
    'seq_ring_attention_mass.py': [
        ('mass = jax.lax.psum(mass, metric_axes)',
         'mass = jax.lax.psum(mass, tuple(a for a in metric_axes if a != ctx))'),
    ],
    'seq_context_rope.py': [
        ('k_full = jax.lax.all_gather(k, ctx_axes, axis=1, tiled=True, to="reduced")',
         'k_full = jax.lax.all_gather(k, ctx_axes, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(*out, reduced=set(ctx_axes)))', 'out_specs=out)'),
    ],
    # norm_*
    'norm_rms_debug.py': [
        ('shards = jax.lax.all_gather(rms, self.embed_axes, axis=1, tiled=True, to="reduced")',
         f'shards = jax.lax.all_gather({PC}(rms, self.embed_axes, to="varying"), self.embed_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'norm_stats_table.py': [
        ('table = global_table(block, rules)',
         f'table = global_table(jax.tree.map(lambda v: {PC}(v, "fsdp", to="varying"), block), rules)'),
    ],
    'norm_layernorm_center.py': [
        ('mu = moments(hidden, embed_axes, dim)', 'mu = moments(x, embed_axes, dim)'),
    ],
    'norm_scale_report.py': [
        ('report = top_level_all_gather(rms, report_spec(config))',
         'report = jax.reshard(rms, P(logical_axis_names(("replica",), config.logical_axis_rules + REPORT_RULES)))'),
    ],
    'norm_prenorm_metric.py': [
        ('self.metric_axes = logical_axis_names(ACT_LOGICAL, self.rules)',
         'self.metric_axes = logical_axis_names(ACT_LOGICAL[:2], self.rules)'),
    ],
    'norm_qk_norm.py': [
        ('q_all = jax.lax.all_gather(q, heads_axes, axis=2, tiled=True, to="reduced")',
         'q_all = jax.lax.all_gather(q, heads_axes, axis=2, tiled=True, to="invarying")'),
        ('out_specs=P(*out, reduced=set(heads_axes)))', 'out_specs=out)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
