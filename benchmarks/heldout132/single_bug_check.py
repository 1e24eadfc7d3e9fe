"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout132/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: most are the configuration
value the author meant (a binding, a `${...}` interpolation, a launcher override, a
`gather_to` layout with the out spec that follows from it); where the program's literal
meaning is kept instead, a `pcast(..., to='varying')` before the collective. A program that
still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # cls_*
    'cls_class_histogram.py': [
        ('ClassHistogram.log_axis = %DATA ', 'ClassHistogram.log_axis = %MODEL'),
    ],
    'cls_feature_export.py': [
        ('"export": {"_target_": "__main__.FeatureExport", "axes": "${mesh.axes}"},',
         '"export": {"_target_": "__main__.FeatureExport", "axes": ["${mesh.axes.0}"]},'),
    ],
    'cls_label_smoothing.py': [
        ('smooth_targets.normalizer = @jax.lax.psum', 'smooth_targets.normalizer = None'),
    ],
    'cls_checkpoint_export.py': [
        ('CheckpointWriter.reduced_axes = (%DATA,)', 'CheckpointWriter.reduced_axes = (%MODEL,)'),
    ],
    'cls_accuracy_metric.py': [
        ('"hit_rate": {"_target_": "mean_over", "_partial_": True, "axes": "${mesh.axes}"},',
         '"hit_rate": {"_target_": "mean_over", "_partial_": True, "axes": ["${mesh.axes.0}"]},'),
    ],
    'cls_calibration.py': [
        ("Calibration.gather_to = 'reduced'", "Calibration.gather_to = 'invarying'"),
    ],
    # lm_*
    'lm_grad_norm_log.py': [
        ('return jax.lax.all_gather(norm, self.log_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(norm, self.log_axis, to="varying"), self.log_axis, to="reduced")'),
    ],
    'lm_zero_gather.py': [
        ('"axis_name": ["${mesh.axes.0}", "${mesh.axes.1}"], "axis": 1,',
         '"axis_name": "${mesh.axes.1}", "axis": 1,'),
    ],
    'lm_token_count.py': [
        ('step_body.keep_mask = True', 'step_body.keep_mask = False'),
    ],
    'lm_optimizer_export.py': [
        ("export_moments.host_layout = {'embed': (%TP, None),", "export_moments.host_layout = {'embed': (None, %TP),"),
    ],
    'lm_vocab_parallel_loss.py': [
        ('VocabParallelCE.reduce_axes = %MESH_AXES', "VocabParallelCE.reduce_axes = ('fsdp',)"),
    ],
    'lm_logit_softcap.py': [
        ('"gather_to": "reduced",', '"gather_to": "invarying",'),
    ],
    # eval_*
    'eval_confusion_matrix.py': [
        ('return jax.lax.all_gather(counts, axis, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(counts, axis, to="varying"), axis, axis=0, tiled=True, to="reduced")'),
    ],
    'eval_prediction_dump.py': [
        ('["eval.dump_axes=replica,shard"]', '["eval.dump_axes=replica"]'),
    ],
    'eval_ring_metric.py': [
        ('"metric": {"source": "gathered",', '"metric": {"source": "local",'),
    ],
    'eval_results_writer.py': [
        ('full = top_level_all_gather(table, self.out_spec)',
         'full = top_level_all_gather(table, self.out_spec, multi_dim=True)'),
    ],
    'eval_perplexity.py': [
        ('return reduce(per_position)', f'return reduce({PC}(per_position, vocab_axis, to="varying"))'),
    ],
    'eval_retrieval_threshold.py': [
        ("gather_scores.to = 'reduced'", "gather_scores.to = 'invarying'"),
    ],
    # distill_*
    'distill_teacher_cache.py': [
        ('return self.cache(log_z)', f'return self.cache({PC}(log_z, self.tp, to="varying"))'),
    ],
    'distill_feature_match.py': [
        ('FeatureMatch.align_axes = %MESH_AXES', 'FeatureMatch.align_axes = (%DP,)'),
    ],
    'distill_topk_teacher.py': [
        ('teacher_view.full_vocab = True', 'teacher_view.full_vocab = False'),
    ],
    'distill_student_export.py': [
        ('"reduced": ["${mesh.axes.0}"]}},', '"reduced": "${mesh.axes}"}},'),
    ],
    'distill_loss_mixer.py': [
        ('return {"hard": hard, "kd": kd}',
         f'return {{"hard": {PC}(hard, self.vocab_axis, to="varying"), "kd": kd}}'),
    ],
    'distill_soft_targets.py': [
        ('"gather": {"to": "reduced", "tiled": True},', '"gather": {"to": "invarying", "tiled": True},'),
    ],
    # clip_*
    'clip_norm_stats.py': [
        ('NormStats.gather_axis = %EMBED', 'NormStats.gather_axis = %BATCH'),
    ],
    'clip_negative_bank.py': [
        ('"axis_name": "${mesh.axes}", "axis": 0,', '"axis_name": "${mesh.axes.0}", "axis": 0,'),
    ],
    'clip_global_negatives.py': [
        ("GlobalNegatives.gather_to = 'reduced'", "GlobalNegatives.gather_to = 'varying'"),
    ],
    'clip_embedding_export.py': [
        ('                params = step(params)\n        for cb in self.callbacks:\n            cb.on_train_end(params)\n',
         '                params = step(params)\n            for cb in self.callbacks:\n                cb.on_train_end(params)\n'),
    ],
    'clip_symmetric_loss.py': [
        ('"axis_name": ("batch", "embed")}', '"axis_name": "batch"}'),
    ],
    'clip_logit_scale.py': [
        ("ScaledGallery.layout = 'reduced'", "ScaledGallery.layout = 'invarying'"),
    ],
    # rec_*
    'rec_item_popularity.py': [
        ('return jax.lax.all_gather(counts, self.log_axis, axis=0, tiled=False, to="reduced")',
         f'return jax.lax.all_gather({PC}(counts, self.log_axis, to="varying"), self.log_axis, axis=0, '
         'tiled=False, to="reduced")'),
    ],
    'rec_user_tower_dump.py': [
        ('IndexDump.gather_axes = (%TABLE, %BATCH)', 'IndexDump.gather_axes = (%BATCH,)'),
    ],
    'rec_shard_balance.py': [
        ('"balance": {"_target_": "jax.lax.pmax", "_partial_": True, "axis_name": "${histogram.table_axis}"},',
         '"balance": {"_target_": "jax.numpy.max", "_partial_": True},'),
    ],
    'rec_table_checkpoint.py': [
        ('TableWriter.keep_axis = %BATCH\nTableWriter.gather_axis = %TABLE',
         'TableWriter.keep_axis = %TABLE\nTableWriter.gather_axis = %BATCH'),
    ],
    'rec_ctr_loss.py': [
        ('CTRLoss.sync_axes = %MESH', 'CTRLoss.sync_axes = (%BATCH,)'),
    ],
    'rec_score_calibration.py': [
        ('"candidates": {"axis": "${mesh.axes.0}", "to": "reduced"},',
         '"candidates": {"axis": "${mesh.axes.0}", "to": "invarying"},'),
    ],
    # sweep_*
    'sweep_best_so_far.py': [
        ('history = jax.lax.all_gather(best, self.history_axis,',
         f'history = jax.lax.all_gather({PC}(best, self.history_axis, to="varying"), self.history_axis,'),
    ],
    'sweep_params_dump.py': [
        ("""["sweep.dump_axes=('trial', 'data')"]""", """["sweep.dump_axes=('trial',)"]"""),
    ],
    'sweep_lr_table.py': [
        ('scale = lr / self.normalizer(table)', 'scale = lr / self.normalizer(lr)'),
    ],
    'sweep_results_export.py': [
        ('"gathered": "${mesh.axes}",', '"gathered": ["${mesh.axes.0}"],'),
    ],
    'sweep_report_totals.py': [
        ('sweep_report.report_axes = %SWEEP_AXES', 'sweep_report.report_axes = (%TRIAL,)'),
    ],
    'sweep_regret.py': [
        ('"gather": {"to": "reduced", "tiled": True, "axis": 0},',
         '"gather": {"to": "invarying", "tiled": True, "axis": 0},'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
