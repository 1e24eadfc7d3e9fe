"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout128/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axis the value still
varies on, the local value instead of the gathered one, the right `reduced=` axes,
`multi_dim=True`, a context mesh for `top_level_all_gather`, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # lm_*
    'lm_pack_token_counts.py': [
        ('return jax.lax.all_gather(total, self.cfg.stats_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(total, self.cfg.stats_axis, to="varying"), self.cfg.stats_axis, to="reduced")'),
    ],
    'lm_embedding_dump.py': [
        ('return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h, "model", to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'lm_vocab_loss.py': [
        ('stage(ctx.get("full_logits", logits) if isinstance(stage, Normaliser) else logits, ctx)',
         'stage(logits, ctx)'),
    ],
    'lm_batch_export.py': [
        ('export=P("model", None, reduced={"data"}))', 'export=P(None, None, reduced={"data", "model"}))'),
    ],
    'lm_packed_perplexity.py': [
        ('return jax.lax.pmean(nll, cfg["metric_axes"])', 'return jax.lax.pmean(nll, cfg["metric_axes"][0])'),
    ],
    'lm_segment_mask.py': [
        ('gather_mode = "reduced"', 'gather_mode = "invarying"'),
    ],
    # img_*
    'img_brightness_monitor.py': [
        ('return jax.lax.all_gather(total, axes[0], to="reduced")',
         f'return jax.lax.all_gather({PC}(total, axes[0], to="varying"), axes[0], to="reduced")'),
    ],
    'img_crop_preview.py': [
        ('return jax.lax.all_gather(full_height, self.axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(full_height, "spatial", to="varying"), self.axes, axis=0, tiled=True, to="reduced")'),
    ],
    'img_mixup_ring.py': [
        ('src = self.pool(images) if self.use_pool else images', 'src = images'),
    ],
    'img_eval_export.py': [
        ('"export_reduced": ["batch"],', '"export_reduced": ["batch", "spatial"],'),
    ],
    'img_contrast_loss.py': [
        ('return jax.lax.psum(err, reduce_axes) / n_examples', 'return jax.lax.psum(err, spec[0]) / n_examples'),
    ],
    'img_device_normalize.py': [
        ('return jax.lax.all_gather(rows, self.row_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(rows, self.row_axis, axis=1, tiled=True, to="invarying")'),
        ('out = P(self.batch_axis, None, None, None, reduced={self.row_axis})',
         'out = P(self.batch_axis, None, None, None)'),
    ],
    # rec_*
    'rec_id_frequency.py': [
        ('return exporter(c)', f'return exporter({PC}(c, "replica", to="varying"))'),
    ],
    'rec_dense_snapshot.py': [
        ('return jax.lax.all_gather(full, self.snapshot_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(full, "table", to="varying"), self.snapshot_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'rec_id_exchange.py': [
        ('sent = jax.lax.all_to_all(view, self.table_axis, 0, 0, tiled=True)',
         'sent = jax.lax.all_to_all(ids, self.table_axis, 0, 0, tiled=True)'),
    ],
    'rec_table_checkpoint.py': [
        ('"item": {"rows": 32, "dim": 8, "spec": P(("replica", "table"), None), "gather": P(None, None, reduced={"table"})},',
         '"item": {"rows": 32, "dim": 8, "spec": P(("replica", "table"), None), "gather": P(None, None, reduced={"replica", "table"})},'),
    ],
    'rec_two_tower_scores.py': [
        ('return jax.lax.psum_scatter(positive, cfg.scatter_axes, scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(positive, cfg.roles.column, to="varying"), cfg.scatter_axes, scatter_dimension=0, tiled=True)'),
    ],
    'rec_ctr_cross.py': [
        ('"gather_to": "reduced"}},)', '"gather_to": "invarying"}},)'),
        ('out = P(model_cfg["batch_axis"], reduced={model_cfg["cross"]["field_axis"]})',
         'out = P(model_cfg["batch_axis"])'),
    ],
    # audio_*
    'audio_vad_energy.py': [
        ('return jax.lax.all_gather(energy, self.cfg.trace_axis, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(energy, self.cfg.trace_axis, to="varying"), self.cfg.trace_axis, axis=0, tiled=True, to="reduced")'),
    ],
    'audio_spectrogram_dump.py': [
        ('return [Gather(names[1], 2), Gather(tuple(names), 0)]', 'return [Gather(names[1], 2), Gather(names[0], 0)]'),
    ],
    'audio_specaugment_loudness.py': [
        ('total = jax.lax.psum(per_frame, axes["freq"])',
         f'total = jax.lax.psum({PC}(per_frame, axes["freq"], to="varying"), axes["freq"])'),
    ],
    'audio_feature_writer.py': [
        ('                writer.add(features(mag))\n        written = writer.flush()',
         '                writer.add(features(mag))\n            written = writer.flush()'),
    ],
    'audio_snr_metrics.py': [
        ('return jax.tree.map(lambda v: jax.lax.pmean(v, MESH_AXES), metrics)',
         'return jax.tree.map(lambda v: jax.lax.pmean(v, MESH_AXES[0]), metrics)'),
    ],
    'audio_spectral_whitening.py': [
        ('"tiled": True, "to": "reduced"}', '"tiled": True, "to": "invarying"}'),
    ],
    # mix_*
    'mix_task_rates.py': [
        ('return jax.lax.all_gather(counts / self.cfg.batch_size, self.axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(counts / self.cfg.batch_size, self.axis, to="varying"), self.axis, to="reduced")'),
    ],
    'mix_shared_encoder_dump.py': [
        ('return jax.lax.all_gather(h, self.dump_axes(), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h, self.task_axis, to="varying"), self.dump_axes(), axis=0, tiled=True, to="reduced")'),
    ],
    'mix_loss_balancer.py': [
        ('return jax.lax.psum_scatter(everything, self.task_axis, scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(everything, self.task_axis, to="varying"), self.task_axis, scatter_dimension=0, tiled=True)'),
    ],
    'mix_head_export.py': [
        ('P(None, "data", None, reduced={"task"})', 'P(None, None, None, reduced={"task"})'),
    ],
    'mix_weighted_loss.py': [
        ('return jax.lax.pmean(jnp.mean(per_example), self.reduce)',
         'return jax.lax.pmean(jnp.mean(per_example), self.data_axis)'),
    ],
    'mix_task_router.py': [
        ('return jax.lax.all_gather(local, self.task_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, self.task_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=(P(b, reduced={t}), P(b, reduced={t}))))', 'out_specs=(P(b), P(b))))'),
    ],
    # eval_*
    'eval_per_class_recall.py': [
        ('curve = jax.lax.all_gather(found, self.count_axis, to="reduced")',
         f'curve = jax.lax.all_gather({PC}(found, self.count_axis, to="varying"), self.count_axis, to="reduced")'),
    ],
    'eval_prediction_dump.py': [
        ('return jax.lax.all_gather(rows, tuple(self.spec), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(rows, self.spec[0], axis=0, tiled=True, to="reduced")'),
    ],
    'eval_masked_mean_loss.py': [
        ('return jax.lax.psum(jnp.sum(every_mask), self.axis)', 'return jax.lax.psum(jnp.sum(mask), self.axis)'),
    ],
    'eval_logits_export.py': [
        ('rows.append(np.asarray(top_level_all_gather(lg, HOST_SPEC)))',
         'rows.append(np.asarray(top_level_all_gather(lg, HOST_SPEC, multi_dim=True)))'),
    ],
    'eval_padded_accuracy.py': [
        ('correct = jax.lax.psum(correct, everywhere)', 'correct = jax.lax.psum(correct, everywhere[0])'),
    ],
    'eval_masked_entropy.py': [
        ('return jax.lax.all_gather(p, class_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(p, class_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"shard"})))', 'out_specs=P()))'),
    ],
    # resume_*
    'resume_examples_seen.py': [
        ('return jax.lax.all_gather(seen, data_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(seen, data_axis, to="varying"), data_axis, to="reduced")'),
    ],
    'resume_batch_fingerprint.py': [
        ('return jax.lax.all_gather(rows, self.check_axes, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(rows, "dp", axis=0, tiled=True, to="reduced")'),
    ],
    'resume_param_norm_check.py': [
        ('sq_norm = jax.lax.psum(jnp.sum(full_w * full_w), fsdp_axis)', 'sq_norm = jax.lax.psum(jnp.sum(w * w), fsdp_axis)'),
    ],
    'resume_opt_state_save.py': [
        ('    with mesh:\n        yield mesh', '    with jax.set_mesh(mesh):\n        yield mesh'),
    ],
    'resume_loss_parity.py': [
        ('return jax.lax.pmean(jnp.mean((pred - y) ** 2), tuple(metric_axes))',
         'return jax.lax.pmean(jnp.mean((pred - y) ** 2), dp)'),
    ],
    'resume_ema_warm_restart.py': [
        ('return jax.lax.all_gather(w, self.fsdp_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, self.fsdp_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={fsdp_axis})))', 'out_specs=P(None, None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
