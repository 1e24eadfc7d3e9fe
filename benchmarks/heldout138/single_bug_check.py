"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout138/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the strategy / config value
the code meant (the right registry key, axis name or plan), the right `reduced=` axes,
`multi_dim=True` or a context mesh for `top_level_all_gather`, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
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
    'dp_grad_log.py': [
        ('trace = jax.lax.all_gather(gw[None], self.log_axis.value,',
         f'trace = jax.lax.all_gather({PC}(gw[None], self.log_axis.value, to="varying"), self.log_axis.value,'),
    ],
    'dp_multitask_collect.py': [
        ('return jax.lax.all_gather(rows, axes, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(rows, MeshAxis.DATA.value, to="varying"), axes, axis=1, tiled=True, to="reduced")'),
    ],
    'dp_eval_total.py': [
        ('per_example = jax.lax.all_gather(per_example, self.axis, tiled=True, to="reduced")\n            rows = per_example',
         'rows = jax.lax.all_gather(per_example, self.axis, tiled=True, to="reduced")'),
    ],
    'dp_zero1_export.py': [
        ('return top_level_all_gather(x, P(MeshAxis.MODEL.value, None, reduced={MeshAxis.DATA.value}))',
         'return top_level_all_gather(x, P(MeshAxis.DATA.value, None, reduced={MeshAxis.MODEL.value}))'),
    ],
    'dp_multitask_loss.py': [
        ('return ["--strategy=multitask_mean"], x, y', 'return ["--strategy=multitask_task_mean"], x, y'),
    ],
    'dp_loss_curve.py': [
        ('shard_losses = jax.lax.all_gather(loss[None], self.curve.axis, tiled=True, to="reduced")',
         'shard_losses = jax.lax.all_gather(loss[None], self.curve.axis, tiled=True, to="invarying")'),
        ('return (P(), P(None, reduced={self.curve.axis.value}))', 'return (P(), P(None))'),
    ],
    # tp_*
    'tp_mlp_act_log.py': [
        ('return jax.lax.all_gather(y, MeshAxis(self.cfg.axis).value,',
         f'return jax.lax.all_gather({PC}(y, MeshAxis(self.cfg.axis).value, to="varying"), MeshAxis(self.cfg.axis).value,'),
    ],
    'tp_hidden_stats.py': [
        ('return jax.lax.all_gather(h, tuple(a.value for a in self.axes), axis=0, tiled=True,',
         f'return jax.lax.all_gather({PC}(h, MeshAxis.MODEL.value, to="varying"), tuple(a.value for a in self.axes), axis=0, tiled=True,'),
    ],
    'tp_act_penalty.py': [
        ('return jax.lax.all_gather(h, self.shard.value, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, self.shard.value, axis=1, tiled=True)'),
    ],
    'tp_weight_export.py': [
        ('return P(*(None for _ in spec))', 'return P(*(None for _ in spec), reduced={self.shard.value})'),
    ],
    'tp_loss_total.py': [
        ('return ["--strategy=tp_sum"], x, y, w_in, w_out', 'return ["--strategy=tp_batch_sum"], x, y, w_in, w_out'),
    ],
    'tp_gelu_units.py': [
        ('everyone = jax.lax.all_gather(pre, cfg.axis.value, axis=1, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(pre, cfg.axis.value, axis=1, tiled=True, to="invarying")'),
        ('P(self.batch.value, None, reduced={self.shard.value}))', 'P(self.batch.value, None))'),
    ],
    # sp_*
    'sp_norm_stats_log.py': [
        ('return jax.lax.all_gather(stat, self.over.value,',
         f'return jax.lax.all_gather({PC}(stat, self.over.value, to="varying"), self.over.value,'),
    ],
    'sp_kv_cache_collect.py': [
        ('return jax.lax.all_gather(k_full, self.axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(k_full, MeshAxis.SEQ.value, to="varying"), self.axes, axis=0, tiled=True, to="reduced")'),
    ],
    'sp_ring_shift.py': [
        ('left = self.halo.take(src)', f'left = self.halo.take({PC}(src, self.seq.value, to="varying") if self.full_view else src)'),
    ],
    'sp_activation_dump.py': [
        ('return top_level_all_gather(x, DUMP_SPECS[kind](axes))',
         'return top_level_all_gather(x, DUMP_SPECS[kind](axes), multi_dim=True)'),
    ],
    'sp_token_loss.py': [
        ('"--average=mesh"', '"--average=batch"'),
    ],
    'sp_full_scores.py': [
        ('return jax.lax.all_gather(local, self.seq.value, axis=2, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, self.seq.value, axis=2, tiled=True, to="invarying")'),
        ('return P(self.batch.value, None, None, reduced={self.seq.value})', 'return P(self.batch.value, None, None)'),
    ],
    # ep_*
    'ep_router_load_log.py': [
        ('return jax.lax.all_gather(load[None], self.axis.value,',
         f'return jax.lax.all_gather({PC}(load[None], self.axis.value, to="varying"), self.axis.value,'),
    ],
    'ep_dispatch_trace.py': [
        ('TRACE_PLAN = [MeshAxis.EXPERT.value, (MeshAxis.DATA.value, MeshAxis.EXPERT.value)]',
         'TRACE_PLAN = [MeshAxis.EXPERT.value, MeshAxis.DATA.value]'),
    ],
    'ep_capacity_dispatch.py': [
        ('incoming = jax.lax.psum_scatter(self.guard(counts, self.expert.value), self.expert.value,',
         f'incoming = jax.lax.psum_scatter({PC}(self.guard(counts, self.expert.value), self.expert.value, to="varying"), self.expert.value,'),
    ],
    'ep_expert_export.py': [
        ('options={"export_axes": "data"}', 'options={"export_axes": "expert"}'),
    ],
    'ep_aux_loss.py': [
        ('return jax.lax.psum(jnp.sum(per_expert), s.loss_axes())',
         'return jax.lax.psum(jnp.sum(per_expert), s.expert.value)'),
    ],
    'ep_gate_capacity.py': [
        ('gates = jax.lax.all_gather(jnp.exp(local_logits), self.expert.value, axis=1, tiled=True,\n                                   to="reduced")',
         'gates = jax.lax.all_gather(jnp.exp(local_logits), self.expert.value, axis=1, tiled=True,\n                                   to="invarying")'),
        ('return P(self.batch.value, None, reduced={self.expert.value})', 'return P(self.batch.value, None)'),
    ],
    # fsdp_*
    'fsdp_grad_norm_log.py': [
        ('logged = jax.lax.all_gather(norm[None], self.log_axis.value,',
         f'logged = jax.lax.all_gather({PC}(norm[None], self.log_axis.value, to="varying"), self.log_axis.value,'),
    ],
    'fsdp_param_snapshot.py': [
        ('return jax.lax.all_gather(w_rows, self.layout.axes(), axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(w_rows, self.layout.rows.value, to="varying"), self.layout.axes(), axis=1, tiled=True, to="reduced")'),
    ],
    'fsdp_shadow_params.py': [
        ('return jax.lax.psum_scatter(w_full, axis, scatter_dimension=0, tiled=True) / n',
         f'return jax.lax.psum_scatter({PC}(w_full, axis, to="varying"), axis, scatter_dimension=0, tiled=True) / n'),
    ],
    'fsdp_consolidate.py': [
        ('    ckpt = trainer.checkpoint(Consolidated(trainer.strategy.gathered_spec))',
         '    with jax.set_mesh(trainer.mesh):\n        ckpt = trainer.checkpoint(Consolidated(trainer.strategy.gathered_spec))'),
    ],
    'fsdp_grad_scatter.py': [
        ('return jax.lax.psum_scatter(g, axes, scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(g, strategy.rows.value, to="varying"), axes, scatter_dimension=0, tiled=True)'),
    ],
    'fsdp_weight_decay.py': [
        ('w_full = jax.lax.all_gather(w_shard, self.shard.value, axis=0, tiled=True, to="reduced")',
         'w_full = jax.lax.all_gather(w_shard, self.shard.value, axis=0, tiled=True, to="invarying")'),
        ('return P(None, None, reduced={self.shard.value})', 'return P(None, None)'),
    ],
    # pp_*
    'pp_loss_log.py': [
        ('"--log_axis=stage"', '"--log_axis=data"'),
    ],
    'pp_stage_trace.py': [
        ('return jax.lax.all_gather(per_stage, axis_name=self.axes,',
         f'return jax.lax.all_gather({PC}(per_stage, MeshAxis.STAGE.value, to="varying"), axis_name=self.axes,'),
    ],
    'pp_schedule_table.py': [
        ('return jax.lax.all_gather(state, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(state, axis, axis=0, tiled=True)'),
    ],
    'pp_stage_export.py': [
        ('stacked = export_stack(w, mesh, ExportConfig())',
         'stacked = export_stack(w, mesh, ExportConfig(reduce_axes=(MeshAxis.STAGE.value,)))'),
    ],
    'pp_loss_average.py': [
        ('return ["--strategy=pp_loss"], w, x, y', 'return ["--strategy=pp_loss_replicas"], w, x, y'),
    ],
    'pp_microbatch_mean.py': [
        ('per_stage = jax.lax.all_gather(total[None], self.stage.value, axis=0, tiled=True,\n                                       to="reduced")',
         'per_stage = jax.lax.all_gather(total[None], self.stage.value, axis=0, tiled=True,\n                                       to="invarying")'),
        ('return P(None, self.data.value, None, reduced={self.stage.value})', 'return P(None, self.data.value, None)'),
    ],
    # hy_*
    'hy_step_metrics.py': [
        ('per_device = jax.lax.all_gather(loss[None], self.metric_axis,',
         f'per_device = jax.lax.all_gather({PC}(loss[None], self.metric_axis, to="varying"), self.metric_axis,'),
    ],
    'hy_logits_dump.py': [
        ('return jax.lax.all_gather(logits, self.layout, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(logits, MeshAxis.MODEL.value, to="varying"), self.layout, axis=0, tiled=True, to="reduced")'),
    ],
    'hy_amax_scale.py': [
        ('return jax.lax.pmax(jnp.abs(h), self.axis.value)',
         f'return jax.lax.pmax({PC}(jnp.abs(h), self.axis.value, to="varying"), self.axis.value)'),
    ],
    'hy_layout_regather.py': [
        ('return top_level_all_gather(table, layout.spec(), multi_dim=True)',
         'return jax.reshard(table, P(MeshAxis.MODEL.value, None))'),
    ],
    'hy_token_count.py': [
        ('for ax in (self.batch, self.shard)}', 'for ax in (self.batch,)}'),
    ],
    'hy_bias_gathered.py': [
        ('y = jax.lax.all_gather(local, self.proj.gather.value, axis=1, tiled=True, to="reduced")',
         'y = jax.lax.all_gather(local, self.proj.gather.value, axis=1, tiled=True, to="invarying")'),
        ('return P(self.batch.value, None, reduced={self.proj.gather.value})', 'return P(self.batch.value, None)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
