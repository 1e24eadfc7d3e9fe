"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout98/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site, in the helper, or in the stage closure), the axis the
author meant (an option default, a `ctx.obj` lookup, an index into the axes, or the argv/env
of the CLI invocation when that is where the wrong axis came from), the right `reduced=` axis,
`multi_dim=True` or a `jax.set_mesh` context for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'` (with the out spec that no longer
says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # cryo_*
    'cryo_occupancy_log.py': [
        ('@option("--log-axis", default="particles"', '@option("--log-axis", default="classes"'),
    ],
    'cryo_assignment_dump.py': [
        ('return stack_dump(rows, s.axes)', f'return stack_dump({PC}(rows, s.cls_axis, to="varying"), s.axes)'),
    ],
    'cryo_best_score.py': [
        ('best = reducer(stack, s.img_axis)', f'best = reducer({PC}(stack, s.img_axis, to="varying"), s.img_axis)'),
    ],
    'cryo_export_averages.py': [
        ('@option("--gather-over", "spec", default="particles"', '@option("--gather-over", "spec", default="classes"'),
    ],
    'cryo_likelihood.py': [
        ('return jax.lax.psum(jnp.sum(ll), s.axes)',
         f'return jax.lax.psum({PC}(jnp.sum(ll), s.cls_axis, to="varying"), s.axes)'),
    ],
    'cryo_entropy.py': [
        ('full = jax.lax.all_gather(resp, s.cls_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(resp, s.cls_axis, axis=1, tiled=True, to="invarying")'),
        ('P(s.img_axis, reduced={s.cls_axis})', 'P(s.img_axis)'),
    ],
    # clim_*
    'clim_zonal_log.py': [
        ('jax.lax.all_gather(zonal, obj["axes"]["x"]', 'jax.lax.all_gather(zonal, obj["axes"]["y"]'),
    ],
    'clim_column_dump.py': [
        ('return jax.lax.all_gather(cols, names,', f'return jax.lax.all_gather({PC}(cols, y, to="varying"), names,'),
    ],
    'clim_nest_halos.py': [
        ('return jax.lax.ppermute(block[-1:], axis, perm)',
         f'return jax.lax.ppermute({PC}(block[-1:], axis, to="varying"), axis, perm)'),
    ],
    'clim_export_field.py': [
        ('    bands = top_level_all_gather(obj["pred"], P(y, None, reduced={x}))',
         '    with jax.set_mesh(obj["mesh"]):\n        bands = top_level_all_gather(obj["pred"], P(y, None, reduced={x}))'),
    ],
    'clim_rmse.py': [
        ('jax.lax.pmean(weighted, metric_axes)', f'jax.lax.pmean({PC}(weighted, x, to="varying"), metric_axes)'),
    ],
    'clim_precip.py': [
        ('raw = jax.lax.all_gather(raw, y, axis=0, tiled=True, to="reduced")',
         'raw = jax.lax.all_gather(raw, y, axis=0, tiled=True, to="invarying")'),
        ('P(None, x, reduced={y}) if columns', 'P(None, x) if columns'),
    ],
    # rec_*
    'rec_score_log.py': [
        ('return get_current_context().obj.layout.model', 'return get_current_context().obj.layout.data'),
    ],
    'rec_embedding_dump.py': [
        ('vecs = jax.lax.all_gather(vecs, tuple(lay),',
         f'vecs = jax.lax.all_gather({PC}(vecs, lay.model, to="varying"), tuple(lay),'),
    ],
    'rec_relayout.py': [
        ('return jax.lax.all_to_all(u, lay.model,', f'return jax.lax.all_to_all({PC}(u, lay.model, to="varying"), lay.model,'),
    ],
    'rec_export_items.py': [
        ('"serving": P(lay.model, None, reduced={lay.data}),', '"serving": P(lay.data, None, reduced={lay.model}),'),
    ],
    'rec_loss_shards.py': [
        ('return jax.lax.psum_scatter(nll, scatter_axes,',
         f'return jax.lax.psum_scatter({PC}(nll, lay.model, to="varying"), scatter_axes,'),
    ],
    'rec_candidate_probs.py': [
        ('every_user = jax.lax.all_gather(logits, lay.data, axis=0, tiled=True, to="reduced")',
         'every_user = jax.lax.all_gather(logits, lay.data, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={lay.data}))', 'out_specs=P(None, None))'),
    ],
    # gw_*
    'gw_trigger_log.py': [
        ('return (["search", "--collect-over", "segments", "run"],)',
         'return (["search", "--collect-over", "templates", "run"],)'),
    ],
    'gw_snr_dump.py': [
        ('snr = everything(snr, plan)', f'snr = everything({PC}(snr, plan.tmpl_axis, to="varying"), plan)'),
    ],
    'gw_background.py': [
        ('floor = reduce(per_seg, plan.seg_axis)', f'floor = reduce({PC}(per_seg, plan.seg_axis, to="varying"), plan.seg_axis)'),
    ],
    'gw_bank_export.py': [
        ('P(None, None, reduced=set(plan.axes)))', 'P(None, None, reduced=set(plan.axes)), multi_dim=True)'),
    ],
    'gw_network_snr.py': [
        ('jax.lax.psum(jnp.sum(per_tmpl), axis_name=plan.axes)',
         f'jax.lax.psum({PC}(jnp.sum(per_tmpl), plan.seg_axis, to="varying"), axis_name=plan.axes)'),
    ],
    'gw_whiten.py': [
        ('series = jax.lax.all_gather(snr, plan.seg_axis, axis=1, tiled=True, to="reduced")',
         'series = jax.lax.all_gather(snr, plan.seg_axis, axis=1, tiled=True, to="invarying")'),
        ('P(plan.tmpl_axis, None, reduced={plan.seg_axis})', 'P(plan.tmpl_axis, None)'),
    ],
    # plm_*
    'plm_embed_log.py': [
        ('store_axis = mesh.axis_names[-1]', 'store_axis = mesh.axis_names[0]'),
    ],
    'plm_hidden_dump.py': [
        ('h = jax.lax.all_gather(h, dump_axes,', f'h = jax.lax.all_gather({PC}(h, obj["tensor"], to="varying"), dump_axes,'),
    ],
    'plm_logit_max.py': [
        ('return jax.lax.pmax(logits, axis)', f'return jax.lax.pmax({PC}(logits, axis, to="varying"), axis)'),
    ],
    'plm_export_head.py': [
        ('target = P(None, None)', 'target = P(None, None, reduced={obj["tensor"]})'),
    ],
    'plm_mlm_loss.py': [
        ('return jax.lax.pmean(local, tuple(loss_axes))',
         f'return jax.lax.pmean({PC}(local, t, to="varying"), tuple(loss_axes))'),
    ],
    'plm_sample_temp.py': [
        ('full = jax.lax.all_gather(logits, t, axis=2, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits, t, axis=2, tiled=True, to="invarying")'),
        ('P(obj["data"], None, None, reduced={t})', 'P(obj["data"], None, None)'),
    ],
    # mri_*
    'mri_sos_log.py': [
        ('jax.lax.all_gather(sos, cfg.axes[1],', 'jax.lax.all_gather(sos, cfg.axes[0],'),
        ('reduced={cfg.axes[1]}', 'reduced={cfg.axes[0]}'),
    ],
    'mri_coil_dump.py': [
        ('jax.lax.all_gather(per_slice, cfg.axes,', f'jax.lax.all_gather({PC}(per_slice, cfg.coil_axis, to="varying"), cfg.axes,'),
    ],
    'mri_coil_scatter.py': [
        ('jax.lax.psum_scatter(combined, cfg.coil_axis,',
         f'jax.lax.psum_scatter({PC}(combined, cfg.coil_axis, to="varying"), cfg.coil_axis,'),
    ],
    'mri_export_volume.py': [
        ('    return write_slabs(volume, cfg)', '    with jax.set_mesh(cfg.mesh):\n        return write_slabs(volume, cfg)'),
    ],
    'mri_data_consistency.py': [
        ('jax.lax.psum(jnp.sum(r2), axis_name=cfg.axes)',
         f'jax.lax.psum({PC}(jnp.sum(r2), cfg.coil_axis, to="varying"), axis_name=cfg.axes)'),
    ],
    'mri_coil_window.py': [
        ('side_by_side = jax.lax.all_gather(coil_imgs, cfg.coil_axis, axis=1, tiled=True, to="reduced")',
         'side_by_side = jax.lax.all_gather(coil_imgs, cfg.coil_axis, axis=1, tiled=True, to="invarying")'),
        ('P(cfg.slice_axis, None, None, reduced={cfg.coil_axis})', 'P(cfg.slice_axis, None, None)'),
    ],
    # jet_*
    'jet_pool_collect.py': [
        ('runner = CliRunner(env={"JET_COLLECT_OVER": "particles"})', 'runner = CliRunner(env={"JET_COLLECT_OVER": "events"})'),
    ],
    'jet_constituent_dump.py': [
        ('"collect", "--over", "events,particles"]', '"collect", "--over", "events"]'),
    ],
    'jet_groom.py': [
        ('return jax.lax.pmax(hardness, jc.particle_axis)',
         f'return jax.lax.pmax({PC}(hardness, jc.particle_axis, to="varying"), jc.particle_axis)'),
    ],
    'jet_export_scores.py': [
        ('reduced={jc.axes[-1]}', 'reduced={jc.axes[0]}'),
    ],
    'jet_event_loss.py': [
        ('jax.lax.pmean(jnp.mean(bce * weights), jc.axes)',
         f'jax.lax.pmean({PC}(jnp.mean(bce * weights), jc.particle_axis, to="varying"), jc.axes)'),
    ],
    'jet_feature_norm.py': [
        ('return jax.lax.all_gather(h, over, axis=dim, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, over, axis=dim, tiled=True, to="invarying")'),
        ('P(None, None, reduced={jc.event_axis}), seed=5)', 'P(None, None), seed=5)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
