"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout41/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), a corrected layout, or a
context mesh for `top_level_all_gather`, and for the SF106 programs (and the one SF101 gather
inside a `lax.scan` body, whose stacked outputs cannot be reduced) the producer's gather changed
to `to='invarying'`. A program that still fails after its fix hides a second error behind the
first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = ('to="reduced")', 'to="invarying")')

FIXES = {
    # rectified flow / flow matching training
    'rf_timestep_histogram.py': [
        ('return jax.lax.all_gather(counts, self.cfg.data_axis,',
         f'return jax.lax.all_gather({PC}(counts, self.cfg.data_axis, to="varying"), self.cfg.data_axis,'),
    ],
    'rf_snr_loss_weighting.py': [
        ('return jax.lax.all_gather(w, cfg.axes,', f'return jax.lax.all_gather({PC}(w, cfg.axes[1], to="varying"), cfg.axes,'),
    ],
    'rf_ema_norm_callback.py': [
        ('jax.lax.psum(sq, self.shard_axis)', f'jax.lax.psum({PC}(sq, self.shard_axis, to="varying"), self.shard_axis)'),
    ],
    'rf_tlag_ema_export.py': [
        ('sample: P = P("model", None, reduced={"data"})', 'sample: P = P("data", None, reduced={"model"})'),
    ],
    'rf_velocity_loss_allreduce.py': [
        ('jax.lax.pmean(per_example, self.axes)', f'jax.lax.pmean({PC}(per_example, self.axes[1], to="varying"), self.axes)'),
    ],
    'rf_cfg_guidance.py': [INV],
    # DiT blocks
    'dit_adaln_modulation_stats.py': [INV],
    'dit_patch_embed.py': [
        ('return jax.lax.all_gather(table, (', f'return jax.lax.all_gather({PC}(table, self.tp_axis, to="varying"), ('),
    ],
    'dit_attention_logit_cap.py': [
        ('jax.lax.pmax(jnp.abs(full), self.head_axis)', f'jax.lax.pmax({PC}(jnp.abs(full), self.head_axis, to="varying"), self.head_axis)'),
    ],
    'dit_tlag_checkpoint_convert.py': [
        ('Layout(P(("batch", "tp"), None), P("batch", None))', 'Layout(P(("batch", "tp"), None), P("batch", None, reduced={"tp"}))'),
    ],
    'dit_clip_grad_norm.py': [
        ('jax.lax.psum(sq, (dp_axis, tp_axis))', f'jax.lax.psum({PC}(sq, tp_axis, to="varying"), (dp_axis, tp_axis))'),
    ],
    'dit_final_layer.py': [INV],
    # DETR set prediction
    'detr_num_boxes.py': [
        ('all_gather(jnp.maximum(num_boxes, 1.0), self.axis_name,',
         f'all_gather({PC}(jnp.maximum(num_boxes, 1.0), self.axis_name, to="varying"), self.axis_name,'),
    ],
    'detr_aux_outputs.py': [
        ('return jax.lax.all_gather(last, (', f'return jax.lax.all_gather({PC}(last, axes["queries"], to="varying"), ('),
    ],
    'detr_matcher_cost.py': [
        ('jax.lax.pmin(full, self.cfg.query_axis)', f'jax.lax.pmin({PC}(full, self.cfg.query_axis, to="varying"), self.cfg.query_axis)'),
    ],
    'detr_tlag_query_embed.py': [
        ('    view = for_visualiser(queries)\n', '    with jax.set_mesh(MESH):\n        view = for_visualiser(queries)\n'),
    ],
    'detr_giou_loss_norm.py': [
        ('jax.lax.pmean(per_image.mean(),', f'jax.lax.pmean({PC}(per_image.mean(), cfg["query_axis"], to="varying"),'),
    ],
    'detr_sigmoid_focal.py': [INV],
    # FCOS / ATSS with FPN
    'fcos_atss_threshold.py': [
        ('all_gather(thr, self.spatial_axis,', f'all_gather({PC}(thr, self.spatial_axis, to="varying"), self.spatial_axis,'),
    ],
    'fcos_fpn_level_counts.py': [
        ('all_gather(table, MESH_AXES,', f'all_gather({PC}(table, MESH_AXES[-1], to="varying"), MESH_AXES,'),
    ],
    'fcos_centerness_halo.py': [
        ('from_above = halo(rows)', f'from_above = halo({PC}(rows, spatial_axis, to="varying"))'),
    ],
    'fcos_tlag_fpn_features.py': [
        ('"p4": P("spatial", None, None, reduced={"batch"}),', '"p4": P("batch", None, None, reduced={"spatial"}),'),
    ],
    'fcos_positive_normalizer.py': [
        ('return jnp.maximum(reduce_with(cfg, per_image, "global_axes"), 1.0)',
         f'return jnp.maximum(reduce_with(cfg, {PC}(per_image, "spatial", to="varying"), "global_axes"), 1.0)'),
    ],
    'fcos_box_decode.py': [INV],
    # segmentation losses
    'seg_tversky_loss.py': [
        ('return jax.lax.all_gather(index, axes.pixel,', f'return jax.lax.all_gather({PC}(index, axes.pixel, to="varying"), axes.pixel,'),
    ],
    'seg_deep_supervision.py': [
        ('jax.lax.all_gather(d, MESH_AXES, axis=0', f'jax.lax.all_gather({PC}(d, MESH_AXES[1], to="varying"), MESH_AXES, axis=0'),
    ],
    'seg_ohem_cross_entropy.py': [
        ('jax.lax.psum(top.sum(axis=1), self.cfg.pixel_axis)', f'jax.lax.psum({PC}(top.sum(axis=1), self.cfg.pixel_axis, to="varying"), self.cfg.pixel_axis)'),
    ],
    'seg_tlag_mask_export.py': [
        ('return P(None, args.keep_axis)', 'return P(None, args.keep_axis, reduced={"data"})'),
    ],
    'seg_class_balance.py': [
        ('jax.lax.pmean(w / w.sum() * num_classes, axes)', f'jax.lax.pmean({PC}(w / w.sum() * num_classes, pixel_axis, to="varying"), axes)'),
    ],
    'seg_lovasz_softmax.py': [INV],
    # augmentation pipelines
    'aug_normalize_on_the_fly.py': [
        ('all_gather(mean, ctx["batch_axis"],', f'all_gather({PC}(mean, ctx["batch_axis"], to="varying"), ctx["batch_axis"],'),
    ],
    'aug_mixup_preview.py': [
        ('return jax.lax.all_gather(rows, (', f'return jax.lax.all_gather({PC}(rows, self.width_axis, to="varying"), ('),
    ],
    'aug_cutmix_area.py': [
        ('jax.lax.psum(box_area(every).sum(), self.cfg.batch_axis)',
         f'jax.lax.psum({PC}(box_area(every).sum(), self.cfg.batch_axis, to="varying"), self.cfg.batch_axis)'),
    ],
    'aug_tlag_mosaic.py': [
        ('Stage.MOSAIC: P("width", None, reduced={"batch"}),', 'Stage.MOSAIC: P("batch", None, reduced={"width"}),'),
    ],
    'aug_randaugment_stats.py': [
        ('jax.lax.pmean(per_row, self.axes)', f'jax.lax.pmean({PC}(per_row, self.width_axis, to="varying"), self.axes)'),
    ],
    'aug_color_jitter.py': [INV],
    # generative-model metrics
    'fid_running_moments.py': [
        ('all_gather(mu, cls.data_axis,', f'all_gather({PC}(mu, cls.data_axis, to="varying"), cls.data_axis,'),
    ],
    'fid_activation_bank.py': [
        ('all_gather(rows, bank_axes,', f'all_gather({PC}(rows, self.feature_axis, to="varying"), bank_axes,'),
    ],
    'fid_inception_score.py': [
        ('jax.lax.psum(jnp.exp(full).sum(axis=1, keepdims=True), class_axis)',
         f'jax.lax.psum({PC}(jnp.exp(full).sum(axis=1, keepdims=True), class_axis, to="varying"), class_axis)'),
    ],
    'fid_tlag_reference_stats.py': [
        ('    with mesh:\n        yield mesh', '    with jax.set_mesh(mesh):\n        yield mesh'),
    ],
    'fid_kid_mmd.py': [
        ('jax.lax.psum((kxx + kyy - 2.0 * kxy).sum(), axes)',
         f'jax.lax.psum({PC}((kxx + kyy - 2.0 * kxy).sum(), feature_axis, to="varying"), axes)'),
    ],
    'fid_knn_radii.py': [INV],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
