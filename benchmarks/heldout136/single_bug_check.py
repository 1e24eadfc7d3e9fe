"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout136/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the value or axes the code
meant (the local block instead of the gathered one, the right config entry, stage order or
axis tuple), the right spec for `top_level_all_gather` (prefix, `reduced=`, `multi_dim=True`,
or a call where the context mesh is set), and for most SF106 programs the producer's gather
changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # prefill_*
    'prefill_trace_hidden.py': [
        ('trace = jax.lax.all_gather(h[:, -1], self.cfg.trace_axis, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(h[:, -1], self.cfg.trace_axis, to="varying"), self.cfg.trace_axis, to="reduced")'),
    ],
    'prefill_kv_export.py': [
        ('return jax.lax.all_gather(kv, self.export_axes, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(kv, self.head_axis, to="varying"), self.export_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'prefill_rms_norm.py': [
        ('ms = self.rms_stats(full) / D_MODEL', 'ms = self.rms_stats(h) / D_MODEL'),
    ],
    'prefill_pool_handoff.py': [
        ('pooled = await loop.run_in_executor(None, self.handoff, h)', 'pooled = self.handoff(h)'),
    ],
    'prefill_token_stats.py': [
        ('norm = jax.lax.pmean(jnp.mean(h * h), self.stat_axes)',
         'norm = jax.lax.pmean(jnp.mean(h * h), self.batch_axis)'),
    ],
    'prefill_residual_scale.py': [
        ('act = jax.lax.all_gather(part, "model", axis=2, tiled=True, to="reduced")',
         'act = jax.lax.all_gather(part, "model", axis=2, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, None, reduced={"model"})', 'out_specs=P("data", None, None)'),
    ],
    # decode_*
    'decode_cache_probe.py': [
        ('probe = jax.lax.all_gather(y, self.axes.probe, to="reduced")',
         f'probe = jax.lax.all_gather({PC}(y, self.axes.probe, to="varying"), self.axes.probe, to="reduced")'),
    ],
    'decode_cache_snapshot.py': [
        ('return jax.lax.all_gather(keys, SNAPSHOT_AXES, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(keys, "heads", to="varying"), SNAPSHOT_AXES, axis=0, tiled=True, to="reduced")'),
    ],
    'decode_partition_sum.py': [
        ('return jax.lax.all_gather(s, SEQ_AXIS, axis=1, tiled=True, to="reduced")', 'return s'),
        ('out_specs=P("batch", None)))', 'out_specs=P("batch", SEQ_AXIS)))'),
    ],
    'decode_cache_regather.py': [
        ('return P(layout["heads"], layout["slots"], None, None, reduced=layout["reduced"])',
         'return P(layout["slots"], layout["heads"], None, None, reduced=layout["reduced"])'),
    ],
    'decode_logprob_mean.py': [
        ('mean_lp = jax.lax.pmean(jnp.mean(jnp.max(logp, axis=-1)), self.monitor_axes)',
         'mean_lp = jax.lax.pmean(jnp.mean(jnp.max(logp, axis=-1)), "batch")'),
    ],
    'decode_attn_clip.py': [
        ('heads = jax.lax.all_gather(o, "heads", axis=1, tiled=True, to="reduced")',
         'heads = jax.lax.all_gather(o, "heads", axis=1, tiled=True, to="invarying")'),
    ],
    # sample_*
    'sample_topk_merge.py': [
        ('local = self.propose(h @ unembed)',
         'local = {k: v for k, v in self.propose(h @ unembed).items() if k != "z"}'),
    ],
    'sample_candidate_pool.py': [
        ('return jax.lax.all_gather(cands, self.plan.pool_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(cands, self.plan.vocab_axis, to="varying"), self.plan.pool_axes, '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'sample_repetition_penalty.py': [
        ('n = self.n_penalised(full_counts)', 'n = self.n_penalised(counts)'),
    ],
    'sample_logits_export.py': [
        ('EXPORT_SPECS = {"logits": P("batch", None)}', 'EXPORT_SPECS = {"logits": P("batch", None, reduced={"vocab"})}'),
    ],
    'sample_entropy_report.py': [
        ('self.report_axes = mesh.axis_names', 'self.report_axes = "batch"'),
    ],
    'sample_temperature.py': [
        ('return jax.lax.all_gather(h @ unembed, "vocab", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h @ unembed, "vocab", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"vocab"})', 'out_specs=P("batch", None)'),
    ],
    # retr_*
    'retr_score_norm.py': [
        ('return vals, idx, collect(z)', f'return vals, idx, collect({PC}(z, SHARD, to="varying"))'),
    ],
    'retr_hit_table.py': [
        ('return jax.lax.all_gather(hits, axis_name=self.layout["publish"]',
         f'return jax.lax.all_gather({PC}(hits, self.layout["docs"], to="varying"), axis_name=self.layout["publish"]'),
    ],
    'retr_ring_rescore.py': [
        ('nxt = jnp.max(q @ self.neighbour(view).T, axis=-1)', 'nxt = jnp.max(q @ self.neighbour(docs).T, axis=-1)'),
    ],
    'retr_index_reshard.py': [
        ('self.serving = top_level_all_gather(self.index, index_spec(SERVE_AXES, missing))',
         'self.serving = jax.reshard(self.index, index_spec(SERVE_AXES))'),
    ],
    'retr_recall_metric.py': [
        ('return h, jax.lax.psum(jnp.sum(h), ALL_AXES)', 'return h, jax.lax.psum(jnp.sum(h), QUERY)'),
    ],
    'retr_score_threshold.py': [
        ('return jax.lax.all_gather(s, "shard", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(s, "shard", axis=1, tiled=True, to="invarying")'),
    ],
    # rerank_*
    'rerank_listwise_softmax.py': [
        ('z = jax.lax.all_gather(z, ax, to="reduced")',
         f'z = jax.lax.all_gather({PC}(z, ax, to="varying"), ax, to="reduced")'),
    ],
    'rerank_score_matrix.py': [
        ('return full, publish(full)', f'return full, publish({PC}(full, "cand", to="varying"))'),
    ],
    'rerank_stage_pipeline.py': [
        ('config = {"rerank": {"stages": ["gather", "normalise"]}}',
         'config = {"rerank": {"stages": ["normalise", "gather"]}}'),
    ],
    'rerank_result_gather.py': [
        ('full = top_level_all_gather(scores, self.spec)', 'full = top_level_all_gather(scores, self.spec, multi_dim=True)'),
    ],
    'rerank_ndcg_metric.py': [
        ('return s, jax.lax.pmean(dcg, axis_name=self.metric_axes)', 'return s, jax.lax.pmean(dcg, axis_name="req")'),
    ],
    'rerank_position_bias.py': [
        ('full = jax.lax.all_gather(s, "cand", axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(s, "cand", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("req", None, reduced={"cand"})', 'out_specs=P("req", None)'),
    ],
    # spec_*
    'spec_accept_trace.py': [
        ('trace = jax.lax.all_gather(p, self.trace_axis, axis=1, tiled=True, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(p, self.trace_axis, to="varying"), self.trace_axis, axis=1, tiled=True, to="reduced")'),
    ],
    'spec_draft_block.py': [
        ('block = jax.lax.all_gather(full, lay.everything, axis=1, tiled=True, to="reduced")',
         f'block = jax.lax.all_gather({PC}(full, lay.vocab, to="varying"), lay.everything, axis=1, tiled=True, to="reduced")'),
    ],
    'spec_full_logits_branch.py': [
        ('t_logits = jnp.einsum("bgd,dv->bgv", h, unembed)\n',
         't_logits = jnp.einsum("bgd,dv->bgv", h, unembed)\n        local = t_logits\n'),
        ('jnp.sum(jnp.exp(t_logits), axis=-1)', 'jnp.sum(jnp.exp(local), axis=-1)'),
    ],
    'spec_block_export.py': [
        ('        sizes, engine = asyncio.run(serve(mesh, unembed, drafts))\n    exported = engine.export_last()',
         '        sizes, engine = asyncio.run(serve(mesh, unembed, drafts))\n        exported = engine.export_last()'),
    ],
    'spec_acceptance_rate.py': [
        ('GAUGE = {"name": "spec_accept_rate", "axes": ("draft", "vocab")}',
         'GAUGE = {"name": "spec_accept_rate", "axes": "draft"}'),
    ],
    'spec_ratio_test.py': [
        ('return jax.lax.all_gather(p, "vocab", axis=2, tiled=True, to="reduced")',
         'return jax.lax.all_gather(p, "vocab", axis=2, tiled=True, to="invarying")'),
        ('out_specs=P(None, "draft", None, reduced={"vocab"})', 'out_specs=P(None, "draft", None)'),
    ],
    # stream_*
    'stream_ensemble_mean.py': [
        ('tap = jax.lax.all_gather(mean, self.tap_axis, to="reduced")',
         f'tap = jax.lax.all_gather({PC}(mean, self.tap_axis, to="varying"), self.tap_axis, to="reduced")'),
    ],
    'stream_chunk_collect.py': [
        ('collected = jax.lax.all_gather(logits, self.buffer_axes,',
         f'collected = jax.lax.all_gather({PC}(logits, "vocab", to="varying"), self.buffer_axes,'),
    ],
    'stream_display_copy.py': [
        ('shown = replicated_copy(kept, VOCAB, axis=2)', 'shown = replicated_copy(logits, VOCAB, axis=2)'),
    ],
    'stream_logits_flush.py': [
        ('reduced={"vocab"} & gathered', 'reduced=gathered'),
    ],
    'stream_token_counts.py': [
        ('return jax.lax.psum_scatter(counts, USAGE_AXES,',
         f'return jax.lax.psum_scatter({PC}(counts, "replica", to="varying"), USAGE_AXES,'),
    ],
    'stream_ema_logits.py': [
        ('full = jax.lax.all_gather(mean, "vocab", axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(mean, "vocab", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={"vocab"})', 'out_specs=P(None, None)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
