"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout127/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the intended axis or table
entry, the right out spec / `reduced=` / `multi_dim=True` / context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced). Every fixed copy must also
pass the program's own checks (assertions in the benchmark bodies and in `main`).
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # allreduce_*
    'allreduce_hierarchical.py': [
        ('    x = jax.lax.psum(x, inner)\n    return jax.lax.psum(x, axes)',
         f'    x = jax.lax.psum(x, inner)\n    return jax.lax.psum({PC}(x, inner, to="varying"), axes) / jax.lax.axis_size(inner)'),
    ],
    'allreduce_reduce_broadcast.py': [
        ('return jax.lax.all_gather(stats, self.cfg.bcast_axis, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(stats, self.cfg.bcast_axis, to="varying"), self.cfg.bcast_axis, axis=1, tiled=True, to="reduced")'),
    ],
    'allreduce_allgather_tree.py': [
        ('return jax.lax.all_gather(inner, all_axes(mesh), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(inner, "dp", axis=0, tiled=True, to="reduced")'),
    ],
    'allreduce_ring_prefetch.py': [
        ('return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="varying")'),
        ('rows_spec = P("dp", None) if prefetch else P("dp", RING_AXIS)', 'rows_spec = P("dp", RING_AXIS)'),
    ],
    'allreduce_fetch_layouts.py': [
        ('"both": {"result": P(("dp", "tp"), None), "fetch": P("dp", None)},',
         '"both": {"result": P(("dp", "tp"), None), "fetch": P("dp", None, reduced={"tp"})},'),
    ],
    'allreduce_gather_mean.py': [
        ('return jax.lax.all_gather(x, self.axis, axis=0, tiled=False, to="reduced")',
         'return jax.lax.all_gather(x, self.axis, axis=0, tiled=False, to="invarying")'),
        ('out_specs=P("dp", None, reduced={self.axis}))', 'out_specs=P("dp", None))'),
    ],
    # rs_*
    'rs_bucket_sweep.py': [
        ('return jax.lax.psum_scatter(g, scatter_axes, scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(g, "y", to="varying") if pre_reduce and "y" in scatter_axes else g, scatter_axes, scatter_dimension=0, tiled=True)'),
    ],
    'rs_post_hooks.py': [
        ('return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(total, axis, to="varying"), axis, axis=0, tiled=True, to="reduced")'),
    ],
    'rs_gather_plans.py': [
        ('"cols_then_all": [("y", 1), (("x", "y"), 0)],', '"cols_then_all": [("y", 1), ("x", 0)],'),
    ],
    'rs_roundtrip_pairs.py': [
        ('Pair(ag("reduced"), rs, "ag_reduced+rs"),', 'Pair(ag("invarying"), rs, "ag_reduced+rs"),'),
    ],
    'rs_tlag_keep_axis.py': [
        ('    return P(keep, None, reduced=axes - {keep})',
         '    return P(*(a if a == keep else None for a in source), reduced=axes - {keep})'),
    ],
    'rs_sparse_allgather.py': [
        ('full = jax.lax.all_gather(x, cfg["gather_axis"], axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(x, cfg["gather_axis"], axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(b, None, reduced={g})))', 'out_specs=P(b, None)))'),
    ],
    # ring_*
    'ring_kv_prefetch.py': [
        ('return jax.lax.all_gather(t, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(t, axis, axis=1, tiled=True, to="varying")'),
    ],
    'ring_gather_rope.py': [
        ('k = jax.lax.all_gather(k, ax, axis=1, tiled=True, to="reduced")',
         'k = jax.lax.all_gather(k, ax, axis=1, tiled=True, to="invarying")'),
        ('v = jax.lax.all_gather(v, ax, axis=1, tiled=True, to="reduced")',
         'v = jax.lax.all_gather(v, ax, axis=1, tiled=True, to="invarying")'),
    ],
    'ring_loss_reduce.py': [
        ('return jax.lax.pmean(per_seq, reduce_axes)',
         f'return jax.lax.pmean({PC}(per_seq, "seq", to="varying"), reduce_axes)'),
    ],
    'ring_lse_mass.py': [
        ('return jax.lax.all_gather(total, self.ring_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(total, self.ring_axis, to="varying"), self.ring_axis, to="reduced")'),
    ],
    'ring_output_dump.py': [
        ('return jax.lax.all_gather(o, tuple(dump_axes), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(o, "seq", to="varying"), tuple(dump_axes), axis=0, tiled=True, to="reduced")'),
    ],
    'ring_fetch_context.py': [
        ('            o = jax.block_until_ready(ATTN(x, x, x))\n        host = fetch(o)',
         '            o = jax.block_until_ready(ATTN(x, x, x))\n            host = fetch(o)'),
    ],
    # tpmm_*
    'tpmm_gather_output.py': [
        ('y = jax.lax.all_gather(y, self.axis, axis=0, tiled=True, to="reduced")',
         f'y = jax.lax.all_gather({PC}(y, self.axis, to="varying"), self.axis, axis=0, tiled=True, to="reduced")'),
    ],
    'tpmm_seqpar_stack.py': [
        ('h = jax.lax.all_gather(h, TP, axis=1, tiled=True, to="reduced")',
         'h = jax.lax.all_gather(h, TP, axis=1, tiled=True, to="varying")'),
    ],
    'tpmm_column_probe.py': [
        ('    "probe": ("data", "model"),', '    "probe": ("data",),'),
    ],
    'tpmm_weight_export.py': [
        ('return top_level_all_gather(x, WEIGHTS[name]["serve"])',
         'return top_level_all_gather(x, WEIGHTS[name]["serve"], multi_dim=True)'),
    ],
    'tpmm_2d_norm.py': [
        ('return jax.lax.psum(jnp.sum(y * y), axes)',
         f'return jax.lax.psum({PC}(jnp.sum(y * y), "model", to="varying") if "model" in axes else jnp.sum(y * y), axes)'),
    ],
    'tpmm_ag_matmul_act.py': [
        ('return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="invarying")'),
    ],
    # moe_*
    'moe_dispatch_modes.py': [
        ('x = jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")',
         'x = jax.lax.all_gather(x, axis, axis=0, tiled=True, to="varying")'),
    ],
    'moe_load_stages.py': [
        ('ctx["table"] = jax.lax.all_gather(ctx["counts"], ctx["group_axis"], axis=0, to="reduced")',
         f'ctx["table"] = jax.lax.all_gather({PC}(ctx["counts"], ctx["group_axis"], to="varying"), ctx["group_axis"], axis=0, to="reduced")'),
    ],
    'moe_expert_snapshot.py': [
        ('return jax.lax.all_gather(stacked, self.opts.snapshot_axes, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(stacked, self.opts.expert_axis, to="varying"), self.opts.snapshot_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'moe_expert_export.py': [
        ('    "w_out": P("data", None, None, reduced={"expert"}),',
         '    "w_out": P("expert", None, None, reduced={"data"}),'),
    ],
    'moe_aux_loss_axes.py': [
        ('    loss_axes: tuple = ("data", "expert")', '    loss_axes: tuple = ("data",)'),
    ],
    'moe_capacity_clip.py': [
        ('return jax.lax.all_gather(counts, axes, axis=0, tiled=False, to="reduced")',
         'return jax.lax.all_gather(counts, axes, axis=0, tiled=False, to="invarying")'),
        ('out_specs=(P(None, None, reduced={"data", axis}), P(reduced={"data", axis}))))',
         'out_specs=(P(None, None), P())))'),
    ],
    # optim_*
    'optim_clip_norm.py': [
        ('OPT_AXES = ("replica", "fsdp")', 'OPT_AXES = ("replica",)'),
    ],
    'optim_lamb_trust.py': [
        ('table = jax.lax.all_gather(trust, hp.telemetry_axis, to="reduced")',
         f'table = jax.lax.all_gather({PC}(trust, hp.telemetry_axis, to="varying"), hp.telemetry_axis, to="reduced")'),
    ],
    'optim_zero_consolidate.py': [
        ('return jax.lax.all_gather(full, cfg.consolidate_axes, axis=0, tiled=False, to="reduced")',
         f'return jax.lax.all_gather({PC}(full, cfg.shard_axis, to="varying"), cfg.consolidate_axes, axis=0, tiled=False, to="reduced")'),
    ],
    'optim_sgdm_stats.py': [
        ('    stats = {"param_norm": param_norm(full, SHARD)}', '    stats = {"param_norm": param_norm(p, SHARD)}'),
    ],
    'optim_state_checkpoint.py': [
        ('    host_spec = P("fsdp", None, reduced={"replica"})  # keep the shard axis, drop replicas',
         '    host_spec = P("replica", None, reduced={"fsdp"})  # keep the outer axis, gather fsdp'),
    ],
    'optim_adamw_gathered.py': [
        ('w_full = jax.lax.all_gather(w, axis, axis=0, tiled=True, to="reduced")',
         'w_full = jax.lax.all_gather(w, axis, axis=0, tiled=True, to="invarying")'),
        ('d_full = jax.lax.all_gather(d, axis, axis=0, tiled=True, to="reduced")',
         'd_full = jax.lax.all_gather(d, axis, axis=0, tiled=True, to="invarying")'),
    ],
    # step_*
    'step_grad_bucket.py': [
        ('shard = jax.lax.psum_scatter(flat, BUCKET_AXES, scatter_dimension=0, tiled=True)',
         f'shard = jax.lax.psum_scatter({PC}(flat, "dp", to="varying"), BUCKET_AXES, scatter_dimension=0, tiled=True)'),
    ],
    'step_metric_callbacks.py': [
        ('return jax.lax.all_gather(metrics["loss_sum"], axes["data"], to="reduced")',
         f'return jax.lax.all_gather({PC}(metrics["loss_sum"], axes["data"], to="varying"), axes["data"], to="reduced")'),
    ],
    'step_lm_xent.py': [
        ('logits = jax.lax.all_gather(logits, VOCAB_AXIS, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(logits, VOCAB_AXIS, axis=1, tiled=True, to="varying")'),
    ],
    'step_eval_logprobs.py': [
        ('full = jax.lax.all_gather(local_logits, class_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(local_logits, class_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(d, reduced={c})))', 'out_specs=P(d)))'),
    ],
    'step_activation_dump.py': [
        ('    p.add_argument("--dump-axes", default="dp,mp")', '    p.add_argument("--dump-axes", default="dp")'),
    ],
    'step_train_export.py': [
        ('        lead = lead[0]  # a stacked leading dimension keeps its outer axis\n'
         '    gathered = {a for e in rest if e is not None for a in (e if isinstance(e, tuple) else (e,))}\n',
         '        lead, stacked = lead[0], lead[1:]  # a stacked leading dimension keeps its outer axis\n'
         '    else:\n'
         '        stacked = ()\n'
         '    gathered = {a for e in rest if e is not None for a in (e if isinstance(e, tuple) else (e,))} | set(stacked)\n'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
