    # T5X-like partitioner and models
    't5x_eval_metrics_accuracy.py': [
        ('jax.lax.all_gather(v[None], axis,', f'jax.lax.all_gather({PC}(v[None], axis, to="varying"), axis,'),
    ],
    't5x_decoder_kv_cache_gather.py': [
        ('all_gather(x, mesh_axes, axis=0,', f'all_gather({PC}(x, self.heads_axis, to="varying"), mesh_axes, axis=0,'),
    ],
    't5x_relpos_bias_scatter.py': [
        ('psum_scatter(scaled, self.heads_axis,', f'psum_scatter({PC}(scaled, self.heads_axis, to="varying"), self.heads_axis,'),
    ],
    't5x_tlag_serving_export.py': [
        ('return {path: P(*([None] * len(names))) for',
         'return {path: P(*([None] * len(names)), reduced={"data", "model"}) for'),
    ],
    't5x_loss_normalizing_factor.py': [
        ('return jax.lax.psum(local, axes), weights',
         f'return jax.lax.psum({PC}(local, "model", to="varying"), axes), weights'),
    ],
    't5x_label_smoothing_xent.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
