"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout151/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes or the value the
code meant (the right config entry, the value it meant to gather), the right out spec or
`reduced=` axes for `top_level_all_gather` (or the call moved inside the mesh block), and for
most SF106 programs the producer's gather changed to `to='invarying'` (with an out spec that no
longer says reduced). A program that still fails after its fix hides a second error: every fixed
copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # mlp_*
    'mlp_loss_log.py': [
        ('logged = jax.lax.all_gather(total, LOG["loss_axis"], tiled=True, to="reduced")',
         'logged = jax.lax.all_gather(per_replica, LOG["loss_axis"], tiled=True, to="reduced")'),
    ],
    'mlp_act_dump.py': [
        ('return acts, dump(seen)', 'return acts, dump(acts)'),
    ],
    'mlp_ckpt_rotate.py': [
        ('rotated = send_down(ckpt, stage)', 'rotated = send_down(jax.lax.pcast(ckpt, "stage", to="varying"), stage)'),
        ('out_specs=(P("stage", "data"), P(None, None, "data", None)))',
         'out_specs=(P("stage", "data"), P(None, ("stage", "data"), None)))'),
    ],
    'mlp_weight_export.py': [
        ('        new_w = fn(wd, xd)\n    return new_w', '        new_w = fn(wd, xd)\n        return Exporter(EXPORT_SPEC)(new_w)'),
        ('    full = exporter(new_w)\n', '    full = new_w\n'),
    ],
    'mlp_grad_norm.py': [
        ('CLIP = {"max_norm": 1.0, "norm_axes": MESH_AXES}', 'CLIP = {"max_norm": 1.0, "norm_axes": "stage"}'),
    ],
    'mlp_pred_softmax.py': [
        ('rows = jax.lax.all_gather(scores, HEAD["collect_axis"], axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(scores, HEAD["collect_axis"], axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("stage", None, None, reduced={HEAD["collect_axis"]}))', 'out_specs=P("stage", None, None))'),
    ],
    # tfm_*
    'tfm_seqpar_block.py': [
        ('full = jax.lax.all_gather(h, TP, axis=0, tiled=True, to="reduced")', 'full = h'),
    ],
    'tfm_head_collect.py': [
        ('rows = jax.lax.all_gather(units, COLLECT["rows"], axis=0, tiled=True, to="reduced")',
         f'rows = jax.lax.all_gather({PC}(units, COLLECT["units"], to="varying"), COLLECT["rows"], axis=0, tiled=True, to="reduced")'),
    ],
    'tfm_unit_stats.py': [
        ('return jax.lax.psum(jnp.sum(alive, axis=0), self.axis)',
         f'return jax.lax.psum({PC}(jnp.sum(alive, axis=0), self.axis, to="varying"), self.axis)'),
    ],
    'tfm_ffn_export.py': [
        ('EXPORT = {"w_up": P(None, None, None, reduced={"stage"}),', 'EXPORT = {"w_up": P(None, None, "tensor", reduced={"stage"}),'),
    ],
    'tfm_bias_allreduce.py': [
        ('return (w1, w2, b2), x, np.cos(x).astype(np.float32), "dp+tp"',
         'return (w1, w2, b2), x, np.cos(x).astype(np.float32), "dp"'),
    ],
    'tfm_layer_stats.py': [
        ('rows = jax.lax.all_gather(h, STATS_AXIS, axis=0, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(h, STATS_AXIS, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P("stage", None, None, reduced={STATS_AXIS}))', 'out_specs=P("stage", None, None))'),
    ],
    # conv_*
    'conv_energy_log.py': [
        ('return self.gather(total)', f'return self.gather({PC}(total, self.axis, to="varying"))'),
    ],
    'conv_tap_collect.py': [
        ('return state, collect(per_replica, PLOT["everything"], 1)',
         f'return state, collect({PC}(per_replica, PLOT["per_replica"], to="varying"), PLOT["everything"], 1)'),
    ],
    'conv_peak_norm.py': [
        ('NORM = {"gather_to": "reduced", "eps": 1e-3}', 'NORM = {"gather_to": "invarying", "eps": 1e-3}'),
    ],
    'conv_kernel_export.py': [
        ('return P(*[None] * ndim)', 'return P(*[None] * ndim, reduced={PIPE})'),
    ],
    'conv_bn_sync.py': [
        ('BN = {"sync": "batch", "running": AXES, "eps": 1e-5}', 'BN = {"sync": "batch", "running": "stage", "eps": 1e-5}'),
    ],
    'conv_gain_clip.py': [
        ('track = jax.lax.all_gather(h, PIPE, axis=1, tiled=True, to="reduced")',
         'track = jax.lax.all_gather(h, PIPE, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={PIPE}))', 'out_specs=P(None, None))'),
    ],
    # moe_*
    'moe_load_log.py': [
        ('curve = jax.lax.all_gather(total, axis, tiled=True, to="reduced")',
         'curve = jax.lax.all_gather(load, axis, tiled=True, to="reduced")'),
    ],
    'moe_gate_dump.py': [
        ('return state, dump.table(cols)', f'return state, dump.table({PC}(cols, dump.column_axis, to="varying"))'),
    ],
    'moe_a2a_dispatch.py': [
        ('ROUTER = {"view": "reduced", "dispatch_from": "routed"}', 'ROUTER = {"view": "reduced", "dispatch_from": "local"}'),
    ],
    'moe_expert_export.py': [
        ('DISTILL_LAYOUT = P("expert", None, None, None, reduced={"stage"})',
         'DISTILL_LAYOUT = P(None, "expert", None, None, reduced={"stage"})'),
    ],
    'moe_aux_loss.py': [
        ('AUX = {"weight": 0.01, "sum_over": "expert", "average_over": AXES}',
         'AUX = {"weight": 0.01, "sum_over": "expert", "average_over": "stage"}'),
    ],
    'moe_router_temp.py': [
        ('logits = jax.lax.all_gather(h @ wr_col, "expert", axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(h @ wr_col, "expert", axis=1, tiled=True, to="invarying")'),
    ],
    # rnn_*
    'rnn_metric_log.py': [
        ('return jax.lax.all_gather(replica, "data", tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(replica, "data", to="varying"), "data", tiled=True, to="reduced")'),
    ],
    'rnn_state_dump.py': [
        ('table = jax.lax.all_gather(layers, axis_name=',
         f'table = jax.lax.all_gather({PC}(layers, "stage", to="varying"), axis_name='),
    ],
    'rnn_length_stats.py': [
        ('return jax.lax.psum_scatter(per_step, self.axis, scatter_dimension=0, tiled=True)',
         f'return jax.lax.psum_scatter({PC}(per_step, self.axis, to="varying"), self.axis, scatter_dimension=0, tiled=True)'),
    ],
    'rnn_weight_export.py': [
        ('return P(None, None, None, reduced=set(mesh.axis_names))', 'return P(None, None, None, reduced={"stage"})'),
    ],
    'rnn_zero_grads.py': [
        ('mine = jax.lax.psum_scatter(g, OPT_GROUP, scatter_dimension=0, tiled=True)',
         f'mine = jax.lax.psum_scatter({PC}(g, "data", to="varying"), OPT_GROUP, scatter_dimension=0, tiled=True)'),
    ],
    'rnn_readout_bias.py': [
        ('READOUT = {"collect": "data", "keep": "reduced"}', 'READOUT = {"collect": "data", "keep": "invarying"}'),
        ('out_specs=P("stage", None, None, reduced={READOUT["collect"]}))', 'out_specs=P("stage", None, None))'),
    ],
    # ae_*
    'ae_fsdp_params.py': [
        ('full = jax.tree.map(fsdp_gather, params)', 'full = dict(params, w=fsdp_gather(params["w"]))'),
    ],
    'ae_latent_dump.py': [
        ('return state, jax.lax.all_gather(bank, dump_axes,',
         f'return state, jax.lax.all_gather({PC}(bank, "fsdp", to="varying"), dump_axes,'),
    ],
    'ae_shard_update.py': [
        ('return jax.lax.psum_scatter(self.full, "fsdp",',
         f'return jax.lax.psum_scatter({PC}(self.full, "fsdp", to="varying"), "fsdp",'),
    ],
    'ae_decoder_export.py': [
        ('"serve": P(AXES[1], None, reduced={AXES[0]})}', '"serve": P(AXES[0], None, reduced={AXES[1]})}'),
    ],
    'ae_kl_term.py': [
        ('fn = jax.shard_map(make_step(stage, mesh.axis_names), mesh=mesh,', 'fn = jax.shard_map(make_step(stage, "pipe"), mesh=mesh,'),
    ],
    'ae_pixel_out.py': [
        ('return w, x, "sigmoid"', 'return w, x, "tanh"'),
    ],
    # emb_*
    'emb_hot_rows.py': [
        ('MONITOR = {"sum_axis": "data", "rows_axis": "data"}', 'MONITOR = {"sum_axis": "data", "rows_axis": "model"}'),
    ],
    'emb_user_dump.py': [
        ('DUMP = {"replicas": ("data",), "index": ("pipe", "data")}', 'DUMP = {"replicas": ("data",), "index": ("pipe",)}'),
    ],
    'emb_norm_clip.py': [
        ('biggest = jax.lax.pmax(jnp.sum(self.full * self.full, axis=-1), self.axis)',
         f'biggest = jax.lax.pmax({PC}(jnp.sum(self.full * self.full, axis=-1), self.axis, to="varying"), self.axis)'),
    ],
    'emb_table_export.py': [
        ('served = top_level_all_gather(placed[0], retrieval_layout())', 'served = jax.reshard(placed[0], P(AXES[-1], None))'),
    ],
    'emb_ctr_loss.py': [
        ('BATCH = {"split_over": ("data", "model"), "micro": N_MICRO}', 'BATCH = {"split_over": ("pipe", "data"), "micro": N_MICRO}'),
    ],
    'emb_topk_hits.py': [
        ('every = jax.lax.all_gather(jnp.stack(scores), "data", axis=1, tiled=True, to="reduced")',
         'every = jax.lax.all_gather(jnp.stack(scores), "data", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("pipe", None, reduced={"data"}))', 'out_specs=P("pipe", None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
