"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout52/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction; in a helper called twice, only
for the call that fails), `jax.reshard` or a context mesh for `top_level_all_gather`, and for the
SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INVARYING = [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')]

FIXES = {
    # CLAP contrastive audio-text pretraining
    'clap_logit_scale_sync.py': [
        ('all_gather(stat, self.cfg.data_axis,',
         f'all_gather({PC}(stat, self.cfg.data_axis, to="varying"), self.cfg.data_axis,'),
    ],
    'clap_negative_bank.py': [
        ('all_gather(projected, axes,', f'all_gather({PC}(projected, axes[1], to="varying"), axes,'),
    ],
    'clap_momentum_queue.py': [
        ('ppermute(bank, self.axis,', f'ppermute({PC}(bank, self.axis, to="varying"), self.axis,'),
    ],
    'clap_tlag_eval_embeddings.py': [
        ('return top_level_all_gather(embeddings, EVAL_CONFIG["layouts"]["retrieval"])',
         'return jax.reshard(embeddings, EVAL_CONFIG["layouts"]["retrieval"])'),
    ],
    'clap_recall_metrics.py': [
        ('pmean(hits.mean(), METRIC_AXES)',
         f'pmean({PC}(hits.mean(), MESH_AXES[1], to="varying"), METRIC_AXES)'),
    ],
    'clap_temperature_logits.py': INVARYING,
    # streaming conformer
    'conf_chunk_frame_counts.py': [
        ('all_gather(frames, axis_name=time_axis',
         f'all_gather({PC}(frames, time_axis, to="varying"), axis_name=time_axis'),
    ],
    'conf_left_context_export.py': [
        ('all_gather(ctx, (self.batch_axis',
         f'all_gather({PC}(ctx, self.chunk_axis, to="varying"), (self.batch_axis'),
    ],
    'conf_state_handoff.py': [
        ('ppermute(state, axis,', f'ppermute({PC}(state, axis, to="varying"), axis,'),
    ],
    'conf_tlag_encoder_export.py': [
        ('return top_level_all_gather(kernel, logical_to_spec("ffn_export", reduced=("batch",)))',
         'return jax.reshard(kernel, logical_to_spec("ffn_export"))'),
    ],
    'conf_ctc_aux_loss.py': [
        ('pmean(per_utt.mean(), (',
         f'pmean({PC}(per_utt.mean(), cfg["time_axis"], to="varying"), ('),
    ],
    'conf_relpos_attention.py': INVARYING,
    # TTS alignment
    'tts_duration_totals.py': [
        ('all_gather(totals, axis_name=self.axes.frames,',
         f'all_gather({PC}(totals, self.axes.frames, to="varying"), axis_name=self.axes.frames,'),
    ],
    'tts_alignment_prior.py': [
        ('all_gather(prior, stage["axes"],',
         f'all_gather(prior if stage["name"] == "text" else {PC}(prior, UTT, to="varying"), stage["axes"],'),
    ],
    'tts_pitch_energy_stats.py': [
        ('pmax(pooled, self.cfg.utt_axis)',
         f'pmax({PC}(pooled, self.cfg.utt_axis, to="varying"), self.cfg.utt_axis)'),
    ],
    'tts_tlag_mel_dump.py': [
        ('    return MelDumper(AXES[1]).dump(mel)\n',
         '    with jax.set_mesh(mesh):\n        return MelDumper(AXES[1]).dump(mel)\n'),
    ],
    'tts_forward_sum_loss.py': [
        ('psum(log_lik, reduce_over)', f'psum({PC}(log_lik, reduce_over[1], to="varying"), reduce_over)'),
    ],
    'tts_length_regulator.py': INVARYING,
    # data-mixture and curriculum schedulers
    'mix_domain_token_counts.py': [
        ('all_gather(seen, self.replica_axis,',
         f'all_gather({PC}(seen, self.replica_axis, to="varying"), self.replica_axis,'),
    ],
    'mix_excess_loss_table.py': [
        ('all_gather(by_domain, axes[::-1],',
         f'all_gather({PC}(by_domain, axes[1], to="varying"), axes[::-1],'),
    ],
    'mix_doremi_weights.py': [
        ('psum(every.sum(axis=1, keepdims=True), axes["domain"])',
         f'psum({PC}(every.sum(axis=1, keepdims=True), axes["domain"], to="varying"), axes["domain"])'),
    ],
    'mix_tlag_weight_checkpoint.py': [
        ('return top_level_all_gather(history, LAYOUT[Phase.CHECKPOINT])',
         'return jax.reshard(history, LAYOUT[Phase.CHECKPOINT])'),
    ],
    'mix_curriculum_difficulty.py': [
        ('pmean(per_replica, self.axes)',
         f'pmean({PC}(per_replica, self.axes[-1], to="varying"), self.axes)'),
    ],
    'mix_temperature_sampling.py': INVARYING,
    # tokenizer-free byte models
    'byte_patch_entropy.py': [
        ('all_gather(total, cfg["share"],',
         f'all_gather({PC}(total, cfg["share"], to="varying"), cfg["share"],'),
    ],
    'byte_global_patch_embed.py': [
        ('all_gather(patches, axis_name=',
         f'all_gather({PC}(patches, self.seq_axis, to="varying"), axis_name='),
    ],
    'byte_boundary_shift.py': [
        ('ppermute(tail, seq_axis,', f'ppermute({PC}(tail, seq_axis, to="varying"), seq_axis,'),
    ],
    'byte_tlag_embedding_table.py': [
        ('return top_level_all_gather(table, export_spec(args))',
         'return jax.reshard(table, export_spec(args))'),
    ],
    'byte_bits_per_byte.py': [
        ('psum(per_seq.sum(), self.axes)',
         f'psum({PC}(per_seq.sum(), self.axes[0], to="varying"), self.axes)'),
    ],
    'byte_dynamic_patching.py': INVARYING,
    # distillation pipelines
    'distil_pseudo_label_confidence.py': [
        ('all_gather(seq, self.cfg.mesh.hidden,',
         f'all_gather({PC}(seq, self.cfg.mesh.hidden, to="varying"), self.cfg.mesh.hidden,'),
    ],
    'distil_teacher_hidden_states.py': [
        ('all_gather(x, axes, axis=dim,',
         f'all_gather(x if axes == "hidden" else {PC}(x, "hidden", to="varying"), axes, axis=dim,'),
    ],
    'distil_layer_targets.py': [
        ('all_to_all(feats, model_axis,', f'all_to_all({PC}(feats, model_axis, to="varying"), model_axis,'),
    ],
    'distil_tlag_student_init.py': [
        ('return top_level_all_gather(student, REPLICATED_SPEC)',
         'return jax.reshard(student, REPLICATED_SPEC)'),
    ],
    'distil_wer_filter.py': [
        ('pmean(keep.mean(), axis_name=',
         f'pmean({PC}(keep.mean(), hidden_axis, to="varying"), axis_name='),
    ],
    'distil_kl_temperature.py': INVARYING,
    # self-supervised speech pretraining
    'ssl_codebook_perplexity.py': [
        ('all_gather(usage, self.data_axis,',
         f'all_gather({PC}(usage, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'ssl_negative_sampling.py': [
        ('all_gather(targets, axis_name,',
         f'all_gather(targets if dim == 1 else {PC}(targets, NEG_AXES[0], to="varying"), axis_name,'),
    ],
    'ssl_kmeans_targets.py': [
        ('psum_scatter(everyone, self.data_axis,',
         f'psum_scatter({PC}(everyone, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'ssl_tlag_feature_extractor.py': [
        ('top_level_all_gather(w, LAYOUT.frozen)', 'jax.reshard(w, LAYOUT.frozen)'),
    ],
    'ssl_diversity_loss.py': [
        ('pmean(entropy, MESH.axis_names)',
         f'pmean({PC}(entropy, CODES, to="varying"), MESH.axis_names)'),
    ],
    'ssl_mask_span_rate.py': INVARYING,
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
