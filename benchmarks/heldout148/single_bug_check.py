"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout148/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the group / axes the code
meant (the right config value or constructor argument), the right `reduced=` axes, a spec that
is a prefix of the training layout, `multi_dim=True` or a context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced).
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
    'mlp_loss_logger.py': [
        ('per_rank = all_gather(loss[None], self.group, dim=0, to="reduced")',
         f'per_rank = all_gather({PC}(loss[None], self.group, to="varying"), self.group, dim=0, to="reduced")'),
    ],
    'mlp_activation_dump.py': [
        ('return {k: jax.lax.all_gather(v, DUMP_GROUPS, axis=0, tiled=True, to="reduced")',
         f'return {{k: jax.lax.all_gather({PC}(v, PARALLEL["tp"], to="varying"), DUMP_GROUPS, axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'mlp_grad_clip.py': [
        ('total_sq = all_reduce(full, ReduceOp.SUM, group)',
         f'total_sq = all_reduce({PC}(full, group, to="varying"), ReduceOp.SUM, group)'),
    ],
    'mlp_checkpoint_export.py': [
        ('reduced=set(axes) if len(axes) > 1 else set())', 'reduced=set(axes))'),
    ],
    'mlp_eval_loss.py': [
        ('REPORT_GROUP = LAUNCH["axes"]', 'REPORT_GROUP = "data"'),
    ],
    'mlp_sampler_temperature.py': [
        ('return all_gather(self.head(h), TP, dim=1, to="reduced")',
         'return all_gather(self.head(h), TP, dim=1, to="invarying")'),
    ],
    # emb_*
    'emb_pooled_stats.py': [
        ('jax.lax.all_gather(norms, self.stat_group, axis=0, tiled=True, to="reduced"))',
         f'jax.lax.all_gather({PC}(norms, self.stat_group, to="varying"), self.stat_group, axis=0, '
         'tiled=True, to="reduced"))'),
    ],
    'emb_lookup_snapshot.py': [
        ('return all_gather(rows, self.world_groups, dim=0, to="reduced")',
         f'return all_gather({PC}(rows, self.column_group, to="varying"), self.world_groups, dim=0, to="reduced")'),
    ],
    'emb_row_adagrad.py': [
        ('shared = opt.pass_to_next(new_acc)', f'shared = opt.pass_to_next({PC}(new_acc, DATA, to="varying"))'),
    ],
    'emb_serving_reshard.py': [
        ('TRAIN_ROWS = ("table", "data")', 'TRAIN_ROWS = ("data", "table")'),
    ],
    'emb_ctr_metrics.py': [
        ('metrics = CTRMetrics(tuple(mesh.axis_names))', 'metrics = CTRMetrics("data")'),
    ],
    'emb_rerank_bias.py': [
        ('scores = all_gather(local, CAND, dim=0, to="reduced")', 'scores = all_gather(local, CAND, dim=0, to="invarying")'),
        ('out_specs=P(None, reduced={CAND}))', 'out_specs=P(None))'),
    ],
    # moe_*
    'moe_router_load.py': [
        ('self.last = jax.lax.all_gather(load, self.monitor, axis=0, tiled=True, to="reduced")',
         f'self.last = jax.lax.all_gather({PC}(load, self.monitor, to="varying"), self.monitor, axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'moe_expert_outputs.py': [
        ('return jax.lax.all_gather(hidden, self.groups, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(hidden, TP, to="varying"), self.groups, axis=0, tiled=True, to="reduced")'),
    ],
    'moe_aux_loss.py': [
        ('mean_prob = jax.lax.pmean(jnp.sum(all_probs, axis=0), group)',
         f'mean_prob = jax.lax.pmean({PC}(jnp.sum(all_probs, axis=0), group, to="varying"), group)'),
    ],
    'moe_expert_checkpoint.py': [
        ('top_level_all_gather(value, gathered(spec))', 'top_level_all_gather(value, gathered(spec), multi_dim=True)'),
    ],
    'moe_capacity_overflow.py': [
        ('return jax.lax.psum(overflow, AXES)', f'return jax.lax.psum({PC}(overflow, "expert", to="varying"), AXES)'),
    ],
    'moe_soft_gate.py': [
        ('logits = jax.lax.all_gather(local, self.group, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, self.group, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(DP, None, reduced={EP}))', 'out_specs=P(DP, None))'),
    ],
    # cnn_*
    'cnn_syncbn_taps.py': [
        ('self.taps.append(all_gather(mean[None], BN_GROUP, dim=0, to="reduced"))',
         f'self.taps.append(all_gather({PC}(mean[None], BN_GROUP, to="varying"), BN_GROUP, dim=0, to="reduced"))'),
    ],
    'cnn_feature_bank.py': [
        ('return jax.lax.all_gather(rows, WORLD, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(rows, LOCAL, to="varying"), WORLD, axis=0, tiled=True, to="reduced")'),
    ],
    'cnn_calibration.py': [
        ('return jax.lax.pmax(jnp.abs(all_logits), GROUP)',
         f'return jax.lax.pmax({PC}(jnp.abs(all_logits), GROUP, to="varying"), GROUP)'),
    ],
    'cnn_fsdp_export.py': [
        ('    state = fsdp.full_state_dict()\n',
         '    with jax.set_mesh(mesh):\n        state = fsdp.full_state_dict()\n'),
    ],
    'cnn_hierarchical_ddp.py': [
        ('ddp = DistributedDataParallel(Module(), group=(NODE, LOCAL))',
         'ddp = DistributedDataParallel(Module(), group=NODE)'),
    ],
    'cnn_teacher_targets.py': [
        ('return all_gather(self.teacher(x), GROUP, dim=0, to="reduced")',
         'return all_gather(self.teacher(x), GROUP, dim=0, to="invarying")'),
        ('out_specs=P(None, None, reduced={GROUP}))', 'out_specs=P(None, None))'),
    ],
    # seq_*
    'seq_layernorm_monitor.py': [
        ('self.seen["var"] = jax.lax.all_gather(var[:, 0], self.cfg.monitor_group, axis=0,',
         f'self.seen["var"] = jax.lax.all_gather({PC}(var[:, 0], self.cfg.monitor_group, to="varying"), '
         'self.cfg.monitor_group, axis=0,'),
    ],
    'seq_kv_dump.py': [
        ('return {name: all_gather(k, axes, dim=0, to="reduced") for name, k in cache.items()}',
         f'return {{name: all_gather({PC}(k, "seq", to="varying"), axes, dim=0, to="reduced") '
         'for name, k in cache.items()}'),
    ],
    'seq_ring_attention.py': [
        ('k, v = self.ring_pass(keys_seen), self.ring_pass(v)', 'k, v = self.ring_pass(k), self.ring_pass(v)'),
    ],
    'seq_cache_export.py': [
        ('reduced=set(MESH["axes"]))', 'reduced={"seq"})'),
    ],
    'seq_token_loss.py': [
        ('TRAINER = {"reduce_group": ("data", "seq"), "sp": "seq"}', 'TRAINER = {"reduce_group": "data", "sp": "seq"}'),
    ],
    'seq_causal_scores.py': [
        ('k_all = all_gather(x @ self.wk, SP, dim=0, to="reduced")',
         'k_all = all_gather(x @ self.wk, SP, dim=0, to="invarying")'),
    ],
    # ae_*
    'ae_kl_tracker.py': [
        ('history = jax.lax.all_gather(kl[None], TRACK["kl_history_over"], tiled=True, to="reduced")',
         f'history = jax.lax.all_gather({PC}(kl[None], REPLICA, to="varying"), TRACK["kl_history_over"], '
         'tiled=True, to="reduced")'),
    ],
    'ae_latent_export.py': [
        ('return jax.lax.all_gather(z, self.cfg["row_axes"], axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(z, self.cfg["unit_axis"], to="varying"), self.cfg["row_axes"], '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'ae_codebook_reset.py': [
        ('z_pool = jax.lax.ppermute(z_all, GROUP,', f'z_pool = jax.lax.ppermute({PC}(z_all, GROUP, to="varying"), GROUP,'),
    ],
    'ae_publish_decoder.py': [
        ('TRAIN_LAYOUT = {"decoder.w": P(("replica", "shard"), None)',
         'TRAIN_LAYOUT = {"decoder.w": P(("shard", "replica"), None)'),
    ],
    'ae_vae_metrics.py': [
        ('ddp = DistributedDataParallel(Encoder(w_mu, w_lv), group=MESH_AXES)',
         'ddp = DistributedDataParallel(Encoder(w_mu, w_lv), group="replica")'),
    ],
    'ae_sample_grid.py': [
        ('return all_gather(logits, PIXELS, dim=1, to="reduced")', 'return all_gather(logits, PIXELS, dim=1, to="invarying")'),
        ('out_specs=P(ROWS, None, reduced={PIXELS}))', 'out_specs=P(ROWS, None))'),
    ],
    # gnn_*
    'gnn_gcn_readout.py': [
        ('self.logs["pooled"] = all_gather(pooled, ROLES[LOG_OVER], dim=0, to="reduced")',
         f'self.logs["pooled"] = all_gather({PC}(pooled, ROLES[LOG_OVER], to="varying"), ROLES[LOG_OVER], '
         'dim=0, to="reduced")'),
    ],
    'gnn_node_embeddings.py': [
        ('return jax.lax.all_gather(emb, self.dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(emb, FEAT, to="varying"), self.dump_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'gnn_partitioned_mp.py': [
        ('return jax.lax.psum_scatter(states, NODE,', f'return jax.lax.psum_scatter({PC}(states, NODE, to="varying"), NODE,'),
    ],
    'gnn_save_layers.py': [
        ('def gathered_spec(spec, keep=("feat",)):', 'def gathered_spec(spec, keep=("node", "feat")):'),
    ],
    'gnn_mean_readout.py': [
        ('MeanReadout(NodeEncoder(w), "node", mesh.axis_names[1:])', 'MeanReadout(NodeEncoder(w), "node", ("feat",))'),
    ],
    'gnn_gat_scores.py': [
        ('e = all_gather(e_local, NODE, dim=0, to="reduced")', 'e = all_gather(e_local, NODE, dim=0, to="invarying")'),
        ('out_specs=P(None, reduced={NODE}))', 'out_specs=P(None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
