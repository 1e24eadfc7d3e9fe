"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout38/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard`, a context mesh,
the missing `reduced=` axis or `multi_dim=True` for `top_level_all_gather`, and for the SF106
programs (and two SF103 ones where a cast cannot sit in the loop) the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # preprocessing transformers
    'scale_standard_scaler.py': [
        ('all_gather(stats, self.row_axis,', f'all_gather({PC}(stats, self.row_axis, to="varying"), self.row_axis,'),
    ],
    'scale_kbins_discretizer.py': [
        ('all_gather(per_sample, gather_axes,',
         f'all_gather({PC}(per_sample, self.axes["sample"], to="varying"), gather_axes,'),
    ],
    'scale_minmax_range.py': [
        ('pmin(table[0::2], self.axis_name)', f'pmin({PC}(table[0::2], self.axis_name, to="varying"), self.axis_name)'),
    ],
    'scale_tlag_imputer_stats.py': [
        ('return top_level_all_gather(stats, self.layout.report)', 'return jax.reshard(stats, self.layout.report)'),
    ],
    'scale_polynomial_norms.py': [
        ('pmean(norms.mean(), NORM_AXES)', f'pmean({PC}(norms.mean(), COL_AXIS, to="varying"), NORM_AXES)'),
    ],
    'scale_power_transform.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # linear models
    'glm_logreg_gradient.py': [
        ('all_gather(grad, self.data_axis,', f'all_gather({PC}(grad, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'glm_ridge_gram_blocks.py': [
        ('all_gather(stacked, mesh.axis_names,', f'all_gather({PC}(stacked, data_axis, to="varying"), mesh.axis_names,'),
    ],
    'glm_lasso_soft_threshold.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'glm_poisson_deviance.py': [
        ('psum(unit.sum(), axis_name=self.reduce_axes)',
         f'psum({PC}(unit.sum(), self.reduce_axes[1], to="varying"), axis_name=self.reduce_axes)'),
    ],
    'glm_sgd_momentum.py': [
        ('psum(per_worker, axis_name=', f'psum({PC}(per_worker, self.data_axis, to="varying"), axis_name='),
    ],
    'glm_tlag_coef_export.py': [
        ('top_level_all_gather(coef, export_layout(args))', 'jax.reshard(coef, export_layout(args))'),
    ],
    # kernel methods
    'kern_nystroem_normaliser.py': [
        ('all_gather(v, axis_name, to="reduced")', f'all_gather({PC}(v, axis_name, to="varying"), axis_name, to="reduced")'),
    ],
    'kern_random_fourier.py': [
        ('all_gather(wide, tuple(self.axes),', f'all_gather({PC}(wide, self.axes.components, to="varying"), tuple(self.axes),'),
    ],
    'kern_svm_dual_ring.py': [
        ('self.axis, tiled=True, to="reduced")', 'self.axis, tiled=True, to="invarying")'),
    ],
    'kern_tlag_gram_matrix.py': [
        ('    return gather_gram(gram)', '    with jax.set_mesh(mesh):\n        return gather_gram(gram)'),
    ],
    'kern_mmd_statistic.py': [
        ('psum(self_sim, axes)', f'psum({PC}(self_sim, landmarks, to="varying"), axes)'),
    ],
    'kern_nadaraya_watson.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # histogram gradient boosting
    'gbdt_histogram_merge.py': [
        ('all_gather(stacked, self.worker_axis,', f'all_gather({PC}(stacked, self.worker_axis, to="varying"), self.worker_axis,'),
    ],
    'gbdt_split_gain.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'gbdt_leaf_values.py': [
        ('all_gather(values, worker_axis,', f'all_gather({PC}(values, worker_axis, to="varying"), worker_axis,'),
    ],
    'gbdt_feature_importance.py': [
        ('psum(hess.sum(), self.axes)', f'psum({PC}(hess.sum(), self.axes[0], to="varying"), self.axes)'),
    ],
    'gbdt_quantile_sketch.py': [
        ('all_gather(by_worker, tuple(SKETCH_AXES),',
         f'all_gather({PC}(by_worker, SKETCH_AXES[1], to="varying"), tuple(SKETCH_AXES),'),
    ],
    'gbdt_tlag_model_dump.py': [
        ('"leaves": P(None, None)}', '"leaves": P(None, None, reduced={"workers"})}'),
    ],
    # naive Bayes and mixtures
    'nb_gaussian_class_stats.py': [
        ('all_gather(counts, cls.shard_axis,', f'all_gather({PC}(counts, cls.shard_axis, to="varying"), cls.shard_axis,'),
    ],
    'nb_multinomial_log_prob.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'nb_lda_shrinkage.py': [
        ('pmax(full, class_axis)', f'pmax({PC}(full, class_axis, to="varying"), class_axis)'),
    ],
    'nb_gmm_log_likelihood.py': [
        ('psum_scatter(ll, self.axes,', f'psum_scatter({PC}(ll, self.axes[1], to="varying"), self.axes,'),
    ],
    'nb_complement_weights.py': [
        ('return gather_all(by_class, self.shard_axis, self.class_axis)',
         f'return gather_all({PC}(by_class, self.class_axis, to="varying"), self.shard_axis, self.class_axis)'),
    ],
    'nb_tlag_class_priors.py': [
        ('top_level_all_gather(priors, self.gathered)', 'top_level_all_gather(priors, self.gathered, multi_dim=True)'),
    ],
    # model selection and metrics
    'cv_kfold_mean_score.py': [
        ('pmean(self.fold_scores(pred, y), self.cv_axes)',
         f'pmean({PC}(self.fold_scores(pred, y), self.cv_axes[1], to="varying"), self.cv_axes)'),
    ],
    'cv_roc_auc.py': [
        ('all_gather(curve, data_axis,', f'all_gather({PC}(curve, data_axis, to="varying"), data_axis,'),
    ],
    'cv_confusion_matrix.py': [
        ('psum_scatter(shards.sum(axis=1), self.data_axis,',
         f'psum_scatter({PC}(shards.sum(axis=1), self.data_axis, to="varying"), self.data_axis,'),
    ],
    'cv_grid_search_table.py': [
        ('all_gather(per_fold, axis_name=', f'all_gather({PC}(per_fold, self.fold_axis, to="varying"), axis_name='),
    ],
    'cv_calibration_curve.py': [
        ('axis=1, to="reduced")', 'axis=1, to="invarying")'),
    ],
    'cv_tlag_oof_predictions.py': [
        ('return top_level_all_gather(oof, spec(layout["stacking"], layout["reduced"]))',
         'return jax.reshard(oof, spec(layout["stacking"]))'),
    ],
    # neighbours and clustering
    'knn_distance_exchange.py': [
        ('all_to_all(rows, self.index_axis,', f'all_to_all({PC}(rows, self.index_axis, to="varying"), self.index_axis,'),
    ],
    'knn_kmeans_lloyd.py': [
        ('all_gather(new_centers, axis,', f'all_gather({PC}(new_centers, axis, to="varying"), axis,'),
    ],
    'knn_silhouette_score.py': [
        ('pmean(a.mean(), tuple(AXIS_SIZES))', f'pmean({PC}(a.mean(), "index", to="varying"), tuple(AXIS_SIZES))'),
    ],
    'knn_local_outlier_factor.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'knn_dbscan_core_points.py': [
        ('all_gather(out, axes[: i + 1],',
         f'all_gather({PC}(out, axes[:i], to="varying") if i else out, axes[: i + 1],'),
    ],
    'knn_tlag_index_export.py': [
        ('        index = build_index(mesh, vectors)\n    exported = export_index(index)',
         '        index = build_index(mesh, vectors)\n        exported = export_index(index)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
