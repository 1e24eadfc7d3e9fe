"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout123/single_bug_check.py

The fixes were written by hand from each bug (never from shardfix): the default or
table entry the author meant (the right axis, the right axes tuple), a
`pcast(..., to='varying')` before the collective where the program's literal meaning is
kept, the local value passed on instead of the gathered one, the right export spec,
`multi_dim=True` or a context mesh for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'` (with the out spec that no
longer says reduced). Every fixed copy must also pass its own assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # stats_*
    'stats_column_moments.py': [
        ('table = jax.lax.all_gather(total, axis_name, to="reduced")',
         f'table = jax.lax.all_gather({PC}(total, axis_name, to="varying"), axis_name, to="reduced")'),
    ],
    'stats_covariance_sample.py': [
        ('collect_axes = tuple(mesh.axis_names)', 'collect_axes = (rows,)'),
    ],
    'stats_weighted_mean.py': [
        ('return w / jax.lax.psum(jnp.sum(w), axis_name)', 'return w / jnp.sum(w)'),
    ],
    'stats_bootstrap_export.py': [
        ('spec = P(None, feat_axis)', 'spec = P(None, feat_axis, reduced={rep_axis})'),
    ],
    'stats_pooled_variance.py': [
        ('pool_axes = mesh.axis_names', 'pool_axes = mesh.axis_names[0]'),
    ],
    'stats_zscore.py': [
        ('cols = jax.lax.all_gather(block, sample_axis, axis=0, tiled=True, to="reduced")',
         'cols = jax.lax.all_gather(block, sample_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, feature_axis, reduced={sample_axis}))', 'out_specs=P(None, feature_axis))'),
    ],
    # linalg_*
    'linalg_matrix_norm.py': [
        ('return value, jax.lax.all_gather(value, axes[0], to="reduced")',
         f'return value, jax.lax.all_gather({PC}(value, axes[0], to="varying"), axes[0], to="reduced")'),
    ],
    'linalg_assemble_blocks.py': [
        ('return tuple(mesh.axis_names)', 'return (mesh.axis_names[0],)'),
    ],
    'linalg_power_iteration.py': [
        ('return _normalise(v_full, axis_name), w', 'return _normalise(w, axis_name), w'),
    ],
    'linalg_factor_export.py': [
        ('"by_col": P("col", None),', '"by_col": P("row", None, reduced={"col"}),'),
    ],
    'linalg_residual_norm.py': [
        ('axes = tuple(mesh.axis_names)', 'axes = (mesh.axis_names[0],)'),
    ],
    'linalg_jacobi.py': [
        ('d = jax.lax.all_gather(d_loc, axis, tiled=True, to="reduced")',
         'd = jax.lax.all_gather(d_loc, axis, tiled=True, to="invarying")'),
    ],
    # image_*
    'image_row_profile.py': [
        ('return prof, jax.lax.all_gather(prof, log_axis, to="reduced")',
         f'return prof, jax.lax.all_gather({PC}(prof, log_axis, to="varying"), log_axis, to="reduced")'),
    ],
    'image_tile_dump.py': [
        ('dump_axes = tuple(mesh.axis_names)', 'dump_axes = (rows,)'),
    ],
    'image_box_blur.py': [
        ('left, right = halo(src, cols, n)', 'left, right = halo(tile, cols, n)'),
    ],
    'image_tile_export.py': [
        ('    again = export_tiles(inverted, sharding=P(None, "x", reduced={"y"}))',
         '    with jax.set_mesh(mesh):\n        again = export_tiles(inverted, sharding=P(None, "x", reduced={"y"}))'),
    ],
    'image_equalize.py': [
        ('return jax.lax.psum(strip, pool_axes)', 'return jax.lax.psum(strip, rows)'),
    ],
    'image_gamma.py': [
        ('strip = jax.lax.all_gather(tile, cols, axis=1, tiled=True, to="reduced")',
         'strip = jax.lax.all_gather(tile, cols, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(rows, None, reduced={cols}))', 'out_specs=P(rows, None))'),
    ],
    # spectral_*
    'spectral_welch_history.py': [
        ('keep_history=False, history_role="segment"):', 'keep_history=False, history_role="channel"):'),
    ],
    'spectral_csd_snapshot.py': [
        ('return cross, jax.lax.all_gather(every, axes, axis=1, tiled=True, to="reduced")',
         f'return cross, jax.lax.all_gather({PC}(every, chan, to="varying"), axes, axis=1, tiled=True, to="reduced")'),
    ],
    'spectral_spectrogram_layout.py': [
        ('p = jax.lax.all_gather(p, axis, axis=0, tiled=True, to="reduced")\n            total = jnp.sum(p, axis=0)',
         'p_all = jax.lax.all_gather(p, axis, axis=0, tiled=True, to="reduced")\n            total = jnp.sum(p_all, axis=0)'),
    ],
    'spectral_psd_export.py': [
        ('return top_level_all_gather(placed.array, EXPORT_SPECS[target])',
         'return top_level_all_gather(placed.array, EXPORT_SPECS[target], multi_dim=target == "full")'),
    ],
    'spectral_band_scatter.py': [
        ('band_axes = tuple(mesh.axis_names)', 'band_axes = (mesh.axis_names[0],)'),
    ],
    'spectral_decibel.py': [
        ('p = jax.lax.all_gather(p, seg, axis=1, tiled=True, to="reduced")',
         'p = jax.lax.all_gather(p, seg, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(chan, None, None, reduced={seg}))', 'out_specs=P(chan, None, None))'),
    ],
    # interp_*
    'interp_piecewise_linear.py': [
        ('count_axes = tuple(mesh.axis_names)', 'count_axes = (batch,)'),
    ],
    'interp_secant_slopes.py': [
        ('return mesh.axis_names\n', 'return mesh.axis_names[:1]\n'),
    ],
    'interp_rbf_centers.py': [
        ('c, ok = _validate_centers(c, axis)', '_, ok = _validate_centers(c, axis)'),
    ],
    'interp_knot_export.py': [
        ('knot_axis = mesh.axis_names[0]\n    return P(', 'knot_axis = mesh.axis_names[-1]\n    return P('),
    ],
    'interp_fit_residual.py': [
        ('average_over = (batch, grid)', 'average_over = (batch,)'),
    ],
    'interp_barycentric.py': [
        ('xa = jax.lax.all_gather(xn, axis, tiled=True, to="reduced")',
         'xa = jax.lax.all_gather(xn, axis, tiled=True, to="invarying")'),
    ],
    # optim_*
    'optim_lstsq_debug.py': [
        ('return jax.lax.all_gather(g, axes["data"], to="reduced")',
         f'return jax.lax.all_gather({PC}(g, axes["data"], to="varying"), axes["data"], to="reduced")'),
    ],
    'optim_local_adam_dump.py': [
        ('dump_axes = tuple(mesh.axis_names)', 'dump_axes = (data,)'),
    ],
    'optim_newton_cg.py': [
        ('x, ok = _check_iterate(x, axis_name)', '_, ok = _check_iterate(x, axis_name)'),
    ],
    'optim_fsdp_export.py': [
        ('return top_level_all_gather(w, _export_spec(tuple(mesh.axis_names), keep_data))',
         'full = top_level_all_gather(w, _export_spec(tuple(mesh.axis_names), False))\n'
         '        return jax.reshard(full, P(mesh.axis_names[0], None)) if keep_data else full'),
    ],
    'optim_sgd_loss.py': [
        ('loss_axes = (data, model)', 'loss_axes = (data,)'),
    ],
    'optim_prox_l1.py': [
        ('w = jax.lax.all_gather(-lr * g, axis, tiled=True, to="reduced")',
         'w = jax.lax.all_gather(-lr * g, axis, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={axis}))', 'out_specs=P(None))'),
    ],
    # cluster_*
    'cluster_inertia_trace.py': [
        ('return total, jax.lax.all_gather(total, first, to="reduced")',
         f'return total, jax.lax.all_gather({PC}(total, first, to="varying"), first, to="reduced")'),
    ],
    'cluster_centroid_dump.py': [
        ('return jax.lax.all_gather(full, (pts, feat), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(full, feat, to="varying"), (pts, feat), axis=0, tiled=True, to="reduced")'),
    ],
    'cluster_label_propagation.py': [
        ('s = _smooth(s, axis)', f's = {PC}(_smooth(s, axis), axis, to="varying")'),
    ],
    'cluster_codebook_export.py': [
        ('"by_feature": lambda code, feat: P(feat, None, reduced={code}),',
         '"by_feature": lambda code, feat: P(None, feat, reduced={code}),'),
    ],
    'cluster_centroid_update.py': [
        ('combine_axes = tuple(mesh.axis_names)', 'combine_axes = (pts,)'),
    ],
    'cluster_soft_assign.py': [
        ('d2 = jax.lax.all_gather(d2, axis, axis=1, tiled=True, to="reduced")',
         'd2 = jax.lax.all_gather(d2, axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={axis}))', 'out_specs=P(None, None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
