"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout121/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axis or config value
the author meant, the right `reduced=` axis, `multi_dim=True`, a prefix out spec or a call
under the strategy scope for `top_level_all_gather`, and for most SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says
reduced). Every fixed copy must also pass its own assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # vit_*
    'vit_patch_probe.py': [
        ('return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(y, axis, to="varying"), axis, axis=1, tiled=True, to="reduced")'),
    ],
    'vit_attention_dump.py': [
        ('return jax.lax.all_gather(o, strategy.axis_names, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(o, "data", axis=0, tiled=True, to="reduced")'),
    ],
    'vit_token_shift.py': [
        ('shifted = self.shift_right(ctx)', 'shifted = self.shift_right(t)'),
    ],
    'vit_kernel_export.py': [
        ('EXPORT_LAYOUT = {"kernel": P(None, None),', 'EXPORT_LAYOUT = {"kernel": P(None, None, reduced={"model"}),'),
    ],
    'vit_tp_loss.py': [
        ('return jax.lax.pmean(per_replica, strategy.axis_names)', 'return jax.lax.pmean(per_replica, "data")'),
    ],
    'vit_layernorm.py': [
        ('full = jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(h, axis, axis=1, tiled=True, to="invarying")'),
    ],
    # asr_*
    'asr_energy_logger.py': [
        ('collect_axis = "time"', 'collect_axis = "batch"'),
    ],
    'asr_specaug_dump.py': [
        ('return jax.lax.all_gather(utt, strategy.axis_names, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(utt, "batch", axis=0, tiled=True, to="reduced")'),
    ],
    'asr_blank_ratio.py': [
        ('blank_mass = jnp.sum(jnp.exp(full[..., BLANK]), axis=1)',
         'blank_mass = jnp.sum(jnp.exp(lg[..., BLANK]), axis=1)'),
    ],
    'asr_export_after_fit.py': [
        ('    weights = export_weights(model)\n',
         '    with strategy.scope():\n        weights = export_weights(model)\n'),
    ],
    'asr_ctc_loss.py': [
        ('loss_spec="frame_mse@batch,time"', 'loss_spec="frame_mse@batch"'),
    ],
    'asr_feature_clip.py': [
        ('utt = jax.lax.all_gather(f, ax, axis=1, tiled=True, to="reduced")',
         'utt = jax.lax.all_gather(f, ax, axis=1, tiled=True, to="invarying")'),
    ],
    # gnn_*
    'gnn_readout.py': [
        ('"readout": "sum"}]}', '"readout": "local_sum"}]}'),
    ],
    'gnn_embedding_dump.py': [
        ('dump_axes=tuple(strategy.mesh.axis_names)', 'dump_axes="graph"'),
    ],
    'gnn_halo_ring.py': [
        ('left = self.send_boundary(chain)', 'left = self.send_boundary(h)'),
    ],
    'gnn_adjacency_export.py': [
        ('export_spec=("feat", None)', 'export_spec=("graph", None)'),
        ('spec = P(*config["export_spec"], reduced={"graph"})', 'spec = P(*config["export_spec"], reduced={"feat"})'),
    ],
    'gnn_node_norm_metric.py': [
        ('sq = jax.lax.psum(jnp.sum(h ** 2, axis=1), "feat")',
         f'sq = {PC}(jax.lax.psum(jnp.sum(h ** 2, axis=1), "feat"), "feat", to="varying")'),
    ],
    'gnn_edge_softmax.py': [
        ('return jax.lax.all_gather(h @ q, "graph", tiled=True, to="reduced")',
         'return jax.lax.all_gather(h @ q, "graph", tiled=True, to="invarying")'),
    ],
    # ctr_*
    'ctr_bag_sync.py': [
        ('LAYER_DEFAULTS = {"collect_axis": "table"}', 'LAYER_DEFAULTS = {"collect_axis": "replica"}'),
    ],
    'ctr_field_dump.py': [
        ('SETTINGS = {"dump": {"axes": ("replica", "table"), "every": 1}}',
         'SETTINGS = {"dump": {"axes": ("replica",), "every": 1}}'),
    ],
    'ctr_user_centering.py': [
        ('jax.lax.psum(jnp.sum(everyone, axis=0), "replica")', 'jax.lax.psum(jnp.sum(u, axis=0), "replica")'),
    ],
    'ctr_table_checkpoint.py': [
        ('np.asarray(top_level_all_gather(w, spec))', 'np.asarray(top_level_all_gather(w, spec, multi_dim=True))'),
    ],
    'ctr_logloss.py': [
        ('return jax.lax.pmean(ll, self.reduction_axes)', 'return jax.lax.pmean(ll, self.reduction_axes[0])'),
    ],
    'ctr_temperature.py': [
        ('batch = jax.lax.all_gather(s, "replica", axis=0, tiled=True, to="reduced")',
         'batch = jax.lax.all_gather(s, "replica", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={"replica"}))', 'out_specs=P(None))'),
    ],
    # seg_*
    'seg_iou_counts.py': [
        ('self.image_axis = strategy.axis_names[-1]', 'self.image_axis = strategy.axis_names[0]'),
    ],
    'seg_mask_writer.py': [
        ('writer = PredictionWriter(img)', 'writer = PredictionWriter(img, scope="batch")'),
    ],
    'seg_row_pool.py': [
        ('col = jax.lax.psum_scatter(context, "space", scatter_dimension=1, tiled=True)',
         f'col = jax.lax.psum_scatter({PC}(context, "space", to="varying"), "space", scatter_dimension=1, tiled=True)'),
    ],
    'seg_logit_export.py': [
        ('"logits": P(None, "space", reduced={"data"}),', '"logits": P(None, "data", reduced={"space"}),'),
    ],
    'seg_dice_loss.py': [
        ('return jax.lax.psum(jnp.sum(dice), strategy.axis_names) / n_images',
         'return jax.lax.psum(jnp.sum(dice), "data") / n_images'),
    ],
    'seg_boundary_threshold.py': [
        ('image = jax.lax.all_gather(probs, "space", axis=1, tiled=True, to="reduced")',
         'image = jax.lax.all_gather(probs, "space", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", reduced={"space"}))', 'out_specs=P("data"))'),
    ],
    # lm_*
    'lm_token_nll_logger.py': [
        ('axis = head.get_config()["shard_axis"]', 'axis = "dp"'),
    ],
    'lm_kv_dump.py': [
        ('dump = KVCacheDump(tok)', 'dump = KVCacheDump(tok, axes="dp")'),
    ],
    'lm_seq_rmsnorm.py': [
        ('jax.lax.psum(jnp.sum(seq_sq, axis=(1, 2)), "tp")', 'jax.lax.psum(jnp.sum(x ** 2, axis=(1, 2)), "tp")'),
    ],
    'lm_embedding_export.py': [
        ('(r".*/embedding$", P(None, None, reduced={"dp"})),', '(r".*/embedding$", P(None, None, reduced={"tp"})),'),
    ],
    'lm_custom_train_step.py': [
        ('functools.partial(jax.lax.pmean, axis_name=strategy.axis_names)',
         'functools.partial(jax.lax.pmean, axis_name="dp")'),
    ],
    'lm_logit_softcap.py': [
        ('logits = jax.lax.all_gather(h @ k, "tp", axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(h @ k, "tp", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("dp", None, reduced={"tp"}))', 'out_specs=P("dp", None))'),
    ],
    # ts_*
    'ts_demand_monitor.py': [
        ('monitor="total_demand", watch_axis="horizon"):', 'monitor="total_demand", watch_axis="series"):'),
    ],
    'ts_quantile_writer.py': [
        ('output_axes=("series", "horizon"),', 'output_axes=("series",),'),
    ],
    'ts_lag_context.py': [
        ('lags = lag_matrix(history)', 'lags = lag_matrix(x)'),
    ],
    'ts_forecast_export.py': [
        ('serving_spec = P("series", None)', 'serving_spec = P("series", None, reduced={"horizon"})'),
    ],
    'ts_wape_metric.py': [
        ('METRIC_REDUCE_AXES = ("series", "horizon")', 'METRIC_REDUCE_AXES = ("series",)'),
    ],
    'ts_nonneg_forecast.py': [
        ('series = jax.lax.all_gather(f + level, "horizon", axis=1, tiled=True, to="reduced")',
         'series = jax.lax.all_gather(f + level, "horizon", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("series", reduced={"horizon"}))', 'out_specs=P("series"))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
