"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout83/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call or another program path uses legally), the spec, default or context mesh that
`top_level_all_gather` needs, and, where a cast would leave a reduced value in arithmetic or in a
collective (the SF106 programs and three SF103 ones), the producer's gather changed to
`to='invarying'` (with the out spec that then holds).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # vit_*
    'vit_global_pool.py': [
        ('return jax.lax.all_gather(pooled,',
         f'return jax.lax.all_gather({PC}(pooled, self.token_axis, to="varying"),'),
    ],
    'vit_qkv_gather.py': [
        ('return gather_weight(cols, self.gather_axes, 0)',
         f'return gather_weight({PC}(cols, "model", to="varying"), self.gather_axes, 0)'),
    ],
    'vit_pos_embed.py': [
        ('return jax.lax.all_gather(pos_embed, self.seq_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(pos_embed, self.seq_axis, axis=0, tiled=True, to="invarying")'),
    ],
    'vit_checkpoint_export.py': [
        ('"blocks.0.attn.qkv.weight": P("model", None, reduced={"data"}),',
         '"blocks.0.attn.qkv.weight": P(None, "model", reduced={"data"}),'),
    ],
    'vit_head_loss.py': [
        ('return jax.lax.pmean(nll, self.loss_axes)',
         f'return jax.lax.pmean({PC}(nll, self.model_axis, to="varying"), self.loss_axes)'),
    ],
    'vit_layer_scale.py': [
        ('kv = jax.lax.all_gather(x, self.seq_axis, axis=0, tiled=True, to="reduced")',
         'kv = jax.lax.all_gather(x, self.seq_axis, axis=0, tiled=True, to="invarying")'),
        ('P(None, None, reduced={"data"}))(x)', 'P(None, None))(x)'),
    ],
    # cnx_*
    'cnx_stem_norm.py': [
        ('return x, self.collect_stats(mean)',
         f'return x, self.collect_stats({PC}(mean, self.batch_axis, to="varying"))'),
    ],
    'cnx_pool_concat.py': [
        ('return _gather(pooled, self.head_axes, 0)',
         f'return _gather({PC}(pooled, self.head_axes[-1], to="varying"), self.head_axes, 0)'),
    ],
    'cnx_grn.py': [
        ('x = jax.lax.all_gather(x, self.batch_axis, axis=0, tiled=True, to="reduced")',
         'x = jax.lax.all_gather(x, self.batch_axis, axis=0, tiled=True, to="invarying")'),
    ],
    'cnx_feature_export.py': [
        ('        feats = model.forward_intermediates(x, mesh)\n    return model.export_features(feats)',
         '        feats = model.forward_intermediates(x, mesh)\n        return model.export_features(feats)'),
    ],
    'cnx_group_norm.py': [
        ('var = jax.lax.pmean(var.mean(), self.sync_axes)',
         f'var = jax.lax.pmean({PC}(var.mean(), self.channel_axis, to="varying"), self.sync_axes)'),
    ],
    'cnx_head_act.py': [
        ('x = jax.lax.all_gather(x, self.gather_axis, axis=0, tiled=True, to="reduced")',
         'x = jax.lax.all_gather(x, self.gather_axis, axis=0, tiled=True, to="invarying")'),
        ('P(None, "channel", reduced={"batch"}))(x)', 'P(None, "channel"))(x)'),
    ],
    # rn_*
    'rn_se_gate.py': [
        ('return gather_reduced(x_se, self.channel_axis, dim=1)',
         f'return gather_reduced({PC}(x_se, self.channel_axis, to="varying"), self.channel_axis, dim=1)'),
    ],
    'rn_bottleneck.py': [
        ('w3 = gather_reduced(w1, self.fsdp_axes, dim=0)',
         f'w3 = gather_reduced({PC}(w1, self.tp_axis, to="varying"), self.fsdp_axes, dim=0)'),
    ],
    'rn_blur_pool.py': [
        ('x = gather_reduced(x, self.spatial_axis, dim=0)',
         'x = jax.lax.all_gather(x, self.spatial_axis, axis=0, tiled=True, to="invarying")'),
    ],
    'rn_bn_export.py': [
        ('return P(self.mesh_axes[-1], reduced={self.mesh_axes[0]})',
         'return P(self.mesh_axes[0], reduced={self.mesh_axes[-1]})'),
    ],
    'rn_sync_bn.py': [
        ('return y, jax.lax.psum(var.sum(), self.log_axes)',
         f'return y, jax.lax.psum({PC}(var.sum(), self.axis_name, to="varying"), self.log_axes)'),
    ],
    'rn_norm_act.py': [
        ('x = gather_reduced(x, self.axis_name, dim=0)',
         'x = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="invarying")'),
        ('P(None, "tp", reduced={"dp"}))(x)', 'P(None, "tp"))(x)'),
    ],
    # ema_*
    'ema_distribute_bn.py': [
        ('jax.lax.all_gather(v, self.axis_name,',
         f'jax.lax.all_gather({PC}(v, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'ema_eval_weights.py': [
        ('return gather_reduced(full, self.export_axes, dim=0)',
         f'return gather_reduced({PC}(full, self.device_axis, to="varying"), self.export_axes, dim=0)'),
    ],
    'ema_consistency.py': [
        ('return jax.lax.pmax(jnp.abs(diff).sum(axis=1), self.device_axis)',
         f'return jax.lax.pmax({PC}(jnp.abs(diff).sum(axis=1), self.device_axis, to="varying"), self.device_axis)'),
    ],
    'ema_checkpoint.py': [
        ('P(None, None, reduced={shard_axis})', 'P(None, None, reduced=set(jax.tree.leaves(tuple(spec))))'),
    ],
    'ema_clip_grad.py': [
        ('total = jnp.sqrt(jax.lax.psum(sq, norm_axes))',
         f'total = jnp.sqrt(jax.lax.psum({PC}(sq, norm_axes[0], to="varying"), norm_axes))'),
    ],
    'ema_lerp.py': [
        ('model_full = gather_reduced(model_w, self.device_axis, dim=1)',
         'model_full = jax.lax.all_gather(model_w, self.device_axis, axis=1, tiled=True, to="invarying")'),
        ('out = P("replica", None, reduced={"fsdp"})', 'out = P("replica", None)'),
    ],
    # mix_*
    'mix_lam_log.py': [
        ('return jax.lax.all_gather(lam, self.batch_axis,',
         f'return jax.lax.all_gather({PC}(lam, self.batch_axis, to="varying"), self.batch_axis,'),
    ],
    'mix_global_targets.py': [
        ('return gather_reduced(full, self.batch_axes, dim=0)',
         f'return gather_reduced({PC}(full, self.class_axis, to="varying"), self.batch_axes, dim=0)'),
    ],
    'mix_class_counts.py': [
        ('class_counts = jax.lax.psum(targets.sum(axis=0), self.batch_axis)',
         f'class_counts = jax.lax.psum({PC}(targets.sum(axis=0), self.batch_axis, to="varying"), self.batch_axis)'),
    ],
    'mix_sample_grid.py': [
        ('    return save_sample_grid(batch, spec)',
         '    with jax.set_mesh(mesh):\n        return save_sample_grid(batch, spec)'),
    ],
    'mix_soft_ce.py': [
        ('return jax.lax.pmean(loss.mean(), self.reduction_axes)',
         f'return jax.lax.pmean({PC}(loss.mean(), self.class_axis, to="varying"), self.reduction_axes)'),
    ],
    'mix_target.py': [
        ('y2 = gather_reduced(y1, batch_axis, dim=0)[::-1]',
         'y2 = jax.lax.all_gather(y1, batch_axis, axis=0, tiled=True, to="invarying")[::-1]'),
        ('y1 = gather_reduced(y1, batch_axis, dim=0)',
         'y1 = jax.lax.all_gather(y1, batch_axis, axis=0, tiled=True, to="invarying")'),
        ('P(reduced={"batch"}))(target)', 'P())(target)'),
    ],
    # sched_*
    'sched_lars_trust.py': [
        ('table = jax.lax.all_gather(ratio, self.param_axis,',
         f'table = jax.lax.all_gather({PC}(ratio, self.param_axis, to="varying"), self.param_axis,'),
    ],
    'sched_layer_decay.py': [
        ('return gather_reduced(per_layer, self.sync, dim=0)',
         f'return gather_reduced({PC}(per_layer, self.layer_axis, to="varying"), self.sync, dim=0)'),
    ],
    'sched_lr_noise.py': [
        ('return jax.lax.pmean(eps.sum(axis=0), self.sync_axis)',
         f'return jax.lax.pmean({PC}(eps.sum(axis=0), self.sync_axis, to="varying"), self.sync_axis)'),
    ],
    'sched_opt_state.py': [
        ('    with mesh:\n', '    with jax.set_mesh(mesh):\n'),
    ],
    'sched_zero_grads.py': [
        ('return jax.lax.psum_scatter(grad, self.zero_axes,',
         f'return jax.lax.psum_scatter({PC}(grad, self.tp_axis, to="varying"), self.zero_axes,'),
    ],
    'sched_weight_decay.py': [
        ('w_full = gather_reduced(w, self.shard_axis, dim=1)',
         'w_full = jax.lax.all_gather(w, self.shard_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # train_*
    'train_per_rank_acc.py': [
        ('return gather_reduced(acc1, args.metric_axis)',
         f'return gather_reduced({PC}(acc1, args.metric_axis, to="varying"), args.metric_axis)'),
    ],
    'train_dist_bn.py': [
        ('return gather_reduced(full, tuple(args.dist_bn_axes.split(",")), dim=0)',
         f'return gather_reduced({PC}(full, channel_axis, to="varying"), tuple(args.dist_bn_axes.split(",")), dim=0)'),
    ],
    'train_feature_loss.py': [
        ('return reduce_tensor(loss, model_axis)[None]',
         f'return reduce_tensor({PC}(loss, model_axis, to="varying"), model_axis)[None]'),
    ],
    'train_checkpoint.py': [
        ('parser.add_argument("--ckpt-gather-axes", nargs="+", default=["data"])',
         'parser.add_argument("--ckpt-gather-axes", nargs="+", default=["data", "model"])'),
    ],
    'train_loss_meter.py': [
        ('return reduce_tensor(loss, args.mesh_axes)',
         f'return reduce_tensor({PC}(loss, args.mesh_axes[1], to="varying"), args.mesh_axes)'),
    ],
    'train_validate_tta.py': [
        ('output = gather_reduced(output, data_axis, dim=0)',
         'output = jax.lax.all_gather(output, data_axis, axis=0, tiled=True, to="invarying")'),
        ('P(None, "model", reduced={"data"}))(output)', 'P(None, "model"))(output)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
