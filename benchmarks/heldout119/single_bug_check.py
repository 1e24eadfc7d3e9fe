"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout119/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before a reduced gather of a psum'd value, the parameter value or grid entry the author meant
(the dump over the axis the value still varies on, the reduction over the varying axes only), the
local value handed to the collective instead of the gathered one, `to='invarying'` at the
producer (with the out spec that no longer says reduced) for the arithmetic programs, and for
`top_level_all_gather` the right `reduced=` set, a prefix spec, `multi_dim=True` or the
estimator's mesh as context mesh. Every fixed copy must also pass its own assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # ridge_* / linear models
    'ridge_cv_report.py': [
        ('return jax.lax.all_gather(total, axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(total, axis, to="varying"), axis, to="reduced")'),
    ],
    'ridge_scaler_dump.py': [
        ('scale__dump_axes=("data", "model"))', 'scale__dump_axes=("data",))'),
    ],
    'ridge_sgd_penalty.py': [
        ('penalty = jax.lax.psum(jnp.sum(w_full * w_full), cols)', 'penalty = jax.lax.psum(jnp.sum(w * w), cols)'),
    ],
    'ridge_coef_export.py': [
        ('export_spec=P(None, "model", reduced={"data"}))', 'export_spec=P(None, "data", reduced={"model"}))'),
    ],
    'ridge_multitask_loss.py': [
        ('return jax.lax.pmean(local, self.reduce_axes_)', 'return jax.lax.pmean(local, "data")'),
    ],
    'ridge_clip_predict.py': [
        ('pred = jax.lax.all_gather(xb @ w, b, tiled=True, to="reduced")',
         'pred = jax.lax.all_gather(xb @ w, b, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={b}))', 'out_specs=P(None))'),
    ],
    # kmeans_* / clustering
    'kmeans_inertia.py': [
        ('seen = jax.lax.all_gather(inertia, h, to="reduced")',
         f'seen = jax.lax.all_gather({PC}(inertia, h, to="varying"), h, to="reduced")'),
    ],
    'kmeans_centroid_dump.py': [
        ('km__dump_axes=("centers", "samples"))', 'km__dump_axes=("samples",))'),
    ],
    'kmeans_soft_update.py': [
        ('weights = jax.lax.psum(r_all.sum(0), s)', 'weights = jax.lax.psum(resp.sum(0), s)'),
    ],
    'kmeans_center_export.py': [
        ('"by_dim": P(None, "centers", reduced={"samples"}),', '"by_dim": P("samples", None, reduced={"centers"}),'),
    ],
    'kmeans_distortion.py': [
        ('"score_axes": [None]', '"score_axes": [("samples",)]'),
    ],
    'kmeans_gmm_weights.py': [
        ('allr = jax.lax.all_gather(resp, s, tiled=True, to="reduced")',
         'allr = jax.lax.all_gather(resp, s, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={s}))(Xs, mu))', 'out_specs=P(None))(Xs, mu))'),
    ],
    # pca_* / decomposition
    'pca_variance_log.py': [
        ('return c, jax.lax.all_gather(total, m, to="reduced")',
         f'return c, jax.lax.all_gather({PC}(total, m, to="varying"), m, to="reduced")'),
    ],
    'pca_loadings_dump.py': [
        ('else tuple(self.mesh_.axis_names)', 'else ("rows",)'),
    ],
    'pca_power_iter.py': [
        ('norm = jnp.sqrt(jax.lax.psum(jnp.sum(u_all * u_all), a))', 'norm = jnp.sqrt(jax.lax.psum(jnp.sum(u * u), a))'),
    ],
    'pca_components_export.py': [
        ('export_spec=P(None, None, reduced={"rows"})', 'export_spec=P(None, None, reduced={"rows", "cols"})'),
    ],
    'pca_recon_error.py': [
        ('"right": ([3, 4, 5], ("rows", "cols"))', '"right": ([3, 4, 5], "rows")'),
    ],
    'pca_whiten.py': [
        ('z = jax.lax.all_gather(xb @ comps.T, r, tiled=True, to="reduced")',
         'z = jax.lax.all_gather(xb @ comps.T, r, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={r}))', 'out_specs=P(None, None))'),
    ],
    # kernel_* / kernel methods
    'kernel_krr_log.py': [
        ('return r, jax.lax.all_gather(obj, lg, to="reduced")',
         f'return r, jax.lax.all_gather({PC}(obj, lg, to="varying"), lg, to="reduced")'),
    ],
    'kernel_gram_dump.py': [
        ('set_params(feat__dump_axes=("i", "j"))', 'set_params(feat__dump_axes=("j",))'),
    ],
    'kernel_ring_margin.py': [
        ('nxt = jax.lax.ppermute(full, ax,', 'nxt = jax.lax.ppermute(sb, ax,'),
    ],
    'kernel_rff_export.py': [
        ('        return np.asarray(top_level_all_gather(self.weights_,',
         '        with jax.set_mesh(self.mesh_):\n            return np.asarray(top_level_all_gather(self.weights_,'),
    ],
    'kernel_mmd_test.py': [
        ('same = jax.lax.pmean(kxx, self.axes)', 'same = jax.lax.pmean(kxx, "i")'),
    ],
    'kernel_kde_floor.py': [
        ('dens = jax.lax.all_gather(dens, q, tiled=True, to="reduced")',
         'dens = jax.lax.all_gather(dens, q, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={q}))', 'out_specs=P(None))'),
    ],
    # gbm_* / boosting
    'gbm_early_stop.py': [
        ('jax.lax.all_gather(loss, mon, to="reduced")', f'jax.lax.all_gather({PC}(loss, mon, to="varying"), mon, to="reduced")'),
    ],
    'gbm_hist_dump.py': [
        ('"dump_axes": [("data",), ("bins", "data")]', '"dump_axes": [("data",)]'),
    ],
    'gbm_split_gain.py': [
        ('total_g = jax.lax.psum(g_all.sum(1, keepdims=True), b)', 'total_g = jax.lax.psum(g.sum(1, keepdims=True), b)'),
    ],
    'gbm_leaf_export.py': [
        ('tree_axes=("data", "bins"), host_axis="bins"):', 'tree_axes=("data", "bins"), host_axis="data"):'),
    ],
    'gbm_multiclass_loss.py': [
        ('loss_axes=("data", "bins")', 'loss_axes="data"'),
    ],
    'gbm_shrinkage.py': [
        ('leaf = jax.lax.all_gather(leaf, "data", tiled=True, to="reduced")',
         'leaf = jax.lax.all_gather(leaf, "data", tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={"data"}))', 'out_specs=P(None))'),
    ],
    # calib_* / calibration
    'calib_platt_monitor.py': [
        ('jax.lax.all_gather(nll, mon, to="reduced")', f'jax.lax.all_gather({PC}(nll, mon, to="varying"), mon, to="reduced")'),
    ],
    'calib_reliability_dump.py': [
        ('axes = self.report_axes or self.mesh_.axis_names', 'axes = self.report_axes or ("batch",)'),
    ],
    'calib_temperature.py': [
        ('logz = jnp.log(jax.lax.psum(jnp.exp(full).sum(1), c))', 'logz = jnp.log(jax.lax.psum(jnp.exp(zt).sum(1), c))'),
    ],
    'calib_binning_export.py': [
        ('top_level_all_gather(self.map_, CONSUMER_SPECS[self.consumer])',
         'top_level_all_gather(self.map_, CONSUMER_SPECS[self.consumer], multi_dim=True)'),
    ],
    'calib_ece_score.py': [
        ('"average_over": [("batch",), ("batch", "cls")]', '"average_over": [("batch",), "batch"]'),
    ],
    'calib_prior_blend.py': [
        ('allp = jax.lax.all_gather(pb, b, tiled=True, to="reduced")',
         'allp = jax.lax.all_gather(pb, b, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={b}))(ps))', 'out_specs=P(None))(ps))'),
    ],
    # ens_* / ensembles
    'ens_bagging_oob.py': [
        ('return jax.lax.all_gather(mse, o, to="reduced")', f'return jax.lax.all_gather({PC}(mse, o, to="varying"), o, to="reduced")'),
    ],
    'ens_member_dump.py': [
        ('vote.set_params(dump_axes=("member", "data"))', 'vote.set_params(dump_axes=("data",))'),
    ],
    'ens_stacking_meta.py': [
        ('mean = jax.lax.pmean(outs.sum(1), m)', 'mean = jax.lax.pmean((xb @ w.T).sum(1), m)'),
    ],
    'ens_forest_export.py': [
        ('out = P(None, None, reduced={"member"})', 'out = P(None, None, reduced={"member", "data"})'),
    ],
    'ens_snapshot_loss.py': [
        ('"average_axes": [("data",), ("member", "data")]', '"average_axes": [("data",)]'),
    ],
    'ens_soft_vote.py': [
        ('probs = jax.lax.all_gather(probs, "member", axis=0, tiled=True, to="reduced")',
         'probs = jax.lax.all_gather(probs, "member", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"member"}))(L, w))', 'out_specs=P("data", None))(L, w))'),
    ],
}


def _main():
    return check_fixes(HERE, FIXES)


if __name__ == "__main__":
    sys.exit(_main())
