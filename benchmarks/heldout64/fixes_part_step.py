    # train-step factories
    'step_grad_norm_metrics.py': [
        ('jax.lax.all_gather(grad_norm[None], dp_axis,', f'jax.lax.all_gather({PC}(grad_norm[None], dp_axis, to="varying"), dp_axis,'),
    ],
    'step_eval_predictions_gather.py': [
        ('jax.lax.all_gather(preds, write_axes,', f'jax.lax.all_gather({PC}(preds, batch_axis, to="varying"), write_axes,'),
    ],
    'step_weight_decay_scan.py': [
        ('jax.lax.psum(jnp.sum(w_full * w_full), cfg.fsdp_axis)',
         f'jax.lax.psum({PC}(jnp.sum(w_full * w_full), cfg.fsdp_axis, to="varying"), cfg.fsdp_axis)'),
    ],
    'step_tlag_state_init.py': [
        ('EVAL_SPECS = {"dense/kernel": P(None, "tp"),', 'EVAL_SPECS = {"dense/kernel": P(None, "tp", reduced={"dp"}),'),
    ],
    'step_tp_metrics_reduce.py': [
        ('metrics[name] = reduce_fn(raw[name], axes)',
         f'metrics[name] = reduce_fn({PC}(raw[name], "tp", to="varying") if name == "loss" else raw[name], axes)'),
    ],
    'step_decoupled_weight_decay.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
