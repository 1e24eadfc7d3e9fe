"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout114/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site, or on the value handed to a helper), the missing
`reduced=` axis, `jax.reshard`, `multi_dim=True` or a context mesh for `top_level_all_gather`,
and for most SF106 programs the producer's gather changed to `to='invarying'` (with the out
spec that no longer says reduced). Where the author picked the wrong axis in a config cell, the
fix is that cell (`GATHER_AXIS`, `CFG.oof_axis`, `CFG.dump_axes`, a `FEATURES` entry), or the
variable handed on (`vent_halo_diff`). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # ashrae_* (tabular)
    'ashrae_oof_logger.py': [
        ('return jax.lax.all_gather(pred, CFG.log_axis, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(pred, CFG.log_axis, to="varying"), CFG.log_axis, tiled=True, to="reduced")'),
    ],
    'ashrae_stacking_features.py': [
        ('return jax.lax.all_gather(feats, CFG.axis_names,',
         f'return jax.lax.all_gather({PC}(feats, COLS, to="varying"), CFG.axis_names,'),
    ],
    'ashrae_valid_metric.py': [
        ('return pred, jax.lax.psum(sse, AXIS)',
         f'return pred, jax.lax.psum({PC}(sse, AXIS, to="varying"), AXIS)'),
    ],
    'ashrae_save_checkpoint.py': [
        ('SAVE_SPECS["head"] = P(None)', 'SAVE_SPECS["head"] = P(None, reduced={EMB})'),
    ],
    'ashrae_meter_weighted_loss.py': [
        ('total = jax.lax.psum(err.sum(), CFG.axis_names)',
         f'total = jax.lax.psum({PC}(err.sum(), "model", to="varying"), CFG.axis_names)'),
    ],
    'ashrae_target_inverse.py': [
        ('z_all = jax.lax.all_gather(z, ROWS, tiled=True, to="reduced")',
         'z_all = jax.lax.all_gather(z, ROWS, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={ROWS}))(xt, w)', 'out_specs=P())(xt, w)'),
    ],
    # cassava_* (image)
    'cassava_tta_logits.py': [
        ('GATHER_AXIS = mesh.axis_names[-1]', 'GATHER_AXIS = mesh.axis_names[0]'),
    ],
    'cassava_gradcam_dump.py': [
        ('return gather_all(heat)', f'return gather_all({PC}(heat, CH_AXIS, to="varying"))'),
    ],
    'cassava_bn_recalibrate.py': [
        ('s1, s2 = bn_stats(feats_all)', f's1, s2 = bn_stats({PC}(feats_all, BATCH, to="varying"))'),
    ],
    'cassava_export_onnx.py': [
        ('    full = top_level_all_gather(w, P(None, None, reduced={"feat"}))',
         '    with jax.set_mesh(mesh):\n        full = top_level_all_gather(w, P(None, None, reduced={"feat"}))'),
    ],
    'cassava_valid_accuracy.py': [
        ('acc = jax.lax.pmean(correct.mean(), CFG.metric_axes)',
         f'acc = jax.lax.pmean({PC}(correct.mean(), "tp", to="varying"), CFG.metric_axes)'),
    ],
    'cassava_ensemble_softmax.py': [
        ('mixed_all = jax.lax.all_gather(mixed, IMG, axis=0, tiled=True, to="reduced")',
         'mixed_all = jax.lax.all_gather(mixed, IMG, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={IMG}))(*placed)', 'out_specs=P())(*placed)'),
    ],
    # ell_* (NLP)
    'ell_pooler_oof.py': [
        ('    CFG.oof_axis = "mp"', '    CFG.oof_axis = "dp"'),
    ],
    'ell_attention_dump.py': [
        ('CFG.dump_axes = list(CFG.axis_names)', 'CFG.dump_axes = ["dp"]'),
    ],
    'ell_head_relayout.py': [
        ('h_heads = jax.lax.all_to_all(h_full, SP,',
         f'h_heads = jax.lax.all_to_all({PC}(h_full, SP, to="varying"), SP,'),
    ],
    'ell_consolidate_fsdp.py': [
        ('out[name] = top_level_all_gather(arr, TP_LAYOUT[name])',
         'out[name] = jax.reshard(arr, P("mp", None))'),
    ],
    'ell_mcrmse_loss.py': [
        ('se = jax.lax.psum(se, ("dp", "mp"))',
         f'se = jax.lax.psum({PC}(se, "mp", to="varying"), ("dp", "mp"))'),
    ],
    'ell_clip_predictions.py': [
        ('full = jax.lax.all_gather(blended, ESSAYS, axis=0, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(blended, ESSAYS, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={ESSAYS}))(*placed)', 'out_specs=P())(*placed)'),
    ],
    # vent_* (time series)
    'vent_breath_features.py': [
        ('FEATURES["u_in_mean"] = ("mean", TIME)', 'FEATURES["u_in_mean"] = ("mean", BREATH)'),
    ],
    'vent_pressure_dump.py': [
        ('return jax.lax.all_gather(inhale, (BREATH, TIME),',
         f'return jax.lax.all_gather({PC}(inhale, TIME, to="varying"), (BREATH, TIME),'),
    ],
    'vent_halo_diff.py': [
        ('feats.append(lag_features(u_full, lag))', 'feats.append(lag_features(u_in, lag))'),
    ],
    'vent_oof_export.py': [
        ('full = top_level_all_gather(pred, P(None, None, reduced=set(CFG.axis_names)))',
         'full = top_level_all_gather(pred, P(None, None, reduced=set(CFG.axis_names)), multi_dim=True)'),
    ],
    'vent_scatter_grad.py': [
        ('return jax.lax.psum_scatter(g, ALL_AXES,',
         f'return jax.lax.psum_scatter({PC}(g, TIME, to="varying"), ALL_AXES,'),
    ],
    'vent_inspiratory_mae.py': [
        ('mae = jnp.sum(abs_err) / jnp.maximum(jnp.sum(w_all), 1.0)',
         'mae = jnp.sum(abs_err) / jnp.sum(w_all)'),
    ],
    # bird_* (audio)
    'bird_pooling_oof.py': [
        ('OOF_AXIS = CFG.axis_names[1]', 'OOF_AXIS = CFG.axis_names[0]'),
    ],
    'bird_embedding_bank.py': [
        ('return jax.lax.all_gather(e, CFG.bank_axes,',
         f'return jax.lax.all_gather({PC}(e, "freq", to="varying"), CFG.bank_axes,'),
    ],
    'bird_chunk_scan.py': [
        ('scale = jax.lax.pmax(s_all, CLIPS)', f'scale = jax.lax.pmax({PC}(s_all, CLIPS, to="varying"), CLIPS)'),
    ],
    'bird_export_head.py': [
        ('"head_w": P(None, None, reduced={"clips"}),', '"head_w": P(None, None, reduced={"freq"}),'),
    ],
    'bird_metric_allreduce.py': [
        ('metrics = {"bce": bce,', f'metrics = {{"bce": {PC}(bce, "freq", to="varying"),'),
    ],
    'bird_sigmoid_threshold.py': [
        ('return jax.lax.all_gather(logits, WIN, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(logits, WIN, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={WIN}))(s)', 'out_specs=P())(s)'),
    ],
    # optiver_* (finance)
    'optiver_stock_vol.py': [
        ('    CFG.agg_level = "time"', '    CFG.agg_level = "stock"'),
    ],
    'optiver_book_dump.py': [
        ('return jax.lax.all_gather(book, mesh.axis_names,',
         f'return jax.lax.all_gather({PC}(book, "bucket", to="varying"), mesh.axis_names,'),
    ],
    'optiver_target_scatter.py': [
        ('return jax.lax.psum_scatter(totals, STOCK,', f'return jax.lax.psum_scatter({PC}(totals, STOCK, to="varying"), STOCK,'),
    ],
    'optiver_save_params.py': [
        ('top_level_all_gather(a, P(None, None))', 'top_level_all_gather(a, P(None, None, reduced={FSDP}))'),
    ],
    'optiver_rmspe_loss.py': [
        ('total = jax.lax.psum(spe, (STOCK, BUCKET))', f'total = jax.lax.psum({PC}(spe, BUCKET, to="varying"), (STOCK, BUCKET))'),
    ],
    'optiver_log_wap.py': [
        ('log_wap = jnp.log(wap_all + CFG.eps)', 'log_wap = jnp.log(wap_all)'),
    ],
    # sc_* (single-cell biology)
    'sc_pca_oof.py': [
        ('return jax.lax.all_gather(z, CFG.axes[-1],', f'return jax.lax.all_gather({PC}(z, CFG.axes[-1], to="varying"), CFG.axes[-1],'),
    ],
    'sc_gene_dump.py': [
        ('return jax.lax.all_gather(profile, self.axes,', f'return jax.lax.all_gather({PC}(profile, "genes", to="varying"), self.axes,'),
    ],
    'sc_library_size.py': [
        ('lib = jax.lax.psum(profile.sum(1, keepdims=True), "genes")',
         f'lib = jax.lax.psum({PC}(profile.sum(1, keepdims=True), "genes", to="varying"), "genes")'),
    ],
    'sc_export_components.py': [
        ('exported = top_level_all_gather(comps, SUBMISSION_SPEC)', 'exported = jax.reshard(comps, SUBMISSION_SPEC)'),
    ],
    'sc_corr_loss.py': [
        ('return -jax.lax.pmean(corr.mean(), CFG.axes)', f'return -jax.lax.pmean({PC}(corr.mean(), "genes", to="varying"), CFG.axes)'),
    ],
    'sc_log_normalize.py': [
        ('profile = jax.lax.all_gather(counts, "genes", axis=1, tiled=True, to="reduced")',
         'profile = jax.lax.all_gather(counts, "genes", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("cells", reduced={"genes"}))(x)', 'out_specs=P("cells"))(x)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
