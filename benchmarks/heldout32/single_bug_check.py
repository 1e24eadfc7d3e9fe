"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout32/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather`, and for the SF106 programs (whose outputs are not reduced) the gather
changed to `to='invarying'` (the producer-side fix). A program that still fails after its fix
hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = ('tiled=True, to="reduced")', 'tiled=True, to="invarying")')

FIXES = {
    # microphone-array beamforming
    'bf_das_steering_power.py': [
        ('all_gather(power, g.mic_axis,', f'all_gather({PC}(power, g.mic_axis, to="varying"), g.mic_axis,'),
    ],
    'bf_mvdr_covariance_pool.py': [
        ('all_gather(snapshot, cfg["pool_axes"]',
         f'all_gather({PC}(snapshot, cfg["mic_axis"], to="varying"), cfg["pool_axes"]'),
    ],
    'bf_gsc_ring_exchange.py': [
        ('neighbour = self._ring(ref, self.mic_axis)',
         f'neighbour = self._ring({PC}(ref, self.mic_axis, to="varying"), self.mic_axis)'),
    ],
    'bf_tlag_steering_export.py': [
        ('top_level_all_gather(placed, spec(LAYOUTS["steering"]["export"]))',
         'jax.reshard(placed, spec(LAYOUTS["steering"]["export"]))'),
    ],
    'bf_array_gain_hooks.py': [
        ('return jax.lax.psum(gain, axes)', f'return jax.lax.psum({PC}(gain, mic_axis, to="varying"), axes)'),
    ],
    'bf_postfilter_gain.py': [INV],
    # streaming transducer ASR
    'rnnt_blank_rate_hook.py': [
        ('all_gather(per_token, self.axis,', f'all_gather({PC}(per_token, self.axis, to="varying"), self.axis,'),
    ],
    'rnnt_joint_network.py': [
        ('all_gather(h, (self.batch_axis', f'all_gather({PC}(h, self.hidden_axis, to="varying"), (self.batch_axis'),
    ],
    'rnnt_beam_prune.py': [
        ('best = self.best_of(beams)', f'best = self.best_of({PC}(beams, self.decode["beam_axis"], to="varying"))'),
    ],
    'rnnt_tlag_checkpoint_export.py': [
        ('top_level_all_gather(params["pred_net"]["embedding"], P(*EXPORT["serve_layout"]))',
         'jax.reshard(params["pred_net"]["embedding"], P(*EXPORT["serve_layout"]))'),
    ],
    'rnnt_wer_metrics.py': [
        ('jax.lax.psum(jnp.sum(counts[name]), axes)',
         f'jax.lax.psum({PC}(jnp.sum(counts[name]), axes[1], to="varying") if name == "hits" else jnp.sum(counts[name]), axes)'),
    ],
    'rnnt_logit_temperature.py': [INV],
    # spectrogram frontend
    'feat_cmvn_global_stats.py': [
        ('all_gather(frame_sum, self.axis,', f'all_gather({PC}(frame_sum, self.axis, to="varying"), self.axis,'),
    ],
    'feat_specaugment_mask_pool.py': [
        ('all_gather(per_utt, pool_axes,', f'all_gather({PC}(per_utt, ax["time"], to="varying"), pool_axes,'),
    ],
    'feat_mel_energy_scatter.py': [
        ('psum_scatter(energy, TIME_AXIS,', f'psum_scatter({PC}(energy, TIME_AXIS, to="varying"), TIME_AXIS,'),
    ],
    'feat_tlag_feature_cache.py': [
        ('    written = cache.flush()\n', '    with jax.set_mesh(mesh):\n        written = cache.flush()\n'),
    ],
    'feat_pcen_energy.py': [
        ('pmean(jnp.mean(gain), tuple(', f'pmean({PC}(jnp.mean(gain), "time", to="varying"), tuple('),
    ],
    'feat_logmel_floor.py': [INV],
    # speaker verification
    'spk_enrol_centroids.py': [
        ('all_gather(centroid, axis,', f'all_gather({PC}(centroid, axis, to="varying"), axis,'),
    ],
    'spk_cohort_snorm.py': [
        ('all_gather(local, self.cohort_axes,',
         f'all_gather({PC}(local, self.cohort_axes[-1], to="varying"), self.cohort_axes,'),
    ],
    'spk_aam_class_centres.py': [
        ('all_gather(centres, cfg["axes"]["feature"], axis=0',
         f'all_gather({PC}(centres, cfg["axes"]["feature"], to="varying"), cfg["axes"]["feature"], axis=0'),
    ],
    'spk_tlag_embedding_bank.py': [
        ('return top_level_all_gather(bank, layout.publish)', 'return jax.reshard(bank, layout.publish)'),
    ],
    'spk_eer_trial_counts.py': [
        ('return reduce_all(targets),', f'return reduce_all({PC}(targets, score_axis, to="varying")),'),
    ],
    'spk_cosine_scoring.py': [INV],
    # acoustic echo cancellation
    'aec_erle_tracker.py': [
        ('all_gather(band_power, BINS_AXIS,', f'all_gather({PC}(band_power, BINS_AXIS, to="varying"), BINS_AXIS,'),
    ],
    'aec_partitioned_filter.py': [
        ('all_gather(taps, everything,', f'all_gather({PC}(taps, self.partition_axis, to="varying"), everything,'),
    ],
    'aec_double_talk_scan.py': [
        ('level = jax.lax.psum(peak_t, cfg["bin_axis"])',
         f'level = jax.lax.psum({PC}(peak_t, cfg["bin_axis"], to="varying"), cfg["bin_axis"])'),
    ],
    'aec_tlag_filter_snapshot.py': [
        ('return top_level_all_gather(taps, SNAPSHOT_LAYOUTS[target])',
         'return jax.reshard(taps, P("bins", None))'),
    ],
    'aec_misalignment_monitor.py': [
        ('pmean(err / ref, self.axes)', f'pmean({PC}(err / ref, self.axes[1], to="varying"), self.axes)'),
    ],
    'aec_nlms_step_size.py': [INV],
    # pitch tracking
    'pitch_yin_difference.py': [
        ('all_gather(total, self.lag_axis,', f'all_gather({PC}(total, self.lag_axis, to="varying"), self.lag_axis,'),
    ],
    'pitch_crepe_bin_posteriors.py': [
        ('all_gather(post, tuple(', f'all_gather({PC}(post, card["sharding"]["bins"], to="varying"), tuple('),
    ],
    'pitch_voicing_floor.py': [
        ('pmin(ap, self.lag_axis)', f'pmin({PC}(ap, self.lag_axis, to="varying"), self.lag_axis)'),
    ],
    'pitch_tlag_contour_dump.py': [
        ('return top_level_all_gather(placed, P(Axis.UTT.value, None))',
         'return jax.reshard(placed, P(Axis.UTT.value, None))'),
    ],
    'pitch_octave_error_rate.py': [
        ('return jax.lax.psum(voiced, axes)', f'return jax.lax.psum({PC}(voiced, lag_axis, to="varying"), axes)'),
    ],
    'pitch_cents_deviation.py': [INV],
    # sound event detection / audio tagging
    'sed_class_prior.py': [
        ('all_gather(counts, self.batch_axis,', f'all_gather({PC}(counts, self.batch_axis, to="varying"), self.batch_axis,'),
    ],
    'sed_attention_pooling.py': [
        ('all_gather(per_clip, axes,', f'all_gather({PC}(per_clip, parallel["class_axis"], to="varying"), axes,'),
    ],
    'sed_mixup_exchange.py': [
        ('all_to_all(full, self.class_axis,', f'all_to_all({PC}(full, self.class_axis, to="varying"), self.class_axis,'),
    ],
    'sed_tlag_head_export.py': [
        ('"kernel": P("classes", None),', '"kernel": P(None, None, reduced={"clips", "classes"}),'),
    ],
    'sed_map_metric.py': [
        ('pos_all = jax.lax.psum(positives, EVAL["axes"])',
         f'pos_all = jax.lax.psum({PC}(positives, class_axis, to="varying"), EVAL["axes"])'),
    ],
    'sed_event_thresholds.py': [INV],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
