"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout80/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a helper, a lambda or a
callback), `jax.reshard`, a context mesh or the missing `reduced=` axis for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (through the layer, model or trainer option that names the gather mode where
there is one). `ks_cb_base_logger`'s fix keeps the comprehension and averages each log over the
axes it still varies on (the mean over an axis a value is invariant on is the value itself).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
FIXES = {
    # ks_layer_*
    'ks_layer_norm_stats.py': [
        ('return outputs, self.collect_statistics(mean)',
         f'return outputs, self.collect_statistics({PC}(mean, self.stats_axis, to="varying"))'),
    ],
    'ks_layer_embedding_snapshot.py': [
        ('return vectors, self.snapshot(rows)',
         f'return vectors, self.snapshot({PC}(rows, self.feature_axis, to="varying"))'),
    ],
    'ks_layer_kernel_constraint.py': [
        ('jax.lax.psum(sq, self.axis_name)',
         f'jax.lax.psum({PC}(sq, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'ks_layer_export_weights.py': [
        ('top_level_all_gather(getattr(layer, name), P())',
         'top_level_all_gather(getattr(layer, name), P(reduced={"model"}))'),
    ],
    'ks_layer_activity_regularizer.py': [
        ('jax.lax.pmean(jnp.sum(activations * activations), self.axis_names)',
         f'jax.lax.pmean({PC}(jnp.sum(activations * activations), "model", to="varying"), self.axis_names)'),
    ],
    'ks_layer_rescaling_stack.py': [
        ('AllGatherFeatures(axis_name="model")',
         'AllGatherFeatures(axis_name="model", mode="invarying")'),
    ],
}
FIXES.update({
    # ks_model_*
    'ks_model_train_step_logs.py': [
        ('logs["replica_loss"] = self._per_replica(loss)',
         f'logs["replica_loss"] = self._per_replica({PC}(loss, self.data_axis, to="varying"))'),
    ],
    'ks_model_prediction_gather.py': [
        ('return self._collect(y_pred)',
         f'return self._collect({PC}(y_pred, self.distribution.model_dim_name, to="varying"))'),
    ],
    'ks_model_kernel_penalty.py': [
        ('jax.lax.psum(extra, self.model_axis)',
         f'jax.lax.psum({PC}(extra, self.model_axis, to="varying"), self.model_axis)'),
    ],
    'ks_model_save_weights.py': [
        ('    weights = model.get_weights()',
         '    with jax.set_mesh(mesh):\n        weights = model.get_weights()'),
    ],
    'ks_model_loss_reduction.py': [
        ('return reduce(per_sample, self.distribution.reduce_axes)',
         f'return reduce({PC}(per_sample, "model", to="varying"), self.distribution.reduce_axes)'),
    ],
    'ks_model_test_step_crossentropy.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
    ],
})
FIXES.update({
    # ks_metric_*
    'ks_metric_auc_curve.py': [
        ('curve = self.curve(tpr) if',
         f'curve = self.curve({PC}(tpr, self.distribution.mesh.axis_names[0], to="varying")) if'),
    ],
    'ks_metric_confusion_matrix.py': [
        ('return self._gather_all(matrix, axis=0)',
         f'return self._gather_all({PC}(matrix, self.class_axis, to="varying"), axis=0)'),
    ],
    'ks_metric_precision_sync.py': [
        ('counts = self.reduce_fn(state, self.axis)',
         f'counts = self.reduce_fn({PC}(state, self.axis, to="varying"), self.axis)'),
    ],
    'ks_metric_result_logger.py': [
        ('host = top_level_all_gather(value, self.layout)',
         'host = jax.reshard(value, self.layout)'),
    ],
    'ks_metric_mean_wrapper.py': [
        ('return total + jax.lax.psum(values.sum(), self.axes),',
         f'return total + jax.lax.psum({PC}(values.sum(), "shard", to="varying"), self.axes),'),
    ],
    'ks_metric_f1_score.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
})
FIXES.update({
    # ks_dist_*
    'ks_dist_gradient_norms.py': [
        ('norms = distribution.gradient_norms(grads)',
         f'norms = distribution.gradient_norms(jax.tree.map(lambda g: {PC}(g, "batch", to="varying"), grads))'),
    ],
    'ks_dist_activation_layouts.py': [
        ('return logits, gather_to_layout(logits, source,',
         f'return logits, gather_to_layout({PC}(logits, "model", to="varying"), source,'),
    ],
    'ks_dist_weight_averaging.py': [
        ('ema = COLLECTIVES["reduce_scatter"](full, self.shard_axis)',
         f'ema = COLLECTIVES["reduce_scatter"]({PC}(full, self.shard_axis, to="varying"), self.shard_axis)'),
    ],
    'ks_dist_checkpoint_layouts.py': [
        ('top_level_all_gather(value, layout.spec) if',
         'jax.reshard(value, layout.spec) if'),
    ],
    'ks_dist_vocab_parallel_loss.py': [
        ('total = jax.lax.psum(per_token.sum(),',
         f'total = jax.lax.psum({PC}(per_token.sum(), distribution.vocab_axis, to="varying"),'),
    ],
    'ks_dist_dense_output_layout.py': [
        ('layer = Dense("dense_1", ModelParallel(layout_map))',
         'layer = Dense("dense_1", ModelParallel(layout_map, gather_mode="invarying"))'),
    ],
})
FIXES.update({
    # ks_hub_*
    'ks_hub_causal_lm_scores.py': [
        ('return self._all_positions(label_logit - log_z)',
         f'return self._all_positions({PC}(label_logit - log_z, axis, to="varying"))'),
    ],
    'ks_hub_hidden_states.py': [
        ('jax.tree.map(lambda h: jax.lax.all_gather(h, axes,',
         f'jax.tree.map(lambda h: jax.lax.all_gather({PC}(h, "model", to="varying"), axes,'),
    ],
    'ks_hub_ring_attention.py': [
        ('        for _ in range(jax.lax.axis_size(self.ring_axis) - 1):',
         f'        keys = {PC}(keys, self.ring_axis, to="varying")\n        for _ in range(jax.lax.axis_size(self.ring_axis) - 1):'),
    ],
    'ks_hub_export_transformers.py': [
        ('    state_dict = export_to_transformers(backbone)',
         '    with jax.set_mesh(mesh):\n        state_dict = export_to_transformers(backbone)'),
    ],
    'ks_hub_classifier_zero_grad.py': [
        ('jax.lax.psum_scatter(grad, self.backbone.zero_axes,',
         f'jax.lax.psum_scatter({PC}(grad, self.backbone.model_axis, to="varying"), self.backbone.zero_axes,'),
    ],
    'ks_hub_logit_soft_cap.py': [
        ('axis=-1, tiled=True, to="reduced")',
         'axis=-1, tiled=True, to="invarying")'),
    ],
})
FIXES.update({
    # ks_cb_*
    'ks_cb_grad_norm_histogram.py': [
        ('jax.lax.all_gather(logs[self.monitor], axis,',
         f'jax.lax.all_gather({PC}(logs[self.monitor], axis, to="varying"), axis,'),
    ],
    'ks_cb_activation_snapshot.py': [
        ('jax.lax.all_gather(logs["activations"], all_devices,',
         f'jax.lax.all_gather({PC}(logs["activations"], "model", to="varying"), all_devices,'),
    ],
    'ks_cb_ema_weights.py': [
        ('weights = jax.lax.pmean(logs["full_weights"], self.sync_axis)',
         f'weights = jax.lax.pmean({PC}(logs["full_weights"], self.sync_axis, to="varying"), self.sync_axis)'),
    ],
    'ks_cb_model_checkpoint.py': [
        ('"row_sharded": lambda axes: P(axes[0], None),',
         '"row_sharded": lambda axes: P(axes[0], None, reduced={axes[1]}),'),
    ],
    'ks_cb_base_logger.py': [
        ('jax.lax.pmean(value, self.axes) for name',
         'jax.lax.pmean(value, tuple(a for a in self.axes if a in jax.typeof(value).mat.varying)) for name'),
    ],
    'ks_cb_divergence_monitor.py': [
        ('callbacks=[ReplicaDivergenceMonitor(threshold=5.0)])',
         'callbacks=[ReplicaDivergenceMonitor(threshold=5.0)], gather_mode="invarying")'),
    ],
})
FIXES.update({
    # ks_opt_*
    'ks_opt_loss_scale.py': [
        ('history = jax.lax.all_gather(finite, self.axis_name,',
         f'history = jax.lax.all_gather({PC}(finite, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'ks_opt_adafactor_stats.py': [
        ('stats = self.replica_statistics(full)',
         f'stats = self.replica_statistics({PC}(full, self.model_axis, to="varying"))'),
    ],
    'ks_opt_lamb_trust_ratio.py': [
        ('w_norm = self._shard_norms(self._norm(variable))[0]',
         f'w_norm = self._shard_norms({PC}(self._norm(variable), self.shard_axis, to="varying"))[0]'),
    ],
    'ks_opt_save_own_variables.py': [
        ('store[f"{i}/{slot}"] = top_level_all_gather(value, spec)',
         'store[f"{i}/{slot}"] = jax.reshard(value, P(keep_axis, None))'),
    ],
    'ks_opt_global_clipnorm.py': [
        ('return jnp.sqrt(jax.lax.psum(local, self.norm_axes))',
         f'return jnp.sqrt(jax.lax.psum({PC}(local, "batch", to="varying"), self.norm_axes))'),
    ],
    'ks_opt_huber_loss.py': [
        ('axis=1, tiled=True, to="reduced") for a in arrays)',
         'axis=1, tiled=True, to="invarying") for a in arrays)'),
    ],
})


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
