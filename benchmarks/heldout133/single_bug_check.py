"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout133/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the dims / axes the code
meant (the right config value, plan entry or layout), the right `reduced=` axes, `multi_dim=True`
or a context mesh for `top_level_all_gather`, and for most SF106 programs the producer's gather
changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # lin_*
    'lin_ridge_gram.py': [
        ('gather_reduced = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'gather_reduced = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'lin_contrib_dump.py': [
        ('    return gather_over(cfg["over"], 0)',
         f'    return compose(gather_over(cfg["over"], 0), lambda x: {PC}(x, cfg["row_axis"], to="varying"))'),
    ],
    'lin_residual_metrics.py': [
        ('        r = take(y - predict(x, w))\n        return stats(r), r',
         '        r = y - predict(x, w)\n        return stats(r), take(r)'),
    ],
    'lin_coef_export.py': [
        ('return P(*(None for _ in dims), reduced=Maybe(first_axis).map(lambda a: {a}).or_else(set()))',
         'return P(*(None for _ in dims), reduced=set(non_null(to_axes(dims))))'),
    ],
    'lin_sgd_loss.py': [
        ('loss_mean = pmean_over(all_axes(ROLES))', 'loss_mean = pmean_over(axis_of("batch"))'),
    ],
    'lin_pred_interval.py': [
        ('gather_rows = curry(lambda ax, x: jax.lax.all_gather(x, ax, tiled=True, to="reduced"))',
         'gather_rows = curry(lambda ax, x: jax.lax.all_gather(x, ax, tiled=True, to="invarying"))'),
        ('    whole = P(None, reduced={rows})', '    whole = P(None)'),
    ],
    # attn_*
    'attn_entropy_probe.py': [
        ('trace_gather = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'trace_gather = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'attn_context_dump.py': [
        ('DUMP_PLAN = [("merge", "heads", 1), ("golden", AXES, 0)]',
         'DUMP_PLAN = [("merge", "heads", 1), ("golden", "batch", 0)]'),
    ],
    'attn_head_importance.py': [
        ('    return s / psum_over(HEAD_AXIS, jnp.sum(s, axis=1, keepdims=True))',
         '    return s / jnp.sum(s, axis=1, keepdims=True)'),
    ],
    'attn_kv_export.py': [
        ('    return P(*map(keep, decode_dims(layouts)), reduced=whole)',
         '    return P(*map(keep, cache_dims(layouts)), reduced=whole)'),
    ],
    'attn_aux_losses.py': [
        ('    return jnp.mean(jax.nn.relu(FLOOR * 8 - per_seq))',
         f'    return {PC}(jnp.mean(jax.nn.relu(FLOOR * 8 - per_seq)), "heads", to="varying")'),
    ],
    'attn_rollout.py': [
        ('collect_heads = curry(lambda ax, a: jax.lax.all_gather(a, ax, axis=1, tiled=True, to="reduced"))',
         'collect_heads = curry(lambda ax, a: jax.lax.all_gather(a, ax, axis=1, tiled=True, to="invarying"))'),
        ('in_specs=(qkv, qkv), out_specs=P(b, None, None, reduced={h}))',
         'in_specs=(qkv, qkv), out_specs=P(b, None, None))'),
    ],
    # opt_*
    'opt_grad_snapshot.py': [
        ('snapshot = curry(lambda ax, g: jax.lax.all_gather(g, ax, to="reduced"))',
         f'snapshot = curry(lambda ax, g: jax.lax.all_gather({PC}(g, ax, to="varying"), ax, to="reduced"))'),
    ],
    'opt_zero_adam.py': [
        ('    checkpoint = regather(ckpt["gather"], 0)',
         f'    checkpoint = compose(regather(ckpt["gather"], 0), lambda x: {PC}(x, "dp", to="varying"))'),
    ],
    'opt_global_clip.py': [
        ('    global_norm = compose(jnp.sqrt, psum_over(mp), tree_sq_norm, gather_tree)',
         '    global_norm = compose(jnp.sqrt, psum_over(mp), tree_sq_norm)'),
    ],
    'opt_state_export.py': [
        ('    w_all, s_all = export_state((w, s))',
         '    with jax.set_mesh(mesh):\n        w_all, s_all = export_state((w, s))'),
    ],
    'opt_loss_scale.py': [
        ('    total_bad = psum_over(EVERY_AXIS)', '    total_bad = psum_over(AXES["model"])'),
    ],
    'opt_ema_eval.py': [
        ('whole_of = curry(lambda ax, w: jax.lax.all_gather(w, ax, axis=1, tiled=True, to="reduced"))',
         'whole_of = curry(lambda ax, w: jax.lax.all_gather(w, ax, axis=1, tiled=True, to="invarying"))'),
        ('    whole = P(None, None, reduced={cfg["model_axis"]})', '    whole = P(None, None)'),
        ('                                                      to="reduced"),',
         '                                                      to="invarying"),'),
        ('                         out_specs=P(None, None, reduced={cfg["model_axis"]}))',
         '                         out_specs=P(None, None))'),
    ],
    # stat_*
    'stat_column_moments.py': [
        ('stack_over = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, to="reduced"))',
         f'stack_over = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, axis=0, to="reduced"))'),
    ],
    'stat_cov_partials.py': [
        ('        return cov_part.bind(collect(writer["collect"], writer["stack_dim"]))',
         f'        return cov_part.map(lambda c: {PC}(c, "cols", to="varying")).bind(collect(writer["collect"], writer["stack_dim"]))'),
    ],
    'stat_lag_autocorr.py': [
        ('OPTIONS = {"whole_series": True, "halo": 1}', 'OPTIONS = {"whole_series": False, "halo": 1}'),
    ],
    'stat_hist_export.py': [
        ('export = curry(lambda spec, c: top_level_all_gather(c, spec))',
         'export = curry(lambda spec, c: top_level_all_gather(c, spec, multi_dim=True))'),
    ],
    'stat_oneway_anova.py': [
        ('        mu_g = means_of(x)', f'        mu_g = {PC}(means_of(x), GRID["obs"], to="varying")'),
    ],
    'stat_outlier_flags.py': [
        ('whole_column = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="reduced"))',
         'whole_column = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="invarying"))'),
        ('                                 out_specs=(P(None, COL_AXIS, reduced={ROW_AXIS}),',
         '                                 out_specs=(P(None, COL_AXIS),'),
    ],
    # sig_*
    'sig_channel_energy.py': [
        ('meter_c = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'meter_c = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'sig_fir_archive.py': [
        ('    archive = to_whole(archive_axes(cfg), 0)',
         f'    archive = compose(to_whole(archive_axes(cfg), 0), lambda y: {PC}(y, signal_axis(cfg), to="varying"))'),
    ],
    'sig_peak_normalise.py': [
        ('LEVELS = {"target_dbfs": -3.0, "preview": True}', 'LEVELS = {"target_dbfs": -3.0, "preview": False}'),
    ],
    'sig_stft_export.py': [
        ('"service": {"split": (None, None, "time"), "whole": ("chan",)},',
         '"service": {"split": (None, "time", None), "whole": ("chan",)},'),
    ],
    'sig_snr_report.py': [
        ('map(compose(sum_over(NAMES), jnp.sum), (sig_e, noise_e))',
         'map(compose(sum_over("chan"), jnp.sum), (sig_e, noise_e))'),
    ],
    'sig_noise_gate.py': [
        ('whole_waveform = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=1, tiled=True, to="reduced"))',
         'whole_waveform = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=1, tiled=True, to="invarying"))'),
        ('    out = P(CHANNEL_AXIS, None, reduced={TIME_AXIS})', '    out = P(CHANNEL_AXIS, None)'),
    ],
    # graph_*
    'graph_readout_trace.py': [
        ('trace = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'trace = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'graph_export_rows.py': [
        ('        return rows, stages[1](rows)',
         f'        return rows, stages[1]({PC}(rows, rows_over(cfg), to="varying"))'),
    ],
    'graph_pagerank.py': [
        ('pulled = (pt_rows @ everyone) / total_mass(everyone)', 'pulled = (pt_rows @ everyone) / total_mass(r)'),
    ],
    'graph_norm_adjacency.py': [
        ('    "preprocess": (AXES, None),', '    "preprocess": ((AXES[1], AXES[0]), None),'),
    ],
    'graph_oversmoothing.py': [
        ('"norm": norm_sum(h_cur)})', f'"norm": {PC}(norm_sum(h_cur), feat, to="varying")}})'),
    ],
    'graph_attention_layer.py': [
        ('all_nodes = curry(lambda ax, h: jax.lax.all_gather(h, ax, axis=0, tiled=True, to="reduced"))',
         'all_nodes = curry(lambda ax, h: jax.lax.all_gather(h, ax, axis=0, tiled=True, to="invarying"))'),
    ],
    # mc_*
    'mc_rw_metropolis.py': [
        ('trace_gather = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'trace_gather = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'mc_draw_archive.py': [
        ('    keep_all = regather(archive["everything"], 0)',
         f'    keep_all = compose(regather(archive["everything"], 0), lambda r: {PC}(r, archive["row"], to="varying"))'),
    ],
    'mc_snis.py': [
        ('        w = jnp.exp(stabilised(all_lw)(lw))', '        w = jnp.exp(stabilised(lw)(lw))'),
    ],
    'mc_chain_export.py': [
        ('EXPORT = {"gathered": MESH_AXES}', 'EXPORT = {"gathered": ("chains",)}'),
    ],
    'mc_pooled_histogram.py': [
        ('    pooled_scatter = scatter_over(ALL_AXES)',
         f'    pooled_scatter = compose(scatter_over(ALL_AXES), lambda c: {PC}(c, "walkers", to="varying"))'),
    ],
    'mc_boot_se.py': [
        ('collect = curry(lambda ax, r: jax.lax.all_gather(r, ax, axis=-1, tiled=True, to="reduced"))',
         'collect = curry(lambda ax, r: jax.lax.all_gather(r, ax, axis=-1, tiled=True, to="invarying"))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
