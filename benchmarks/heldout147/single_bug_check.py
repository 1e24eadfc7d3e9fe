"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout147/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the axis or role the config
meant, the right default, a `pcast(..., to='varying')` before the collective where the
program's literal meaning is kept, the right `reduced=` axes or out spec for
`top_level_all_gather`, and for the SF106 programs the arithmetic moved before the gather or
the gather changed to `to='invarying'` (with the out spec that no longer says reduced).
Every fixed copy must run, including its own test assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # embed_*
    'embed_vocab_stats.py': [
        ('publish_axis: str = "data"', 'publish_axis: str = "model"'),
    ],
    'embed_table_dump.py': [
        ('return jax.lax.all_gather(full_rows, DUMP_AXES, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(full_rows, "data", axis=0, tiled=True, to="reduced")'),
    ],
    'embed_row_norms.py': [
        ('return jnp.max(jax.lax.pmax(sq, VOCAB_AXIS))',
         'return jnp.max(sq) if self.keep_rows else jnp.max(jax.lax.pmax(sq, VOCAB_AXIS))'),
    ],
    'embed_export.py': [
        ('"serve": P("model", None, reduced={"data"}),', '"serve": P("data", None, reduced={"model"}),'),
    ],
    'embed_grad_norm.py': [
        ('total = jax.lax.psum(jnp.sum(sq), cfg.norm_axes)', 'total = jax.lax.psum(jnp.sum(sq), cfg.row_axis)'),
    ],
    'embed_scaled_lookup.py': [
        ('full = jax.lax.all_gather(acts, hidden_axis,', 'full = jax.lax.all_gather(acts * scale, hidden_axis,'),
        ('return full * scale', 'return full'),
    ],
    # moe_*
    'moe_load_balance.py': [
        ('report_role: str = "tokens"', 'report_role: str = "experts"'),
    ],
    'moe_dispatch_dump.py': [
        ('return jax.lax.all_gather(probs, tuple(mesh.axis_names), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(probs, "data", axis=0, tiled=True, to="reduced")'),
    ],
    'moe_capacity.py': [
        ('def __init__(self, capacity, share_counts=True):', 'def __init__(self, capacity, share_counts=False):'),
    ],
    'moe_expert_export.py': [
        ('EVAL_SPEC = P(None, None, None)', 'EVAL_SPEC = P(None, None, None, reduced={"expert"})'),
    ],
    'moe_aux_loss.py': [
        ('jax.lax.pmean(per_shard, LOSS_AXES)', 'jax.lax.pmean(per_shard, "data")'),
    ],
    'moe_router_softmax.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(self.token_axis, None, reduced={self.expert_axis}))', 'out_specs=P(self.token_axis, None))'),
    ],
    # attn_*
    'attn_softmax_stats.py': [
        ('debug_axis: str = "seq"', 'debug_axis: str = "head"'),
    ],
    'attn_kv_collect.py': [
        ('VIS_AXES = ("seq", "head")', 'VIS_AXES = ("head",)'),
    ],
    'attn_ring_pass.py': [
        ('def make_rotate(mesh, steps, full_context=True):', 'def make_rotate(mesh, steps, full_context=False):'),
    ],
    'attn_cache_export.py': [
        ('keep_axis = "head"', 'keep_axis = "seq"'),
    ],
    'attn_head_entropy.py': [
        ('METRIC_AXES["mean_over"])', 'METRIC_AXES["entropy"])'),
    ],
    'attn_scaled_scores.py': [
        ('keys = self.all_keys(k) * self.inv_sqrt_d', 'keys = self.all_keys(k * self.inv_sqrt_d)'),
    ],
    # opt_*
    'opt_grad_history.py': [
        ('history = jax.lax.all_gather(synced, self.axis,', 'history = jax.lax.all_gather(g, self.axis,'),
    ],
    'opt_fsdp_params.py': [
        ('unshard_stage(("dp", "fsdp"), 0),', 'unshard_stage("dp", 0),'),
    ],
    'opt_second_moment.py': [
        ('peak = jnp.max(moment_peak(everyone, hp["axis"]))', 'peak = jnp.max(moment_peak(nu, hp["axis"]))'),
    ],
    'opt_state_export.py': [
        ('\n    exported = export_state(placed)', '\n      exported = export_state(placed)'),
    ],
    'opt_weight_norm.py': [
        ('jax.lax.psum(total, mesh.axis_names)', 'jax.lax.psum(total, "dp")'),
    ],
    'opt_update_clip.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={"dp"}))', 'out_specs=P(None))'),
    ],
    # eval_*
    'eval_class_support.py': [
        ('GATHER_OVER = {"hits": "class", "support": "batch"}', 'GATHER_OVER = {"hits": "class", "support": "class"}'),
    ],
    'eval_calibration_bins.py': [
        ('Collector(("batch", "class"), 1))', 'Collector("batch", 1))'),
    ],
    'eval_hit_rate.py': [
        ('return jax.lax.psum(jnp.sum(shared_hits(labels, preds)), "class")',
         'return jax.lax.psum(jnp.sum(shared_hits(labels, preds)), "batch")'),
    ],
    'eval_report_export.py': [
        ('return top_level_all_gather(probs, report_spec())',
         'return top_level_all_gather(probs, report_spec(), multi_dim=True)'),
    ],
    'eval_macro_f1.py': [
        ('average_axes = ("batch", "class")', 'average_axes = ("class",)'),
    ],
    'eval_logit_margin.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"class"})))', 'out_specs=P("batch", None)))'),
    ],
    # conv_*
    'conv_edge_energy.py': [
        ('plot_axis: str = "cols"', 'plot_axis: str = "rows"'),
    ],
    'conv_tile_mosaic.py': [
        ('jax.lax.all_gather(strip, MOSAIC["full"],', 'jax.lax.all_gather(strip, MOSAIC["column"],'),
    ],
    'conv_halo_blur.py': [
        ('def __init__(self, n_tiles, with_context=True):', 'def __init__(self, n_tiles, with_context=False):'),
    ],
    'conv_band_export.py': [
        ('PNG_SPEC = P(None, None, reduced=set(MESH_AXES))', 'PNG_SPEC = P(None, None, reduced={"rows"})'),
    ],
    'conv_weighted_pool.py': [
        ('return (cfg["row_axis"], cfg["col_axis"])', 'return (cfg["row_axis"],)'),
    ],
    'conv_threshold_mask.py': [
        ('full = self.rows(tile)\n    return (full > self.level).astype(jnp.float32)',
         'return self.rows((tile > self.level).astype(jnp.float32))'),
    ],
    # bn_*
    'bn_running_stats.py': [
        ('log_axes = ("pod", "batch")', 'log_axes = ("feat",)'),
    ],
    'bn_stat_dump.py': [
        ('jax.lax.all_gather(row, replica_axes + (feature_axis,), axis=0',
         'jax.lax.all_gather(row, replica_axes, axis=0'),
    ],
    'bn_feature_centre.py': [
        ('jax.lax.pmean(means, "feat").mean()', 'jax.lax.pmean(mu, "feat").mean()'),
    ],
    'bn_params_export.py': [
        ('return top_level_all_gather(placed, export_spec(self.keep))',
         'return jax.reshard(top_level_all_gather(placed, P(None, reduced=set(MESH_AXES))), '
         'P(MESH_AXES[:self.keep]))'),
    ],
    'bn_group_norm.py': [
        ('REPORT_AXES = ("pod", "batch", "feat")', 'REPORT_AXES = ("feat",)'),
    ],
    'bn_affine.py': [
        ('jax.lax.all_gather(self.normalise(x), "feat"', 'jax.lax.all_gather(self.normalise(x) * self.gain + self.shift, "feat"'),
        ('return rows * self.gain + self.shift', 'return rows'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
