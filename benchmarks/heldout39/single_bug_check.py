"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout39/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard`, a context mesh,
`multi_dim=True` or the missing `reduced=` axis for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'`. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')]

FIXES = {
    # PointNet
    'pn_global_energy_pool.py': [
        ('all_gather(energy, self.cfg.channel_axis,',
         f'all_gather({PC}(energy, self.cfg.channel_axis, to="varying"), self.cfg.channel_axis,'),
    ],
    'pn_tnet_descriptor_bank.py': [
        ('all_gather(full, plan["bank"],', f'all_gather({PC}(full, plan["channels"], to="varying"), plan["bank"],'),
    ],
    'pn_feature_norm_allreduce.py': [
        ('psum(full * full, mlp.channel_axis)', f'psum({PC}(full * full, mlp.channel_axis, to="varying"), mlp.channel_axis)'),
    ],
    'pn_head_checkpoint_export.py': [
        ('export=P("feat", None, reduced={"batch"})', 'export=P(None, None, reduced={"batch", "feat"})'),
    ],
    'pn_accuracy_metrics.py': [
        ('pmean(correct, metric_axes)', f'pmean({PC}(correct, feat_axis, to="varying"), metric_axes)'),
    ],
    'pn_dropout_rescale.py': INV,
    # voxel grids
    'vox_occupancy_counts.py': [
        ('all_gather(per_scene, args.grid_axis,', f'all_gather({PC}(per_scene, args.grid_axis, to="varying"), args.grid_axis,'),
    ],
    'vox_scene_stack.py': [
        ('all_gather(volume, tuple(self.axes),', f'all_gather({PC}(volume, self.axes.grid, to="varying"), tuple(self.axes),'),
    ],
    'vox_halo_exchange.py': [
        ('ppermute(dense, GRID_AXIS, perm)', f'ppermute({PC}(dense, GRID_AXIS, to="varying"), GRID_AXIS, perm)'),
    ],
    'vox_grid_dump_json.py': [
        ('"dump_reduced": []', '"dump_reduced": ["grid"]'),
    ],
    'vox_fill_ratio_enum.py': [
        ('pmean(ratio, ALL_AXES)', f'pmean({PC}(ratio, Axis.GRID.value, to="varying"), ALL_AXES)'),
    ],
    'vox_min_points_mask.py': INV,
    # ICP registration
    'icp_centroid_broadcast.py': [
        ('all_gather(value, axis,', f'all_gather({PC}(value, axis, to="varying"), axis,'),
    ],
    'icp_cross_covariance.py': [
        ('all_gather(per_chunk, axes,', f'all_gather({PC}(per_chunk, pts, to="varying"), axes,'),
    ],
    'icp_convergence_check.py': [
        ('pmax(full, cls.axis)', f'pmax({PC}(full, cls.axis, to="varying"), cls.axis)'),
    ],
    'icp_pose_export.py': [
        ('    host = result.to_host()\n', '    with jax.set_mesh(mesh):\n        host = result.to_host()\n'),
    ],
    'icp_rmse_splat.py': [
        ('psum(sq, **REDUCE_KW)', f'psum({PC}(sq, POINT_AXIS, to="varying"), **REDUCE_KW)'),
    ],
    'icp_mean_residual.py': INV,
    # sampling / neighbourhoods
    'fps_farthest_point_loop.py': [
        ('all_gather(best, chunk_axis,', f'all_gather({PC}(best, chunk_axis, to="varying"), chunk_axis,'),
    ],
    'fps_knn_candidates.py': [
        ('all_gather(per_query, both,', f'all_gather({PC}(per_query, chunk_axis, to="varying"), both,'),
    ],
    'fps_neighbour_count_registry.py': [
        ('psum(mask.sum(axis=-1), self.axis)', f'psum({PC}(mask.sum(axis=-1), self.axis, to="varying"), self.axis)'),
    ],
    'fps_sample_export_env.py': [
        ('os.environ.get("FPS_EXPORT_AXIS", "chunk")', 'os.environ.get("FPS_EXPORT_AXIS", "cloud")'),
    ],
    'fps_coverage_ops_table.py': [
        ('OPS[stat](per_cloud, axes)', f'OPS[stat]({PC}(per_cloud, chunk, to="varying"), axes)'),
    ],
    'fps_radius_filter.py': INV,
    # Chamfer losses
    'cham_scan_microbatch_loss.py': [
        ('all_gather(per_cloud, POINTS,', f'all_gather({PC}(per_cloud, POINTS, to="varying"), POINTS,'),
    ],
    'cham_nn_distance_table.py': [
        ('all_gather(rows, self.cfg.axes,', f'all_gather({PC}(rows, self.cfg.point_axis, to="varying"), self.cfg.axes,'),
    ],
    'cham_reassign_all_to_all.py': [
        ('all_to_all(full, axis,', f'all_to_all({PC}(full, axis, to="varying"), axis,'),
    ],
    'cham_decoder_param_export.py': [
        ('"fold2/kernel": P(None, None),', '"fold2/kernel": P(None, None, reduced={"points"}),'),
    ],
    'cham_metric_tree.py': [
        ('backward = jax.lax.pmin(jnp.min(d, axis=1), "points").mean()',
         f'backward = {PC}(jax.lax.pmin(jnp.min(d, axis=1), "points").mean(), "points", to="varying")'),
    ],
    'cham_fscore_clip.py': INV,
    # triangle meshes
    'tri_laplacian_degree.py': [
        ('all_gather(degree, self.vert_axis,', f'all_gather({PC}(degree, self.vert_axis, to="varying"), self.vert_axis,'),
    ],
    'tri_face_normals_jit.py': [
        ('all_gather(part_rows, mesh.axis_names,', f'all_gather({PC}(part_rows, vert, to="varying"), mesh.axis_names,'),
    ],
    'tri_area_scatter.py': [
        ('psum_scatter(per_part, VERT,', f'psum_scatter({PC}(per_part, VERT, to="varying"), VERT,'),
    ],
    'tri_vertex_colour_export.py': [
        ('reduced={PART, VERT}))', 'reduced={PART, VERT}), multi_dim=True)'),
    ],
    'tri_edge_stats_stack.py': [
        ('psum(jnp.stack(stats), (PART, VERT))', f'psum({PC}(jnp.stack(stats), VERT, to="varying"), (PART, VERT))'),
    ],
    'tri_cotangent_weights.py': INV,
    # augmentation pipelines
    'aug_unit_sphere_normalise.py': [
        ('all_gather(radius, axis,', f'all_gather({PC}(radius, axis, to="varying"), axis,'),
    ],
    'aug_rotation_batch_stats.py': [
        ('all_gather(per_cloud, (AXES.host, AXES.shard),',
         f'all_gather({PC}(per_cloud, AXES.shard, to="varying"), (AXES.host, AXES.shard),'),
    ],
    'aug_compose_jitter.py': [
        ('pmean(jnp.abs(x).sum(axis=1), self.axis)', f'pmean({PC}(jnp.abs(x).sum(axis=1), self.axis, to="varying"), self.axis)'),
    ],
    'aug_shard_writer_reversed.py': [
        ('top_level_all_gather(examples, P(self.write_axes, None))', 'jax.reshard(examples, P(self.write_axes, None))'),
    ],
    'aug_label_histogram_scatter.py': [
        ('psum_scatter(per_host, tuple(AXES),', f'psum_scatter({PC}(per_host, "shard", to="varying"), tuple(AXES),'),
    ],
    'aug_random_scale.py': INV,
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
