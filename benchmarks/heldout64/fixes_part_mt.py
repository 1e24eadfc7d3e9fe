    # MaxText-like trainer
    'mt_loss_total_weights.py': [
        ('all_gather(total_weights[None], batch_axis,',
         f'all_gather({PC}(total_weights[None], batch_axis, to="varying"), batch_axis,'),
    ],
    'mt_logits_vocab_gather.py': [
        ('all_gather(logits, axes, axis=0,', f'all_gather({PC}(logits, "tensor", to="varying"), axes, axis=0,'),
    ],
    'mt_param_norm_metrics.py': [
        ('jax.lax.psum(jnp.sum(leaf * leaf), axis_name)',
         f'jax.lax.psum({PC}(jnp.sum(leaf * leaf), axis_name, to="varying"), axis_name)'),
    ],
    'mt_tlag_decode_params.py': [
        ('return top_level_all_gather(arr, names_to_spec(names, DECODE_RULES, reduced=dropped))',
         'return jax.reshard(arr, names_to_spec(names, DECODE_RULES))'),
    ],
    'mt_moe_aux_loss.py': [
        ('jax.lax.pmean(loss, tuple(cfg.mesh_axes))',
         f'jax.lax.pmean({PC}(loss, "expert", to="varying"), tuple(cfg.mesh_axes))'),
    ],
    'mt_z_loss.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
