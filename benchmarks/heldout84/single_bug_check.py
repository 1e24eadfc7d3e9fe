"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout84/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call uses legally), `jax.reshard`, a context mesh or the missing `reduced=` axis for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # gn_*
    'gn_global_readout.py': [
        ('table = jax.lax.all_gather(pooled,',
         f'table = jax.lax.all_gather({PC}(pooled, axis_name, to="varying"),'),
    ],
    'gn_node_table.py': [
        ('return gather_features(sender_table, self.table_axes, 0)',
         f'return gather_features({PC}(sender_table, "hidden", to="varying"), self.table_axes, 0)'),
    ],
    'gn_attention_logits.py': [
        ('return combine(scores, hidden_axis)',
         f'return combine({PC}(scores, hidden_axis, to="varying"), hidden_axis)'),
    ],
    'gn_embedding_export.py': [
        ('parse_spec(LAYOUTS["export"]))',
         'parse_spec(LAYOUTS["export"], reduced=("graph",)))'),
    ],
    'gn_edge_layernorm.py': [
        ('jax.lax.psum(jnp.sum(sq), stats_axes)',
         f'jax.lax.psum({PC}(jnp.sum(sq), feature_axis, to="varying"), stats_axes)'),
    ],
    'gn_message_scale.py': [
        ('return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="invarying")'),
    ],
    # ico_*
    'ico_mesh2grid_weights.py': [
        ('"mesh_positions": P(),',
         '"mesh_positions": P(NODES, None),'),
    ],
    'ico_multimesh_gather.py': [
        ('        latents = jax.lax.all_gather(latents, axes,',
         f'        latents = {PC}(latents, config.gather_schedule[0], to="varying") if dim else latents\n        latents = jax.lax.all_gather(latents, axes,'),
    ],
    'ico_grid2mesh_halo.py': [
        ('upstream = halo(context)',
         f'upstream = halo({PC}(context, node_axis, to="varying"))'),
    ],
    'ico_latent_snapshot.py': [
        ('self._ctx = self.mesh',
         'self._ctx = jax.set_mesh(self.mesh)'),
    ],
    'ico_processor_norm.py': [
        ('jax.lax.pmean(energy.mean(), self.config.norm_over)',
         f'jax.lax.pmean({PC}(energy.mean(), self.config.channel_axis, to="varying"), self.config.norm_over)'),
    ],
    'ico_decoder_attention.py': [
        ('return jax.lax.all_gather(x, node_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, node_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # norm_*
    'norm_diff_stddev.py': [
        ('return jax.lax.all_gather(std, config.level_axis,',
         f'return jax.lax.all_gather({PC}(std, config.level_axis, to="varying"), config.level_axis,'),
    ],
    'norm_stats_tree.py': [
        ('return gather_stats(by_level, writer_axes, 0)',
         f'return gather_stats(jax.tree.map(lambda s: {PC}(s, level_axis, to="varying"), by_level), writer_axes, 0)'),
    ],
    'norm_pressure_weights.py': [
        ('norm = total_weight(weights, level_axis)',
         f'norm = total_weight({PC}(weights, level_axis, to="varying"), level_axis)'),
    ],
    'norm_stats_export.py': [
        ('"diffs_stddev_by_level": P("level", reduced={"batch"}),',
         '"diffs_stddev_by_level": P(None, reduced={"batch", "level"}),'),
    ],
    'norm_input_scaling.py': [
        ('jax.lax.pmean(var.mean(), self.spec.global_scale_axes)',
         f'jax.lax.pmean({PC}(var.mean(), self.spec.batch_axis, to="varying"), self.spec.global_scale_axes)'),
    ],
    'norm_stddev_floor.py': [
        ('return jax.lax.all_gather(local_stddev, self.level_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local_stddev, self.level_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # fdl_*
    'fdl_level_loss_table.py': [
        ('table = jax.lax.all_gather(per_level,',
         f'table = jax.lax.all_gather({PC}(per_level, self.level_axis, to="varying"),'),
    ],
    'fdl_processor_gather.py': [
        ('return self.node_gather(full_channels)',
         f'return self.node_gather({PC}(full_channels, "model", to="varying"))'),
    ],
    'fdl_edge_sync.py': [
        ('peak = self.sync(jnp.abs(features))',
         f'peak = self.sync({PC}(jnp.abs(features), self.hidden_axis, to="varying"))'),
    ],
    'fdl_param_export.py': [
        ('"mesh2grid/w": Config(P, "model", None, reduced={"data"}),',
         '"mesh2grid/w": Config(P, None, "model", reduced={"data"}),'),
    ],
    'fdl_layer_norm.py': [
        ('jax.lax.pmean(jnp.mean(var), self.stat_axes)',
         f'jax.lax.pmean({PC}(jnp.mean(var), self.feature_axis, to="varying"), self.stat_axes)'),
    ],
    'fdl_residual_gate.py': [
        ('return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="invarying")'),
    ],
    # roll_*
    'roll_ensemble_spread.py': [
        ('members = jax.lax.all_gather(mean,',
         f'members = jax.lax.all_gather({PC}(mean, ens_axis, to="varying"),'),
    ],
    'roll_trajectory_archive.py': [
        ('return state, self.archive(lead_times)',
         f'return state, self.archive([{PC}(f, self.space_axis, to="varying") for f in lead_times])'),
    ],
    'roll_boundary_forcing.py': [
        ('inflow = send_boundary(forcing[:, :HALO],',
         f'inflow = send_boundary({PC}(forcing[:, :HALO], space_axis, to="varying"),'),
    ],
    'roll_forecast_writer.py': [
        ('    return write_forecast(states)',
         '    with jax.set_mesh(mesh):\n        return write_forecast(states)'),
    ],
    'roll_energy_budget.py': [
        ('jax.lax.psum(jnp.sum(state ** 2), BUDGET["energy_over"])',
         f'jax.lax.psum({PC}(jnp.sum(state ** 2), BUDGET["mean_over"], to="varying"), BUDGET["energy_over"])'),
    ],
    'roll_tendency_step.py': [
        ('return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="invarying")'),
    ],
    # ckpt_*
    'ckpt_column_scales.py': [
        ('jax.lax.all_gather(absmax / 127.0,',
         f'jax.lax.all_gather({PC}(absmax / 127.0, meta.scales.gather_over, to="varying"),'),
    ],
    'ckpt_consolidate.py': [
        ('    axes, dim = stage\n',
         f'    axes, dim = stage\n    x = {PC}(x, "tensor", to="varying") if len(axes) > 1 else x\n'),
    ],
    'ckpt_ema_update.py': [
        ('jax.lax.psum_scatter(drift,',
         f'jax.lax.psum_scatter({PC}(drift, config.row_axis, to="varying"),'),
    ],
    'ckpt_save_params.py': [
        ('return P(self.keep_axis, None, reduced={self.gather_axis})',
         'return P(self.gather_axis, None, reduced={self.keep_axis})'),
    ],
    'ckpt_grad_norm.py': [
        ('        return global_norm(grads, mesh_axes)',
         f'        grads["encoder/b"] = {PC}(grads["encoder/b"], "fsdp", to="varying")\n        return global_norm(grads, mesh_axes)'),
    ],
    'ckpt_int8_restore.py': [
        ('rows = jax.lax.all_gather(q.values, options.row_axis, axis=0, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(q.values, options.row_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # eval_*
    'eval_rmse_scorecard.py': [
        ('return jax.lax.all_gather(scores, time_axis,',
         f'return jax.lax.all_gather({PC}(scores, time_axis, to="varying"), time_axis,'),
    ],
    'eval_acc_tables.py': [
        ('return anomaly_table(fa), ta',
         f'return anomaly_table({PC}(fa, "lat", to="varying")), ta'),
    ],
    'eval_zonal_energy.py': [
        ('per_band = jax.lax.all_gather(energy,',
         f'per_band = jax.lax.all_gather({PC}(energy, self.lat_axis, to="varying"),'),
    ],
    'eval_scores_export.py': [
        ('parser.add_argument("--export-reduced", default="")',
         'parser.add_argument("--export-reduced", default="time")'),
    ],
    'eval_bias_summary.py': [
        ('"weighted_bias": lambda f, t, lat: latitude_weighted_mean(f - t, lat),',
         f'"weighted_bias": lambda f, t, lat: {PC}(latitude_weighted_mean(f - t, lat), LAT, to="varying"),'),
    ],
    'eval_acc_score.py': [
        ('return jax.lax.all_gather(x, lat_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, lat_axis, axis=1, tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
