"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout100/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective, the record field or config value the author meant (the axis the value
still varies on), a prefix export layout or the missing `reduced=` axis, a context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
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
    # exp_*
    'exp_export_model.py': [('serving_axis = CharField("shard")', 'serving_axis = CharField("replica")')],
    'exp_grad_allreduce.py': [('grad_axes = AxesField(("replica", "shard"))', 'grad_axes = AxesField(("replica",))')],
    'exp_prediction_log.py': [('metrics_axis = CharField("shard")', 'metrics_axis = CharField("replica")')],
    'exp_weight_decay.py': [
        ('w_full = jax.lax.all_gather(w, cfg["shard_axis"], tiled=True, to="reduced")',
         'w_full = jax.lax.all_gather(w, cfg["shard_axis"], tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={cfg["shard_axis"]})', 'out_specs=P(None)'),
    ],
    'exp_weight_snapshot.py': [
        ('return jax.lax.all_gather(full, cfg["axis_names"]',
         f'return jax.lax.all_gather({PC}(full, cfg["shard_axis"], to="varying"), cfg["axis_names"]'),
    ],
    'exp_zero_update.py': [
        ('jax.lax.psum_scatter(w_full,', f'jax.lax.psum_scatter({PC}(w_full, cfg["shard_axis"], to="varying"),'),
    ],
    # fs_*
    'fs_entity_totals.py': [('"over": "entities,features"', '"over": "entities"')],
    'fs_feature_major.py': [
        ('return jax.lax.all_to_all(rows, self.col_axis',
         f'return jax.lax.all_to_all({PC}(rows, self.col_axis, to="varying"), self.col_axis'),
    ],
    'fs_offline_export.py': [
        ('    shards = {}\n    for job, (key, value) in zip(ExportJob.objects.all(), placed.items()):\n        shards[job.view] = job.run(value)',
         '    shards = {}\n    with jax.set_mesh(mesh):\n        for job, (key, value) in zip(ExportJob.objects.all(), placed.items()):\n            shards[job.view] = job.run(value)'),
    ],
    'fs_online_stats.py': [
        ('all_gather(stats, view.row_axis, axis=0', 'all_gather(stats, view.col_axis, axis=0'),
        ('out_specs=P(view.col_axis, reduced={view.row_axis})', 'out_specs=P(None, reduced={view.col_axis})'),
    ],
    'fs_staged_snapshot.py': [('axes=",".join(view.axes), dim=0', 'axes=view.row_axis, dim=0')],
    'fs_zscore.py': [
        ('return jax.lax.all_gather(block, self.axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(block, self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, view.col_axis, reduced={view.row_axis})', 'out_specs=P(None, view.col_axis)'),
    ],
    # lyr_*
    'lyr_activation_probe.py': [('gather_axis=last.tp_axis', 'gather_axis=last.dp_axis')],
    'lyr_hidden_snapshot.py': [
        ('return jax.lax.all_gather(cols, self.row_axes',
         f'return jax.lax.all_gather({PC}(cols, self.tp_axis, to="varying"), self.row_axes'),
    ],
    'lyr_loss_allreduce.py': [('jax.lax.pmean(loss, head._meta.axis_names)', 'jax.lax.pmean(loss, head.dp_axis)')],
    'lyr_residual_scale.py': [
        ('full = jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"model"})', 'out_specs=P("batch", None)'),
    ],
    'lyr_rms_norm.py': [
        ('return jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="invarying")'),
    ],
    'lyr_weight_export.py': [
        ('{"w1": [None, "model"], "w2": ["model", None], "reduced": "batch"}',
         '{"w1": [None, "batch"], "w2": ["batch", None], "reduced": "model"}'),
    ],
    # sim_*
    'sim_checkpoint.py': [
        ('spec = P(*self._meta.restart_layout)', 'spec = P(*self._meta.restart_layout, reduced={self.particle_axis})'),
    ],
    'sim_energy_trace.py': [('along=comps[0].particle_axis', 'along=comps[0].replica_axis')],
    'sim_ensemble_average.py': [
        ('average_over=Component._meta.axis_names)', 'average_over=Component._meta.axis_names[:1])'),
    ],
    'sim_frame_dump.py': [
        ('return jax.lax.all_gather(frame, self._meta.axis_names',
         f'return jax.lax.all_gather({PC}(frame, self.particle_axis, to="varying"), self._meta.axis_names'),
    ],
    'sim_halo_forces.py': [
        ('return jax.lax.ppermute(x[:, :1], self.particle_axis',
         f'return jax.lax.ppermute({PC}(x[:, :1], self.particle_axis, to="varying"), self.particle_axis'),
    ],
    'sim_kinetic_energy.py': [
        ('v_all = jax.lax.all_gather(v, self.particle_axis, axis=1, tiled=True, to="reduced")',
         'v_all = jax.lax.all_gather(v, self.particle_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(thermo.replica_axis, None, reduced={thermo.particle_axis})',
         'out_specs=P(thermo.replica_axis, None)'),
    ],
    # rec_*
    'rec_embedding_log.py': [('along=emb_table.shard_axis', 'along=emb_table.batch_axis')],
    'rec_tower_export.py': [
        ('return jax.lax.all_gather(full, self.snapshot_axes',
         f'return jax.lax.all_gather({PC}(full, self.col_axis, to="varying"), self.snapshot_axes'),
    ],
    'rec_max_norm.py': [
        ('jnp.max(jax.lax.pmax(norms, self.axis))', f'jnp.max(jax.lax.pmax({PC}(norms, self.axis, to="varying"), self.axis))'),
    ],
    'rec_publish_on_done.py': [
        ('        job.table = jax.jit(lambda t: t * 0.99)(job.table)\n    job.status = "done"',
         '        job.table = jax.jit(lambda t: t * 0.99)(job.table)\n        job.status = "done"'),
    ],
    'rec_ctr_loss.py': [('"reduce_axes": "data,table"', '"reduce_axes": "data"')],
    'rec_candidate_softmax.py': [
        ('return jax.lax.all_gather(part, self.cand_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(part, self.cand_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"table"})', 'out_specs=P("data", None)'),
    ],
    # opt_*
    'opt_grad_norm_log.py': [('GradLogger={"axis": "data"}', 'GradLogger={"axis": "fsdp"}')],
    'opt_worker_snapshot.py': [
        ('w = GATHERS[name](w)', f'w = GATHERS[name]({PC}(w, "fsdp", to="varying") if name == "workers" else w)'),
    ],
    'opt_lookahead.py': [
        ('return jax.lax.pmean(slow, self.sync_axis)',
         f'return jax.lax.pmean({PC}(slow, self.fsdp_axis, to="varying"), self.sync_axis)'),
    ],
    'opt_state_checkpoint.py': [('top_level_all_gather(s, spec)', 'top_level_all_gather(s, spec, multi_dim=True)')],
    'opt_global_clip.py': [
        ('jax.lax.psum(jnp.sum(g * g), self._meta.axis_names)', 'jax.lax.psum(jnp.sum(g * g), self.fsdp_axis)'),
    ],
    'opt_adam_full.py': [
        ('nu_full = jax.lax.all_gather(nu, self.fsdp_axis, axis=0, tiled=True, to="reduced")',
         'nu_full = jax.lax.all_gather(nu, self.fsdp_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={opt.fsdp_axis})', 'out_specs=P(None, None)'),
    ],
    # pde_*
    'pde_row_flux.py': [
        ('axis=grid.col_axis)', 'axis=grid.row_axis)'),
        ('P(grid.row_axis, reduced={monitor.axis})', 'P(None, reduced={monitor.axis})'),
    ],
    'pde_field_writer.py': [
        ('return jax.lax.all_gather(self.rows(u), self.axes',
         f'return jax.lax.all_gather({PC}(self.rows(u), self.grid.col_axis, to="varying"), self.axes'),
    ],
    'pde_row_smoother.py': [
        ('jax.lax.psum_scatter(rows, grid.col_axis', f'jax.lax.psum_scatter({PC}(rows, grid.col_axis, to="varying"), grid.col_axis'),
    ],
    'pde_restart.py': [('RESTART = {"spec": ["y", None], "gathered": "x"}', 'RESTART = {"spec": ["x", None], "gathered": "y"}')],
    'pde_profile_energy.py': [
        ('jax.lax.psum(jnp.sum(p * p), grid.axes)', 'jax.lax.psum(jnp.sum(p * p), grid.row_axis)'),
    ],
    'pde_row_diffusion.py': [
        ('rows = jax.lax.all_gather(u, grid.col_axis, axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(u, grid.col_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(grid.row_axis, None, reduced={grid.col_axis})', 'out_specs=P(grid.row_axis, None)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
