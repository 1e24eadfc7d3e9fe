"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout7/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved off the reduced
value or the gather made `to='invarying'`). Written by hand from the bug, not from shardfix. A
program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # SF101: cast the summed / averaged value back to varying before the reduced gather
    'diffusion_timestep_loss_psum_gather.py': [
        ('all_gather(per_t, cfg.data_axis,',
         'all_gather(jax.lax.pcast(per_t, cfg.data_axis, to="varying"), cfg.data_axis,'),
    ],
    'ppo_advantage_stats_share.py': [
        ('all_gather(stat, axis,', 'all_gather(jax.lax.pcast(stat, axis, to="varying"), axis,'),
    ],
    'byol_target_projection_gather.py': [
        ('all_gather(centre, AXES.replica,',
         'all_gather(jax.lax.pcast(centre, AXES.replica, to="varying"), AXES.replica,'),
    ],
    'fedavg_server_broadcast_gather.py': [
        ('all_gather(avg, self.axis,', 'all_gather(jax.lax.pcast(avg, self.axis, to="varying"), self.axis,'),
    ],
    'weather_zonal_mean_gather.py': [
        ('all_gather(anomalies, Grid.LON.value,',
         'all_gather(jax.lax.pcast(anomalies, Grid.LON.value, to="varying"), Grid.LON.value,'),
    ],
    'pinn_residual_energy_gather.py': [
        ('all_gather(energy[None], "pts",',
         'all_gather(jax.lax.pcast(energy[None], "pts", to="varying"), "pts",'),
    ],
    'retrieval_topk_threshold_gather.py': [
        ('all_gather(best, self.shard_axis,',
         'all_gather(jax.lax.pcast(best, self.shard_axis, to="varying"), self.shard_axis,'),
    ],
    # SF102: cast the axis the input is already reduced on back to varying
    'alphafold_triangle_pair_regather.py': [
        ('all_gather(rows, (ROW, COL),', 'all_gather(jax.lax.pcast(rows, COL, to="varying"), (ROW, COL),'),
    ],
    'vit_patch_embed_stage_gather.py': [
        ('all_gather(kernel, cfg.fsdp_axes,',
         'all_gather(jax.lax.pcast(kernel, cfg.tp_axis, to="varying"), cfg.fsdp_axes,'),
    ],
    'bytelm_byte_embedding_regather.py': [
        ('all_gather(cols, (axes["batch"], axes["embed"]),',
         'all_gather(jax.lax.pcast(cols, axes["embed"], to="varying"), (axes["batch"], axes["embed"]),'),
    ],
    'linen_dense_kernel_gather.py': [
        ('all_gather(k, self.kernel_axes,',
         'all_gather(jax.lax.pcast(k, self.tensor, to="varying"), self.kernel_axes,'),
    ],
    'ringattn_kv_block_regather.py': [
        ('all_gather(k_seq, (DATA, SEQ),', 'all_gather(jax.lax.pcast(k_seq, SEQ, to="varying"), (DATA, SEQ),'),
    ],
    'weather_halo_then_global_gather.py': [
        ('all_gather(bands, MESH["names"],', 'all_gather(jax.lax.pcast(bands, lon, to="varying"), MESH["names"],'),
    ],
    'ppo_value_head_regather.py': [
        ('w = gather_stage(w, ("fsdp", "tensor"))',
         'w = gather_stage(jax.lax.pcast(w, "tensor", to="varying"), ("fsdp", "tensor"))'),
    ],
    # SF103: cast the reduced value to varying before the collective over its reduced axis
    'diffusion_unet_groupnorm_psum.py': [
        ('psum(jnp.sum(channels, axis=-1), self.channel_axis)',
         'psum(jax.lax.pcast(jnp.sum(channels, axis=-1), self.channel_axis, to="varying"), self.channel_axis)'),
    ],
    'simclr_negatives_pmean_gathered.py': [
        ('pmean(negatives, "batch")', 'pmean(jax.lax.pcast(negatives, "batch", to="varying"), "batch")'),
    ],
    'alphafold_triangle_ppermute_reduced.py': [
        ('ppermute(passed, chan_axis,', 'ppermute(jax.lax.pcast(passed, chan_axis, to="varying"), chan_axis,'),
    ],
    'retrieval_index_psum_scatter_reduced.py': [
        ('psum_scatter(full, axis,', 'psum_scatter(jax.lax.pcast(full, axis, to="varying"), axis,'),
    ],
    'sparse_attention_block_all_to_all.py': [
        ('all_to_all(layout, cfg.heads_axis,',
         'all_to_all(jax.lax.pcast(layout, cfg.heads_axis, to="varying"), cfg.heads_axis,'),
    ],
    'fedavg_clip_norm_pmax_reduced.py': [
        ('pmax(norms, FLAGS.client_axis)', 'pmax(jax.lax.pcast(norms, FLAGS.client_axis, to="varying"), FLAGS.client_axis)'),
    ],
    'orbax_restore_regather_params.py': [
        ('warm = gather(embed, "fsdp", 0)', 'warm = gather(jax.lax.pcast(embed, "fsdp", to="varying"), "fsdp", 0)'),
    ],
    # SF104: jax.reshard to the wanted layout, a full reduced= spec, or the call inside the mesh block
    'orbax_restore_tlag_spec_table.py': [
        ('embed = top_level_all_gather(state["embed"], EXPORT_LAYOUT["embed"])',
         'embed = jax.reshard(state["embed"], P("model", None))'),
    ],
    'fedavg_client_loader_tlag.py': [
        ('top_level_all_gather(batch["y"], P("clients", None))',
         'top_level_all_gather(batch["y"], P("clients", None, reduced={"shard"}))'),
    ],
    'vit_pipeline_jit_out_shardings_tlag.py': [
        ('top_level_all_gather(acts, P(("data", "tensor"), None, reduced={"pipe"}))',
         'jax.reshard(acts, P(("data", "tensor"), None))'),
    ],
    'weather_shard_map_field_tlag.py': [
        ('top_level_all_gather(u, PLOT["zonal"])', 'jax.reshard(u, PLOT["zonal"])'),
    ],
    'ppo_rollout_reshard_tlag.py': [
        ('top_level_all_gather(returns, P(None, Ax.ENV.value, reduced={Ax.ACTOR.value}))',
         'jax.reshard(returns, P(None, Ax.ENV.value))'),
    ],
    'bytelm_eval_report_no_mesh.py': [
        ('    return report(nll, args.axis)', '        return report(nll, args.axis)'),
    ],
    'retrieval_index_tree_map_tlag.py': [
        ('top_level_all_gather(placed["docs"], P("shard", None, reduced={"replica"}))',
         'jax.reshard(placed["docs"], P("shard", None))'),
    ],
    # SF105: cast the axis the value is invariant on to varying before the tuple reduction
    'ppo_value_loss_pmean_axes.py': [
        ('pmean(per_env, MESH_AXES)', 'pmean(jax.lax.pcast(per_env, "env", to="varying"), MESH_AXES)'),
    ],
    'diffusion_ema_metrics_mesh_axes.py': [
        ('pmean(metrics["mse"], mesh.axis_names)',
         'pmean(jax.lax.pcast(metrics["mse"], "model", to="varying"), mesh.axis_names)'),
    ],
    'simclr_loss_flags_psum.py': [
        ('psum(loss, axes)', 'psum(jax.lax.pcast(loss, axes[1], to="varying"), axes)'),
    ],
    'alphafold_msa_psum_scatter_axes.py': [
        ('psum_scatter(pair, tuple(AX),', 'psum_scatter(jax.lax.pcast(pair, AX.seq, to="varying"), tuple(AX),'),
    ],
    'fedavg_metrics_tree_map_psum.py': [
        ('count = jnp.sum(weights) * labels.shape[1]',
         'count = jax.lax.pcast(jnp.sum(weights) * labels.shape[1], "shard", to="varying")'),
    ],
    'weather_energy_budget_axes_loop.py': [
        ('pmean(jnp.mean(lat_band), tuple(axes))',
         'pmean(jax.lax.pcast(jnp.mean(lat_band), "lon", to="varying"), tuple(axes))'),
    ],
    'neural_ode_scan_accum_psum.py': [
        ('psum(total, ("data", "state"))', 'psum(jax.lax.pcast(total, "state", to="varying"), ("data", "state"))'),
    ],
    # SF106: the arithmetic moved before the gather, or the gather made to='invarying'
    'diffusion_cfg_guidance_gathered.py': [
        ('''        eps_c = jax.lax.all_gather(denoiser(x, w, cond), "pixels", axis=1, tiled=True, to="reduced")
        eps_u = jax.lax.all_gather(denoiser(x, w, 0.0 * cond), "pixels", axis=1, tiled=True, to="reduced")
        eps = guide(eps_c, eps_u)''',
         '''        eps = jax.lax.all_gather(guide(denoiser(x, w, cond), denoiser(x, w, 0.0 * cond)), "pixels",
                                 axis=1, tiled=True, to="reduced")'''),
    ],
    'vit_classifier_head_softmax_gathered.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('return P(self.batch_axis, None, reduced={self.class_axis})', 'return P(self.batch_axis, None)'),
    ],
    'ppo_ratio_clip_gathered.py': [
        ('ratio = gather_actions(jnp.exp(logp - old_logp), HYPER)\n        clipped = jnp.clip(ratio, 1 - HYPER["clip"], 1 + HYPER["clip"])',
         'clipped = gather_actions(jnp.clip(jnp.exp(logp - old_logp), 1 - HYPER["clip"], 1 + HYPER["clip"]), HYPER)'),
    ],
    'bytelm_gathered_hidden_mean.py': [
        ('full = jax.lax.all_gather(h, "seq", axis=1, tiled=True, to="reduced")\n        return pool_patches(full)',
         'return jax.lax.all_gather(pool_patches(h), "seq", axis=1, tiled=True, to="reduced")'),
    ],
    'alphafold_pair_bias_gathered.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(AXES["res"], None, None, reduced={AXES["heads"]})', 'out_specs=P(AXES["res"], None, None)'),
    ],
    'pinn_gathered_field_finite_diff.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("samples", None, reduced={"x"})', 'out_specs=P("samples", None)'),
    ],
    'retrieval_gathered_scores_temperature.py': [
        ('return self.scores(q, d) / self.temperature', 'return self.scores(q / self.temperature, d)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
