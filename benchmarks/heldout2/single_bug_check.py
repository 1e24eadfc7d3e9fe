"""Each buggy program has exactly one failing line: apply a hand-written fix to that line and
every program must then run on jax (8 CPU devices).

    python3 benchmarks/heldout2/single_bug_check.py

The fixes are the minimal ones from the JAX facts page, written by hand per program: a cast to
varying before the collective (SF101, SF102, SF103, SF105), `jax.reshard` or a complete
`reduced={...}` spec or a context mesh for top_level_all_gather (SF104), and for SF106 a gather
`to='invarying'` instead of `'reduced'` (with `reduced={...}` dropped from out_specs).
"""
import re
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from recall import run_on_jax

man = {b["file"].split("/")[-1]: b for b in tomllib.loads((HERE / "manifest.toml").read_text())["bug"]}
def pc(arg, ax):
    return ("line", f"({arg},", f"(jax.lax.pcast({arg}, {ax}, to=\"varying\"),")
L = {  # file -> list of (scope, old, new)
 "bf16_cast_weight_gather.py": [pc("full", "shard_axis")],
 "checkpoint_export_fsdp_tlag.py": [("line", "top_level_all_gather(param, self.serve_spec)", "jax.reshard(param, P(\"tp\"))")],
 "closure_builder_pmean_stats.py": [pc("mu", "axis")],
 "config_axes_tree_regather.py": [pc("p", "cfg.param_axis")],
 "experimental_partial_global_norm.py": [pc("sq", '"replica"')],
 "experimental_pmean_reduced_metric.py": [pc("preds", '"batch"')],
 "experimental_positional_psum_axes_kw.py": [pc("counts", '"hosts"')],
 "fsdp_tp_two_stage_gather.py": [pc("w_full", "self.fsdp")],
 "gather_without_reduced_annotation.py": [("line", "P(None, HIDDEN)", "P(None, HIDDEN, reduced={BATCH})")],
 "global_grad_norm_tree.py": [pc("local", '"data"')],
 "grad_accum_psum_reduced.py": [pc("total", '"data"')],
 "helper_lib_gather_rows.py": [pc("w", "axes[0]")],
 "if_branch_mean_or_sum.py": [pc("agg", "self.axis")],
 "if_training_metric_reduction.py": [pc("metric", "model_axis")],
 "invarying_then_reduced_embed.py": [pc("full", "VOCAB_AXIS")],
 "jit_decorated_pmin_clip.py": [pc("h_full", '"model"')],
 "jit_out_shardings_tlag_step.py": [("line", 'shmap_impl.top_level_all_gather(new_w, P("mp", None, reduced={"dp"}))', 'jax.reshard(new_w, P("mp", None))')],
 "jit_wrapped_tlag_inside.py": [("line", "top_level_all_gather(logits, P(None, keep, reduced={drop}))", "jax.reshard(logits, P(None, keep))")],
 "layer_registry_reduce_head.py": [pc("out", "axis")],
 "mapper_variable_jit_model_sum.py": [pc("proj", '"model"')],
 "moe_dispatch_reduced_router.py": [pc("per_expert", "EXPERT_AXIS")],
 "no_context_mesh_tlag.py": [("file", "    return gather_for_eval(logits, mesh)", "    with jax.set_mesh(mesh):\n        return gather_for_eval(logits, mesh)")],
 "outer_product_regather.py": [pc("stat", '"a"')],
 "partial_jit_pmean_accuracy.py": [pc("correct.mean()", "axes[1]")],
 "pcast_reduced_then_tuple_gather.py": [pc("g", "DATA")],
 "pipeline_stage_send_reduced.py": [pc("h", "self.axis")],
 "preduce_then_gather_reduced.py": [pc("logits", '"tp"')],
 "reduced_table_to_invarying.py": [pc("table", "axis")],
 "replicated_bias_gather_reduced.py": [pc("b", "self.axis")],
 "replicated_feature_dim_psum.py": [pc("mask.sum()", '"seq"')],
 "reshape_heads_regather.py": [pc("heads", '"sp"')],
 "reshard_columns_tlag.py": [("line", "tlag(kv, P(None, SEQ_AXES[1], reduced={SEQ_AXES[0]}))", "jax.reshard(kv, P(None, SEQ_AXES[1]))")],
 # a cast on the bug line would meet a varying value on the loop's second turn
 "ring_attention_reduced_kv.py": [("file", "[: q.shape[-1]]\n", "[: q.shape[-1]]\n    proj = jax.lax.pcast(proj, SP, to=\"varying\")\n")],
 "row_parallel_metrics_pmean.py": [pc("jnp.mean(out)", '"tp"')],
 "scan_layers_running_sum.py": [pc("norm", '"model"')],
 "scan_microbatch_loss_psum.py": [pc("total", '"mp"')],
 "seq_parallel_softmax_denominator.py": [pc("den", "self.head_axis")],
 "shard_map_result_regather.py": [("line", 'top_level_all_gather(scores, P("row", reduced={"col"}))', 'jax.reshard(scores, P("row"))')],
 "slice_concat_kv_regather.py": [pc("fused", '"seq"')],
 "spec_table_tlag_loop.py": [("file", '"proj": P(None, "model", reduced={"data"}),', '"proj": P(None, None, reduced={"data", "model"}),')],
 "stable_softmax_pmax_reduced.py": [pc("logits", "self.vocab_axis")],
 "tanh_gate_regather.py": [pc("gate", '"x"')],
 "three_axis_partial_gather.py": [("line", "top_level_all_gather(x, P(axes[:2], None, reduced={axes[2]}))", "jax.reshard(x, P(axes[:2], None))")],
 "trainer_export_loss_scale.py": [pc("grad", "self.cfg.batch_axis")],
 "trainer_loss_over_all_axes.py": [pc("per_example.sum()", "self.cfg.model")],
 "tree_grads_export_loop.py": [pc("g", "DP")],
 "tree_map_psum_reduced_params.py": [pc("s", "AX")],
 "tree_map_tlag_optimizer_state.py": [("line", 'top_level_all_gather(a, P("tp", reduced={"zero"}))', 'jax.reshard(a, P("tp"))')],
 "tuple_psum_reduced_and_varying.py": [pc("penalty", "data_axis")],
 "unpacked_axes_gather_twice.py": [pc("x", "inner")],
 "zero_manual_grad_scatter.py": [pc("g", '"zero"')],
 "zero_reduce_scatter_reduced.py": [pc("jnp.tanh(w)", "DP")],
 "cond_branch_psum_gather.py": [pc("total", '"dp"')],
 # the failing line is in a body or helper that a legal call shares: fix the bad call
 "shared_body_one_bad_mapper.py": [("file", "jax.shard_map(total, mesh=mesh, in_specs=P(\"data\", None)",
                                    "jax.shard_map(lambda x: total(jax.lax.pcast(x, \"model\", to=\"varying\")), mesh=mesh, in_specs=P(\"data\", None)")],
 "helper_unshard_applied_twice.py": [("file", "unshard(w, (", "unshard(jax.lax.pcast(w, \"fsdp\", to=\"varying\"), (")],
 "tlag_after_rebinding_wrong_order.py": [("line", 'top_level_all_gather(y, P("a", reduced={"b"}))', 'jax.reshard(y, P("a"))')],
 "fori_loop_power_iteration.py": [pc("jnp.sum(u * u)", '"cols"')],
 "vmap_heads_tuple_psum.py": [pc("ent.mean()", '"tp"')],
 "value_and_grad_train_step_loss.py": [pc("jnp.sum(h * h)", "axes[1]")],
 "equinox_like_module_call.py": [pc("stats", "self.axis_name")],
 "named_scope_kwargs_config.py": [pc("aux", "seq_axis")],
 "custom_vjp_straight_through.py": [pc("q", '"tp"')],
 "getattr_axis_registry_tlag.py": [("line", "top_level_all_gather(kernel, P(None, Axis.DATA.value, reduced={Axis.MODEL.value}))", "jax.reshard(kernel, P(None, Axis.DATA.value))")],
 "remat_policy_norm_pmean.py": [pc("gamma", "self.axis")],
 # a cast inside the true branch alone would leave the branches' types different
 "cond_halo_exchange_reduced.py": [("file", "without_halo, stencil)", "without_halo, jax.lax.pcast(stencil, AXIS, to=\"varying\"))")],
}


def main():
    with tempfile.TemporaryDirectory(prefix="heldout2-fixed-") as out:
        paths = []
        for f, b in sorted(man.items()):
            src = (HERE / "buggy" / f).read_text()
            if b["code"] == "SF106":
                src = src.replace('to="reduced"', 'to="invarying"')
                src = re.sub(r", reduced=\{[^}]*\}", "", src)
                src = re.sub(r"reduced=\{[^}]*\}", "", src)
            else:
                for scope, old, new in L[f]:
                    if scope == "file":
                        assert src.count(old) == 1, (f, old)
                        src = src.replace(old, new)
                    else:
                        lines = src.split("\n")
                        ln = b["line"] - 1
                        assert old in lines[ln], (f, old, lines[ln])
                        lines[ln] = lines[ln].replace(old, new, 1)
                        src = "\n".join(lines)
            path = Path(out) / f
            path.write_text(src)
            paths.append(path)
        results = run_on_jax(paths)
        bad = [(p.name, r) for p, r in results.items() if r["status"] != "ok"]
        print(f"{len(paths) - len(bad)}/{len(paths)} fixed programs run")
        for name, r in bad:
            print(f"  {name}: line {r['line']}: {r['message'][:200]}")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
