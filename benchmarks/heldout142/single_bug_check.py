"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout142/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix. Most bugs sit in a config (a
converter, default or validator that yields the wrong axis or gather mode), so most fixes are
the config value the code meant (in `inputs()` or the model's default); the others are a
`pcast(..., to='varying')` before the collective where the program's literal meaning is kept,
the right value handed to a statistic, the right `reduced=` axes, `multi_dim=True`, a call moved
inside the mesh context, or `jax.reshard` where the wanted layout is not a gather of the input.
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # dp_*
    'dp_loss_report.py': [
        ('history = jax.lax.all_gather(per_model, rep.log_axis, tiled=True, to="reduced")',
         'history = jax.lax.all_gather(jnp.reshape(local_loss(params), (1,)), rep.log_axis, tiled=True, to="reduced")'),
    ],
    'dp_act_dump.py': [
        ('return jax.lax.all_gather(stats, self.plan.dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(stats, self.plan.hidden_axis, to="varying"), self.plan.dump_axes, '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'dp_eval_metrics.py': [
        ('        scores = self.collect(scores)\n        return self.metrics(scores, labels), scores',
         '        kept = self.collect(scores)\n        return self.metrics(scores, labels), kept'),
    ],
    'dp_ckpt_export.py': [
        ('"serve": "Model "})', '"serve": "Data "})'),
    ],
    'dp_grad_clip.py': [
        ('{"mesh": {"names": ["DATA", "MODEL"]}, "max_norm": 0.5}',
         '{"mesh": {"names": ["DATA", "MODEL"]}, "max_norm": 0.5, "norm_axes": ["model"]}'),
    ],
    'dp_whiten_stats.py': [
        ('    collect: str = "reduced"', '    collect: str = "invarying"'),
    ],
    # tp_*
    'tp_mlp_tap.py': [
        ('"taps": [{"name": "mlp_out"}]})', '"taps": [{"name": "mlp_out", "axis": "batch"}]})'),
    ],
    'tp_attn_maps.py': [
        ('return jax.lax.all_gather(maps, plan.export_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(maps, plan.head_axis, to="varying"), plan.export_axes, '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'tp_seq_norm.py': [
        ('gather: GatherMode = GatherMode.REDUCED', 'gather: GatherMode = GatherMode.VARYING'),
    ],
    'tp_decode_weights.py': [
        ('return P(*(None for _ in plan.shape), reduced={self.gather_axis})',
         'return P(*(None for _ in plan.shape), reduced=set(plan.mesh_axes(RULES)))'),
    ],
    'tp_vocab_xent.py': [
        ('LossConfig.parse_obj({"mesh": ["Batch", "Tensor"]})',
         'LossConfig.parse_obj({"mesh": ["Batch", "Tensor"], "reduce_axes": ["batch"]})'),
    ],
    'tp_column_linear.py': [
        ('"dp": "Batch", "gather_mode": "reduced"})', '"dp": "Batch", "gather_mode": "invarying"})'),
    ],
    # pp_*
    'pp_gpipe_loss.py': [
        ('"log_axis": "dp"})', '"log_axis": "data"})'),
    ],
    'pp_boundary_probe.py': [
        ('{"collect": ["Stage", "stage, data"]', '{"collect": ["Stage", "data"]'),
    ],
    'pp_activation_stash.py': [
        ('mode: StashMode = StashMode.REDUCED', 'mode: StashMode = StashMode.PLAIN'),
    ],
    'pp_consolidate.py': [
        ('        placed = train(mesh, cfg, placed, xs)\n    whole = consolidate(cfg, placed)',
         '        placed = train(mesh, cfg, placed, xs)\n        whole = consolidate(cfg, placed)'),
    ],
    'pp_aux_losses.py': [
        ('axes = field(converter=_plus_axes, default="stage+data")',
         'axes = field(converter=_plus_axes, default="stage")'),
    ],
    'pp_ema_teacher.py': [
        ('"data_axis": "DATA", "warmup": 50})', '"data_axis": "DATA", "warmup": 50, "collect": "invarying"})'),
    ],
    # moe_*
    'moe_load_balance.py': [
        ('"experts": "EXPERT", "n_experts": 8})', '"experts": "EXPERT", "n_experts": 8, "balance_axis": "expert"})'),
    ],
    'moe_dense_combine.py': [
        ('collected = jax.lax.all_gather(per_expert, cfg.output_axes,',
         f'collected = jax.lax.all_gather({PC}(per_expert, ea, to="varying"), cfg.output_axes,'),
    ],
    'moe_gate_dispatch.py': [
        ('gate_gather: typing.Literal["varying", "reduced"] = "reduced"',
         'gate_gather: typing.Literal["varying", "reduced"] = "varying"'),
    ],
    'moe_expert_reshard.py': [
        ('"train_layout": "expert_major"})', '"train_layout": "data_major"})'),
    ],
    'moe_capacity.py': [
        ('"token_axis": "DATA"})', '"token_axis": "DATA", "scatter_axes": ["expert"]})'),
    ],
    'moe_topk_router.py': [
        ('"expert_axis": "Expert ", "top_k": 2})', '"expert_axis": "Expert ", "top_k": 2, "gather_to": "invarying"})'),
    ],
    # cp_*
    'cp_attn_entropy.py': [
        ('"probes": [{"name": "entropy", "axis": "context"}]})', '"probes": [{"name": "entropy", "axis": "batch"}]})'),
    ],
    'cp_ring_export.py': [
        ('out = jax.lax.all_gather(out, tuple(mesh.axis_names),',
         f'out = jax.lax.all_gather({PC}(out, sa, to="varying"), tuple(mesh.axis_names),'),
    ],
    'cp_allgather_kv.py': [
        ('"gather": "Reduced "})', '"gather": "varying"})'),
    ],
    'cp_kv_handoff.py': [
        ('top_level_all_gather(t, spec)', 'top_level_all_gather(t, spec, multi_dim=True)'),
    ],
    'cp_seq_metrics.py': [
        ('{"mesh_axes": ["DATA", "Seq"], "vocab": 16}', '{"mesh_axes": ["DATA", "Seq"], "vocab": 16, "average_over": ["data"]}'),
    ],
    'cp_rotary_gather.py': [
        ('"d_head": 8, "collect": "reduced"})', '"d_head": 8, "collect": "varying"})'),
    ],
    # zero_*
    'zero_update_stats.py': [
        ('stats = jax.lax.all_gather(jnp.reshape(size, (1,))', 'stats = jax.lax.all_gather(jnp.reshape(jnp.sum(upd * upd), (1,))'),
    ],
    'zero_hard_mining.py': [
        ('logged = jax.lax.all_gather(group, cfg.log_axes,',
         f'logged = jax.lax.all_gather({PC}(group, cfg.group_axis, to="varying"), cfg.log_axes,'),
    ],
    'zero_param_monitor.py': [
        ('pnorm = self.monitor.norm(w) if', 'pnorm = self.monitor.norm(w_shard) if'),
    ],
    'zero_inference_export.py': [
        ('top_level_all_gather(placed[name], spec)', 'jax.reshard(placed[name], P(None, self.layout.column_axis))'),
    ],
    'zero_grad_hooks.py': [
        ('return {k: jax.lax.pmean(g, cfg.grad_axes) for k, g in grads.items()}',
         f'return {{k: jax.lax.pmean({PC}(g, hooks[k].axes, to="varying") if k in hooks else g, cfg.grad_axes) '
         'for k, g in grads.items()}'),
    ],
    'zero_weight_std.py': [
        ('            values["gather"] = GatherMode.REDUCED', '            values["gather"] = GatherMode.VARYING'),
    ],
    # emb_*
    'emb_hot_cache.py': [
        ('"batch": "examples", "dim": 4})', '"batch": "examples", "dim": 4, "cache": "examples"})'),
    ],
    'emb_two_tower_export.py': [
        ('return jax.lax.all_gather(vecs, self.cfg.index_axes,',
         f'return jax.lax.all_gather({PC}(vecs, self.cfg.model_axis, to="varying"), self.cfg.index_axes,'),
    ],
    'emb_inbatch_negatives.py': [
        ('vecs = {"user": u, "item": negatives}', 'vecs = {"user": u, "item": i}'),
    ],
    'emb_table_snapshot.py': [
        ('        return P(*self.snapshot)\n', '        return P(*self.snapshot, reduced=self.moved_axes())\n'),
    ],
    'emb_ctr_loss.py': [
        ('{"table": "Rows", "examples": "BATCH", "n_fields": 3}',
         '{"table": "Rows", "examples": "BATCH", "n_fields": 3, "loss_axes": ["batch"]}'),
    ],
    'emb_full_softmax.py': [
        ('table_view: TableView = Field(TableView.SHARED, alias="view")',
         'table_view: TableView = Field(TableView.REPLICATED, alias="view")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
