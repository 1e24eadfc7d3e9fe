"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout79/single_bug_check.py

The fixes were written by hand from each bug (shardfix was never run on these programs): a
`pcast(..., to='varying')` before the collective (at the call site when the failing line is a
helper that an earlier call uses legally), `jax.reshard`, a context mesh or the missing
`reduced=` axis for `top_level_all_gather`, and for the SF106 programs the producer's gather
changed to `to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'd2_anchor_apply_deltas.py': [
        ('deltas = jax.lax.all_gather(deltas, self.anchor_axis, axis=1, tiled=True, to="reduced")',
         'deltas = jax.lax.all_gather(deltas, self.anchor_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'd2_anchor_generator_collect.py': [
        ('return self._collect(image_anchors)',
         "return self._collect(jax.lax.pcast(image_anchors, self.anchor_axis, to='varying'))"),
    ],
    'd2_anchor_matcher_stats.py': [
        ('stats = {"num_pos": (labels == 1).sum(axis=1).astype(jnp.float32), "best_iou": highest}',
         'stats = {"num_pos": (labels == 1).sum(axis=1).astype(jnp.float32), "best_iou": jax.lax.pcast(highest, self.anchor_axis, to=\'varying\')}'),
    ],
    'd2_anchor_rpn_storage.py': [
        ('num_gt = (gt_boxes[..., 2] > gt_boxes[..., 0]).sum().astype(jnp.float32)',
         "num_gt = jax.lax.pcast((gt_boxes[..., 2] > gt_boxes[..., 0]).sum().astype(jnp.float32), self.anchor_axis, to='varying')"),
    ],
    'd2_anchor_subsample_labels.py': [
        ('pos_all = self._image_labels(iou)',
         "pos_all = jax.lax.pcast(self._image_labels(iou), self.anchor_axis, to='varying')"),
    ],
    'd2_anchor_visualizer.py': [
        ('return P(self.anchor_axis, None, reduced={self.batch_axis})',
         'return P(self.batch_axis, None, reduced={self.anchor_axis})'),
    ],
    'd2_eval_class_tp_table.py': [
        ('return comm.gather(tp, self._axes[0])',
         "return comm.gather(jax.lax.pcast(tp, self._axes[0], to='varying'), self._axes[0])"),
    ],
    'd2_eval_coco_results_dump.py': [
        ('return P(self._axes[0], None)',
         'return P(self._axes[0], None, reduced={self._axes[1]})'),
    ],
    'd2_eval_pixel_accuracy.py': [
        ('"valid": (labels != self._ignore_label).sum().astype(jnp.float32),',
         '"valid": jax.lax.pcast((labels != self._ignore_label).sum().astype(jnp.float32), self._axes[1], to=\'varying\'),'),
    ],
    'd2_eval_pr_curve.py': [
        ('everything = self._gather(per_image, axis=0, axis_name=self._axes)',
         "everything = self._gather(jax.lax.pcast(per_image, self._inst_axis, to='varying'), axis=0, axis_name=self._axes)"),
    ],
    'd2_eval_recall_at_k.py': [
        ('return jax.lax.psum(hits_per_image, self._reduce_axis)',
         "return jax.lax.psum(jax.lax.pcast(hits_per_image, self._reduce_axis, to='varying'), self._reduce_axis)"),
    ],
    'd2_eval_score_threshold.py': [
        ('return jax.lax.all_gather(scores, self._inst_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(scores, self._inst_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'd2_hooks_feature_bank.py': [
        ('rows = self._row_features(w, x)',
         "rows = jax.lax.pcast(self._row_features(w, x), self.axes[1], to='varying')"),
    ],
    'd2_hooks_grad_norm.py': [
        ('return jnp.sqrt(jax.lax.psum(jnp.sum(g ** 2), self._axes))',
         "return jnp.sqrt(jax.lax.psum(jax.lax.pcast(jnp.sum(g ** 2), self._axes[0], to='varying'), self._axes))"),
    ],
    'd2_hooks_loss_eval.py': [
        ('"val_loss_sum": all_samples.sum(),',
         '"val_loss_sum": jax.lax.pcast(all_samples.sum(), self.data_axis, to=\'varying\'),'),
    ],
    'd2_hooks_param_absmax.py': [
        ('return jax.lax.all_gather(col, self._gather_axis, tiled=True, to="reduced")',
         'return jax.lax.all_gather(jax.lax.pcast(col, self._gather_axis, to=\'varying\'), self._gather_axis, tiled=True, to="reduced")'),
    ],
    'd2_hooks_periodic_checkpointer.py': [
        ('        full = top_level_all_gather(weight, P(None, None, reduced={self.trainer.model_axis}))',
         '        with jax.set_mesh(self.trainer.mesh):\n            full = top_level_all_gather(weight, P(None, None, reduced={self.trainer.model_axis}))'),
    ],
    'd2_hooks_val_summary.py': [
        ('all_losses = jax.lax.all_gather(per_sample, self.data_axis, tiled=True, to="reduced")',
         'all_losses = jax.lax.all_gather(per_sample, self.data_axis, tiled=True, to="invarying")'),
    ],
    'd2_meta_box_head_activation.py': [
        ('full = jax.lax.all_gather(feats, self.channel_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(feats, self.channel_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'd2_meta_export_state_dict.py': [
        ('"cls_score": ("batch", None)}',
         '"cls_score": (None, None)}'),
    ],
    'd2_meta_panoptic_outputs.py': [
        ('outputs = {"sem_seg": sem_seg,',
         'outputs = {"sem_seg": jax.lax.pcast(sem_seg, self.channel_axis, to=\'varying\'),'),
    ],
    'd2_meta_reduce_losses.py': [
        ('"loss_cls": loss_cls,',
         '"loss_cls": jax.lax.pcast(loss_cls, self.channel_axis, to=\'varying\'),'),
    ],
    'd2_meta_retinanet_normalizer.py': [
        ('"num_pos_per_worker": self._per_worker(num_pos),',
         '"num_pos_per_worker": self._per_worker(jax.lax.pcast(num_pos, self.batch_axis, to=\'varying\')),'),
    ],
    'd2_meta_rpn_objectness.py': [
        ('scores = self.proposal_generator(feats)',
         "scores = jax.lax.pcast(self.proposal_generator(feats), self.channel_axis, to='varying')"),
    ],
    'd2_post_cross_class_suppression.py': [
        ('return self.suppressor(class_boxes)',
         "return self.suppressor(jax.lax.pcast(class_boxes, self.cls_axis, to='varying'))"),
    ],
    'd2_post_detection_density.py': [
        ('area = (image_sizes[:, 0] * image_sizes[:, 1]).sum()',
         "area = jax.lax.pcast((image_sizes[:, 0] * image_sizes[:, 1]).sum(), self.cls_axis, to='varying')"),
    ],
    'd2_post_detector_postprocess.py': [
        ('pred_boxes = Boxes(jax.lax.all_gather(boxes[:, 0], self.cls_axis, axis=1, tiled=True, to="reduced"))',
         'pred_boxes = Boxes(jax.lax.all_gather(boxes[:, 0], self.cls_axis, axis=1, tiled=True, to="invarying"))'),
    ],
    'd2_post_export_fields.py': [
        ('instances.best_score = jax.lax.pmax(scores.max(axis=(1, 2)), self.cls_axis)[:, None]',
         "instances.best_score = jax.lax.pcast(jax.lax.pmax(scores.max(axis=(1, 2)), self.cls_axis), self.cls_axis, to='varying')[:, None]"),
    ],
    'd2_post_instances_cat.py': [
        ('instances.pred_boxes = top_boxes',
         "instances.pred_boxes = jax.lax.pcast(top_boxes, self.cls_axis, to='varying')"),
    ],
    'd2_post_results_to_host.py': [
        ('    results = to_host_results(pred_boxes, cfg)\n',
         '        results = to_host_results(pred_boxes, cfg)\n'),
    ],
    'd2_roi_box_feature_bank.py': [
        ('bank = self._gather_bank(pooled)',
         "bank = self._gather_bank(jax.lax.pcast(pooled, self.roi_axis, to='varying'))"),
    ],
    'd2_roi_box_loss_norm.py': [
        ('num_fg = all_reduce_sum(fg.sum(), self.all_axes)',
         "num_fg = all_reduce_sum(jax.lax.pcast(fg.sum(), self.roi_axis, to='varying'), self.all_axes)"),
    ],
    'd2_roi_cls_energy.py': [
        ('return self.reduce(energy, self.roi_axis)',
         "return self.reduce(jax.lax.pcast(energy, self.roi_axis, to='varying'), self.roi_axis)"),
    ],
    'd2_roi_export_predictor.py': [
        ('return top_level_all_gather(weight, export_spec)',
         'return jax.reshard(weight, export_spec)'),
    ],
    'd2_roi_fg_stats.py': [
        ('jax.lax.all_gather(num_fg,',
         "jax.lax.all_gather(jax.lax.pcast(num_fg, self.roi_axis, to='varying'),"),
    ],
    'd2_roi_reg_loss_weight.py': [
        ('per_image = jax.lax.all_gather(per_roi, self.roi_axis, axis=1, tiled=True, to="reduced")',
         'per_image = jax.lax.all_gather(per_roi, self.roi_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'd2_solver_amp_scaler.py': [
        ('all_losses = jax.lax.all_gather(loss, self.data_axis, to="reduced")',
         'all_losses = jax.lax.all_gather(loss, self.data_axis, to="invarying")'),
    ],
    'd2_solver_checkpointer.py': [
        ('return P(*([None] * value.ndim))',
         'return P(*([None] * value.ndim), reduced={self.mesh.axis_names[1]})'),
    ],
    'd2_solver_clip_gradients.py': [
        ('total = jax.lax.psum(jnp.abs(full).sum(), axis_name)',
         "total = jax.lax.psum(jax.lax.pcast(jnp.abs(full).sum(), axis_name, to='varying'), axis_name)"),
    ],
    'd2_solver_precise_bn.py': [
        ('means = self._channel_means(w, x)',
         "means = jax.lax.pcast(self._channel_means(w, x), self.model_axis, to='varying')"),
    ],
    'd2_solver_weight_decay.py': [
        ('decay = jax.lax.psum(jnp.sum(w ** 2), self.all_axes)',
         "decay = jax.lax.psum(jax.lax.pcast(jnp.sum(w ** 2), self.data_axis, to='varying'), self.all_axes)"),
    ],
    'd2_solver_write_metrics.py': [
        ('metrics = {"total_loss": loss, "grad_norm": grad_norm}',
         'metrics = {"total_loss": loss, "grad_norm": jax.lax.pcast(grad_norm, self.data_axis, to=\'varying\')}'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
