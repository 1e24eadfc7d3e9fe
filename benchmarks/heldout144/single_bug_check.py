"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout144/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the logical rule or config
entry the code meant (the right mesh axis for a logical name, the right dims of a dump), the
right `reduced=` axes or `multi_dim=True` or a context mesh for `top_level_all_gather` (or a
plain `jax.reshard` where the target is not a gather), and for the SF106 programs the constant
applied before the reduced gather, the gather made `to='invarying'`, or the constant dropped.
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # mlp_*
    'mlp_loss_history.py': [
        ('history = jax.lax.all_gather(loss[None], batch_axis, axis=0, tiled=True, to="reduced")',
         f'history = jax.lax.all_gather({PC}(loss[None], batch_axis, to="varying"), batch_axis, axis=0, tiled=True, to="reduced")'),
    ],
    'mlp_ckpt_gather.py': [
        ('return jax.lax.all_gather(value, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(value, FSDP_AXIS, to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'mlp_replica_checksum.py': [
        ('    local = jnp.sum(jnp.abs(kernel))', f'    local = {PC}(jnp.sum(jnp.abs(kernel)), axis, to="varying")'),
    ],
    'mlp_export_head.py': [
        ('        gathered = {a for a, k in zip(', '    gathered = {a for a, k in zip('),
    ],
    'mlp_metric_mean.py': [
        ('"acc": metrics(logits, y, all_axes)}', '"acc": metrics(logits, y, fsdp)}'),
    ],
    'mlp_weight_decay.py': [
        ('return ce + HPARAMS["weight_decay"] * input_l2(full)',
         'return ce + HPARAMS["weight_decay"] * input_l2(p)'),
    ],
    # attn_*
    'attn_entropy_log.py': [
        ('per_shard = jax.lax.all_gather(ent[None], tp, axis=0, tiled=True, to="reduced")',
         f'per_shard = jax.lax.all_gather({PC}(ent[None], tp, to="varying"), tp, axis=0, tiled=True, to="reduced")'),
    ],
    'attn_kv_dump.py': [
        ('axes = tuple(a for a in logical_to_mesh_axes(self.order) if a)',
         'axes = tuple(a for a in logical_to_mesh_axes(self.order[1:]) if a)'),
    ],
    'attn_ring_keynorm.py': [
        ('total = jax.lax.psum(sq, stat_axis)', f'total = jax.lax.psum({PC}(sq, stat_axis, to="varying"), stat_axis)'),
    ],
    'attn_export_qkv.py': [
        ('whole = top_level_all_gather(arr, whole_spec(self.specs[name]))',
         'whole = top_level_all_gather(arr, whole_spec(self.specs[name]), multi_dim=True)'),
    ],
    'attn_aux_loss.py': [
        ('z_all = jax.lax.pmean(z, mesh_axes)', 'z_all = jax.lax.pmean(z, fsdp)'),
    ],
    'attn_mup_readout.py': [
        ('wo_full = jax.lax.all_gather(wo, fsdp, axis=2, tiled=True, to="reduced")\n        wo_full = wo_full * mup.output_mult',
         'wo_full = jax.lax.all_gather(wo * mup.output_mult, fsdp, axis=2, tiled=True, to="reduced")'),
    ],
    # embed_*
    'embed_row_hits.py': [
        ('("hit_sum", "table")]', '("hit_sum", "batch")]'),
    ],
    'embed_score_dump.py': [
        ('EVAL = {"score_dims": ("batch", "vocab")}', 'EVAL = {"score_dims": ("batch",)}'),
    ],
    'embed_ring_negatives.py': [
        ('share_positives: bool = True', 'share_positives: bool = False'),
    ],
    'embed_table_export.py': [
        ('EXPORT_RULES = [("batch", "table"), ("vocab", "batch"), ("emb", None)]',
         'EXPORT_RULES = [("batch", "batch"), ("vocab", "table"), ("emb", None)]'),
    ],
    'embed_bag_stats.py': [
        ('STAT_LOGICAL = ("batch", "vocab")', 'STAT_LOGICAL = ("batch",)'),
    ],
    'embed_softmax_temp.py': [
        ('scores = jax.lax.all_gather(local, item_axis, axis=1, tiled=True, to="reduced")\n        probs = jnp.exp(scores / temperature)',
         'scores = jax.lax.all_gather(local / temperature, item_axis, axis=1, tiled=True, to="reduced")\n        probs = jnp.exp(scores)'),
    ],
    # moe_*
    'moe_load_trace.py': [
        ('trace = jax.lax.all_gather(load, batch_axis, axis=0, tiled=False, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(load, batch_axis, to="varying"), batch_axis, axis=0, tiled=False, to="reduced")'),
    ],
    'moe_expert_dump.py': [
        ('axes = tuple(a for a in logical_to_mesh_axes(self.layout) if a is not None)',
         'axes = tuple(a for a in logical_to_mesh_axes(self.layout[:1]) if a is not None)'),
    ],
    'moe_a2a_dispatch.py': [
        ('buf = jax.lax.all_to_all(buf, exp_axis, split_axis=0, concat_axis=1, tiled=True)',
         f'buf = jax.lax.all_to_all({PC}(buf, exp_axis, to="varying"), exp_axis, split_axis=0, concat_axis=1, tiled=True)'),
    ],
    'moe_serving_layout.py': [
        ('out[name] = top_level_all_gather(placed, target)', 'out[name] = jax.reshard(placed, P(*serve[name]))'),
    ],
    'moe_balance_loss.py': [
        ('aux = jax.lax.psum(balance_loss(mine, batch_axis), mesh_axes)',
         'aux = jax.lax.psum(balance_loss(mine, batch_axis), exp_axis)'),
    ],
    'moe_capacity.py': [
        ('every = jax.lax.all_gather(share, exp_axis, axis=0, tiled=True, to="reduced")\n        cap = jnp.ceil(every * cfg.capacity_factor)',
         'every = jax.lax.all_gather(share * cfg.capacity_factor, exp_axis, axis=0, tiled=True, to="reduced")\n        cap = jnp.ceil(every)'),
    ],
    # conv_*
    'conv_energy_trace.py': [
        ('("energy", "seq")]', '("energy", "batch")]'),
    ],
    'conv_feature_dump.py': [
        ('VIEWER = {"time_dims": ("length",), "all_dims": ("batch", "length")}',
         'VIEWER = {"time_dims": ("length",), "all_dims": ("batch",)}'),
    ],
    'conv_context_halo.py': [
        ('h = jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")\n            ctx = jnp.sum(h, axis=1, keepdims=True)',
         'h_all = jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")\n            ctx = jnp.sum(h_all, axis=1, keepdims=True)'),
    ],
    'conv_bank_export.py': [
        ('return P(*(None for _ in names), reduced={first})',
         'return P(*(None for _ in names), reduced=set(sharded[0]) if isinstance(sharded[0], tuple) else {first})'),
    ],
    'conv_loudness_norm.py': [
        ('loud = jax.lax.pmean(jnp.mean(utterance_power(y, seq_axis)), every_axis)',
         'loud = jax.lax.pmean(jnp.mean(utterance_power(y, seq_axis)), batch_axis)'),
    ],
    'conv_global_gate.py': [
        ('frames = jax.lax.all_gather(x, seq_axis, axis=1, tiled=True, to="reduced")',
         'frames = jax.lax.all_gather(x, seq_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # optim_*
    'optim_update_norm.py': [
        ('per_shard = jax.lax.all_gather(norm[None], fsdp, axis=0, tiled=True, to="reduced")',
         f'per_shard = jax.lax.all_gather({PC}(norm[None], fsdp, to="varying"), fsdp, axis=0, tiled=True, to="reduced")'),
    ],
    'optim_grad_dump.py': [
        ('PROBE = {"param": "w_in", "stack_over": ("replicas", "embed")}',
         'PROBE = {"param": "w_in", "stack_over": ("replicas",)}'),
    ],
    'optim_norm_sync.py': [
        ('    return jax.lax.pmean(full, sync_axis)',
         f'    return jax.lax.pmean({PC}(full, sync_axis, to="varying"), sync_axis)'),
    ],
    'optim_state_export.py': [
        ('    return P(*(None for _ in spec), reduced=set(batch_axes))',
         '    return P(*(None for _ in spec), reduced={a for a in spec if a})'),
    ],
    'optim_clip_norm.py': [
        ('return jnp.sqrt(jax.lax.psum(sq, all_mesh_axes()))', 'return jnp.sqrt(jax.lax.psum(sq, all_mesh_axes()[1]))'),
    ],
    'optim_offset_scale.py': [
        ('        gain = 1.0 + scale\n', '        gain = scale\n'),
    ],
    # pipe_*
    'pipe_stage_loss.py': [
        ('seen = jax.lax.all_gather(loss[None], stage_axis, axis=0, tiled=True, to="reduced")',
         f'seen = jax.lax.all_gather({PC}(loss[None], stage_axis, to="varying"), stage_axis, axis=0, tiled=True, to="reduced")'),
    ],
    'pipe_activation_dump.py': [
        ('    everything: tuple = ("batch", "layers")', '    everything: tuple = ("batch",)'),
    ],
    'pipe_microbatch_ring.py': [
        ('        inbox = jax.lax.all_gather(micro, micro_axis, axis=0, tiled=True, to="reduced")',
         '        inbox = jax.lax.all_gather(micro, micro_axis, axis=0, tiled=True)'),
    ],
    'pipe_stage_export.py': [
        ('    served = to_serving(placed, variables)', '    with jax.set_mesh(mesh):\n        served = to_serving(placed, variables)'),
    ],
    'pipe_bubble_stats.py': [
        ('REPORT_OVER = ("layers", "batch")', 'REPORT_OVER = ("batch",)'),
    ],
    'pipe_embed_scale.py': [
        ('        table = whole(params["embedding"]) * np.sqrt(model.dim)',
         '        table = whole(params["embedding"] * np.sqrt(model.dim))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
