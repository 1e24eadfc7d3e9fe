"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout65/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the reduced gather, the collective or the tuple reduction), for
`top_level_all_gather` an out spec that gathers the whole dimension or a context mesh, and for the
SF106 programs the arithmetic moved before the gather or the producer's gather changed to
`to='invarying'` (with the out spec that no longer names the reduced axis). A program that still
fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # trainer callbacks and hooks
    'cb_grad_norm_monitor.py': [
        ('all_gather(total, self.axis,', f'all_gather({PC}(total, self.axis, to="varying"), self.axis,'),
    ],
    'cb_activation_stats.py': [
        ('all_gather(squared, self.config.all_axes,',
         f'all_gather({PC}(squared, self.config.batch_axis, to="varying"), self.config.all_axes,'),
    ],
    'cb_early_stopping.py': [
        ('return reduce(losses, self.sync_axis)', f'return reduce({PC}(losses, self.sync_axis, to="varying"), self.sync_axis)'),
    ],
    'cb_model_checkpoint.py': [
        ('"embed": P("model", None, reduced={"data"}),', '"embed": P(None, None, reduced={"data", "model"}),'),
    ],
    'cb_throughput_monitor.py': [
        ('strategy.reduce(per_replica.sum(),', f'strategy.reduce({PC}(per_replica.sum(), "model", to="varying"),'),
    ],
    'cb_grad_clip_value.py': [
        ('full = jax.lax.all_gather(grads,', 'full = jax.lax.all_gather(jnp.clip(grads, -clip_val, clip_val),'),
        ('return jnp.clip(full, -clip_val, clip_val)', 'return full'),
    ],
    # metric collections
    'met_accuracy_collection.py': [
        ('jax.lax.all_gather(v, self.axis_name,', f'jax.lax.all_gather({PC}(v, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'met_confusion_matrix.py': [
        ('jax.lax.all_gather(value, self.export_axes,',
         f'jax.lax.all_gather({PC}(value, self.sync_axis, to="varying"), self.export_axes,'),
    ],
    'met_running_sum.py': [
        ('return jax.lax.psum(value, self.axis_name)', f'return jax.lax.psum({PC}(value, self.axis_name, to="varying"), self.axis_name)'),
    ],
    'met_state_dict_export.py': [
        ('state.state_dict(P(None, None))', 'state.state_dict(P(None, None, reduced={"replica"}))'),
    ],
    'met_mse_process_group.py': [
        ('self.dist_sync_fn(v, self.process_group)',
         f'self.dist_sync_fn({PC}(v, "feature", to="varying") if k == "sum_squared_error" else v, self.process_group)'),
    ],
    'met_f1_score.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, "feature", reduced={"replica"})', 'out_specs=P(None, "feature")'),
    ],
    # train state objects
    'ts_batch_stats_sync.py': [
        ('passes.append(functools.partial(jax.lax.all_gather, axis_name=axis_name, axis=0,',
         f'passes.append(lambda v: jax.lax.all_gather({PC}(v, axis_name, to="varying"), axis_name=axis_name, axis=0,'),
    ],
    'ts_fsdp_unshard_plan.py': [
        ('leaf = jax.lax.all_gather(leaf, axes,',
         f'leaf = jax.lax.all_gather({PC}(leaf, tuple(a for a in axes if a in jax.typeof(leaf).mat.reduced), to="varying"), axes,'),
    ],
    'ts_optimizer_chain.py': [
        ('lambda x: jax.lax.pmean(x, axis_name)', f'lambda x: jax.lax.pmean({PC}(x, axis_name, to="varying"), axis_name)'),
    ],
    'ts_host_snapshot.py': [
        ('P(None, None, reduced={"data", "fsdp"})', 'P(None, "fsdp", reduced={"data"})'),
    ],
    'ts_global_norm_clip.py': [
        ('jax.lax.psum(local, self.axis_names)', f'jax.lax.psum({PC}(local, "data", to="varying"), self.axis_names)'),
    ],
    'ts_ema_params.py': [
        ('tiled=True,\n                                   to="reduced")', 'tiled=True,\n                                   to="invarying")'),
        ('out_specs={"w": P(reduced={"fsdp"})}', 'out_specs={"w": P()}'),
    ],
    # strategies chosen by name
    'strat_ddp_reduce_gather.py': [
        ('all_gather(tensor, self.data_axis,', f'all_gather({PC}(tensor, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'strat_fsdp_all_gather.py': [
        ('all_gather(tensor, self.gather_axes,', f'all_gather({PC}(tensor, self.shard_axis, to="varying"), self.gather_axes,'),
    ],
    'strat_boolean_decision.py': [
        ('psum(decision.astype(jnp.int32), self.process_axis)',
         f'psum({PC}(decision.astype(jnp.int32), self.process_axis, to="varying"), self.process_axis)'),
    ],
    'strat_model_parallel_ckpt.py': [
        ('        self.strategy.save_checkpoint(params, "last.ckpt")\n',
         '        with jax.set_mesh(self.strategy.mesh):\n            self.strategy.save_checkpoint(params, "last.ckpt")\n'),
    ],
    'strat_reduce_scatter_grads.py': [
        ('psum_scatter(grad, self.reduce_axes,', f'psum_scatter({PC}(grad, "tp", to="varying"), self.reduce_axes,'),
    ],
    'strat_precision_plugin.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs={"w": P(None, "tp", reduced={"dp"})}', 'out_specs={"w": P(None, "tp")}'),
    ],
    # data-parallel helpers
    'dp_grad_sync_spec.py': [
        ('"share": lambda axis: functools.partial(jax.lax.all_gather, axis_name=axis,',
         f'"share": lambda axis: lambda g: jax.lax.all_gather({PC}(g, axis, to="varying"), axis_name=axis,'),
    ],
    'dp_composed_gather.py': [
        ('all_gather(x, NODE_AXES, axis=0,', f'all_gather({PC}(x, NODE_AXES[-1], to="varying"), NODE_AXES, axis=0,'),
    ],
    'dp_replica_shuffle.py': [
        ('all_to_all(batch, axis,', f'all_to_all({PC}(batch, axis, to="varying"), axis,'),
    ],
    'dp_eval_batch_gather.py': [
        ('P("local", None, reduced={"node"})', 'P(None, None, reduced={"node", "local"})'),
    ],
    'dp_hierarchical_allreduce.py': [
        ('node_sums = tree_all_reduce(grads, intra_axis)\n',
         f'node_sums = jax.tree.map(lambda g: {PC}(g, intra_axis, to="varying"), tree_all_reduce(grads, intra_axis))\n'),
    ],
    'dp_named_reduction.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("local", reduced={"node"})', 'out_specs=P("local")'),
    ],
    # tensor-parallel helpers
    'tp_row_parallel_gather.py': [
        ('all_gather(x, TP_AXIS,', f'all_gather({PC}(x, TP_AXIS, to="varying"), TP_AXIS,'),
    ],
    'tp_sequence_parallel_export.py': [
        ('all_gather(x, cfg.export_axes,', f'all_gather({PC}(x, cfg.sequence_axis, to="varying"), cfg.export_axes,'),
    ],
    'tp_vocab_parallel_ce.py': [
        ('    logits_max = reduce_max(logits)\n',
         f'    logits = {PC}(logits, tp_axis, to="varying")\n    logits_max = reduce_max(logits)\n'),
    ],
    'tp_plan_inference_layout.py': [
        ('"colwise": P(None, "tensor", reduced={"data"}),', '"colwise": P(None, None, reduced={"data", "tensor"}),'),
    ],
    'tp_layernorm_stats.py': [
        ('return jax.lax.psum(x, self.dims.norm_axes)',
         f'return jax.lax.psum({PC}(x, self.dims.sp_axis, to="varying"), self.dims.norm_axes)'),
    ],
    'tp_mlp_activation.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"tensor"})', 'out_specs=P("data", None)'),
    ],
    # logging and checkpoint hooks
    'log_logger_connector.py': [
        ('all_gather(v, self.axis, axis=0,', f'all_gather({PC}(v, self.axis, to="varying"), self.axis, axis=0,'),
    ],
    'log_weight_histograms.py': [
        ('all_gather(value, sync_dist_group,',
         f'all_gather({PC}(value, self.tensor_axis, to="varying"), sync_dist_group,'),
    ],
    'log_step_outputs.py': [
        ('reduce_fx(value, self.data_axis)', f'reduce_fx({PC}(value, self.data_axis, to="varying"), self.data_axis)'),
    ],
    'log_checkpoint_manager.py': [
        ('"opt_state": P(ALL[1], None, reduced={ALL[0], ALL[2]}),', '"opt_state": P(None, None, reduced=set(ALL)),'),
    ],
    'log_sync_dist_mean.py': [
        ('self.log("train_loss", loss, sync_dist=True)',
         f'self.log("train_loss", {PC}(loss, self.tp_axis, to="varying"), sync_dist=True)'),
    ],
    'log_loss_spike_hook.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs={"spikes": P(reduced={"data"})}', 'out_specs={"spikes": P()}'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
