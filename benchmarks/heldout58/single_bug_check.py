"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout58/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` of
the failing collective's input (over the axis it is invariant or reduced on), the missing
`reduced=` axes or a valid prefix in the layout table, `jax.reshard`, `multi_dim=True`, the call
moved inside `with jax.set_mesh`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # encoder-decoder translation models
    'nmt_token_count_norm.py': [
        ('all_gather(ntokens, self.cfg.data_axis,',
         f'all_gather({PC}(ntokens, self.cfg.data_axis, to="varying"), self.cfg.data_axis,'),
    ],
    'nmt_encoder_out_gather.py': [
        ('all_gather(full, self.cfg.mesh_axes,',
         f'all_gather({PC}(full, self.hidden_axis, to="varying"), self.cfg.mesh_axes,'),
    ],
    'nmt_tied_embedding_stats.py': [
        ('psum(row_l1, axis)', f'psum({PC}(row_l1, axis, to="varying"), axis)'),
    ],
    'nmt_checkpoint_reshard.py': [
        ('"decoder.embed_tokens": P("model", None),',
         '"decoder.embed_tokens": P("data", None, reduced={"model"}),'),
    ],
    'nmt_grad_norm_clip.py': [
        ('psum(sq, self.cfg.reduce_axes)', f'psum({PC}(sq, model_axis, to="varying"), self.cfg.reduce_axes)'),
    ],
    'nmt_embed_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # beam search
    'beam_log_normalizer.py': [
        ('all_gather(z, self.cfg.vocab_axis,',
         f'all_gather({PC}(z, self.cfg.vocab_axis, to="varying"), self.cfg.vocab_axis,'),
    ],
    'beam_candidate_gather.py': [
        ('all_gather(per_batch, self.axes,',
         f'all_gather({PC}(per_batch, self.axes[1], to="varying"), self.axes,'),
    ],
    'beam_best_score_loop.py': [
        ('pmax(jnp.sum(step_scores, axis=-1), VOCAB)',
         f'pmax({PC}(jnp.sum(step_scores, axis=-1), VOCAB, to="varying"), VOCAB)'),
    ],
    'beam_hypo_export.py': [
        ('detok_tokens: P = P(None, None)', 'detok_tokens: P = P(None, None, reduced={"batch"})'),
    ],
    'beam_avg_logprob.py': [
        ('REDUCERS[reduce](jnp.sum(token_lp))',
         f'REDUCERS[reduce]({PC}(jnp.sum(token_lp), "vocab", to="varying"))'),
    ],
    'beam_length_penalty.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # criteria (label smoothing, vocab-parallel cross entropy)
    'crit_vocab_parallel_lse.py': [
        ('all_gather(m, self.cfg.vocab_axis,',
         f'all_gather({PC}(m, self.cfg.vocab_axis, to="varying"), self.cfg.vocab_axis,'),
    ],
    'crit_logging_outputs.py': [
        ('all_gather(nll, self.cfg.log_axes,',
         f'all_gather({PC}(nll, vocab_axis, to="varying"), self.cfg.log_axes,'),
    ],
    'crit_scatter_smooth_loss.py': [
        ('psum_scatter(per_token, vocab_axis,',
         f'psum_scatter({PC}(per_token, vocab_axis, to="varying"), vocab_axis,'),
    ],
    'crit_logits_dump.py': [
        ('    return dump_logits(shifted)\n', '        return dump_logits(shifted)\n'),
    ],
    'crit_sentence_avg.py': [
        ('pmean(jnp.sum(nll) / sample_size, self.reduce_over)',
         f'pmean({PC}(jnp.sum(nll) / sample_size, self.vocab_axis, to="varying"), self.reduce_over)'),
    ],
    'crit_label_smoothing_eps.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # BLEU-like statistics
    'bleu_corpus_stats.py': [
        ('all_gather(counts, axis, to="reduced")',
         f'all_gather({PC}(counts, axis, to="varying"), axis, to="reduced")'),
    ],
    'bleu_ngram_orders.py': [
        ('all_gather(per_order, tuple(self.axes),',
         f'all_gather({PC}(per_order, self.axes.shard, to="varying"), tuple(self.axes),'),
    ],
    'bleu_brevity_penalty.py': [
        ('psum(ref_len.sum(), self.data_axis)',
         f'psum({PC}(ref_len.sum(), self.data_axis, to="varying"), self.data_axis)'),
    ],
    'bleu_sys_stats_layout.py': [
        ('top_level_all_gather(stats, metric.gather_spec)',
         'top_level_all_gather(stats, metric.gather_spec, multi_dim=True)'),
    ],
    'bleu_chrf_fscore.py': [
        ('psum(jnp.sum(f), mesh.axis_names)',
         f'psum({PC}(jnp.sum(f), shard, to="varying"), mesh.axis_names)'),
    ],
    'bleu_smoothing_add_k.py': [
        ('correct = jax.lax.all_gather(correct, order_axis, axis=1, tiled=True, to="reduced")',
         'correct = jax.lax.all_gather(correct, order_axis, axis=1, tiled=True, to="invarying")'),
        ('total = jax.lax.all_gather(total, order_axis, axis=1, tiled=True, to="reduced")',
         'total = jax.lax.all_gather(total, order_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # dense retrieval
    'dense_positive_scores.py': [
        ('all_gather(pos, self.cfg.hidden_axis,',
         f'all_gather({PC}(pos, self.cfg.hidden_axis, to="varying"), self.cfg.hidden_axis,'),
    ],
    'dense_cross_replica_negatives.py': [
        ('all_gather(full_dim, self.negative_axes,',
         f'all_gather({PC}(full_dim, self.hidden_axis, to="varying"), self.negative_axes,'),
    ],
    'dense_hard_negative_ring.py': [
        ('to="reduced")\n    for _', f'to="reduced")\n    pool = {PC}(pool, cfg.replica_axis, to="varying")\n    for _'),
    ],
    'dense_index_shards.py': [
        ('top_level_all_gather(embeddings, self.index_spec)', 'jax.reshard(embeddings, self.index_spec)'),
    ],
    'dense_alignment_uniformity.py': [
        ('pmean(jnp.mean(per_pair), axis_name=axes)',
         f'pmean({PC}(jnp.mean(per_pair), axes[1], to="varying"), axis_name=axes)'),
    ],
    'dense_temperature_logits.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # ColBERT late interaction
    'colbert_centroid_counts.py': [
        ('all_gather(counts, self.cfg.batch_axis,',
         f'all_gather({PC}(counts, self.cfg.batch_axis, to="varying"), self.cfg.batch_axis,'),
    ],
    'colbert_doc_token_pool.py': [
        ('all_gather(seq, (', f'all_gather({PC}(seq, axes["tokens"], to="varying"), ('),
    ],
    'colbert_query_augment.py': [
        ('all_to_all(q_full, axis,', f'all_to_all({PC}(q_full, axis, to="varying"), axis,'),
    ],
    'colbert_plaid_index.py': [
        ('residuals=P("batch", None, None),', 'residuals=P("batch", None, None, reduced={"token"}),'),
    ],
    'colbert_maxsim_scores.py': [
        ('reduce_all(jnp.sum(score))', f'reduce_all({PC}(jnp.sum(score), AXES[1], to="varying"))'),
    ],
    'colbert_doc_mask.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # BM25 and rerankers
    'rank_bm25_avgdl.py': [
        ('all_gather(total, self.params.doc_axis,',
         f'all_gather({PC}(total, self.params.doc_axis, to="varying"), self.params.doc_axis,'),
    ],
    'rank_cross_encoder_pool.py': [
        ('all_gather(full, self.config.all_axes,',
         f'all_gather({PC}(full, self.config.hidden_axis, to="varying"), self.config.all_axes,'),
    ],
    'rank_listwise_partition.py': [
        ('psum(jnp.sum(jnp.exp(cand), axis=-1), axis_name=doc_axis)',
         f'psum({PC}(jnp.sum(jnp.exp(cand), axis=-1), doc_axis, to="varying"), axis_name=doc_axis)'),
    ],
    'rank_postings_export.py': [
        ('return top_level_all_gather(impacts, serve)', 'return jax.reshard(impacts, serve)'),
    ],
    'rank_bm25_score.py': [
        ('pmean(jnp.mean(scores), axis_name=self.cfg.axes)',
         f'pmean({PC}(jnp.mean(scores), self.cfg.axes[1], to="varying"), axis_name=self.cfg.axes)'),
    ],
    'rank_score_calibration.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
