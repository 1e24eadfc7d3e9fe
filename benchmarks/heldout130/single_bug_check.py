"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout130/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axis or flag the code
meant (the right config default or field), the right `reduced=` axes, a prefix out spec,
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
    # mlp_*
    'mlp_eval_accuracy.py': [
        ('logged = jax.lax.all_gather(per_class, cfg.log_axis, to="reduced")',
         f'logged = jax.lax.all_gather({PC}(per_class, cfg.log_axis, to="varying"), cfg.log_axis, to="reduced")'),
    ],
    'mlp_export_activations.py': [
        ('return jax.lax.all_gather(h, self.cfg.dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h, self.cfg.hidden_axis, to="varying"), self.cfg.dump_axes, axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'mlp_act_regulariser.py': [
        ('h = jax.lax.all_gather(h, cfg.model_axis, axis=1, tiled=True, to="reduced")',
         'h_full = jax.lax.all_gather(h, cfg.model_axis, axis=1, tiled=True, to="reduced")'),
    ],
    'mlp_checkpoint_export.py': [
        ('"fc2.weight": P(None, None),', '"fc2.weight": P(None, None, reduced={"model"}),'),
    ],
    'mlp_train_loss.py': [
        ('return jax.lax.pmean(self.loss(x, y), self.cfg.all_axes)',
         'return jax.lax.pmean(self.loss(x, y), self.cfg.data)'),
    ],
    'mlp_calibration.py': [
        ('every = jax.lax.all_gather(logits, self.data_axis, axis=0, tiled=True, to="reduced")',
         'every = jax.lax.all_gather(logits, self.data_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={self.data_axis}))', 'out_specs=P(None))'),
    ],
    # conv_*
    'conv_bn_stats.py': [
        ('stats_axis: str = field(static=True, default="batch")',
         'stats_axis: str = field(static=True, default="chan")'),
    ],
    'conv_feature_dump.py': [
        ('return jax.lax.all_gather(y, axis_name=self.dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(y, self.channel_axis, to="varying"), axis_name=self.dump_axes, axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'conv_se_block.py': [
        ('energy = jax.lax.psum(jnp.sum(s * s, axis=1), cfg.channel_axis)',
         f'energy = jax.lax.psum(jnp.sum({PC}(s * s, cfg.channel_axis, to="varying"), axis=1), cfg.channel_axis)'),
    ],
    'conv_kernel_export.py': [
        ('kernel: P = field(static=True, default=P(None, None, "chan", reduced={"batch"}))',
         'kernel: P = field(static=True, default=P(None, None, "batch", reduced={"chan"}))'),
        ('bias: P = field(static=True, default=P("chan", reduced={"batch"}))',
         'bias: P = field(static=True, default=P("batch", reduced={"chan"}))'),
    ],
    'conv_train_loss.py': [
        ('return jax.lax.psum(jnp.sum(nll), AXES)', 'return jax.lax.psum(jnp.sum(nll), self.batch_axis)'),
    ],
    'conv_saliency.py': [
        ('everyone = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={self.axis}))', 'out_specs=P(None, None))'),
    ],
    # attn_*
    'attn_debug_hooks.py': [
        ('return jax.tree.map(collect, {"weights": weights, "out": out})',
         'return {"weights": collect(weights), "out": out}'),
        ('"out": P(d, None, None, reduced={h})}', '"out": P(d, None, None)}'),
    ],
    'attn_kv_dump.py': [
        ('return jax.lax.all_gather(t, self.proj.cfg.snapshot_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(t, self.proj.cfg.head_axis, to="varying"), self.proj.cfg.snapshot_axes, '
         'axis=0, tiled=True, to="reduced")'),
    ],
    'attn_ring.py': [
        ('prefetch_context: bool = field(static=True, default=True)',
         'prefetch_context: bool = field(static=True, default=False)'),
    ],
    'attn_export_heads.py': [
        ('        with jax.set_mesh(self.mesh):\n            placed = self.place(weights)\n'
         '        return {name: consolidate(proj) for name, proj in placed.projections().items()}',
         '        with jax.set_mesh(self.mesh):\n            placed = self.place(weights)\n'
         '            return {name: consolidate(proj) for name, proj in placed.projections().items()}'),
    ],
    'attn_zloss.py': [
        ('return jax.lax.psum(jnp.sum(z * z), axis_name=self.axes.all())',
         'return jax.lax.psum(jnp.sum(z * z), axis_name=self.axes.data)'),
    ],
    'attn_memory_tokens.py': [
        ('pool = jax.lax.all_gather(summary, self.batch_axis, axis=0, tiled=True, to="reduced")',
         'pool = jax.lax.all_gather(summary, self.batch_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # rnn_*
    'rnn_health_monitor.py': [
        ('return jax.lax.all_gather(stats, cfg.batch_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(stats, cfg.batch_axis, to="varying"), cfg.batch_axis, to="reduced")'),
    ],
    'rnn_state_dump.py': [
        ('return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h, rnn.state_axis, to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'rnn_readout.py': [
        ('hs = jax.lax.all_gather(hs, self.state_axis, axis=-1, tiled=True, to="reduced")',
         'probe = jax.lax.all_gather(hs, self.state_axis, axis=-1, tiled=True, to="reduced")'),
        ('jax.debug.callback(lambda h: None, hs)', 'jax.debug.callback(lambda h: None, probe)'),
    ],
    'rnn_param_export.py': [
        ('"w_in": P(None, None, reduced={"batch"}),', '"w_in": P(None, None, reduced={"state"}),'),
    ],
    'rnn_seq_loss.py': [
        ('return jax.lax.psum_scatter(per_step, (AXES.batch, AXES.state), scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(per_step, AXES.state, to="varying"), (AXES.batch, AXES.state), '
         'scatter_dimension=0, tiled=True)'),
    ],
    'rnn_decay_spectrum.py': [
        ('rates = jax.lax.all_gather(lru.log_rate, lru.state_axis, tiled=True, to="reduced")',
         'rates = jax.lax.all_gather(lru.log_rate, lru.state_axis, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={axis}))', 'out_specs=P(None))'),
    ],
    # flow_*
    'flow_logdet_report.py': [
        ('reported = jax.lax.all_gather(logdet, cfg.report_axis, tiled=True, to="reduced")',
         f'reported = jax.lax.all_gather({PC}(logdet, cfg.report_axis, to="varying"), cfg.report_axis, tiled=True, '
         'to="reduced")'),
    ],
    'flow_hidden_trace.py': [
        ('join_rows = functools.partial(jax.lax.all_gather, axis_name=("data", "model"), axis=0, tiled=True, to="reduced")',
         'join_rows = functools.partial(jax.lax.all_gather, axis_name="data", axis=0, tiled=True, to="reduced")'),
    ],
    'flow_actnorm_init.py': [
        ('mean = jax.lax.psum(jnp.sum(rows, axis=0), self.axis) / n',
         'mean = jax.lax.psum(jnp.sum(x, axis=0), self.axis) / n'),
    ],
    'flow_export.py': [
        ('serving: tuple = field(static=True, default=(P("model", None, reduced={"data"}),',
         'serving: tuple = field(static=True, default=(P(None, "model", reduced={"data"}),'),
    ],
    'flow_nll.py': [
        ('return jax.lax.pmean(-jnp.mean(log_prior + logdet), tuple(self.mesh.axis_names))',
         'return jax.lax.pmean(-jnp.mean(log_prior + logdet), "data")'),
    ],
    'flow_prior_scores.py': [
        ('return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={scorer.axis}))', 'out_specs=P(None))'),
    ],
    # gnn_*
    'gnn_graph_readout.py': [
        ('logged = jax.lax.all_gather(pooled, self.readout_axes, tiled=True, to="reduced")',
         f'logged = jax.lax.all_gather({PC}(pooled, self.readout_axes, to="varying"), self.readout_axes, tiled=True, '
         'to="reduced")'),
    ],
    'gnn_embedding_dump.py': [
        ('return jax.lax.all_gather(by_node, lay.collect_axes(), axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(by_node, lay.nodes, to="varying"), lay.collect_axes(), axis=1, tiled=True, '
         'to="reduced")'),
    ],
    'gnn_virtual_node.py': [
        ('neighbour_gather: str = field(static=True, default="reduced")',
         'neighbour_gather: str = field(static=True, default="varying")'),
    ],
    'gnn_node_export.py': [
        ('store_layout: P = field(static=True, default=P(None, "feat"))',
         'store_layout: P = field(static=True, default=P(None, "feat", reduced={"nodes"}))'),
    ],
    'gnn_link_loss.py': [
        ('return jax.lax.pmean(loss, self.axes)', 'return jax.lax.pmean(loss, self.node_axis)'),
    ],
    'gnn_attention_scores.py': [
        ('e_all = jax.lax.all_gather(e, cfg.node_axis, tiled=True, to="reduced")',
         'e_all = jax.lax.all_gather(e, cfg.node_axis, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={n}))', 'out_specs=P(None))'),
    ],
    # moe_*
    'moe_router_importance.py': [
        ('logged = jax.lax.all_gather(importance, cfg.expert_axis, to="reduced")',
         f'logged = jax.lax.all_gather({PC}(importance, cfg.expert_axis, to="varying"), cfg.expert_axis, to="reduced")'),
    ],
    'moe_expert_dump.py': [
        ('return jax.lax.all_gather(y, self.dump_axes, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(y, self.experts.expert_axis, to="varying"), self.dump_axes, axis=1, '
         'tiled=True, to="reduced")'),
    ],
    'moe_capacity.py': [
        ('busiest = jax.lax.pmax(per_shard, axis)', 'busiest = jax.lax.pmax(local, axis)'),
    ],
    'moe_expert_export.py': [
        ('return {name: top_level_all_gather(w, self.gathered) for name, w in bank.leaves().items()}',
         'return {name: top_level_all_gather(w, self.gathered, multi_dim=True) for name, w in bank.leaves().items()}'),
    ],
    'moe_router_zloss.py': [
        ('return jax.lax.psum(jnp.sum(z * z), (self.axes.tokens, self.axes.experts))',
         'return jax.lax.psum(jnp.sum(z * z), self.axes.tokens)'),
    ],
    'moe_expert_choice.py': [
        ('every = jax.lax.all_gather(logits, self.token_axis, axis=0, tiled=True, to="reduced")',
         'every = jax.lax.all_gather(logits, self.token_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={a}))', 'out_specs=P(None, None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
