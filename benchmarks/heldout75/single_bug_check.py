"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout75/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a helper that an earlier call
or loop round uses legally), a context mesh, a layout entry that is a prefix or lists the missing
`reduced=` axis for `top_level_all_gather`, and for the SF106 programs either the producer's
gather changed to `to='invarying'` or the arithmetic moved before the gather. A program that
still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # asr_*
    'asr_dump_encoder.py': [
        ('    return top_level_all_gather(enc_out, layout)',
         '    with jax.set_mesh(mesh):\n        return top_level_all_gather(enc_out, layout)'),
    ],
    'asr_global_cmvn.py': [
        ('return gather_stats(frame_sum, stats_axis)',
         'return gather_stats(jax.lax.pcast(frame_sum, data, to="varying"), stats_axis)'),
    ],
    'asr_grad_norm.py': [
        ('norm = jnp.sqrt(global_norm(full,',
         'norm = jnp.sqrt(global_norm(jax.lax.pcast(full, data, to="varying"),'),
    ],
    'asr_loss_norm.py': [
        ('return jax.lax.psum(loss_sum, sync_axes)',
         'return jax.lax.psum(jax.lax.pcast(loss_sum, model, to="varying"), sync_axes)'),
    ],
    'asr_mel_scale.py': [
        ('return energy / self.n_mels',
         'return self.gather(feats * feats / self.n_mels)'),
    ],
    'asr_shape_stats.py': [
        ('return gather_stats(per_utt, stats_axes, 0)',
         'return gather_stats(jax.lax.pcast(per_utt, model, to="varying"), stats_axes, 0)'),
    ],
    # beam_*
    'beam_best_total.py': [
        ('pooled = jax.lax.psum(best,',
         'pooled = jax.lax.psum(jax.lax.pcast(best, self.cfg.beam_axis, to="varying"),'),
    ],
    'beam_length_bonus.py': [
        ('history = running_lengths(lengths.astype(jnp.float32), beam_axis)',
         'history = running_lengths(jax.lax.pcast(lengths.astype(jnp.float32), beam_axis, to="varying"), beam_axis)'),
    ],
    'beam_lm_fusion.py': [
        ('return fused, self.collect_candidates(best)',
         'return fused, self.collect_candidates(jax.lax.pcast(best, self.vocab_axis, to="varying"))'),
    ],
    'beam_nbest_export.py': [
        ('"text": P("vocab", None, reduced={"beam"}),',
         '"text": P(None, None, reduced={"beam", "vocab"}),'),
    ],
    'beam_ngram_table.py': [
        ('return jax.lax.all_gather(scores, self.vocab_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.pcast(jax.lax.all_gather(scores, self.vocab_axis, axis=1, tiled=True, to="reduced"), self.vocab_axis, to="varying")'),
    ],
    'beam_score_weights.py': [
        ('return jax.lax.all_gather(jax.nn.log_sigmoid(logits), self.vocab_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(jax.nn.log_sigmoid(logits), self.vocab_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # conformer_*
    'conformer_attn_stats.py': [
        ('jax.lax.pmean(jnp.log(denom).mean(),',
         'jax.lax.pmean(jax.lax.pcast(jnp.log(denom).mean(), self.cfg.head_axis, to="varying"),'),
    ],
    'conformer_conv_bn.py': [
        ('return h - mean, self.running_stats(mean)',
         'return h - mean, self.running_stats(jax.lax.pcast(mean, self.axis, to="varying"))'),
    ],
    'conformer_ffn_norm.py': [
        ('norm = jnp.sqrt(self.kernel_norm(w_full))',
         'norm = jnp.sqrt(self.kernel_norm(jax.lax.pcast(w_full, self.fsdp_axis, to="varying")))'),
    ],
    'conformer_final_norm.py': [
        ('return jax.lax.all_gather(h, self.hidden_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, self.hidden_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'conformer_rel_pos.py': [
        ('gather_table(t, cfg.table_axes, 0)',
         'gather_table(jax.lax.pcast(t, cfg.head_axis, to="varying"), cfg.table_axes, 0)'),
    ],
    'conformer_stream_cache.py': [
        ('return top_level_all_gather(cache, EXPORT_SPEC)',
         'return jax.reshard(cache, P("tp", None))'),
    ],
    # ctc_*
    'ctc_alignment_dump.py': [
        ('"token_posteriors": {"layout": "-,vocab", "reduced": []},',
         '"token_posteriors": {"layout": "-,vocab", "reduced": ["batch"]},'),
    ],
    'ctc_blank_prior.py': [
        ('return jax.lax.all_gather(counts, self.prior_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(counts, self.batch_axis, to="varying"), self.prior_axis,'),
    ],
    'ctc_hybrid_stats.py': [
        ('"num_tokens": lengths.sum()}',
         '"num_tokens": jax.lax.pcast(lengths.sum(), conf["stats_axis"], to="varying")}'),
    ],
    'ctc_inter_confidence.py': [
        ('out.append(pooled(conf_frames, mesh)',
         'out.append(pooled(jax.lax.pcast(conf_frames, "vocab", to="varying"), mesh)'),
    ],
    'ctc_label_smoothing.py': [
        ('return collect(smoothed)',
         'return collect(jax.lax.pcast(smoothed, vocab, to="varying"))'),
    ],
    'ctc_posterior_temp.py': [
        ('return jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="invarying")'),
    ],
    # fe_*
    'fe_fbank_energy.py': [
        ('self.vad_table(energy)',
         'self.vad_table(jax.lax.pcast(energy, self.freq_axis, to="varying"))'),
    ],
    'fe_feature_dump.py': [
        ('"kaldi": P("freq", None, reduced={"batch"}),',
         '"kaldi": P("batch", None, reduced={"freq"}),'),
    ],
    'fe_log_compress.py': [
        ('        mel = full_mel(power, cfg.mel_axis)\n        return compress(mel, cfg)\n',
         '        return full_mel(compress(power, cfg), cfg.mel_axis)\n'),
    ],
    'fe_specaug_mask.py': [
        ('pooled = GATHER(full,',
         'pooled = GATHER(jax.lax.pcast(full, self.freq_axis, to="varying"),'),
    ],
    'fe_stft_overlap.py': [
        ('carried = self.overlap_add(windowed)',
         'carried = self.overlap_add(jax.lax.pcast(windowed, self.axis, to="varying"))'),
    ],
    'fe_utterance_cmvn.py': [
        ('jax.lax.pmean(total.mean(axis=0, keepdims=True),',
         'jax.lax.pmean(jax.lax.pcast(total.mean(axis=0, keepdims=True), self.freq_axis, to="varying"),'),
    ],
    # rnnt_*
    'rnnt_blank_rate.py': [
        ('jax.lax.all_gather(hits[None],',
         'jax.lax.all_gather(jax.lax.pcast(hits[None], self.cfg.log.rate_axis, to="varying"),'),
    ],
    'rnnt_fused_grad.py': [
        ('return scatter_grad(grad, axis)',
         'return scatter_grad(jax.lax.pcast(grad, axis, to="varying"), axis)'),
    ],
    'rnnt_fused_wer.py': [
        ('counts = {"errors": self.errors(hyp, ref).sum(),',
         'counts = {"errors": jax.lax.pcast(self.errors(hyp, ref).sum(), self.vocab_axis, to="varying"),'),
    ],
    'rnnt_greedy_export.py': [
        ('        scores = jax.jit(greedy_scores)(logits)\n    return save_hyps(scores, cfg)',
         '        scores = jax.jit(greedy_scores)(logits)\n        return save_hyps(scores, cfg)'),
    ],
    'rnnt_joint_bias.py': [
        ('        enc_full = self.frames(enc)\n        return self.activation(enc_full + self.hidden_bias)',
         '        return self.frames(self.activation(enc + self.hidden_bias))'),
    ],
    'rnnt_pred_embed.py': [
        ('return self.gather(jnp.tanh(rows), self.table_axes, 0)',
         'return self.gather(jax.lax.pcast(jnp.tanh(rows), self.shard_axis, to="varying"), self.table_axes, 0)'),
    ],
    # tts_*
    'tts_length_regulator.py': [
        ('durations = self.hop(jnp.abs(durations), axes, dim)',
         'durations = self.hop(jnp.abs(jax.lax.pcast(durations, "channel", to="varying") if dim == 0 else durations), axes, dim)'),
    ],
    'tts_mel_export.py': [
        ('    with mesh:',
         '    with jax.set_mesh(mesh):'),
    ],
    'tts_pitch_stats.py': [
        ('return pitch - mean, self.stats_table(mean)',
         'return pitch - mean, self.stats_table(jax.lax.pcast(mean, self.data_axis, to="varying"))'),
    ],
    'tts_variance_loss.py': [
        ('terms = [mel_loss, self.energy_weight * energy_loss]',
         'terms = [mel_loss, jax.lax.pcast(self.energy_weight * energy_loss, self.channel_axis, to="varying")]'),
    ],
    'tts_vocoder_lrelu.py': [
        ('return jax.lax.all_gather(h, self.channel_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, self.channel_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'tts_vocoder_mrf.py': [
        ('return fused, self.resplit(jnp.tanh(full))',
         'return fused, self.resplit(jax.lax.pcast(jnp.tanh(full), self.axis, to="varying"))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
