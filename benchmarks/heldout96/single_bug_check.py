"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout96/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site or in the helper that holds it), a context mesh set in
the worker thread that calls `top_level_all_gather` or the right `reduced=` axes / `multi_dim`,
and for the SF106 programs the producer's gather changed to `to='invarying'` (or the arithmetic
moved before the gather). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # gen_* (tensor-parallel generation server)
    'gen_activation_trace.py': [
        ('return jax.lax.all_gather(hidden, self.axis,',
         f'return jax.lax.all_gather({PC}(hidden, self.axis, to="varying"), self.axis,'),
    ],
    'gen_logit_dump.py': [
        ('return jax.lax.all_gather(full, settings.mesh_axes,',
         f'return jax.lax.all_gather({PC}(full, model_axis, to="varying"), settings.mesh_axes,'),
    ],
    'gen_batch_sampler.py': [
        ('mine = jax.lax.all_to_all(full, model_axis,',
         f'mine = jax.lax.all_to_all({PC}(full, model_axis, to="varying"), model_axis,'),
    ],
    'gen_weight_snapshot.py': [
        ('        full = top_level_all_gather(w, P(*([None] * w.ndim), reduced=split))',
         '        with jax.set_mesh(app.state.mesh):\n'
         '            full = top_level_all_gather(w, P(*([None] * w.ndim), reduced=split))'),
    ],
    'gen_score_nll.py': [
        ('return jax.lax.psum(nll.sum(), self.s.mesh_axes)',
         f'return jax.lax.psum({PC}(nll.sum(), model_axis, to="varying"), self.s.mesh_axes)'),
    ],
    'gen_temperature_sampling.py': [
        ('axis=1, tiled=True, to="reduced")\n        probs',
         'axis=1, tiled=True, to="invarying")\n        probs'),
    ],
    # emb_* (vector search service)
    'emb_topk_merge.py': [
        ('return self.mesh_axes[-1]', 'return self.mesh_axes[0]'),
    ],
    'emb_corpus_export.py': [
        ('return jax.lax.all_gather(rows, s.mesh_axes,',
         f'return jax.lax.all_gather({PC}(rows, index.row_axis, to="varying"), s.mesh_axes,'),
    ],
    'emb_softmax_retrieval.py': [
        ('partition = jax.lax.psum(jnp.exp(corpus).sum(axis=1), shards)',
         f'partition = jax.lax.psum({PC}(jnp.exp(corpus).sum(axis=1), shards, to="varying"), shards)'),
    ],
    'emb_id_snapshot.py': [
        ('return P(col, reduced={row})', 'return P(row, reduced={col})'),
    ],
    'emb_recall_eval.py': [
        ('return jax.lax.pmean(hit.mean(), s.mesh_axes)',
         f'return jax.lax.pmean({PC}(hit.mean(), index.col_axis, to="varying"), s.mesh_axes)'),
    ],
    'emb_calibrated_scores.py': [
        ('raw = shard_scores(q, docs, self.index.col_axis)',
         'raw = self.s.score_scale * shard_scores(q, docs, self.index.col_axis) + self.s.score_bias'),
        ('return self.s.score_scale * corpus + self.s.score_bias', 'return corpus'),
    ],
    # job_* (training job scheduler)
    'job_prediction_dump.py': [
        ('return jax.lax.all_gather(out, head_axis,',
         f'return jax.lax.all_gather({PC}(out, head_axis, to="varying"), head_axis,'),
    ],
    'job_feature_probe.py': [
        ('feats = jax.lax.all_gather(feats, axes,',
         f'feats = jax.lax.all_gather(feats if axes == model else {PC}(feats, model, to="varying"), axes,'),
    ],
    'job_clipped_train.py': [
        ('sq = sq + jax.lax.psum(jnp.sum(full * full), model_axis)',
         f'sq = sq + jax.lax.psum({PC}(jnp.sum(full * full), model_axis, to="varying"), model_axis)'),
    ],
    'job_export_weights.py': [
        ('"b1": P(None),', '"b1": P(None, reduced={"model"}),'),
    ],
    'job_eval_loss.py': [
        ('return jax.lax.pmean(err, ctx.axes)',
         f'return jax.lax.pmean({PC}(err, model, to="varying"), ctx.axes)'),
    ],
    'job_eval_mae.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(reduced={data})', 'out_specs=P()'),
    ],
    # rec_* (streaming MoE ranker)
    'rec_slate_logging.py': [
        ('return jax.lax.all_gather(scores, mesh_axes[1],',
         f'return jax.lax.all_gather({PC}(scores, mesh_axes[1], to="varying"), mesh_axes[1],'),
    ],
    'rec_gate_dump.py': [
        ('return jax.lax.all_gather(per_user, (users_axis, expert_axis),',
         f'return jax.lax.all_gather({PC}(per_user, expert_axis, to="varying"), (users_axis, expert_axis),'),
    ],
    'rec_inbatch_negatives.py': [
        ('negatives = jax.lax.all_gather(z_all, users_axis,',
         f'negatives = jax.lax.all_gather({PC}(z_all, users_axis, to="varying"), users_axis,'),
    ],
    'rec_expert_export.py': [
        ('return P(*([None] * value.ndim), reduced=set(mesh_axes))',
         'return P(*([None] * value.ndim), reduced={a for a in value.sharding.spec if a is not None})'),
    ],
    'rec_item_clicks.py': [
        ('return jax.lax.psum_scatter(p_click.sum(axis=0), c.mesh_axes,',
         f'return jax.lax.psum_scatter({PC}(p_click.sum(axis=0), expert_axis, to="varying"), c.mesh_axes,'),
    ],
    'rec_router_balance.py': [
        ('axis=1, tiled=True, to="reduced")\n    return jax.lax.pmean',
         'axis=1, tiled=True, to="invarying")\n    return jax.lax.pmean'),
        ('out_specs=P(reduced={expert_axis})', 'out_specs=P()'),
    ],
    # asr_* (streaming speech recognition)
    'asr_attention_probe.py': [
        ('return jax.lax.all_gather(h, heads,',
         f'return jax.lax.all_gather({PC}(h, heads, to="varying"), heads,'),
    ],
    'asr_attention_maps.py': [
        ('return jax.lax.all_gather(maps, c.mesh_axes,',
         f'return jax.lax.all_gather({PC}(maps, heads, to="varying"), c.mesh_axes,'),
    ],
    'asr_global_cmvn.py': [
        ('mean = jax.lax.psum(everyone.sum(axis=(0, 1)), streams_axis)',
         f'mean = jax.lax.psum({PC}(everyone.sum(axis=(0, 1)), streams_axis, to="varying"), streams_axis)'),
    ],
    'asr_cache_export.py': [
        ('P(None, None, reduced=set(self.c.mesh_axes)))',
         'P(None, None, reduced=set(self.c.mesh_axes)), multi_dim=True)'),
    ],
    'asr_ctc_objective.py': [
        ('return jax.lax.psum(per_stream.sum(), self.axes)',
         f'return jax.lax.psum({PC}(per_stream.sum(), self.axes[1], to="varying"), self.axes)'),
    ],
    'asr_confidence.py': [
        ('axis=0, tiled=True, to="reduced")\n        entropy', 'axis=0, tiled=True, to="invarying")\n        entropy'),
        ('out_specs=P(None, None, reduced={streams})', 'out_specs=P(None, None)'),
    ],
    # etl_* (batch-scoring pipeline)
    'etl_score_audit.py': [
        ('return z, jax.lax.all_gather(z, audit_axes,',
         f'return z, jax.lax.all_gather({PC}(z, audit_axes, to="varying"), audit_axes,'),
    ],
    'etl_feature_snapshot.py': [
        ('block = jax.lax.all_gather(block, axes,',
         f'block = jax.lax.all_gather(block if len(axes) == 1 else {PC}(block, "rows", to="varying"), axes,'),
    ],
    'etl_quantile_bins.py': [
        ('lo = jax.lax.pmin(column, rows)', f'lo = jax.lax.pmin({PC}(column, rows, to="varying"), rows)'),
    ],
    'etl_sink_export.py': [
        ('"csv": P("rows", None),', '"csv": P("rows", None, reduced={"cols"}),'),
    ],
    'etl_logloss_report.py': [
        ('return jax.lax.pmean(per_row.mean(), axes)',
         f'return jax.lax.pmean({PC}(per_row.mean(), ctx.col_axis, to="varying"), axes)'),
    ],
    'etl_calibrated_probs.py': [
        ('z_all = jax.lax.all_gather(linear_scores(x, w, ctx.col_axis), ctx.row_axis, tiled=True, to="reduced")\n'
         '        a, b = platt\n        return jax.nn.sigmoid(a * z_all + b)',
         'a, b = platt\n        return jax.lax.all_gather(jax.nn.sigmoid(a * linear_scores(x, w, ctx.col_axis) + b),'
         ' ctx.row_axis, tiled=True, to="reduced")'),
    ],
    # hpo_* (hyper-parameter search)
    'hpo_leaderboard.py': [
        ('leaderboard_columns(ensemble, t)', f'leaderboard_columns({PC}(ensemble, t, to="varying"), t)'),
    ],
    'hpo_weight_snapshot.py': [
        ('return jax.lax.all_gather(rows, axes,', f'return jax.lax.all_gather({PC}(rows, feat_axis, to="varying"), axes,'),
    ],
    'hpo_pbt_exploit.py': [
        ('incoming = jax.lax.ppermute(population, t,', f'incoming = jax.lax.ppermute({PC}(population, t, to="varying"), t,'),
    ],
    'hpo_best_export.py': [
        ('study.x, study.y)\n    shapes = export_population(study)',
         'study.x, study.y)\n        shapes = export_population(study)'),
    ],
    'hpo_validation_loss.py': [
        ('return jax.lax.psum(sq_err.sum(), study.axes)',
         f'return jax.lax.psum({PC}(sq_err.sum(), f, to="varying"), study.axes)'),
    ],
    'hpo_ensemble_forecast.py': [
        ('axis=1, tiled=True, to="reduced")\n        return jnp.mean', 'axis=1, tiled=True, to="invarying")\n        return jnp.mean'),
        ('P(None, reduced={t}))', 'P(None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
