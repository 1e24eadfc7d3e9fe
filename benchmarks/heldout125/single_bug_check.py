"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout125/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the process group the code
meant (a data-parallel group instead of WORLD, one axis instead of the tuple), a
`pcast(..., to='varying')` before a reduced gather of an invariant value where the program's
literal meaning is kept, the right `reduced=` / prefix spec for `top_level_all_gather`, the
train/eval flag or the stage that made the value reduced, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
Every fixed copy must also pass its own assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # ddp_*
    'ddp_activation_hooks.py': [
        ('return {k: dist.all_gather(v, dim=0, to="reduced") for k, v in self.saved.items()}',
         'return {k: dist.all_gather(v, group=dist.new_group(axes="data"), dim=0, to="reduced") '
         'for k, v in self.saved.items()}'),
    ],
    'ddp_checkpoint_export.py': [
        ('top_level_all_gather(value, P(None, None))', 'top_level_all_gather(value, P(None, None, reduced={"model"}))'),
    ],
    'ddp_eval_logits.py': [
        ('return jnp.max(dist.all_reduce(logits, op=ReduceOp.MAX, group=group), axis=1)',
         'return jnp.max(logits, axis=1)'),
    ],
    'ddp_gradnorm_log.py': [
        ('return dist.all_gather(jnp.sqrt(sq)[None], group=self.group, to="reduced")',
         f'return dist.all_gather({PC}(jnp.sqrt(sq)[None], self.group.axis, to="varying"), group=self.group, to="reduced")'),
    ],
    'ddp_loss_meter.py': [
        ('meter = AverageMeter()', 'meter = AverageMeter(ddp.process_group)'),
    ],
    'ddp_syncbn_buffers.py': [
        ('every = dist.all_gather(x, group=self.group, to="reduced")',
         'every = dist.all_gather(x, group=self.group, to="invarying")'),
    ],
    # lm_*
    'lm_clip_grad_norm.py': [
        ('grads, norm = clip_grad_norm_(grads, max_norm)', 'grads, norm = clip_grad_norm_(grads, max_norm, group=tp)'),
    ],
    'lm_final_layernorm.py': [
        ('to="invarying" if self.training else "reduced")', 'to="invarying")'),
        ('out_specs=P("dp", None, reduced={"tp"}))', 'out_specs=P("dp", None))'),
    ],
    'lm_logit_snapshot.py': [
        ('snap = LogitSnapshot(dist.new_group(axes=("dp", "tp")))', 'snap = LogitSnapshot(dist.new_group(axes="dp"))'),
    ],
    'lm_save_pretrained.py': [
        ('"embed.weight": P(None, None, reduced={"dp"}),', '"embed.weight": P(None, None, reduced={"tp"}),'),
    ],
    'lm_seq_parallel.py': [
        ('return (True,)', 'return (False,)'),
    ],
    'lm_token_stats.py': [
        ('per_rank = jax.lax.all_gather(seen, dp.axis, to="reduced")',
         f'per_rank = jax.lax.all_gather({PC}(seen, dp.axis, to="varying"), dp.axis, to="reduced")'),
    ],
    # seg_*
    'seg_ckpt_roundtrip.py': [
        ('layouts = {"kernel": P("spatial", None, reduced={"replica"})}',
         'layouts = {"kernel": P(None, None, reduced={"replica", "spatial"})}'),
    ],
    'seg_dice_monitor.py': [
        ('return dist.all_gather(dice[None], group=self.spatial, to="reduced")',
         f'return dist.all_gather({PC}(dice[None], self.spatial.axis, to="varying"), group=self.spatial, to="reduced")'),
    ],
    'seg_halo_smooth.py': [
        ('return dist.all_gather(x, group=self.group, dim=1, to="reduced")', 'return x'),
    ],
    'seg_mask_writer.py': [
        ('world = self.groups["world"]', 'world = dist.new_group(axes="replica")'),
    ],
    'seg_overlay.py': [
        ('logits = dist.all_gather(logits, group=self.group, dim=1, to="reduced")',
         'logits = dist.all_gather(logits, group=self.group, dim=1, to="invarying")'),
        ('out_specs=P("replica", None, None, reduced={"spatial"}))', 'out_specs=P("replica", None, None))'),
    ],
    'seg_pixel_accuracy.py': [
        ('PixelAccuracy(dist.new_group(axes="spatial"), dist.WORLD)',
         'PixelAccuracy(dist.new_group(axes="spatial"), dist.new_group(axes="replica"))'),
    ],
    # rl_*
    'rl_advantage_whitening.py': [
        ('every = self.gather_all_envs(adv)', 'every = adv'),
    ],
    'rl_entropy_bonus.py': [
        ('return dist.all_gather(local, group=self.actor, dim=1, to="reduced")',
         'return dist.all_gather(local, group=self.actor, dim=1, to="invarying")'),
        ('out_specs=P("env", reduced={"actor"}))', 'out_specs=P("env"))'),
    ],
    'rl_episode_returns.py': [
        ('every_env = jax.lax.all_gather(total, self.env_group.axis, to="reduced")',
         f'every_env = jax.lax.all_gather({PC}(total, self.env_group.axis, to="varying"), self.env_group.axis, to="reduced")'),
    ],
    'rl_policy_export.py': [
        ('"w_heads": P("env", None, None)}', '"w_heads": P("env", None, None, reduced={"actor"})}'),
    ],
    'rl_trajectory_dump.py': [
        ('axes=tuple(mesh.axis_names)', 'axes="env"'),
    ],
    'rl_value_loss.py': [
        ('return dist.all_reduce(loss, op=ReduceOp.AVG)',
         'return dist.all_reduce(loss, op=ReduceOp.AVG, group=self.ddp.process_group)'),
    ],
    # hsdp_*
    'hsdp_adamw_decay.py': [
        ('return dist.all_gather(shard, group=self.gpu_group, dim=0, to="reduced")',
         'return dist.all_gather(shard, group=self.gpu_group, dim=0, to="invarying")'),
        ('out_specs=P(None, None, reduced={"gpu"}))', 'out_specs=P(None, None))'),
    ],
    'hsdp_full_state_dict.py': [
        ('self.full_spec = P(None, reduced={"gpu"})', 'self.full_spec = P(None, reduced={"node", "gpu"})'),
    ],
    'hsdp_param_audit.py': [
        ('{"audit_axes": ["node", "gpu"]}', '{"audit_axes": ["node"]}'),
    ],
    'hsdp_reshard.py': [
        ('self.reshard_after_forward = True', 'self.reshard_after_forward = False'),
    ],
    'hsdp_shard_norms.py': [
        ('return dist.all_gather(norm[None], group=gpu_group, to="reduced")',
         f'return dist.all_gather({PC}(norm[None], gpu_group.axis, to="varying"), group=gpu_group, to="reduced")'),
    ],
    'hsdp_token_weighted_loss.py': [
        ('tokens = dist.all_reduce(tokens)\n', 'tokens = dist.all_reduce(tokens, group=dist.new_group(axes="node"))\n'),
    ],
    # rec_*
    'rec_bag_monitor.py': [
        ('return jax.lax.all_gather(norm, self.group.axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(norm, self.group.axis, to="varying"), self.group.axis, to="reduced")'),
    ],
    'rec_ctr_zero.py': [
        ('sharder(g_dense)', f'sharder({PC}(g_dense, "table", to="varying"))'),
    ],
    'rec_in_batch_negatives.py': [
        ('return jax.lax.all_gather(emb, self.sampler.group.axis, axis=0, tiled=True, to="reduced")', 'return emb'),
    ],
    'rec_score_temperature.py': [
        ('return dist.all_gather(local, group=self.group, dim=1, to="reduced")',
         'return dist.all_gather(local, group=self.group, dim=1, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"table"}))', 'out_specs=P("batch", None))'),
    ],
    'rec_table_export.py': [
        ('host = NamedSharding(mesh, P(None, None))', 'host = NamedSharding(mesh, P(None, None, reduced={"table"}))'),
    ],
    'rec_table_snapshot.py': [
        ('GROUPS = {"rows": ("batch", "table"), "cols": ("table",)}', 'GROUPS = {"rows": ("batch",), "cols": ("table",)}'),
    ],
    # gnn_*
    'gnn_degree_report.py': [
        ('return dist.all_gather(edges, group=self.part_group, dim=0, to="reduced")',
         f'return dist.all_gather({PC}(edges, self.part_group.axis, to="varying"), group=self.part_group, dim=0, to="reduced")'),
    ],
    'gnn_gat_scores.py': [
        ('return dist.all_gather(e, group=self.part_group, dim=1, to="reduced")',
         'return dist.all_gather(e, group=self.part_group, dim=1, to="invarying")'),
        ('out_specs=P("graph", None, reduced={"part"}))', 'out_specs=P("graph", None))'),
    ],
    'gnn_graph_regression.py': [
        ('loss_group=dist.new_group(ranks=list(range(8)), axes=("graph", "part"))',
         'loss_group=dist.new_group(axes="graph")'),
    ],
    'gnn_node_embedding_dump.py': [
        ('dump = EmbeddingDump(part, axes=mesh.axis_names)', 'dump = EmbeddingDump(part, axes="graph")'),
    ],
    'gnn_partition_checkpoint.py': [
        ('target = P("graph", None, reduced={"part"})', 'target = P(None, "graph", reduced={"part"})'),
    ],
    'gnn_ring_messages.py': [
        ('    net.eval()\n', '    net.train()\n'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
