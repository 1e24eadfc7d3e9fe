"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout126/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, otherwise the intended code
(the right axis in a config or plan, the local value passed on, the right `reduced=` axes, the
export moved inside `with jax.set_mesh(...)`), and for the SF106 programs the producer's gather
changed to `to='invarying'` (with the out spec that no longer says reduced). A program that
still fails after its fix hides a second error: every fixed copy must also pass its own
assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # tp_*
    'tp_mlp_probe.py': [
        ('return jax.lax.all_gather(y, self.axis, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(y, self.axis, to="varying"), self.axis, axis=1, tiled=True, to="reduced")'),
    ],
    'tp_hidden_dump.py': [
        ('dumper = HiddenDumper([("model", 1), (MESH_AXES, 0)])',
         'dumper = HiddenDumper([("model", 1), ("data", 0)])'),
    ],
    'tp_seq_parallel.py': [
        ('self.act_energy.value = jax.lax.psum(jnp.sum(full * full), ax)',
         'self.act_energy.value = jnp.sum(full * full)'),
    ],
    'tp_export_consolidate.py': [
        ('self.bias = Param(jnp.full((f,), 0.01), sharding=("model",))',
         'self.bias = tp_param(jnp.full((f,), 0.01), ("model",))'),
    ],
    'tp_eval_metrics.py': [
        ('metrics = EvalMetrics(Axes.all)', 'metrics = EvalMetrics(Axes.data)'),
    ],
    'tp_gathered_norm.py': [
        ('y = jax.lax.all_gather(y, self.axis, axis=-1, tiled=True, to="reduced")',
         'y = jax.lax.all_gather(y, self.axis, axis=-1, tiled=True, to="invarying")'),
        ('out_specs=P(data, None, reduced={model_axis})))', 'out_specs=P(data, None)))'),
    ],
    # attn_*
    'attn_entropy_monitor.py': [
        ('        ent = jax.lax.psum(ent, self.report_axis) / jax.lax.axis_size(self.report_axis)\n', ''),
    ],
    'attn_map_collect.py': [
        ('{"axes": MeshSpec.names(), "dim": 0}', '{"axes": MeshSpec.batch, "dim": 0}'),
    ],
    'attn_shared_kv.py': [
        ('bound = jax.lax.pmax(jnp.abs(k).sum(axis=-1), self.head_axis)',
         'bound = jnp.abs(k).sum(axis=-1)'),
    ],
    'attn_ckpt_export.py': [
        ('"out": P("heads", None, reduced={"data"}),', '"out": P(None, None, reduced={"data", "heads"}),'),
    ],
    'attn_distill_loss.py': [
        ('MeanReducer(axes.values())', 'MeanReducer([axes["batch"]])'),
    ],
    'attn_talking_heads.py': [
        ('return jax.lax.all_gather(local, self.head_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, self.head_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(layer.batch_axis, reduced={layer.head_axis}))', 'out_specs=P(layer.batch_axis))'),
    ],
    # moe_*
    'moe_router_load.py': [
        ('return jax.lax.all_gather(load, self.axis, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(load, self.axis, to="varying"), self.axis, tiled=True, to="reduced")'),
    ],
    'moe_expert_hooks.py': [
        ('return jax.lax.all_gather(y, axes["all"], axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(y, axes["data"], axis=1, tiled=True, to="reduced")'),
    ],
    'moe_scatter_combine.py': [
        ('return jax.lax.all_gather(y, self.cfg.expert_axis, axis=1, tiled=True, to="reduced")',
         'return y'),
    ],
    'moe_serving_export.py': [
        ('        update(bank, placed)\n    served = export_for_serving(',
         '        update(bank, placed)\n        served = export_for_serving('),
    ],
    'moe_aux_loss.py': [
        ('jax.lax.psum(per_shard, self.cfg.loss_axes)', 'jax.lax.psum(per_shard, self.cfg.token_axis)'),
    ],
    'moe_threshold_gate.py': [
        ('                                  to="reduced")', '                                  to="invarying")'),
        ('out_specs=P("data", None, reduced={"expert"}))', 'out_specs=P("data", None))'),
    ],
    # bn_*
    'bn_stats_logger.py': [
        ('self.records.append(jax.lax.all_gather(bn.mean.value, bn.axis_name, tiled=True,',
         f'self.records.append(jax.lax.all_gather({PC}(bn.mean.value, bn.axis_name, to="varying"), bn.axis_name, tiled=True,'),
    ],
    'bn_ghost_inspect.py': [
        ('return jax.lax.all_gather(whole[None], self.axes.all, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(whole[None], self.axes.feat, to="varying"), self.axes.all, tiled=True, to="reduced")'),
    ],
    'bn_exact_moments.py': [
        ('s1 = jax.lax.psum(s1, self.axis_name)', f's1 = jax.lax.psum({PC}(s1, self.axis_name, to="varying"), self.axis_name)'),
        ('s2 = jax.lax.psum(s2, self.axis_name)', f's2 = jax.lax.psum({PC}(s2, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'bn_stats_export.py': [
        ('lives_on = {mesh.axis_names[0]} if var.sharding else set()', 'lives_on = set(var.sharding or ())'),
    ],
    'bn_energy_reg.py': [
        ('cfg = ModelConfig()', 'cfg = ModelConfig(reg_axes=("batch",))'),
    ],
    'bn_gathered_var.py': [
        ('return jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={BN_AXIS}))', 'out_specs=P())'),
    ],
    # opt_*
    'opt_grad_norm_history.py': [
        ('return jax.lax.all_gather(local_norm, self.shard_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(local_norm, self.shard_axis, to="varying"), self.shard_axis, to="reduced")'),
    ],
    'opt_moment_dump.py': [
        ('DUMP_PLAN = (("fsdp", 1), (("data", "fsdp"), 0))', 'DUMP_PLAN = (("fsdp", 1), ("data", 0))'),
    ],
    'opt_ema_sync.py': [
        ('fresh = layer.full_kernel()', 'fresh = jax.lax.all_gather(layer.kernel.value, Axes.FSDP, axis=0, tiled=True)'),
    ],
    'opt_state_saver.py': [
        ('gathered = {a for a in (var.sharding or ()) if isinstance(a, str)}',
         'gathered = {a for e in (var.sharding or ()) if e for a in (e if isinstance(e, tuple) else (e,))}'),
    ],
    'opt_clip_norm.py': [
        ('clip_by_global_norm(1.0, "fsdp", mesh.axis_names)', 'clip_by_global_norm(1.0, "fsdp", ("data",))'),
    ],
    'opt_gathered_decay.py': [
        ('return jax.lax.all_gather(w, self.cfg.fsdp_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, self.cfg.fsdp_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # lora_*
    'lora_adapter_monitor.py': [
        ('self.seen["delta"] = jax.lax.all_gather(delta, layer.axis, axis=1, tiled=True, to="reduced")',
         f'self.seen["delta"] = jax.lax.all_gather({PC}(delta, layer.axis, to="varying"), layer.axis, axis=1, tiled=True, to="reduced")'),
    ],
    'lora_tenant_audit.py': [
        ('{"over": (TENANT_AXIS, RANK_AXIS), "dim": 0},', '{"over": TENANT_AXIS, "dim": 0},'),
    ],
    'lora_rank_usage.py': [
        ('self.rank_usage.value = jax.lax.psum(usage, self.cfg.rank_axis)',
         'self.rank_usage.value = jax.lax.psum(usage, self.cfg.batch_axis)'),
    ],
    'lora_merged_export.py': [
        ('P(None, "data", reduced={"model"})', 'P(None, "model", reduced={"data"})'),
    ],
    'lora_l2_penalty.py': [
        ('return jax.lax.psum(local, axes)', f'return jax.lax.psum({PC}(local, "data", to="varying"), axes) / 2'),
    ],
    'lora_scaled_delta.py': [
        ('return jax.lax.all_gather(part, self.spec.axis, axis=-1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(part, self.spec.axis, axis=-1, tiled=True, to="invarying")'),
        ('out_specs=P("data", reduced={spec.axis}))', 'out_specs=P("data"))'),
    ],
    # surgery_*
    'surgery_prune_scores.py': [
        ('scores[path] = jax.lax.all_gather(s, layer.score_axis, tiled=True, to="reduced")',
         f'scores[path] = jax.lax.all_gather({PC}(s, layer.score_axis, to="varying"), layer.score_axis, tiled=True, to="reduced")'),
    ],
    'surgery_param_inspect.py': [
        ('seen[path] = jax.lax.all_gather(own, self.mesh_axes, axis=0, tiled=True, to="reduced")',
         f'seen[path] = jax.lax.all_gather({PC}(own, m.tp_axis, to="varying"), self.mesh_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'surgery_rotate_whole.py': [
        ('received = jax.lax.ppermute(whole, self.axis, self.perm)',
         f'received = jax.lax.ppermute({PC}(whole, self.axis, to="varying"), self.axis, self.perm)'),
    ],
    'surgery_embed_export.py': [
        ('P(*([None] * var.value.ndim), reduced=axes))', 'P(*([None] * var.value.ndim), reduced=axes), multi_dim=True)'),
    ],
    'surgery_swap_calibrate.py': [
        ('self.axes = mesh.axis_names', 'self.axes = ("data",)'),
    ],
    'surgery_fold_bn.py': [
        ('w = jax.lax.all_gather(module.kernel.value, module.axis, axis=1, tiled=True, to="reduced")',
         'w = jax.lax.all_gather(module.kernel.value, module.axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"tensor"}))', 'out_specs=P())'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
