"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout117/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective, the right gather axes or reduction axes in the config string, the right
`reduced=` axes, a context mesh or `multi_dim=True` for `top_level_all_gather`, and for the
SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that no
longer says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # emb_*
    'emb_user_tower_log.py': [
        ('return jax.lax.all_gather(scores, log_axis,',
         f'return jax.lax.all_gather({PC}(scores, log_axis, to="varying"), log_axis,'),
    ],
    'emb_item_dump.py': [
        ('return jax.lax.all_gather(emb, axes, axis=0',
         f'return jax.lax.all_gather({PC}(emb, axes_from(opts["hidden_axis"]), to="varying"), axes, axis=0'),
    ],
    'emb_score_norm.py': [
        ('top = NORMALISERS[kind](logits, axis)',
         f'top = NORMALISERS[kind]({PC}(logits, axis, to="varying"), axis)'),
    ],
    'emb_table_export.py': [
        ('"serving": "model,-|data",', '"serving": "-,-|data+model",'),
    ],
    'emb_loss_allreduce.py': [
        ('return reduce(nll, axes)', f'return reduce({PC}(nll, "model", to="varying"), axes)'),
    ],
    'emb_softmax_temp.py': [
        ('sim = jax.lax.all_gather(sim, s["gather"], axis=1, tiled=True, to="reduced")',
         'sim = jax.lax.all_gather(sim, s["gather"], axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(batch, None, reduced={cands}))', 'out_specs=P(batch, None))'),
    ],
    # ctr_*
    'ctr_feature_cross_log.py': [
        ('state["snap"] = jax.lax.all_gather(state["h"], axis,',
         f'state["snap"] = jax.lax.all_gather({PC}(state["h"], axis, to="varying"), axis,'),
    ],
    'ctr_embedding_stage.py': [
        ('    dim = 1 if axes == ("tp",) else 0\n',
         f'    dim = 1 if axes == ("tp",) else 0\n    x = {PC}(x, "tp", to="varying") if len(axes) > 1 else x\n'),
    ],
    'ctr_history_shift.py': [
        ('jax.lax.ppermute(h, a, ring(n))', f'jax.lax.ppermute({PC}(h, a, to="varying"), a, ring(n))'),
    ],
    'ctr_export_weights.py': [
        ('        self.arrays[name + ":export"] = top_level_all_gather(self.arrays[name], spec_of(layout))',
         '        with jax.set_mesh(self.mesh):\n'
         '            self.arrays[name + ":export"] = top_level_all_gather(self.arrays[name], spec_of(layout))'),
    ],
    'ctr_metrics_reduce.py': [
        ('logloss = pmean(dp,tp)', 'logloss = pmean(dp)'),
    ],
    'ctr_calibration.py': [
        ('return jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("dp", None, reduced={"tp"}))', 'out_specs=P("dp", None))'),
    ],
    # rank_*
    'rank_listwise_log.py': [
        ('logged = jax.lax.all_gather(per_query, axis,',
         f'logged = jax.lax.all_gather({PC}(per_query, axis, to="varying"), axis,'),
    ],
    'rank_feature_dump.py': [
        ('return jax.lax.all_gather(per_query, then,',
         f'return jax.lax.all_gather({PC}(per_query, first, to="varying"), then,'),
    ],
    'rank_pairwise_relayout.py': [
        ('per_doc = jax.lax.all_to_all(margins, axis,',
         f'per_doc = jax.lax.all_to_all({PC}(margins, axis, to="varying"), axis,'),
    ],
    'rank_model_export.py': [
        ('return top_level_all_gather(w, self.serve)',
         'return top_level_all_gather(w, P(*self.serve, reduced={self.table["h"]}))'),
    ],
    'rank_ndcg_mean.py': [
        ('average = "queries" "docs"', 'average = "queries"'),
    ],
    'rank_softmax_ce.py': [
        ('axis=1, tiled=True, to="reduced"),', 'axis=1, tiled=True, to="invarying"),'),
        ('out_specs=P("queries", reduced={"docs"}))', 'out_specs=P("queries"))'),
    ],
    # ab_*
    'ab_lift_log.py': [
        ('snap = jax.lax.all_gather(lift, req["snapshot"],',
         f'snap = jax.lax.all_gather({PC}(lift, req["snapshot"], to="varying"), req["snapshot"],'),
    ],
    'ab_variance_dump.py': [
        ('return jax.lax.all_gather(var, dump_axes,',
         f'return jax.lax.all_gather({PC}(var, first, to="varying"), dump_axes,'),
    ],
    'ab_sequential_stop.py': [
        ('first = STOP_RULES[rule](crossed, axis)',
         f'first = STOP_RULES[rule]({PC}(crossed, axis, to="varying"), axis)'),
    ],
    'ab_report_export.py': [
        ('report = top_level_all_gather(summary, layout(REPORT_QS))',
         'report = top_level_all_gather(summary, layout(REPORT_QS), multi_dim=True)'),
    ],
    'ab_pooled_variance.py': [
        ('&pooled=psum(bucket,metric)"', '&pooled=psum(bucket)"'),
    ],
    'ab_ci_bounds.py': [
        ('eff = jax.lax.all_gather(eff, q["gather"], tiled=True, to="reduced")',
         'eff = jax.lax.all_gather(eff, q["gather"], tiled=True, to="invarying")'),
        ('se = jax.lax.all_gather(se, q["gather"], tiled=True, to="reduced")',
         'se = jax.lax.all_gather(se, q["gather"], tiled=True, to="invarying")'),
        ('out_specs={k: P(None, reduced={"metric"}) for k in BOUNDS}', 'out_specs={k: P(None) for k in BOUNDS}'),
    ],
    # tfm_*
    'tfm_attn_out_log.py': [
        ('tap = jax.lax.all_gather(out, tap_axis("taps/attn_out"),',
         f'tap = jax.lax.all_gather({PC}(out, "model", to="varying"), tap_axis("taps/attn_out"),'),
    ],
    'tfm_kv_cache_dump.py': [
        ('return jax.lax.all_gather(kv, to_axes(PROFILE["snapshot"], lmap),',
         f'return jax.lax.all_gather({PC}(kv, heads, to="varying"), to_axes(PROFILE["snapshot"], lmap),'),
    ],
    'tfm_grad_norm.py': [
        ('total = jax.lax.psum(sq, NORM_AXES)', f'total = jax.lax.psum({PC}(sq, NORM_AXES, to="varying"), NORM_AXES)'),
    ],
    'tfm_param_export.py': [
        ('(r"mlp/wi", "-,-~data")', '(r"mlp/wi", "-,-~model")'),
    ],
    'tfm_vocab_loss.py': [
        ('    axes = tuple(axes.split(","))\n',
         f'    axes = tuple(axes.split(","))\n    x = {PC}(x, "model", to="varying")\n'),
    ],
    'tfm_final_norm.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(logical["batch"], None, reduced={logical["hidden"]}))', 'out_specs=P(logical["batch"], None))'),
    ],
    # geo_*
    'geo_brightness_log.py': [
        ('quicklook = jax.lax.all_gather(b[::2, ::2], ql_axis,',
         f'quicklook = jax.lax.all_gather({PC}(b[::2, ::2], ql_axis, to="varying"), ql_axis,'),
    ],
    'geo_mosaic_dump.py': [
        ('return jax.lax.all_gather(stack, over,',
         f'return jax.lax.all_gather({PC}(stack, band, to="varying"), over,'),
    ],
    'geo_cloud_fraction.py': [
        ('jnp.mean(jax.lax.pmean(x, a), axis=1)', f'jnp.mean(jax.lax.pmean({PC}(x, a, to="varying"), a), axis=1)'),
    ],
    'geo_cog_export.py': [
        ('STRIP = "{row} - ~{col},{band}"', 'STRIP = "- - ~{row},{col},{band}"'),
    ],
    'geo_zonal_stats.py': [
        ('mean:pmean:row,col,band"', 'mean:pmean:row,col"'),
    ],
    'geo_reflectance_scale.py': [
        ('axis=2, tiled=True, to="reduced")', 'axis=2, tiled=True, to="invarying")'),
        ('out_specs=P(r, c, None, reduced={b}))', 'out_specs=P(r, c, None))'),
    ],
    # ts_*
    'ts_quantile_log.py': [
        ('logged = jax.lax.all_gather(per_series, opts["log_over"],',
         f'logged = jax.lax.all_gather({PC}(per_series, opts["log_over"], to="varying"), opts["log_over"],'),
    ],
    'ts_forecast_dump.py': [
        ('--gather horizon:1 --gather series,horizon:0"', '--gather series:0 --gather horizon:1"'),
    ],
    'ts_seasonal_profile.py': [
        ('return jax.lax.all_gather(x, axis, axis=0, tiled=False, to="invarying")',
         f'return jax.lax.all_gather({PC}(x, axis, to="varying"), axis, axis=0, tiled=False, to="invarying")'),
    ],
    'ts_checkpoint_export.py': [
        ('SCORER_LAYOUT = {"proj": "horizon - | series"}', 'SCORER_LAYOUT = {"proj": "series - | horizon"}'),
    ],
    'ts_scale_stats.py': [
        ('    return jax.tree.map(functools.partial(jax.lax.pmean, axis_name=axes), stats)',
         f'    stats["level"] = {PC}(stats["level"], "horizon", to="varying")\n'
         '    return jax.tree.map(functools.partial(jax.lax.pmean, axis_name=axes), stats)'),
    ],
    'ts_nonneg_forecast.py': [
        ('return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("series", None, reduced={"horizon"}))', 'out_specs=P("series", None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
