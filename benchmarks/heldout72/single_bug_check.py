"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout72/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a helper, a hook, a transform
or a lambda another call uses legally), `jax.reshard`, a context mesh (`jax.set_mesh`) or the
missing `reduced=` axis for `top_level_all_gather`; for the SF106 programs the arithmetic moved
before the reduced gather (or the pipeline's transforms reordered), or the producer's gather
changed to `to='invarying'` (with the out spec that then follows). A program that still fails
after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # bev_*
    'bev_camera_lidar_fuser.py': [
        ('jax.lax.all_gather(batch_mean,',
         f'jax.lax.all_gather({PC}(batch_mean, "bev", to="varying"),'),
    ],
    'bev_depth_bins.py': [
        ('return self.lift(table)',
         f'return self.lift({PC}(table, self.camera_axis, to="varying"))'),
    ],
    'bev_pool_sync.py': [
        ('return self.pool(voxels)',
         f'return self.pool({PC}(voxels, self.grid_axis, to="varying"))'),
    ],
    'bev_feature_dump.py': [
        ('host_view = top_level_all_gather(bev_feats, dump_layout(cfg))',
         'host_view = jax.reshard(bev_feats, P(None, None, None))'),
    ],
    'bev_multi_scale_neck.py': [
        ('jax.lax.pmean(loss.sum(), self.reduce_axes)',
         f'jax.lax.pmean({PC}(loss.sum(), "bev", to="varying"), self.reduce_axes)'),
    ],
    'bev_heatmap_head.py': [
        ('heatmaps.append(clip_sigmoid(self.full_heatmap(logits)))',
         'heatmaps.append(self.full_heatmap(clip_sigmoid(logits)))'),
    ],
    # pillar_*
    'pillar_voxel_stats.py': [
        ('centers = self.gather_centers(points_mean[None])',
         f'centers = self.gather_centers({PC}(points_mean[None], self.cloud_axis, to="varying"))'),
    ],
    'pillar_scatter_canvas.py': [
        ('return self._to_dense(canvas)',
         f'return self._to_dense({PC}(canvas, self.mesh_axes[1], to="varying"))'),
    ],
    'pillar_temporal_shift.py': [
        ('return self.shift(merged)',
         f'return self.shift({PC}(merged, self.sweep_axis, to="varying"))'),
    ],
    'pillar_export_onnx.py': [
        ('    return export(weights, args.opset)',
         '    with jax.set_mesh(mesh):\n        return export(weights, args.opset)'),
    ],
    'pillar_point_count.py': [
        ('jax.lax.pmean(num_points.astype(jnp.float32).mean(), self.log_axes)',
         f'jax.lax.pmean({PC}(num_points.astype(jnp.float32).mean(), self.sweep_axis, to="varying"), self.log_axes)'),
    ],
    'pillar_height_encoding.py': [
        ('return (z - self.z_offset) / self.vz',
         'return self.column_heights((points - self.z_offset) / self.vz)'),
    ],
    # occ_*
    'occ_class_frequency.py': [
        ('jax.lax.all_gather(weights, self.log_axes[-1], to="reduced")',
         f'jax.lax.all_gather({PC}(weights, self.freq_axis, to="varying"), self.log_axes[-1], to="reduced")'),
    ],
    'occ_semantic_volume.py': [
        ('for volume in (coarse, fine))',
         f'for volume in (coarse, {PC}(fine, self.column_axis, to="varying")))'),
    ],
    'occ_visibility_mask.py': [
        ('return self.reduce(transmittance, self.ray_axis)',
         f'return self.reduce({PC}(transmittance, self.ray_axis, to="varying"), self.ray_axis)'),
    ],
    'occ_grid_export.py': [
        ('flow=P("batch", None, None),',
         'flow=P("batch", None, None, reduced={"voxel"}),'),
    ],
    'occ_lovasz_loss.py': [
        ('jax.lax.psum_scatter(per_class.sum(axis=0),',
         f'jax.lax.psum_scatter({PC}(per_class.sum(axis=0), self.iou_axis, to="varying"),'),
    ],
    'occ_geo_scal_loss.py': [
        ('nonempty_probs = 1 - empty_probs',
         'nonempty_probs = self.empty_column(1 - jax.nn.softmax(logits, axis=-1)[..., self.empty_idx])'),
    ],
    # traj_*
    'traj_mode_scores.py': [
        ('log_norm=log_norm)',
         f'log_norm={PC}(log_norm, self.mode_axis, to="varying"))'),
    ],
    'traj_anchor_gather.py': [
        ('return self.broadcast_queries(anchors)',
         f'return self.broadcast_queries({PC}(anchors, self.anchor_axis, to="varying"))'),
    ],
    'traj_min_ade.py': [
        ('min_ade = jax.lax.pmin(ade, self.mode_axis)',
         f'min_ade = jax.lax.pmin({PC}(ade, self.mode_axis, to="varying"), self.mode_axis)'),
    ],
    'traj_scene_export.py': [
        ('submission = top_level_all_gather(preds, self.spec)',
         'submission = jax.reshard(preds, P(None, None, None, None))'),
    ],
    'traj_nll_loss.py': [
        ('jax.lax.psum(nll.sum(), self.reduce_axes)',
         f'jax.lax.psum({PC}(nll.sum(), self.mode_axis, to="varying"), self.reduce_axes)'),
    ],
    'traj_goal_heatmap.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("agent", None, reduced={"mode"}))',
         'out_specs=P("agent", None))'),
    ],
    # hook_*
    'hook_grad_norm.py': [
        ('jax.lax.all_gather(norm,',
         f'jax.lax.all_gather({PC}(norm, self.log_axis, to="varying"),'),
    ],
    'hook_ema_params.py': [
        ('full, runner.mesh.axis_names, axis=0',
         f'{PC}(full, self.shard_axis, to="varying"), runner.mesh.axis_names, axis=0'),
    ],
    'hook_loss_scaler.py': [
        ('jax.lax.psum(jnp.abs(grads).sum(axis=0), self.sync_axis)',
         f'jax.lax.psum({PC}(jnp.abs(grads).sum(axis=0), self.sync_axis, to="varying"), self.sync_axis)'),
    ],
    'hook_checkpoint_gather.py': [
        ('name: top_level_all_gather(param, self.save_spec)',
         'name: jax.reshard(param, P("mp", None))'),
    ],
    'hook_metric_logger.py': [
        ('return dict(precision=precision, recall=recall)',
         f'return dict(precision=precision, recall={PC}(recall, self.class_axis, to="varying"))'),
    ],
    'hook_grad_clip.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
    ],
    # pipe_*
    'pipe_normalize_multiview.py': [
        ('results["img_norm_cfg"] = dict(rig_mean=rig_mean)',
         f'results["img_norm_cfg"] = dict(rig_mean={PC}(rig_mean, self.rig_axis, to="varying"))'),
    ],
    'pipe_pack_inputs.py': [
        ('packed[key] = jax.lax.all_gather(results[key], self.pack_axes,',
         f'packed[key] = jax.lax.all_gather({PC}(results[key], "view", to="varying") if key == "img" else results[key], self.pack_axes,'),
    ],
    'pipe_object_sample.py': [
        ('pool = jax.lax.all_gather(boxes, self.batch_axis, axis=1, tiled=True)',
         f'pool = jax.lax.all_gather({PC}(boxes, self.batch_axis, to="varying"), self.batch_axis, axis=1, tiled=True)'),
    ],
    'pipe_browse_dataset.py': [
        ('    with mesh:',
         '    with jax.set_mesh(mesh):'),
    ],
    'pipe_image_stats.py': [
        ('jax.lax.pmean(results[self.key].mean(), self.dataset_axes)',
         f'jax.lax.pmean({PC}(results[self.key].mean(), "view", to="varying"), self.dataset_axes)'),
    ],
    'pipe_photometric_distortion.py': [
        ('    dict(type="CollectViews", view_axis="view"),\n    dict(type="PhotoMetricDistortionMultiViewImage", brightness_delta=32),\n',
         '    dict(type="PhotoMetricDistortionMultiViewImage", brightness_delta=32),\n    dict(type="CollectViews", view_axis="view"),\n'),
    ],
    # deploy_*
    'deploy_nds_metric.py': [
        ('self._collect(self.mean_tp_error(errors[name], matched))',
         f'self._collect({PC}(self.mean_tp_error(errors[name], matched), self.class_axis, to="varying"))'),
    ],
    'deploy_int8_calibration.py': [
        ('return self.calibration_table(self.channel_absmax(activations))',
         f'return self.calibration_table({PC}(self.channel_absmax(activations), self.channel_axis, to="varying"))'),
    ],
    'deploy_bevpool_plugin.py': [
        ('return self.regroup(pooled)',
         f'return self.regroup({PC}(pooled, self.rank_axis, to="varying"))'),
    ],
    'deploy_export_bev.py': [
        ('        outputs.block_until_ready()\n    artifact = export_onnx(',
         '        outputs.block_until_ready()\n        artifact = export_onnx('),
    ],
    'deploy_map_eval.py': [
        ('jax.lax.pmean(ap.mean(), axis_name=self.eval_axes)',
         f'jax.lax.pmean({PC}(ap.mean(), self.sample_axis, to="varying"), axis_name=self.eval_axes)'),
    ],
    'deploy_quant_scale.py': [
        ('return absmax / qmax',
         'return per_channel_absmax(weight / qmax, channel_axis)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
