"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout99/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective, the missing `reduced=` axis or `multi_dim=True` for `top_level_all_gather`,
the gather moved inside `jax.set_mesh`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced). A program that still fails after
its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    'ens_anomaly.py': [
        ('members = jax.lax.all_gather(u, MEMBERS, axis=0, tiled=True, to="reduced")',
         'members = jax.lax.all_gather(u, MEMBERS, axis=0, tiled=True, to="invarying")'),
        ('OUT_SPEC = P(None, SPACE, reduced={MEMBERS})',
         'OUT_SPEC = P(None, SPACE)'),
    ],
    'ens_energy_trace.py': [
        ('return jax.lax.all_gather(energy, cfg.trace_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(energy, cfg.trace_axis, to="varying"), cfg.trace_axis,'),
    ],
    'ens_field_snapshot.py': [
        ('return jax.tree.map(lambda f: jax.lax.all_gather(f, SIM.axis_names,',
         'return jax.tree.map(lambda f: jax.lax.all_gather(jax.lax.pcast(f, SPACE, to="varying"), SIM.axis_names,'),
    ],
    'ens_member_mean.py': [
        ('total = jax.lax.psum(members, MEMBERS)',
         'total = jax.lax.psum(jax.lax.pcast(members, MEMBERS, to="varying"), MEMBERS)'),
    ],
    'ens_restart_writer.py': [
        ('yield None, top_level_all_gather(u, RESTART_SPEC, multi_dim=True)',
         'with jax.set_mesh(SIM):\n                yield None, top_level_all_gather(u, RESTART_SPEC, multi_dim=True)'),
    ],
    'ens_total_heat.py': [
        ('return jax.lax.psum(heat, cfg.reduce_axes)',
         'return jax.lax.psum(jax.lax.pcast(heat, SPACE, to="varying"), cfg.reduce_axes)'),
    ],
    'etl_export_tables.py': [
        ('"normalised": P("data", None),',
         '"normalised": P("data", None, reduced={"model"}),'),
    ],
    'etl_feature_stats.py': [
        ('return jax.lax.all_gather(table, stats_axis',
         'return jax.lax.all_gather(jax.lax.pcast(table, stats_axis, to="varying"), stats_axis'),
    ],
    'etl_row_scale.py': [
        ('scale = jax.lax.pmax(jnp.abs(rows), col)',
         'scale = jax.lax.pmax(jax.lax.pcast(jnp.abs(rows), col, to="varying"), col)'),
    ],
    'etl_sample_mass.py': [
        ('return jax.lax.psum(jnp.sum(per_example), everything)',
         'return jax.lax.psum(jax.lax.pcast(jnp.sum(per_example), self.col, to="varying"), everything)'),
    ],
    'etl_vocab_table.py': [
        ('codes = jax.lax.all_gather(codes, axes,',
         'codes = jax.lax.all_gather(jax.lax.pcast(codes, "model", to="varying") if dim == 0 else codes, axes,'),
    ],
    'etl_zscore_rows.py': [
        ('rows = jax.lax.all_gather(x, col, axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(x, col, axis=1, tiled=True, to="invarying")'),
        ('P(row, None, reduced={col})',
         'P(row, None)'),
    ],
    'eval_accuracy_percent.py': [
        ('hits = jax.lax.all_gather(hit, SHARDS, tiled=True, to="reduced")',
         'hits = jax.lax.all_gather(hit, SHARDS, tiled=True, to="invarying")'),
        ('laid_out(P(None, reduced={SHARDS}))',
         'laid_out(P(None))'),
    ],
    'eval_class_support.py': [
        ('return jax.lax.all_gather(counts, gather_over,',
         'return jax.lax.all_gather(jax.lax.pcast(counts, gather_over, to="varying"), gather_over,'),
    ],
    'eval_confidence_blocks.py': [
        ('return jax.lax.all_to_all(rows, CLASSES,',
         'return jax.lax.all_to_all(jax.lax.pcast(rows, CLASSES, to="varying"), CLASSES,'),
    ],
    'eval_mean_nll.py': [
        ('return jax.lax.pmean(jnp.mean(nll), average_over)',
         'return jax.lax.pmean(jax.lax.pcast(jnp.mean(nll), CLASSES, to="varying"), average_over)'),
    ],
    'eval_probability_table.py': [
        ('return jax.lax.all_gather(rows, tuple(sorted(MESH.axis_names)),',
         'return jax.lax.all_gather(jax.lax.pcast(rows, CLASSES, to="varying"), tuple(sorted(MESH.axis_names)),'),
    ],
    'eval_report_export.py': [
        ('return {k: top_level_all_gather(v, P(None, reduced={SHARDS})) for k, v in result.items()}',
         'with jax.set_mesh(MESH):\n        return {k: top_level_all_gather(v, P(None, reduced={SHARDS})) for k, v in result.items()}'),
    ],
    'feat_bin_edges.py': [
        ('return jax.lax.all_gather(edges, gather_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(edges, gather_axis, to="varying"), gather_axis,'),
    ],
    'feat_clipped_rows.py': [
        ('rows = jax.lax.all_gather(x, COL, axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(x, COL, axis=1, tiled=True, to="invarying")'),
        ('P(ROW, None, reduced={COL})',
         'P(ROW, None)'),
    ],
    'feat_global_scale.py': [
        ('scale = jax.lax.pmean(jnp.mean(row_norms), (ROW, COL))',
         'scale = jax.lax.pmean(jax.lax.pcast(jnp.mean(row_norms), COL, to="varying"), (ROW, COL))'),
    ],
    'feat_host_table.py': [
        ('host = top_level_all_gather(table, P(None, None, reduced={ROW, COL}))',
         'host = top_level_all_gather(table, P(None, None, reduced={ROW, COL}), multi_dim=True)'),
    ],
    'feat_lagged_block.py': [
        ('previous = jax.lax.ppermute(block,',
         'previous = jax.lax.ppermute(jax.lax.pcast(block, ROW, to="varying"),'),
    ],
    'feat_pair_crosses.py': [
        ('return jax.lax.all_gather(t, MESH.axis_names,',
         'return jax.lax.all_gather(jax.lax.pcast(t, COL, to="varying"), MESH.axis_names,'),
    ],
    'infer_activation_dump.py': [
        ('h = jax.lax.all_gather(h, axes,',
         'h = jax.lax.all_gather(jax.lax.pcast(h, TENSOR, to="varying") if dim == 0 else h, axes,'),
    ],
    'infer_calibration.py': [
        ('return jax.lax.pmean(hidden, TENSOR)',
         'return jax.lax.pmean(jax.lax.pcast(hidden, TENSOR, to="varying"), TENSOR)'),
    ],
    'infer_fsdp_weights.py': [
        ('serving_w1 = top_level_all_gather(stored_w1, P(None, TENSOR, reduced={BATCH}))',
         'serving_w1 = jax.reshard(stored_w1, P(None, TENSOR))'),
    ],
    'infer_logits_table.py': [
        ('return jax.lax.all_gather(y, table_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(y, table_axis, to="varying"), table_axis,'),
    ],
    'infer_mse.py': [
        ('err = jnp.mean((y - TARGET) ** 2)',
         'err = jax.lax.pcast(jnp.mean((y - TARGET) ** 2), TENSOR, to="varying")'),
    ],
    'infer_scaled_hidden.py': [
        ('hidden = jax.lax.all_gather(h, TENSOR, axis=1, tiled=True, to="reduced")',
         'hidden = jax.lax.all_gather(h, TENSOR, axis=1, tiled=True, to="invarying")'),
        ('P(BATCH, None, reduced={TENSOR})',
         'P(BATCH, None)'),
    ],
    'rec_embedding_dump.py': [
        ('x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")',
         'x = jax.lax.all_gather(jax.lax.pcast(x, EMB, to="varying") if isinstance(axes, tuple) else x, axes, axis=dim, tiled=True, to="reduced")'),
    ],
    'rec_in_batch_negatives.py': [
        ('pool = jax.lax.all_gather(everyone, USERS,',
         'pool = jax.lax.all_gather(jax.lax.pcast(everyone, USERS, to="varying"), USERS,'),
    ],
    'rec_relu_embeddings.py': [
        ('full = Exporter().gather(EMB, 1).apply(u)',
         'full = jax.lax.all_gather(u, EMB, axis=1, tiled=True, to="invarying")'),
        ('P(USERS, None, reduced={EMB})',
         'P(USERS, None)'),
    ],
    'rec_score_table.py': [
        ('    SCORE_AXIS = EMB\n',
         '    SCORE_AXIS = USERS\n'),
    ],
    'rec_softmax_loss.py': [
        ('return jax.lax.pmean(nll, self.axes)',
         'return jax.lax.pmean(jax.lax.pcast(nll, EMB, to="varying"), self.axes)'),
    ],
    'rec_user_export.py': [
        ('host = ExportSpec.like(USER_LAYOUT).drop(EMB).build()',
         'host = ExportSpec.like(USER_LAYOUT).drop(EMB).reduce(EMB).build()'),
    ],
    'ts_forecast_export.py': [
        ('yield top_level_all_gather(forecast, P(LAGS, None, reduced={SERIES}))',
         'yield top_level_all_gather(forecast, P(SERIES, None, reduced={LAGS}))'),
    ],
    'ts_rolling_floor.py': [
        ('return jax.lax.pmin(window, LAGS)',
         'return jax.lax.pmin(jax.lax.pcast(window, LAGS, to="varying"), LAGS)'),
    ],
    'ts_scaled_error.py': [
        ('return jax.lax.psum_scatter(per_series, self.side_axes,',
         'return jax.lax.psum_scatter(jax.lax.pcast(per_series, LAGS, to="varying"), self.side_axes,'),
    ],
    'ts_seasonal_profile.py': [
        ('return jax.lax.all_gather(profile, profile_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(profile, profile_axis, to="varying"), profile_axis,'),
    ],
    'ts_weighted_window.py': [
        ('window = jax.lax.all_gather(x, LAGS, axis=1, tiled=True, to="reduced")',
         'window = jax.lax.all_gather(x, LAGS, axis=1, tiled=True, to="invarying")'),
        ('out_spec = P(SERIES, None, reduced={LAGS})',
         'out_spec = P(SERIES, None)'),
    ],
    'ts_window_archive.py': [
        ('return jax.lax.all_gather(full, archive_axes,',
         'return jax.lax.all_gather(jax.lax.pcast(full, lag_axis, to="varying"), archive_axes,'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
