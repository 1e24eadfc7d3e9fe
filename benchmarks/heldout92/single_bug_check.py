"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout92/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (the reduced or invariant axes only; for the SF101 logs, with the out spec
that keeps the batch axis split, or, in rec_recall_at_k, the gather over the batch axis the
author meant), the right `reduced=` axis, a prefix
layout, `multi_dim=True` or a context mesh for `top_level_all_gather`, and for the SF106 programs
the producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # llm_*
    'llm_token_loss_log.py': [
        ('return jax.lax.all_gather(nll, log_axis,',
         f'return jax.lax.all_gather({PC}(nll, log_axis, to="varying"), log_axis,'),
        ('out_specs=P(None, None, reduced={log_axis}))', 'out_specs=P("data", None, reduced={log_axis}))'),
    ],
    'llm_activation_dump.py': [
        ('return jax.lax.all_gather(cols, dump_axes,',
         f'return jax.lax.all_gather({PC}(cols, "model", to="varying"), dump_axes,'),
    ],
    'llm_activation_outliers.py': [
        ('return jax.lax.pmax(row_norm, model_axis)',
         f'return jax.lax.pmax({PC}(row_norm, model_axis, to="varying"), model_axis)'),
    ],
    'llm_merged_export.py': [
        ('"w_down": P(None, None),', '"w_down": P(None, None, reduced={"model"}),'),
    ],
    'llm_global_mean_loss.py': [
        ('return jax.lax.pmean(jnp.mean(nll), axes)',
         f'return jax.lax.pmean({PC}(jnp.mean(nll), "model", to="varying"), axes)'),
    ],
    'llm_sampling_eval.py': [
        ('logits = jax.lax.all_gather(local, "model", axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, "model", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"model"}))', 'out_specs=P("data", None))'),
    ],
    # vit_*
    'vit_prediction_dump.py': [
        ('return jax.lax.all_gather(logits, c, axis=0',
         f'return jax.lax.all_gather({PC}(logits, c, to="varying"), c, axis=0'),
        ('out_specs=P(None, None, reduced={c}))', 'out_specs=P(b, None, reduced={c}))'),
    ],
    'vit_feature_bank.py': [
        ('return jax.lax.all_gather(full, axes, axis=0',
         f'return jax.lax.all_gather({PC}(full, c, to="varying"), axes, axis=0'),
    ],
    'vit_channel_rescatter.py': [
        ('return jax.lax.psum_scatter(energy, c,',
         f'return jax.lax.psum_scatter({PC}(energy, c, to="varying"), c,'),
    ],
    'vit_ema_export.py': [
        ('reduced={self.batch_axis}))', 'reduced={self.channel_axis}))'),
    ],
    'vit_eval_accuracy.py': [
        ('return jax.lax.psum(hits, (b, c))', f'return jax.lax.psum({PC}(hits, c, to="varying"), (b, c))'),
    ],
    'vit_gap_pool.py': [
        ('axis=2, tiled=True, to="reduced")\n            return jnp.mean(feats, axis=1)',
         'axis=2, tiled=True, to="invarying")\n            return jnp.mean(feats, axis=1)'),
        ('out_specs=P(b, None, reduced={c}))', 'out_specs=P(b, None))'),
    ],
    # rl_*
    'rl_value_log.py': [
        ('return jax.lax.all_gather(values, axis_name=self.head_axis,',
         f'return jax.lax.all_gather({PC}(values, self.head_axis, to="varying"), axis_name=self.head_axis,'),
    ],
    'rl_replay_buffer.py': [
        ('return jax.lax.all_gather(h, self.axes,',
         f'return jax.lax.all_gather({PC}(h, head_axis, to="varying"), self.axes,'),
    ],
    'rl_head_disagreement.py': [
        ('neighbour = jax.lax.ppermute(feats, h,',
         f'feats = {PC}(feats, h, to="varying")\n            neighbour = jax.lax.ppermute(feats, h,'),
    ],
    'rl_policy_snapshot.py': [
        ('            session.report({"mean_return": stats["mean_return"]})\n    score = get(',
         '            session.report({"mean_return": stats["mean_return"]})\n        score = get('),
    ],
    'rl_total_return.py': [
        ('return jax.lax.psum(ret, self.config["reduce_axes"])',
         f'return jax.lax.psum({PC}(ret, h, to="varying"), self.config["reduce_axes"])'),
    ],
    'rl_action_entropy.py': [
        ('logits = jax.lax.all_gather(local, h, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, h, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(e, reduced={h}))', 'out_specs=P(e))'),
    ],
    # rec_*
    'rec_recall_at_k.py': [
        ('return jax.lax.all_gather(scores, t, axis=0', 'return jax.lax.all_gather(scores, b, axis=0'),
        ('out_specs=P(None, None, reduced={t}))', 'out_specs=P(None, None, reduced={b}))'),
    ],
    'rec_user_embedding_dump.py': [
        ('return jax.lax.all_gather(cols, scaling.axes,',
         f'return jax.lax.all_gather({PC}(cols, t, to="varying"), scaling.axes,'),
    ],
    'rec_hard_negatives.py': [
        ('pool = jax.lax.all_gather(u, table_axis,',
         f'pool = jax.lax.all_gather({PC}(u, table_axis, to="varying"), table_axis,'),
    ],
    'rec_serving_export.py': [
        ('SERVING_LAYOUT = {"items": ("shards", None),', 'SERVING_LAYOUT = {"items": (None, None),'),
    ],
    'rec_ndcg_eval.py': [
        ('return jax.lax.pmean(ndcg, axes)', f'return jax.lax.pmean({PC}(ndcg, t, to="varying"), axes)'),
    ],
    'rec_click_calibration.py': [
        ('scores = jax.lax.all_gather(local, t, axis=1, tiled=True, to="reduced")',
         'scores = jax.lax.all_gather(local, t, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(b, None, reduced={t}))', 'out_specs=P(b, None))'),
    ],
    # ts_*
    'ts_series_error_log.py': [
        ('return jax.lax.all_gather(err, layout["log_over"],',
         f'return jax.lax.all_gather({PC}(err, layout["log_over"], to="varying"), layout["log_over"],'),
        ('out_specs=P(None, reduced={layout["log_over"]}))', 'out_specs=P(s, reduced={layout["log_over"]}))'),
    ],
    'ts_forecast_dump.py': [
        ('return jax.lax.all_gather(full_h, axes,',
         f'return jax.lax.all_gather({PC}(full_h, h, to="varying"), axes,'),
    ],
    'ts_lower_envelope.py': [
        ('return jax.lax.pmin(path, h)', f'return jax.lax.pmin({PC}(path, h, to="varying"), h)'),
    ],
    'ts_backtest_export.py': [
        ('P(None, None, reduced={s, h}))', 'P(None, None, reduced={s, h}), multi_dim=True)'),
    ],
    'ts_error_summary.py': [
        ('"mse": jnp.mean(series_sq_error(w, x, y, h)) / HORIZON,',
         f'"mse": {PC}(jnp.mean(series_sq_error(w, x, y, h)), h, to="varying") / HORIZON,'),
    ],
    'ts_demand_clip.py': [
        ('full = jax.lax.all_gather(x @ w, h, axis=1, tiled=True, to="reduced")\n        return jnp.clip',
         'full = jax.lax.all_gather(x @ w, h, axis=1, tiled=True, to="invarying")\n        return jnp.clip'),
        ('out_specs=P(s, None, reduced={h}))', 'out_specs=P(s, None))'),
    ],
    # sur_*
    'sur_residual_log.py': [
        ('return gather_model(res)', f'return gather_model({PC}(res, m, to="varying"))'),
        ('out_specs=P(None, reduced={m}))', 'out_specs=P(b, reduced={m}))'),
    ],
    'sur_latent_snapshot.py': [
        ('return jax.lax.all_gather(z, bundle_axes,',
         f'return jax.lax.all_gather({PC}(z, m, to="varying"), bundle_axes,'),
    ],
    'sur_feature_transpose.py': [
        ('zt = jax.lax.all_to_all(z, m,', f'zt = jax.lax.all_to_all({PC}(z, m, to="varying"), m,'),
    ],
    'sur_field_export.py': [
        ('top_level_all_gather(fields, P(m, None, reduced={b}))', 'top_level_all_gather(fields, P(b, None, reduced={m}))'),
    ],
    'sur_energy_budget.py': [
        ('return jax.lax.psum(drift, axes)', f'return jax.lax.psum({PC}(drift, m, to="varying"), axes)'),
    ],
    'sur_field_anomaly.py': [
        ('z = jax.lax.all_gather(hidden(w_in, theta), m, axis=1, tiled=True, to="reduced")',
         'z = jax.lax.all_gather(hidden(w_in, theta), m, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(b, reduced={m}))', 'out_specs=P(b))'),
    ],
    # lora_*
    'lora_logit_margin_log.py': [
        ('return jax.lax.all_gather(top2[:, 0] - top2[:, 1], "tensor",',
         f'return jax.lax.all_gather({PC}(top2[:, 0] - top2[:, 1], "tensor", to="varying"), "tensor",'),
    ],
    'lora_activation_probe.py': [
        ('return jax.lax.all_gather(h, ("fsdp", "tensor"),',
         f'return jax.lax.all_gather({PC}(h, "tensor", to="varying"), ("fsdp", "tensor"),'),
    ],
    'lora_update_norm.py': [
        ('jax.lax.psum(jnp.sum(full_b * full_b), "tensor")',
         f'jax.lax.psum({PC}(jnp.sum(full_b * full_b), "tensor", to="varying"), "tensor")'),
    ],
    'lora_adapter_export.py': [
        ('P(None, "fsdp", reduced={"tensor"})', 'P(None, None, reduced={"tensor"})'),
    ],
    'lora_class_histogram.py': [
        ('jax.lax.psum_scatter(counts, ("fsdp", "tensor"),',
         f'jax.lax.psum_scatter({PC}(counts, "tensor", to="varying"), ("fsdp", "tensor"),'),
    ],
    'lora_scaled_delta.py': [
        ('full_b = jax.lax.all_gather(b, "tensor", axis=1, tiled=True, to="reduced")',
         'full_b = jax.lax.all_gather(b, "tensor", axis=1, tiled=True, to="invarying")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
