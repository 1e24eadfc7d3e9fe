"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout4/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved off the reduced
value). Written by hand from the bug, not from shardfix. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARY = 'jax.lax.pcast({0}, {1}, to="varying")'

FIXES = {
    # SF101: cast the invariant value back to varying before the reduced gather
    "praxis_layer_stack_hparams.py": [("lax.all_gather(sq, axis,", "lax.all_gather(" + VARY.format("sq", "axis") + ", axis,")],
    "equinox_rmsnorm_module.py": [("all_gather(pooled, self.axis_name,", "all_gather(" + VARY.format("pooled", "self.axis_name") + ", self.axis_name,")],
    "nnx_batchnorm_state.py": [("all_gather(batch_mean, module.axis_name,", "all_gather(" + VARY.format("batch_mean", "module.axis_name") + ", module.axis_name,")],
    "rl_actor_learner_advantages.py": [("all_gather(mean[None], args.actor_axis,", "all_gather(" + VARY.format("mean[None]", "args.actor_axis") + ", args.actor_axis,")],
    "notebook_replicated_weight_gather.py": [("all_gather(w_full, col_axis,", "all_gather(" + VARY.format("w_full", "col_axis") + ", col_axis,")],
    "kv_cache_lengths_pmax.py": [("all_gather(max_len[None], DP,", "all_gather(" + VARY.format("max_len[None]", "DP") + ", DP,")],
    "scan_grad_accum_metrics_dict.py": [("all_gather(m[None], DATA,", "all_gather(" + VARY.format("m[None]", "DATA") + ", DATA,")],
    # SF102: cast the axes the value is already reduced on (in alpa's helper library the fix is
    # at the caller: the helper's line is shared with the legal first stage)
    "alpa_autoshard_two_stage.py": [("_gather(first, plan.stages,", "_gather(" + VARY.format("first", "plan.stages[0]") + ", plan.stages,")],
    "unet_bias_preduced_tuple.py": [("all_gather(bias, (FSDP, CH),", "all_gather(" + VARY.format("bias", "FSDP") + ", (FSDP, CH),")],
    "enum_axes_partial_chain.py": [("gather_both(w_rows)", "gather_both(" + VARY.format("w_rows", "Ax.ROWS.value") + ")")],
    "gather_mappers_in_dict.py": [("all_gather(w, axes, axis=1,", "all_gather(" + VARY.format("w", "axes[0]") + ", axes, axis=1,")],
    "namedtuple_axes_slice_then_gather.py": [("all_gather(k_win, tuple(AXES),", "all_gather(" + VARY.format("k_win", "AXES.seq") + ", tuple(AXES),")],
    "vision_patch_embed_property.py": [("all_gather(k, self.cfg.all_axes,", "all_gather(" + VARY.format("k", "self.cfg.fsdp_axis") + ", self.cfg.all_axes,")],
    "two_level_helper_fsdp_gather.py": [("all_gather(w, axes, axis=0,", "all_gather(" + VARY.format("w", "axes[-1]") + ", axes, axis=0,")],
    # SF103: cast before the collective
    "kv_cache_ring_ppermute.py": [("ppermute(k_all, SP,", "ppermute(" + VARY.format("k_all", "SP") + ", SP,")],
    "diffusion_loss_psum_reduced.py": [('psum(jnp.sum(weights), "data")', "psum(" + VARY.format("jnp.sum(weights)", '"data"') + ', "data")')],
    "moe_router_all_to_all_reduced.py": [("all_to_all(gathered,", "all_to_all(" + VARY.format("gathered", "cfg.expert_axis") + ",")],
    "metrics_tree_pmean_after_gather.py": [("pmean(v, AXIS)", "pmean(" + VARY.format("v", "AXIS") + ", AXIS)")],
    "optimizer_tree_map_scatter.py": [("psum_scatter(g, DP,", "psum_scatter(" + VARY.format("g", "DP") + ", DP,")],
    "nnx_embed_gather_varying.py": [("all_gather(table, self.vocab_axis, axis=1,", "all_gather(" + VARY.format("table", "self.vocab_axis") + ", self.vocab_axis, axis=1,")],
    "pipeline_microbatch_pmax_reduced.py": [("pmax(amax_all, STAGE)", "pmax(" + VARY.format("amax_all", "STAGE") + ", STAGE)")],
    # SF104: jax.reshard, a full reduced= spec, or a context mesh
    "tlag_spec_table_device_put.py": [('top_level_all_gather(placed["embed"],', 'jax.reshard(placed["embed"],')],
    "tlag_jit_out_shardings_cfg.py": [("top_level_all_gather(y, layout.gathered())", "jax.reshard(y, layout.gathered())")],
    "tlag_process_local_loader.py": [("top_level_all_gather(labels, P(None))", "jax.reshard(labels, P(None))")],
    "tlag_reshard_tuple_order.py": [("top_level_all_gather(acts, self.next_stage)", "jax.reshard(acts, self.next_stage)")],
    "tlag_shard_map_result_eval.py": [('top_level_all_gather(logits, OUT_SPECS["gathered"])', 'jax.reshard(logits, OUT_SPECS["gathered"])')],
    "tlag_three_axis_loop_prefix.py": [("P(kept, reduced=dropped)", "P(None, reduced=set(mesh.axis_names))")],
    "tlag_without_set_mesh_helper.py": [('    return gather_for_host(x, "data")', '    with jax.set_mesh(mesh):\n        return gather_for_host(x, "data")')],
    # SF105: cast the invariant axes to varying before the tuple reduction
    "tp_loss_pmean_mesh_axis_names.py": [("pmean(l, all_axes)", "pmean(" + VARY.format("l", '"model"') + ", all_axes)")],
    "rl_episode_count_psum.py": [("psum(n_episodes, STATS_AXES)", "psum(" + VARY.format("n_episodes", "ENV") + ", STATS_AXES)")],
    "zero_scatter_over_axes_loop.py": [("psum_scatter(g, scatter_axes(CONFIG),", "psum_scatter(" + VARY.format("g", '"shard"') + ", scatter_axes(CONFIG),")],
    "enum_axes_grad_norm.py": [("psum(jnp.sum(gw * gw), MeshAxes.all())", "psum(" + VARY.format("jnp.sum(gw * gw)", "MeshAxes.DATA.value") + ", MeshAxes.all())")],
    "scan_accum_pmean_all_axes.py": [("pmean(total, AXES)", "pmean(" + VARY.format("total", '"fsdp"') + ", AXES)")],
    "cli_seq_parallel_grad_pmean.py": [("pmean(g, sync_axes)", "pmean(" + VARY.format("g", '"data"') + ", sync_axes)")],
    "praxis_hparams_metric_psum.py": [("psum(m.value, axes)", "psum(" + VARY.format("m.value", "self.hparams.model_axis") + ", axes)")],
    # SF106: the arithmetic moved off the reduced value (before the gather, or a gather to
    # 'invarying' with out_specs to match)
    "equinox_mlp_relu_reduced.py": [('h = jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="reduced")', 'h = jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="invarying")')],
    "diffusion_cfg_guidance_scale.py": [("return uncond + cfg.guidance_scale * (cond - uncond)", 'return jax.lax.all_gather(eps_uncond + cfg.guidance_scale * (eps_cond - eps_uncond), cfg.axis, axis=0, tiled=True, to="reduced")')],
    "kv_cache_attention_softmax.py": [('scores = jax.lax.all_gather(scores, axis, axis=1, tiled=True, to="reduced")', 'scores = jax.lax.all_gather(scores, axis, axis=1, tiled=True, to="invarying")')],
    "optimizer_weight_decay_tree_map.py": [("full = gather_params(params)", 'full = gather_params(jax.tree.map(lambda p: p * (1 - hp["lr"] * hp["wd"]), params))'),
                                           ('decayed = jax.tree.map(lambda p: p * (1 - hp["lr"] * hp["wd"]), full)', "decayed = full")],
    "vision_metrics_mean_of_gathered.py": [('jnp.mean(metrics["confidence"])', 'jax.lax.pcast(jax.lax.pmean(jnp.mean(conf), REPLICA), REPLICA, to="reduced")')],
    "rl_value_clip_threshold.py": [('v_old = jax.lax.all_gather(v_old, self.axis, tiled=True, to="reduced")', 'v_old = jax.lax.all_gather(v_old, self.axis, tiled=True, to="invarying")'),
                                   ('v_new = jax.lax.all_gather(v_new, self.axis, tiled=True, to="reduced")', 'v_new = jax.lax.all_gather(v_new, self.axis, tiled=True, to="invarying")'),
                                   ('out_specs=P(reduced={"actor"}))', "out_specs=P())")],
    "nnx_dropout_mask_compare.py": [("all_gather(u, self.axis_name,", "all_gather(u >= self.rate, self.axis_name,"),
                                    ("keep = u_all >= self.rate", "keep = u_all")],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
