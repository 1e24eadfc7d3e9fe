"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout161/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the option default or argv
value the code meant (the right axis, the right mode), the right out spec or `reduced=` axes for
`top_level_all_gather` (or the call moved inside the mesh block), and for some SF106 programs
the producer's gather changed to `to='invarying'` (with an out spec that no longer says reduced).
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
    'dp_loss_curve.py': [
        ('return w - lr * grad, log(loss)', 'return w - lr * grad, log(local)'),
    ],
    'dp_act_dump.py': [
        ('return out, dumper.table(full)', 'return out, dumper.table(h)'),
    ],
    'dp_weight_check.py': [
        ('return REDUCERS[how](sq, axis)', f'return REDUCERS[how]({PC}(sq, axis, to="varying"), axis)'),
    ],
    'dp_export.py': [
        ('            w = fn(w, x, y)\n    ctx.obj["weights"] = w\n    if export:\n        return ctx.invoke(globals()["export"], axes=axes)\n',
         '            w = fn(w, x, y)\n        ctx.obj["weights"] = w\n        if export:\n            return ctx.invoke(globals()["export"], axes=axes)\n'),
    ],
    'dp_grad_sync.py': [
        ('@option("--sync-axes", default="data,model",', '@option("--sync-axes", default="model",'),
    ],
    'dp_pred_clip.py': [
        ('@option("--collect-to", default="reduced",', '@option("--collect-to", default="invarying",'),
    ],
    # rec_*
    'rec_hot_rows.py': [
        ('@option("--count-axis", default="batch",', '@option("--count-axis", default="shard",'),
    ],
    'rec_user_dump.py': [
        ('return users, writer.everything(writer.per_replica(parts))', 'return users, writer.everything(parts)'),
    ],
    'rec_norm_clip.py': [
        ('return jax.lax.psum(sq, self.feature_axis)', f'return jax.lax.psum({PC}(sq, self.feature_axis, to="varying"), self.feature_axis)'),
    ],
    'rec_table_export.py': [
        ('@option("--serve-spec", default="shard,none", type=parse_spec)', '@option("--serve-spec", default="batch,none", type=parse_spec)'),
    ],
    'rec_ctr_loss.py': [
        ('@option("--avg-axes", default="batch,shard",', '@option("--avg-axes", default="batch",'),
    ],
    'rec_score_filter.py': [
        ('return jax.lax.all_gather(local, item_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, item_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(batch, None, reduced={item})))', 'out_specs=P(batch, None)))'),
    ],
    # seq_*
    'seq_loss_track.py': [
        ('@option("--track-axis", default="sp",', '@option("--track-axis", default="dp",'),
    ],
    'seq_kv_dump.py': [
        ('return out, gather_seq(keys, dump_axes, 0)', f'return out, gather_seq({PC}(keys, sp, to="varying"), dump_axes, 0)'),
    ],
    'seq_halo_conv.py': [
        ('@option("--context", default="reduced",', '@option("--context", default="varying",'),
    ],
    'seq_pos_export.py': [
        ('return ["--verbose", "export", "--serve-spec", "none,none"]', 'return ["--verbose", "export", "--serve-spec", "none,none", "--keep-grad"]'),
    ],
    'seq_norm_stats.py': [
        ('feature_var = jax.lax.psum_scatter(var, scatter_group,', f'feature_var = jax.lax.psum_scatter({PC}(var, sp, to="varying"), scatter_group,'),
    ],
    'seq_attn_scale.py': [
        ('keys = jax.lax.all_gather(k, self.axis, axis=1, tiled=True, to="reduced")\n        return keys * self.scale',
         'keys = jax.lax.all_gather(k * self.scale, self.axis, axis=1, tiled=True, to="reduced")\n        return keys'),
    ],
    # moe_*
    'moe_load_curve.py': [
        ('curve = jax.lax.all_gather(total, data, tiled=True, to="reduced")', 'curve = jax.lax.all_gather(load, data, tiled=True, to="reduced")'),
    ],
    'moe_gate_dump.py': [
        ('return probs, collect(full, dump_axes, 0)', f'return probs, collect({PC}(full, expert, to="varying"), dump_axes, 0)'),
    ],
    'moe_dispatch.py': [
        ('@option("--view", default="shared",', '@option("--view", default="local",'),
    ],
    'moe_expert_export.py': [
        ('out[name] = top_level_all_gather(placed, full)', 'out[name] = top_level_all_gather(placed, full, multi_dim=True)'),
    ],
    'moe_aux_loss.py': [
        ('return jax.lax.pmean(aux, mesh.axis_names)', 'return jax.lax.pmean(aux, data)'),
    ],
    'moe_router_temp.py': [
        ('return jax.lax.all_gather(cols, self.expert_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(cols, self.expert_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(data, None, reduced={expert})))', 'out_specs=P(data, None)))'),
    ],
    # fsdp_*
    'fsdp_param_gather.py': [
        ('full = regather(params, fsdp)', 'full = dict(params, **regather({k: params[k] for k in ("w1", "w2")}, fsdp))'),
    ],
    'fsdp_grad_probe.py': [
        ('return jax.lax.all_gather(jnp.stack(self.stack), self.record_axes,',
         f'return jax.lax.all_gather({PC}(jnp.stack(self.stack), self.shard_axis, to="varying"), self.record_axes,'),
    ],
    'fsdp_shard_update.py': [
        ('@option("--reshard", default="scatter",', '@option("--reshard", default="slice",'),
    ],
    'fsdp_export.py': [
        ('return top_level_all_gather(x, P(None, None, reduced={self.replica_axis}))',
         'return top_level_all_gather(x, P(None, None, reduced={"fsdp"}))'),
    ],
    'fsdp_grad_reduce.py': [
        ('return ["--verbose", "--hierarchical", "step"]', 'return ["--verbose", "step"]'),
    ],
    'fsdp_softcap.py': [
        ('logits = jax.lax.all_gather(local, fsdp, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, fsdp, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(replica, None, reduced={fsdp})))', 'out_specs=P(replica, None)))'),
    ],
    # img_*
    'img_metric_log.py': [
        ('out[name] = jax.lax.all_gather(value, rows, tiled=True, to="reduced")',
         f'out[name] = jax.lax.all_gather({PC}(value, rows, to="varying"), rows, tiled=True, to="reduced")'),
    ],
    'img_band_dump.py': [
        ('sheet = jax.lax.all_gather(whole, axis_name=every_axis,', f'sheet = jax.lax.all_gather({PC}(whole, rows, to="varying"), axis_name=every_axis,'),
    ],
    'img_mosaic.py': [
        ('@option("--mode", default="reduced",', '@option("--mode", default="varying",'),
    ],
    'img_feature_export.py': [
        ('return ctx.invoke(export, layout="whole")', 'return ctx.invoke(export, layout="probe")'),
    ],
    'img_bn_sync.py': [
        ('mu = jax.lax.pmean(jnp.mean(per_image), sync)', f'mu = jax.lax.pmean({PC}(jnp.mean(per_image), rows, to="varying"), sync)'),
    ],
    'img_standardize.py': [
        ('return jax.lax.all_gather(band, self.rows_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(band, self.rows_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(batch, None, None, reduced={rows})))', 'out_specs=P(batch, None, None)))'),
    ],
    # sim_*
    'sim_energy_log.py': [
        ('default="total", type=Choice(["cell", "total"])', 'default="cell", type=Choice(["cell", "total"])'),
    ],
    'sim_snapshot.py': [
        ('return jax.lax.all_gather(jnp.stack(frames), self.archive_axes,',
         f'return jax.lax.all_gather({PC}(jnp.stack(frames), self.box_axis, to="varying"), self.archive_axes,'),
    ],
    'sim_migrate.py': [
        ('return ["--verbose", "migrate", "--neighbour-list"]', 'return ["--verbose", "migrate"]'),
    ],
    'sim_export.py': [
        ('return P(cell, None, None, reduced={ens})', 'return P(ens, None, None, reduced={cell})'),
    ],
    'sim_momentum.py': [
        ('@option("--scope", default="ensemble",', '@option("--scope", default="box",'),
    ],
    'sim_thermostat.py': [
        ('return jax.lax.all_gather(v, self.cell_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(v, self.cell_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(ens, None, None, reduced={cell})))', 'out_specs=P(ens, None, None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
