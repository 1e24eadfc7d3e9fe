    # Levanter-like named axes and trainer
    'lev_token_count_logging.py': [
        ('all_gather(x[None], physical_axis_name(axis, mapping),',
         f'all_gather({PC}(x[None], physical_axis_name(axis, mapping), to="varying"), physical_axis_name(axis, mapping),'),
    ],
    'lev_lm_head_full_logits.py': [
        ('jax.lax.all_gather(logits, physical((Batch, Vocab), self.mapping),',
         f'jax.lax.all_gather({PC}(logits, "model", to="varying"), physical((Batch, Vocab), self.mapping),'),
    ],
    'lev_ring_attention_rotate.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'lev_tlag_hf_export.py': [
        ('    with mesh:', '    with jax.set_mesh(mesh):'),
    ],
    'lev_next_token_loss.py': [
        ('config.reduction(loss, config.physical_axes())',
         f'config.reduction({PC}(loss, "model", to="varying"), config.physical_axes())'),
    ],
    'lev_rms_norm_weight.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
