"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout54/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the gather, the collective or the tuple reduction), `jax.reshard`, a
context mesh or the missing `reduced=` axis for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'`. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # MLP tutorial
    'mlp_activation_stats.py': [
        ('all_gather(dead, "data",', f'all_gather({PC}(dead, "data", to="varying"), "data",'),
    ],
    'mlp_layer_weights_gather.py': [
        ('all_gather(cols, ("data", "model")', f'all_gather({PC}(cols, "model", to="varying"), ("data", "model")'),
    ],
    'mlp_dropout_mask_ring.py': [
        ('ppermute(x, axis,', f'ppermute({PC}(x, axis, to="varying"), axis,'),
    ],
    'mlp_eval_replicate_params.py': [
        ('"dense_1": {"w": P(None, None), "b": P(None)},',
         '"dense_1": {"w": P(None, None, reduced={"model"}), "b": P(None)},'),
    ],
    'mlp_loss_over_mesh.py': [
        ('pmean(loss, AXES)', f'pmean({PC}(loss, "model", to="varying"), AXES)'),
    ],
    'mlp_feature_standardize.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("data", None, reduced={"model"})', 'out_specs=P("data", None)'),
    ],
    # attention notebook
    'attn_logit_max_gather.py': [
        ('all_gather(m, "heads",', f'all_gather({PC}(m, "heads", to="varying"), "heads",'),
    ],
    'attn_kv_cache_gather.py': [
        ('all_gather(t, ("batch", "heads")', f'all_gather({PC}(t, "heads", to="varying"), ("batch", "heads")'),
    ],
    'attn_head_mixing.py': [
        ('psum(all_heads, "heads")', f'psum({PC}(all_heads, "heads", to="varying"), "heads")'),
    ],
    'attn_tlag_flat_tokens.py': [
        ('top_level_all_gather(rows, per_head_spec)', 'jax.reshard(rows, per_head_spec)'),
        ('per_head_spec = P("heads", None, reduced={"batch"})', 'per_head_spec = P("heads", None)'),
    ],
    'attn_entropy_probe.py': [
        ('psum(per_head, axes)', f'psum({PC}(per_head, axes[1], to="varying"), axes)'),
    ],
    'attn_causal_mask_scores.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("batch", None, reduced={"heads"})', 'out_specs=P("batch", None)'),
    ],
    # VAE experiments
    'vae_kl_term_gather.py': [
        ('all_gather(kl[None], cfg.data_axis,', f'all_gather({PC}(kl[None], cfg.data_axis, to="varying"), cfg.data_axis,'),
    ],
    'vae_latent_codes_gather.py': [
        ('all_gather(z, setup.axes,', f'all_gather({PC}(z, setup.axes[0], to="varying"), setup.axes,'),
    ],
    'vae_decoder_all_to_all.py': [
        ('all_to_all(h, cfg.axes["latent"],', f'all_to_all({PC}(h, cfg.axes["latent"], to="varying"), cfg.axes["latent"],'),
    ],
    'vae_tlag_sample_grid.py': [
        ('    return to_plot_layout(samples)', '    with jax.set_mesh(mesh):\n        return to_plot_layout(samples)'),
    ],
    'vae_elbo_logging.py': [
        ('pmean(local, cfg.log_axes)', f'pmean({PC}(local, "mp", to="varying"), cfg.log_axes)'),
    ],
    'vae_reparam_sample.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("dp", None, reduced={"mp"})', 'out_specs=P("dp", None)'),
    ],
    # contrastive learning
    'clr_positive_pairs_count.py': [
        ('all_gather(total, axis_name="y"', f'all_gather({PC}(total, "y", to="varying"), axis_name="y"'),
    ],
    'clr_global_negatives.py': [
        ('all_gather(z, (outer, inner)', f'all_gather({PC}(z, inner, to="varying"), (outer, inner)'),
    ],
    'clr_moco_queue_ring.py': [
        ('ppermute(keys, "y",', f'ppermute({PC}(keys, "y", to="varying"), "y",'),
    ],
    'clr_tlag_embedding_table.py': [
        ('partial(top_level_all_gather, out_sharding=demo_layout)',
         'partial(top_level_all_gather, out_sharding=demo_layout, multi_dim=True)'),
    ],
    'clr_alignment_uniformity.py': [
        ('pmean(fn(u, v), axis_name=', f'pmean({PC}(fn(u, v), "y", to="varying"), axis_name='),
    ],
    'clr_temperature_logits.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("x", None, reduced={"y"})', 'out_specs=P("x", None)'),
    ],
    # mixture of experts
    'moe_expert_load.py': [
        ('all_gather(counts / counts.sum(), "data"', f'all_gather({PC}(counts / counts.sum(), "data", to="varying"), "data"'),
    ],
    'moe_router_probs_gather.py': [
        ('out = jax.lax.all_gather(out, axes,',
         f'out = jax.lax.all_gather({PC}(out, "expert", to="varying") if dim == 0 else out, axes,'),
    ],
    'moe_dispatch_all_to_all.py': [
        ('all_to_all(h, "expert",', f'all_to_all({PC}(h, "expert", to="varying"), "expert",'),
    ],
    'moe_tlag_expert_weights.py': [
        ('"w_out": (P("expert", None, None), P(None, None, None)),',
         '"w_out": (P("expert", None, None), P(None, None, None, reduced={"expert"})),'),
    ],
    'moe_aux_balance_loss.py': [
        ('psum(local, ALL_AXES)', f'psum({PC}(local, "data", to="varying"), ALL_AXES)'),
    ],
    'moe_capacity_clip.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("expert", reduced={"data"})', 'out_specs=P("expert")'),
    ],
    # diffusion toys
    'ddpm_noise_level_stats.py': [
        ('all_gather(e, "batch",', f'all_gather({PC}(e, "batch", to="varying"), "batch",'),
    ],
    'ddpm_score_field_gather.py': [
        ('all_gather(s, ("feat", "batch")', f'all_gather({PC}(s, "batch", to="varying"), ("feat", "batch")'),
    ],
    'ddpm_ema_weights_max.py': [
        ('pmax(d, "feat")', f'pmax({PC}(d, "feat", to="varying"), "feat")'),
    ],
    'ddpm_tlag_samples_export.py': [
        ('top_level_all_gather(x, P("feat", None, reduced={"batch"}))', 'jax.reshard(x, P("feat", None))'),
    ],
    'ddpm_loss_weighting.py': [
        ('pmean(loss, ("batch", "feat"))', f'pmean({PC}(loss, "feat", to="varying"), ("batch", "feat"))'),
    ],
    'ddpm_x0_clip.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("batch", None, reduced={"feat"})', 'out_specs=P("batch", None)'),
    ],
    # ablation sweeps
    'abl_init_scale_sweep.py': [
        ('all_gather(v, "i",', f'all_gather({PC}(v, "i", to="varying"), "i",'),
    ],
    'abl_gather_strategies.py': [
        ('all_gather(rows, ("j", "i")', f'all_gather({PC}(rows, "i", to="varying"), ("j", "i")'),
    ],
    'abl_pooling_variants.py': [
        ('psum(gather_positions(h), "j")', f'psum({PC}(gather_positions(h), "j", to="varying"), "j")'),
    ],
    'abl_tlag_checkpoint_cell.py': [
        ('        ckpts[name] = save_replicated(trained)',
         '        with jax.set_mesh(mesh):\n            ckpts[name] = save_replicated(trained)'),
    ],
    'abl_optimizer_grad_norm.py': [
        ('psum(sq, ("i", "j"))', f'psum({PC}(sq, "i", to="varying"), ("i", "j"))'),
    ],
    'abl_norm_layers.py': [
        ('to="reduced", tiled=True))', 'to="invarying", tiled=True))'),
        ('out_specs=P("i", None, reduced={"j"})', 'out_specs=P("i", None)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
