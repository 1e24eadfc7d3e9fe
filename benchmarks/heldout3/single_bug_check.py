"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout3/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved off the reduced
value). Written by hand from the bug, not from shardfix. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARY = 'lax.pcast({0}, {1}, to="varying")'

FIXES = {
    # SF101: cast the invariant value back to varying before the reduced gather
    "maxtext_cfg_grad_sync.py": [("lax.all_gather(g, self.cfg.data_axis,", "lax.all_gather(" + VARY.format("g", "self.cfg.data_axis") + ", self.cfg.data_axis,")],
    "eval_metrics_loop.py": [("lax.all_gather(total, DATA,", "lax.all_gather(" + VARY.format("total", "DATA") + ", DATA,")],
    "haliax_named_axis_wrappers.py": [("lax.all_gather(x, axis.name,", "lax.all_gather(" + VARY.format("x", "axis.name") + ", axis.name,")],
    "fori_loop_running_stats.py": [("lax.all_gather(mean, axis,", "lax.all_gather(" + VARY.format("mean", "axis") + ", axis,")],
    "switch_norm_modes.py": [("lax.all_gather(peak,", "lax.all_gather(" + VARY.format("peak", "MeshAxis.DATA.value") + ",")],
    "invarying_then_reduced_embed.py": [("lax.all_gather(table, self.axis,", "lax.all_gather(" + VARY.format("table", "self.axis") + ", self.axis,")],
    "optax_clip_global_norm.py": [("lax.all_gather(norm[None], axis_name,", "lax.all_gather(" + VARY.format("norm[None]", "axis_name") + ", axis_name,")],
    "scan_microbatch_grad_accum.py": [("lax.all_gather(total, dp,", "lax.all_gather(" + VARY.format("total", "dp") + ", dp,")],
    # SF102: cast the axes the value is already reduced on
    "t5x_partitioner_two_stage.py": [("lax.all_gather(stage1,", "lax.all_gather(" + VARY.format("stage1", "embed") + ",")],
    "zero3_bf16_param_gather.py": [("lax.all_gather(half, both,", "lax.all_gather(" + VARY.format("half", "first") + ", both,")],
    "scan_layers_stacked_weights.py": [("lax.all_gather(w_rows, MESH_AXES,", "lax.all_gather(" + VARY.format("w_rows", "DATA") + ", MESH_AXES,")],
    "preduced_bias_tuple_gather.py": [("lax.all_gather(shared, axes,", "lax.all_gather(" + VARY.format("shared", "row_axis") + ", axes,")],
    "gated_square_then_gather.py": [("lax.all_gather(energy,", "lax.all_gather(" + VARY.format("energy", "self.gather_axis") + ",")],
    "gather_registry_decorator.py": [("lax.all_gather(rows[:, :],", "lax.all_gather(" + VARY.format("rows[:, :]", 'cfg["fsdp"]') + ",")],
    "cond_quantized_gather.py": [("return lax.all_gather(r, AXES,", "return lax.all_gather(" + VARY.format("r", '"x"') + ", AXES,")],
    "remat_partial_fsdp_block.py": [("return lax.all_gather(w, (first, *rest),", "return lax.all_gather(" + VARY.format("w", "first") + ", (first, *rest),")],
    # SF103: cast before the collective (ring attention: the loop carry must keep one type, so
    # the producer gathers to varying instead)
    "ring_attention_reduced_kv.py": [('k = lax.all_gather(k, axis_name, axis=0, tiled=True, to="reduced")', 'k = lax.all_gather(k, axis_name, axis=0, tiled=True)')],
    "moe_dispatch_all_to_all.py": [("lax.all_to_all(routed,", "lax.all_to_all(" + VARY.format("routed", "ax") + ",")],
    "zero2_scatter_gathered_grads.py": [("lax.psum_scatter(full_grad,", "lax.psum_scatter(" + VARY.format("full_grad", "axis") + ",")],
    "seq_parallel_norm_psum.py": [("lax.psum(pooled,", "lax.psum(" + VARY.format("pooled", "SEQUENCE_AXIS") + ",")],
    "metrics_tree_pmean_reduced.py": [("lax.pmean(s, AXIS)", "lax.pmean(" + VARY.format("s", "AXIS") + ", AXIS)")],
    "pipeline_stage_loop_gather.py": [("lax.all_gather(last, stage_axis, axis=0,", "lax.all_gather(" + VARY.format("last", "stage_axis") + ", stage_axis, axis=0,")],
    "vmap_heads_pmax_reduced.py": [("lax.pmax(per_head,", "lax.pmax(" + VARY.format("per_head", "model_axis") + ",")],
    "lax_map_chunks_psum.py": [("lax.psum(jnp.sum(full),", "lax.psum(" + VARY.format("jnp.sum(full)", "self.axis") + ",")],
    # SF104: a full reduced= spec, jax.reshard, or a context mesh
    "export_leaves_tlag_loop.py": [('"embed": P("tp")', '"embed": P(reduced={"fsdp", "tp"})')],
    "jit_out_shardings_tlag.py": [('P(None, "y"))', 'P(None, "y", reduced={"x"}))')],
    "shard_map_result_then_tlag.py": [("P(DP))", "P(DP, reduced={MP}))")],
    "reshard_then_tlag_wrong_axis.py": [("return top_level_all_gather(x, plan.serve)", "return jax.reshard(x, plan.serve)")],
    "tlag_without_context_mesh.py": [("    return gather_for_eval(x)", "    with jax.set_mesh(MESH):\n        return gather_for_eval(x)")],
    "three_axis_prefix_tlag.py": [("P(AXES[:2], reduced={AXES[2]})", "P(reduced=set(AXES))")],
    "logical_rules_tlag.py": [("return top_level_all_gather(placed,", "return jax.reshard(placed,")],
    "tree_map_tlag_params.py": [("top_level_all_gather(p, P())", 'top_level_all_gather(p, P(reduced={"fsdp"}))')],
    # SF105: cast the invariant axes to varying before the tuple reduction
    "eval_loss_all_axes.py": [("lax.psum(err, ALL_AXES)", "lax.psum(" + VARY.format("err", '"model"') + ", ALL_AXES)")],
    "seq_parallel_mean_two_axes.py": [("lax.pmean(per_seq.mean(),", "lax.pmean(" + VARY.format("per_seq.mean()", "seq_axis") + ",")],
    "zero_2d_scatter_sharded_grad.py": [("lax.psum_scatter(flat,", "lax.psum_scatter(" + VARY.format("flat", '"replica"') + ",")],
    "axis_index_position_sum.py": [("lax.psum(positions.sum(),", "lax.psum(" + VARY.format("positions.sum()", "col_axis") + ",")],
    "tp_grad_allreduce_everything.py": [("lax.pmean(g, GRAD_SYNC_AXES)", "lax.pmean(" + VARY.format("g", "DATA_AXIS") + ", GRAD_SYNC_AXES)")],
    "fori_loop_config_axes_psum.py": [("lax.psum(jnp.sum(av * av),", "lax.psum(" + VARY.format("jnp.sum(av * av)", "cfg.pp") + ",")],
    "cond_skip_step_pmean.py": [("lax.pmean(g, axes)", "lax.pmean(" + VARY.format("g", "data_axis") + ", axes)")],
    "value_and_grad_aux_count.py": [("n_tokens = lax.psum(n_tokens, AXES)", "n_tokens = lax.psum(" + VARY.format("n_tokens", '"tensor"') + ", AXES)")],
    # SF106: the arithmetic moved off the reduced value (cast to varying; out_specs follow)
    "layernorm_gathered_hidden.py": [("return layer_norm(h)", 'return layer_norm(lax.pcast(h, HIDDEN_AXIS, to="varying"))'),
                                     ("out_specs=P(\"dp\", None, reduced={HIDDEN_AXIS}))", "out_specs=P(\"dp\", HIDDEN_AXIS))")],
    "sampler_temperature_logits.py": [("scaled = logits / cfg.temperature", "scaled = lax.pcast(logits, cfg.vocab_axis, to=\"varying\") / cfg.temperature"),
                                      ("out_specs=P())", "out_specs=P(cfg.vocab_axis))")],
    "flax_like_mlp_gelu.py": [("return jax.nn.gelu(h)", 'return jax.nn.gelu(lax.pcast(h, self.axes["model"], to="varying"))'),
                              ('out_specs=P(reduced={"model"}))', 'out_specs=P("model"))')],
    "embed_prefix_plus_positional.py": [("return tok + pos", "return tok + lax.pcast(pos, vocab, to=\"reduced\")"),
                                        ("out_specs=P())", 'out_specs=P(reduced={"vocab"}))')],
    "eval_pmean_other_axis.py": [('lax.pmean(scores, self.axes["batch"])', 'lax.psum(scores, self.axes["batch"])')],
    "sharded_adam_clip_params.py": [("return jnp.clip(new, -clip, clip)", "return new")],
    "scan_ema_decay_carry.py": [("full = lax.all_gather(s, axis_name,", "full = lax.all_gather(s * (1 - DECAY), axis_name,"),
                                ("return ema + full * (1 - DECAY), None", "return ema + full, None")],
    "moe_capacity_mask.py": [("over = load_all > CAPACITY_FACTOR", "over = jnp.max(load_all) > CAPACITY_FACTOR")],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
