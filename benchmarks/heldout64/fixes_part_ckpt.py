    # checkpoint and eval loops
    'ckpt_eval_loop_average.py': [
        ('jax.lax.all_gather(x[None], axis,', f'jax.lax.all_gather({PC}(x[None], axis, to="varying"), axis,'),
    ],
    'ckpt_restore_single_host.py': [
        ('jax.lax.all_gather(x, axes, axis=1,', f'jax.lax.all_gather({PC}(x, "fsdp", to="varying"), axes, axis=1,'),
    ],
    'ckpt_ema_sync_before_save.py': [
        ('jax.lax.pmean(v, self.fsdp_axis)', f'jax.lax.pmean({PC}(v, self.fsdp_axis, to="varying"), self.fsdp_axis)'),
    ],
    'ckpt_tlag_async_save.py': [
        ('"params": {"layout": P("fsdp", None, reduced={"replica"})',
         '"params": {"layout": P("replica", None, reduced={"fsdp"})'),
    ],
    'ckpt_eval_perplexity.py': [
        ('jax.lax.pmean(jnp.mean(per_seq), axis_name',
         f'jax.lax.pmean({PC}(jnp.mean(per_seq), "fsdp", to="varying"), axis_name'),
    ],
    'ckpt_best_metric_tracker.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
