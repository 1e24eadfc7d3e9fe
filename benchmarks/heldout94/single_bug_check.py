"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout94/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
of the operand over the axes it is invariant (SF101, SF105) or reduced (SF102, SF103) on; for
SF104 the right `reduced=` axis, the config value that picks a prefix layout, `multi_dim=True`
or a real context mesh (`jax.set_mesh`); for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced). A program that still fails
after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # clim_*
    'clim_level_log.py': [
        ('out.append(jax.lax.all_gather(tendency, log.axis,',
         f'out.append(jax.lax.all_gather({PC}(tendency, log.axis, to="varying"), log.axis,'),
    ],
    'clim_state_dump.py': [
        ('full = jax.lax.all_gather(columns, dump.axes,',
         f'full = jax.lax.all_gather({PC}(columns, EMU.column_axis, to="varying"), dump.axes,'),
    ],
    'clim_zonal_extremes.py': [
        ('return jax.lax.pmin(field_, axis)', f'return jax.lax.pmin({PC}(field_, axis, to="varying"), axis)'),
    ],
    'clim_checkpoint_export.py': [
        ('            print("global mean", float(final.mean()))\n    if Diag.CHECKPOINT in opts:\n'
         '        final = save_checkpoint(final)',
         '            print("global mean", float(final.mean()))\n        if Diag.CHECKPOINT in opts:\n'
         '            final = save_checkpoint(final)'),
    ],
    'clim_energy_budget.py': [
        ('def _(self, axes: tuple, x):\n        return jax.lax.psum(x, axes)',
         f'def _(self, axes: tuple, x):\n        return jax.lax.psum({PC}(x, EMU.column_axis, to="varying"), axes)'),
    ],
    'clim_area_weighted.py': [
        ('band = jax.lax.all_gather(anomaly, EMU.data_axis, axis=0, tiled=True, to="reduced")',
         'band = jax.lax.all_gather(anomaly, EMU.data_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, EMU.column_axis, reduced={EMU.data_axis})', 'out_specs=P(None, EMU.column_axis)'),
    ],
    # gnn_*
    'gnn_embedding_log.py': [
        ('logged = jax.lax.all_gather(h, LOG.axis,', f'logged = jax.lax.all_gather({PC}(h, LOG.axis, to="varying"), LOG.axis,'),
    ],
    'gnn_message_dump.py': [
        ('return jax.lax.all_gather(hood, axes,', f'return jax.lax.all_gather({PC}(hood, LAYOUT.nodes, to="varying"), axes,'),
    ],
    'gnn_graph_readout.py': [
        ('return jax.lax.pmax(h, axis).max(0)', f'return jax.lax.pmax({PC}(h, axis, to="varying"), axis).max(0)'),
    ],
    'gnn_embedding_export.py': [
        ('    with mesh:\n        yield mesh', '    with jax.set_mesh(mesh):\n        yield mesh'),
    ],
    'gnn_link_loss.py': [
        ('return jax.lax.pmean(loss, tuple(LAYOUT))', f'return jax.lax.pmean({PC}(loss, LAYOUT.feat, to="varying"), tuple(LAYOUT))'),
    ],
    'gnn_attention_scores.py': [
        ('keys = jax.lax.all_gather(h, LAYOUT.nodes, axis=0, tiled=True, to="reduced")',
         'keys = jax.lax.all_gather(h, LAYOUT.nodes, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={LAYOUT.nodes})', 'out_specs=P(None, None)'),
    ],
    # llm_*
    'llm_loss_log.py': [
        ('logged = jax.lax.all_gather(per_example, axis_name=axis,',
         f'logged = jax.lax.all_gather({PC}(per_example, axis, to="varying"), axis_name=axis,'),
    ],
    'llm_activation_dump.py': [
        ('return jax.lax.all_gather(wide, axes,', f'return jax.lax.all_gather({PC}(wide, AXIS["tensor"], to="varying"), axes,'),
    ],
    'llm_sequence_relayout.py': [
        ('return jax.lax.all_to_all(h, strategy.tensor, 1, 0, tiled=True)',
         f'return jax.lax.all_to_all({PC}(h, strategy.tensor, to="varying"), strategy.tensor, 1, 0, tiled=True)'),
    ],
    'llm_checkpoint_shards.py': [
        ('shards[name] = top_level_all_gather(params[name], host_spec(spec))',
         'shards[name] = top_level_all_gather(params[name], host_spec(spec), multi_dim=True)'),
    ],
    'llm_metric_allreduce.py': [
        ('return jax.lax.pmean(value, strategy.axes)', f'return jax.lax.pmean({PC}(value, strategy.tensor, to="varying"), strategy.axes)'),
    ],
    'llm_logit_temperature.py': [
        ('logits = jax.lax.all_gather(local, AXIS["tensor"], axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(local, AXIS["tensor"], axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(AXIS["data"], None, reduced={AXIS["tensor"]})', 'out_specs=P(AXIS["data"], None)'),
    ],
    # moe_*
    'moe_load_log.py': [
        ('out["load"] = jax.lax.all_gather(load, PAR.data,', f'out["load"] = jax.lax.all_gather({PC}(load, PAR.data, to="varying"), PAR.data,'),
    ],
    'moe_expert_dump.py': [
        ('return jax.lax.all_gather(all_experts, DUMP.axes,',
         f'return jax.lax.all_gather({PC}(all_experts, PAR.expert, to="varying"), DUMP.axes,'),
    ],
    'moe_combine_scatter.py': [
        ('return jax.lax.psum_scatter(per_expert_all, axis,', f'return jax.lax.psum_scatter({PC}(per_expert_all, axis, to="varying"), axis,'),
    ],
    'moe_expert_checkpoint.py': [
        ('dedup_over = "data"', 'dedup_over = "expert"'),
    ],
    'moe_aux_losses.py': [
        ('return jax.lax.psum(total, PAR.axes)', f'return jax.lax.psum({PC}(total, PAR.expert, to="varying"), PAR.axes)'),
    ],
    'moe_expert_activation.py': [
        ('every = jax.lax.all_gather(per_expert, PAR.expert, axis=1, tiled=True, to="reduced")',
         'every = jax.lax.all_gather(per_expert, PAR.expert, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(PAR.data, None, None, reduced={PAR.expert})', 'out_specs=P(PAR.data, None, None)'),
    ],
    # prot_*
    'prot_plddt_log.py': [
        ('logged = jax.lax.all_gather(plddt, log_axis,', f'logged = jax.lax.all_gather({PC}(plddt, log_axis, to="varying"), log_axis,'),
    ],
    'prot_pair_dump.py': [
        ('def _(target: tuple, x):\n    return jax.lax.all_gather(x, target,',
         f'def _(target: tuple, x):\n    return jax.lax.all_gather({PC}(x, TRUNK.layout.model, to="varying"), target,'),
    ],
    'prot_contact_max.py': [
        ('return jax.lax.pmax(x, axis)', f'return jax.lax.pmax({PC}(x, axis, to="varying"), axis)'),
    ],
    'prot_structure_export.py': [
        ('head_major = true', 'head_major = false'),
    ],
    'prot_fape_loss.py': [
        ('return jax.lax.pmean(err, lay.axes)', f'return jax.lax.pmean({PC}(err, lay.model, to="varying"), lay.axes)'),
    ],
    'prot_distogram_softmax.py': [
        ('distogram = "reduced"', 'distogram = "invarying"'),
    ],
    # rec_*
    'rec_score_log.py': [
        ('return scores, jax.lax.all_gather(scores, axis,', f'return scores, jax.lax.all_gather({PC}(scores, axis, to="varying"), axis,'),
    ],
    'rec_tower_dump.py': [
        ('out.append(jax.lax.all_gather(wide, LAYOUT.axes,', f'out.append(jax.lax.all_gather({PC}(wide, LAYOUT.model, to="varying"), LAYOUT.axes,'),
    ],
    'rec_ring_negatives.py': [
        ('return jax.lax.ppermute(items, self.axis, perm)', f'return jax.lax.ppermute({PC}(items, self.axis, to="varying"), self.axis, perm)'),
    ],
    'rec_table_export.py': [
        ('full = top_level_all_gather(table, HOST.spec())', 'full = top_level_all_gather(table, HOST.spec(reduced=TRAIN.axes()))'),
    ],
    'rec_item_histogram.py': [
        ('return jax.lax.psum_scatter(counts, LAYOUT.axes,', f'return jax.lax.psum_scatter({PC}(counts, LAYOUT.model, to="varying"), LAYOUT.axes,'),
    ],
    'rec_calibrated_ctr.py': [
        ('request = jax.lax.all_gather(s, LAYOUT.batch, tiled=True, to="reduced")',
         'request = jax.lax.all_gather(s, LAYOUT.batch, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={LAYOUT.batch})', 'out_specs=P(None)'),
    ],
    # vid_*
    'vid_preview_frames.py': [
        ('return eps, jax.lax.all_gather(eps, lay.channel,', f'return eps, jax.lax.all_gather({PC}(eps, lay.channel, to="varying"), lay.channel,'),
    ],
    'vid_clip_dump.py': [
        ('return jax.lax.all_gather(context, lay.all,', f'return jax.lax.all_gather({PC}(context, lay.time, to="varying"), lay.all,'),
    ],
    'vid_clip_pool.py': [
        ('return self.pool(summary, self.layout.time)', f'return self.pool({PC}(summary, self.layout.time, to="varying"), self.layout.time)'),
    ],
    'vid_sample_export.py': [
        ('export_keep = "channel"', 'export_keep = "time"'),
    ],
    'vid_motion_energy.py': [
        ('return jax.lax.psum(energy, (*lay.all,))', f'return jax.lax.psum({PC}(energy, lay.channel, to="varying"), (*lay.all,))'),
    ],
    'vid_temporal_center.py': [
        ('clip = jax.lax.all_gather(latent, lay.time, axis=0, tiled=True, to="reduced")',
         'clip = jax.lax.all_gather(latent, lay.time, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, lay.channel, reduced={lay.time})', 'out_specs=P(None, lay.channel)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
