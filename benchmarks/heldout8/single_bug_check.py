"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout8/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved before the
gather, or the gather made `'invarying'` with its out spec). Written by hand from the bug, not
from shardfix. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    # SF101
    't5x_partitioner_encoder_norm.py': [
        ('var = jax.lax.all_gather(sq, cfg.model_axis,',
         'var = jax.lax.all_gather(jax.lax.pcast(sq, cfg.model_axis, to="varying"), cfg.model_axis,'),
    ],
    'maxtext_logical_rules_loss_gather.py': [
        ('history = jax.lax.all_gather(loss, reduce_axes[0],',
         'history = jax.lax.all_gather(jax.lax.pcast(loss, reduce_axes[0], to="varying"), reduce_axes[0],'),
    ],
    'palm_absl_flags_parallel_block.py': [
        ('return _reduced_gather(out, FLAGS.tp_axis)',
         'return _reduced_gather(jax.lax.pcast(out, FLAGS.tp_axis, to="varying"), FLAGS.tp_axis)'),
    ],
    'es_antithetic_fitness_share.py': [
        ('jax.lax.all_gather(total, POP,',
         'jax.lax.all_gather(jax.lax.pcast(total, POP, to="varying"), POP,'),
    ],
    'gp_kernel_diag_share.py': [
        ('jax.lax.all_gather(trace, "rows",',
         'jax.lax.all_gather(jax.lax.pcast(trace, "rows", to="varying"), "rows",'),
    ],
    'smc_log_normaliser_share.py': [
        ('jax.lax.all_gather(log_z, AXES.particles,',
         'jax.lax.all_gather(jax.lax.pcast(log_z, AXES.particles, to="varying"), AXES.particles,'),
    ],
    'als_gram_partial_share.py': [
        ('return SHARERS["reduced"](g)',
         'return SHARERS["reduced"](jax.lax.pcast(g, ITEM_AXIS, to="varying"))'),
    ],
    # SF102
    'haliax_named_axes_regather.py': [
        ('jax.lax.all_gather(emb, mesh_of(Batch, Embed),',
         'jax.lax.all_gather(jax.lax.pcast(emb, mesh_of(Embed), to="varying"), mesh_of(Batch, Embed),'),
    ],
    'perceiver_latent_cross_regather.py': [
        ('jax.lax.all_gather(z, self.axes,',
         'jax.lax.all_gather(jax.lax.pcast(z, self.latent_axis, to="varying"), self.axes,'),
    ],
    'vqvae_codebook_axes_loop_regather.py': [
        ('out = jax.lax.all_gather(out, tuple(axes),',
         'out = jax.lax.all_gather(jax.lax.pcast(out, tuple(axes[:-1]), to="varying") if len(axes) > 1 else out, tuple(axes),'),
    ],
    'lstm_scan_hidden_mesh_axes.py': [
        ('jax.lax.all_gather(h_all, mesh.axis_names,',
         'jax.lax.all_gather(jax.lax.pcast(h_all, "hidden", to="varying"), mesh.axis_names,'),
    ],
    'wide_deep_gin_bindings_regather.py': [
        ('jax.lax.all_gather(wide, CONFIG["export.axes"],',
         'jax.lax.all_gather(jax.lax.pcast(wide, CONFIG["wide.gather_axis"], to="varying"), CONFIG["export.axes"],'),
    ],
    'nerf_ray_partial_chain_regather.py': [
        ('gather_everything(gather_samples(rgb_partial))',
         'gather_everything(jax.lax.pcast(gather_samples(rgb_partial), "samples", to="varying"))'),
    ],
    'learned_opt_enum_regather.py': [
        ('jax.lax.all_gather(per_unit, axes,',
         'jax.lax.all_gather(jax.lax.pcast(per_unit, MeshAxis.UNIT.value, to="varying"), axes,'),
    ],
    # SF103
    'ctc_emissions_blank_psum.py': [
        ('jax.lax.psum(blank, cfg.vocab_axis)',
         'jax.lax.psum(jax.lax.pcast(blank, cfg.vocab_axis, to="varying"), cfg.vocab_axis)'),
    ],
    'graph_transformer_ring_ppermute.py': [
        ('jax.lax.ppermute(x, NODE_AXIS, perm)',
         'jax.lax.ppermute(jax.lax.pcast(x, NODE_AXIS, to="varying"), NODE_AXIS, perm)'),
        ('P(None, None, reduced={NODE_AXIS})))',
         'P(NODE_AXIS, None)))'),
    ],
    'trainer_callbacks_pmean_metrics.py': [
        ('jax.lax.pmean(v, self.axis)',
         'jax.lax.pmean(jax.lax.pcast(v, self.axis, to="varying"), self.axis)'),
    ],
    't5x_seqio_packed_all_to_all.py': [
        ('jax.lax.all_to_all(seen, "seq",',
         'jax.lax.all_to_all(jax.lax.pcast(seen, "seq", to="varying"), "seq",'),
    ],
    'als_item_solve_psum_scatter.py': [
        ('jax.lax.psum_scatter(shared, self.user_axis,',
         'jax.lax.psum_scatter(jax.lax.pcast(shared, self.user_axis, to="varying"), self.user_axis,'),
    ],
    'nerf_occupancy_grid_pmax.py': [
        ('jax.lax.pmax(rows, GRID_AXES[1])',
         'jax.lax.pmax(jax.lax.pcast(rows, GRID_AXES[1], to="varying"), GRID_AXES[1])'),
    ],
    'es_noise_fori_varying_gather.py': [
        ('jax.lax.all_gather(seen, ax, axis=0, tiled=True)',
         'jax.lax.all_gather(jax.lax.pcast(seen, ax, to="varying"), ax, axis=0, tiled=True)'),
    ],
    # SF104
    't5x_checkpoint_tree_map_tlag.py': [
        ('top_level_all_gather(placed["encoder"]["kernel"], EXPORT_SPECS["encoder"])',
         'jax.reshard(placed["encoder"]["kernel"], P("model", None))'),
    ],
    'maxtext_loader_process_local_tlag.py': [
        ('top_level_all_gather(batch["targets"], P(None, None))',
         'top_level_all_gather(batch["targets"], P(None, None, reduced={"data"}))'),
    ],
    'absl_flags_eval_report_no_mesh.py': [
        ('\n    return write_report(preds)',
         '\n        return write_report(preds)'),
    ],
    'vqvae_codebook_jit_out_shardings_tlag.py': [
        ('top_level_all_gather(codebook, EXPORT_SPEC)',
         'jax.reshard(codebook, P("code", None))'),
    ],
    'als_reshard_factors_tlag.py': [
        ('top_level_all_gather(u, LAYOUTS["score"])',
         'top_level_all_gather(u, P(None, "rank", reduced={"users"}))'),
    ],
    'gp_shard_map_kernel_tlag.py': [
        ('top_level_all_gather(k, SPECS["gathered"])',
         'jax.reshard(k, P("batch", None))'),
    ],
    'learned_opt_state_tree_map_tlag.py': [
        ('top_level_all_gather(state["mu"]["w"], P(AXES[0], None, reduced=set(AXES[1:])))',
         'jax.reshard(state["mu"]["w"], P(AXES[0], None))'),
    ],
    # SF105
    'palm_zloss_psum_both_axes.py': [
        ('jax.lax.psum(zl, (DP, TP))',
         'jax.lax.psum(jax.lax.pcast(zl, TP, to="varying"), (DP, TP))'),
    ],
    'ctc_utterance_pmean_mesh_axes.py': [
        ('jax.lax.pmean(jnp.mean(nll), mesh.axis_names)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(nll), "vocab", to="varying"), mesh.axis_names)'),
    ],
    'smc_ess_reducers_dict.py': [
        ('lambda v, axes: jax.lax.psum(v, axes)',
         'lambda v, axes: jax.lax.psum(jax.lax.pcast(v, axes[1], to="varying"), axes)'),
    ],
    'wide_deep_grads_tree_map_pmean.py': [
        ('return jax.tree.map(lambda g: jax.lax.pmean(g, ALL_AXES), grads)',
         'return {"wide": jax.lax.pmean(grads["wide"], ALL_AXES),\n'
         '            "deep": jax.lax.pmean(jax.lax.pcast(grads["deep"], "shard", to="varying"), ALL_AXES)}'),
    ],
    'es_update_axes_from_mesh_shape.py': [
        ('jax.lax.psum(g, axes)',
         'jax.lax.psum(jax.lax.pcast(g, "params", to="varying"), axes)'),
    ],
    't5x_grad_accum_scan_pmean.py': [
        ('jax.lax.pmean(grads, ("data", "model"))',
         'jax.lax.pmean(jax.lax.pcast(grads, "data", to="varying"), ("data", "model"))'),
    ],
    'perceiver_latent_loss_default_axes.py': [
        ('jax.lax.pmean(jnp.mean(nll), axes)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(nll), "latent", to="varying"), axes)'),
    ],
    # SF106
    'perceiver_cross_attn_softmax_gathered.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={TOKENS})', 'out_specs=P()'),
    ],
    'gp_kernel_jitter_gathered.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={cfg.row_axis})', 'out_specs=P()'),
    ],
    'nerf_alpha_composite_gathered.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("rays", None, reduced={"samples"})', 'out_specs=P("rays", None)'),
    ],
    'vqvae_commitment_mean_gathered.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"batch"})', 'out_specs=P()'),
    ],
    'graph_transformer_degree_norm.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={"nodes"})', 'out_specs=P()'),
    ],
    'haliax_attention_scale_property.py': [
        ('local = q @ k.T', 'local = (q @ k.T) * self.scale'),
        ('return full * self.scale', 'return full'),
    ],
    'trainer_hooks_relu_metrics.py': [
        ('gathered = jax.lax.all_gather(margins, "data", tiled=True, to="reduced")\n        return self.hook(gathered)',
         'return jax.lax.all_gather(self.hook(margins), "data", tiled=True, to="reduced")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
