"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout43/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard`, a context mesh or
the missing `reduced=` axis for `top_level_all_gather`, and for the SF106 programs the producer's
gather changed to `to='invarying'`. A program that still fails after its fix hides a second error
behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')]

FIXES = {
    # continuous-batching scheduler
    'sched_token_budget.py': [
        ('all_gather(remaining, self.config.slot_axis,',
         f'all_gather({PC}(remaining, self.config.slot_axis, to="varying"), self.config.slot_axis,'),
    ],
    'sched_preemption_victims.py': [
        ('all_gather(per_replica, self.axes,', f'all_gather({PC}(per_replica, self.axes[1], to="varying"), self.axes,'),
    ],
    'sched_chunked_prefill.py': [
        ('ppermute(visible, SLOT,', f'ppermute({PC}(visible, SLOT, to="varying"), SLOT,'),
    ],
    'sched_tlag_waiting_queue.py': [
        ('return top_level_all_gather(queue, self.layout.admission)',
         'return jax.reshard(queue, P(self.layout.slot_axis, None))'),
    ],
    'sched_fairness_stats.py': [
        ('pmean(total / 1000.0, SCHED_AXES)', f'pmean({PC}(total / 1000.0, SCHED_AXES[1], to="varying"), SCHED_AXES)'),
    ],
    'sched_priority_aging.py': INV,
    # tensor-parallel model runner
    'tp_rmsnorm_stats.py': [
        ('all_gather(inv, AXIS_TP,', f'all_gather({PC}(inv, AXIS_TP, to="varying"), AXIS_TP,'),
    ],
    'tp_vocab_parallel_logits.py': [
        ('all_gather(rows, table_axes,', f'all_gather({PC}(rows, tp_axis, to="varying"), table_axes,'),
    ],
    'tp_sequence_parallel_kv.py': [
        ('all_to_all(k_full, TP,', f'all_to_all({PC}(k_full, TP, to="varying"), TP,'),
    ],
    'tp_tlag_weight_export.py': [
        ('"wo": P("tp", None)}', '"wo": P("tp", None, reduced={"dp"})}'),
    ],
    'tp_attention_entropy.py': [
        ('pmean(summed / head_count, (dp, tp))', f'pmean({PC}(summed / head_count, tp, to="varying"), (dp, tp))'),
    ],
    'tp_residual_scale.py': INV,
    # KV-cache eviction / compression
    'evict_h2o_heavy_hitters.py': [
        ('all_gather(acc, self.head_axis,', f'all_gather({PC}(acc, self.head_axis, to="varying"), self.head_axis,'),
    ],
    'evict_snapkv_votes.py': [
        ('all_gather(per_batch, tuple(self.axes),',
         f'all_gather({PC}(per_batch, self.axes.head, to="varying"), tuple(self.axes),'),
    ],
    'evict_streaming_sinks.py': [
        ('return jax.lax.pmax(x, axis)', f'return jax.lax.pmax({PC}(x, axis, to="varying"), axis)'),
    ],
    'evict_tlag_compressed_dump.py': [
        ('dims = ["head", "", ""]\nreduced = ["batch"]', 'dims = ["batch", "", ""]\nreduced = ["head"]'),
    ],
    'evict_cache_budget.py': [
        ('pmean(jnp.mean(fraction), REDUCE_AXES)', f'pmean({PC}(jnp.mean(fraction), "head", to="varying"), REDUCE_AXES)'),
    ],
    'evict_kivi_quant.py': INV,
    # guided / structured decoding
    'guide_fsm_allowed_count.py': [
        ('all_gather(count[:, None], VOCAB,', f'all_gather({PC}(count[:, None], VOCAB, to="varying"), VOCAB,'),
    ],
    'guide_json_schema_mask.py': [
        ('all_gather(rows, **TABLE_GATHER)', f'all_gather({PC}(rows, "vocab", to="varying"), **TABLE_GATHER)'),
    ],
    'guide_logit_bias.py': [
        ('psum_scatter(full_rows, vocab_axis,', f'psum_scatter({PC}(full_rows, vocab_axis, to="varying"), vocab_axis,'),
    ],
    'guide_tlag_grammar_table.py': [
        ('        table = jnp.maximum(table, 0.0)\n    return compiler.export(table)',
         '        table = jnp.maximum(table, 0.0)\n        return compiler.export(table)'),
    ],
    'guide_acceptance_rate.py': [
        ('psum(hits, axis_name=tuple(AXES))', f'psum({PC}(hits, AXES[-1], to="varying"), axis_name=tuple(AXES))'),
    ],
    'guide_masked_logprobs.py': INV,
    # quantised weight loading
    'wload_int4_group_scales.py': [
        ('all_gather(scales[None], rows,', f'all_gather({PC}(scales[None], rows, to="varying"), rows,'),
    ],
    'wload_awq_zero_points.py': [
        ('all_gather(per_shard, replicate_axes,', f'all_gather({PC}(per_shard, shard_axis, to="varying"), replicate_axes,'),
    ],
    'wload_fp8_scale_sync.py': [
        ('all_gather(scales, self.config.tp_axis, axis=0',
         f'all_gather({PC}(scales, self.config.tp_axis, to="varying"), self.config.tp_axis, axis=0'),
    ],
    'wload_tlag_safetensors.py': [
        ('"lm_head.weight": P("fsdp", None, reduced={"tp"}),', '"lm_head.weight": P("tp", None, reduced={"fsdp"}),'),
    ],
    'wload_checksum.py': [
        ('psum_scatter(tiled, cls.axes,', f'psum_scatter({PC}(tiled, cls.axes[0], to="varying"), cls.axes,'),
    ],
    'wload_int8_dequant.py': INV,
    # tokenizer-side batching
    'tokb_pad_bucket_lengths.py': [
        ('all_gather(bucket[:, None], seq_axis,', f'all_gather({PC}(bucket[:, None], seq_axis, to="varying"), seq_axis,'),
    ],
    'tokb_attention_mask.py': [
        ('all_gather(rows, (*self.batch_axes', f'all_gather({PC}(rows, self.seq_axis, to="varying"), (*self.batch_axes'),
    ],
    'tokb_left_padding_shift.py': [
        ('ppermute(full, SEQ,', f'ppermute({PC}(full, SEQ, to="varying"), SEQ,'),
    ],
    'tokb_tlag_packed_batch.py': [
        ('MODEL_INPUT_SPEC = P("batch", None)', 'MODEL_INPUT_SPEC = P("batch", None, reduced={"seq"})'),
    ],
    'tokb_truncation_stats.py': [
        ('psum(jnp.sum(cut), tuple(', f'psum({PC}(jnp.sum(cut), Axis.SEQ.value, to="varying"), tuple('),
    ],
    'tokb_position_ids.py': INV,
    # disaggregated prefill / decode
    'disagg_kv_transfer_bytes.py': [
        ('all_gather(total, self.args.tp_axis,', f'all_gather({PC}(total, self.args.tp_axis, to="varying"), self.args.tp_axis,'),
    ],
    'disagg_router_load.py': [
        ('all_gather(per_instance, (', f'all_gather({PC}(per_instance, self.tp_axis, to="varying"), ('),
    ],
    'disagg_kv_handoff.py': [
        ('ppermute(heads, HANDOFF_AXES,', f'ppermute({PC}(heads, TP, to="varying"), HANDOFF_AXES,'),
    ],
    'disagg_tlag_kv_pull.py': [
        ('return top_level_all_gather(blocks, self.decode_spec)', 'return jax.reshard(blocks, self.decode_spec)'),
    ],
    'disagg_ttft_slo.py': [
        ('pmean(ratio, MESH.axis_names)', f'pmean({PC}(ratio, "tp", to="varying"), MESH.axis_names)'),
    ],
    'disagg_kv_scale_clip.py': INV,
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
