    # Pax-like layers and learners
    'pax_learner_grad_norm.py': [
        ('all_gather(grad_norm[None], p.replica_axis,',
         f'all_gather({PC}(grad_norm[None], p.replica_axis, to="varying"), p.replica_axis,'),
    ],
    'pax_attention_probs_summary.py': [
        ('all_gather(tensor, axes, axis=0,', f'all_gather({PC}(tensor, "mdl", to="varying"), axes, axis=0,'),
    ],
    'pax_shared_embedding_softmax.py': [
        ('reduce_fn(value, self.summary_axis)', f'reduce_fn({PC}(value, self.summary_axis, to="varying"), self.summary_axis)'),
    ],
    'pax_tlag_export_checkpoint.py': [
        ('    return InferenceExporter(p).export(state)',
         '    with jax.set_mesh(mesh):\n        return InferenceExporter(p).export(state)'),
    ],
    'pax_bn_cross_replica_moments.py': [
        ('jax.lax.psum(moments, axis_name', f'jax.lax.psum({PC}(moments, "mdl", to="varying"), axis_name'),
    ],
    'pax_layer_norm_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
