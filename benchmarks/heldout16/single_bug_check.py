"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout16/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved before the
gather, or a gather to `'invarying'`). Written by hand from the bug, not from shardfix. A program
that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'cfd_amr_export_device_put.py': [
        ('top_level_all_gather(placed[name], EXPORT[name])',
         'top_level_all_gather(placed[name], EXPORT[name] if name == "momentum" else P(None, None, reduced={"bx", "by"}))'),
    ],
    'cfd_amr_flux_totals_gather.py': [
        ('all_gather(total, cfg.block_axis,',
         'all_gather(jax.lax.pcast(total, cfg.block_axis, to="varying"), cfg.block_axis,'),
    ],
    'cfd_amr_gathered_cfl.py': [
        ('all_gather(v, axis_name,',
         'all_gather(v * (CFL * DX) / DX, axis_name,'),
        ('return shared * dt / DX',
         'return shared'),
    ],
    'cfd_amr_halo_ppermute.py': [
        ('ppermute(a, axis_name,',
         'ppermute(jax.lax.pcast(a, axis_name, to="varying"), axis_name,'),
    ],
    'cfd_amr_patch_regather.py': [
        ('all_gather(fine, tuple(AXES),',
         'all_gather(jax.lax.pcast(fine, AXES.y, to="varying"), tuple(AXES),'),
    ],
    'cfd_amr_residual_norm.py': [
        ('psum(jnp.sum(energy), axes)',
         'psum(jax.lax.pcast(jnp.sum(energy), axes[1], to="varying"), axes)'),
    ],
    'chess_eval_material_enum.py': [
        ('COLLECTIVES["share"](material)',
         'COLLECTIVES["share"](jax.lax.pcast(material, Axis.SQUARES.value, to="varying"))'),
    ],
    'chess_move_scores_all_to_all.py': [
        ('all_to_all(scores, self.game_axis,',
         'all_to_all(jax.lax.pcast(scores, self.game_axis, to="varying"), self.game_axis,'),
    ],
    'chess_nodes_psum_namedtuple.py': [
        ('psum(stats.nodes, tuple(AX))',
         'psum(jax.lax.pcast(stats.nodes, AX.threads, to="varying"), tuple(AX))'),
    ],
    'cryoem_class_average_ray.py': [
        ('all_gather(refs, axes["particles"],',
         'all_gather(jax.lax.pcast(refs, axes["particles"], to="varying"), axes["particles"],'),
    ],
    'cryoem_ctf_gathered_mul.py': [
        ('table = jax.lax.all_gather(d,',
         'table = jax.lax.all_gather(d * (jnp.pi * WAVELENGTH),'),
        ('phase = jnp.pi * WAVELENGTH * defocus_table * s2',
         'phase = defocus_table * s2'),
    ],
    'cryoem_fsc_psum.py': [
        ('"shells": lambda v: jax.lax.psum(v, "shell")',
         '"shells": lambda v: jax.lax.psum(jax.lax.pcast(v, "shell", to="varying"), "shell")'),
    ],
    'cryoem_jit_out_shardings_missing_reduced.py': [
        ('top_level_all_gather(proj, P(None, "px"))',
         'top_level_all_gather(proj, P(None, "px", reduced={"views"}))'),
    ],
    'cryoem_volume_two_stage.py': [
        ('all_gather(vol, axes, axis=0,',
         'all_gather(jax.lax.pcast(vol, axes[1], to="varying"), axes, axis=0,'),
    ],
    'dock_energy_relu_gathered.py': [
        ('all_gather(atoms, self.mesh_axes[1],',
         'all_gather(jax.nn.relu(atoms), self.mesh_axes[1],'),
        ('return jax.nn.relu(overlap)',
         'return overlap'),
    ],
    'dock_grid_tuple_gather_xla.py': [
        ('all_gather(t, groups,',
         'all_gather(jax.lax.pcast(t, "ligand", to="varying"), groups,'),
    ],
    'dock_pose_pmean_scan.py': [
        ('pmean(carry, POSE_AXIS)',
         'pmean(jax.lax.pcast(carry, POSE_AXIS, to="varying"), POSE_AXIS)'),
    ],
    'dock_score_pmean_axes_env.py': [
        ('pmean(per_pose.mean(), MESH_AXES)',
         'pmean(jax.lax.pcast(per_pose.mean(), ATOM_AXIS, to="varying"), MESH_AXES)'),
    ],
    'fiddle_optimizer_state_export.py': [
        ('top_level_all_gather(opt["mu"]["w"], rules.export)',
         'top_level_all_gather(opt["mu"]["w"], P(None, None, reduced={"fsdp"}))'),
    ],
    'hpo_cli_axes_psum_scatter.py': [
        ('psum_scatter(g[: args.bucket], names,',
         'psum_scatter(jax.lax.pcast(g[: args.bucket], trial, to="varying"), names,'),
    ],
    'hpo_sweep_trial_weights.py': [
        ('gather_reduced(ranked, (ax["trial"], ax["shard"]))',
         'gather_reduced(jax.lax.pcast(ranked, ax["shard"], to="varying"), (ax["trial"], ax["shard"]))'),
    ],
    'kd_grad_accum_fori_pmean.py': [
        ('pmean(total / micro_batches, axes)',
         'pmean(jax.lax.pcast(total / micro_batches, axes[1], to="varying"), axes)'),
    ],
    'kd_teacher_student_regather.py': [
        ('all_gather(teacher_h, self.cfg.mesh_axes,',
         'all_gather(jax.lax.pcast(teacher_h, self.cfg.hidden_axis, to="varying"), self.cfg.mesh_axes,'),
    ],
    'kd_temperature_lambda_dict.py': [
        ('all_gather(t_logits, classes,',
         'all_gather(RECIPES[cfg["recipe"]](t_logits, cfg), classes,'),
        ('return RECIPES[cfg["recipe"]](full, cfg)',
         'return full'),
    ],
    'lp_constraint_matrix_loop.py': [
        ('all_gather(full, axes,',
         'all_gather(jax.lax.pcast(full, axes[:-1], to="varying") if len(axes) > 1 else full, axes,'),
    ],
    'lp_dual_price_fiddle.py': [
        ('all_gather(worst, self.lane_axis,',
         'all_gather(jax.lax.pcast(worst, self.lane_axis, to="varying"), self.lane_axis,'),
    ],
    'lp_loader_process_local.py': [
        ('top_level_all_gather(scenario, P("region", None, reduced={"week", "sku"}))',
         'top_level_all_gather(scenario, P(None, None, reduced={"region", "week", "sku"}))'),
    ],
    'music_kv_window_gather.py': [
        ('all_gather(recent, (args.dp_axis,',
         'all_gather(jax.lax.pcast(recent, args.tp_axis, to="varying"), (args.dp_axis,'),
    ],
    'music_loss_pmean_metrics_dict.py': [
        ('lambda m: jax.lax.pmean(m, (DP, TP))',
         'lambda m: jax.lax.pmean(m if TP in jax.typeof(m).mat.varying else jax.lax.pcast(m, TP, to="varying"), (DP, TP))'),
    ],
    'music_relpos_bias_gather.py': [
        ('jax.lax.psum(skew(q @ e.T), (*seq_axes, head_axis))',
         'jax.lax.pcast(jax.lax.psum(skew(q @ e.T), (*seq_axes, head_axis)), seq_axes[0], to="varying")'),
    ],
    'music_reshard_enum_export.py': [
        ('top_level_all_gather(gen, Layout.EXPORT.value)',
         'jax.reshard(gen, P("time", None))'),
    ],
    'music_softmax_gathered_logits.py': [
        ('tiled=True, to="reduced")\n        probs',
         'tiled=True, to="invarying")\n        probs'),
        ('out_specs=P(batch_axis, None, reduced={vocab_axis})',
         'out_specs=P(batch_axis, None)'),
    ],
    'qat_amax_calibration_gather.py': [
        ('all_gather(amax, axis,',
         'all_gather(jax.lax.pcast(amax, axis, to="varying"), axis,'),
    ],
    'qat_fake_quant_clip_partial.py': [
        ('all_gather(shard, fsdp_axis,',
         'all_gather(QUANTISERS[mode](shard), fsdp_axis,'),
        ('return QUANTISERS[mode](full)',
         'return full'),
    ],
    'qat_int8_stats_psum_partial.py': [
        ('sum_everywhere(per_row)',
         'sum_everywhere(jax.lax.pcast(per_row, "model", to="varying"))'),
    ],
    'qat_scale_psum_scatter.py': [
        ('scatter_rows(scale, data_axis)',
         'scatter_rows(jax.lax.pcast(scale, data_axis, to="varying"), data_axis)'),
    ],
    'ray_train_metrics_pmean.py': [
        ('"emb_norm": jax.lax.pmean(jnp.sum(emb), dp)',
         '"emb_norm": jax.lax.pmean(jax.lax.pcast(jnp.sum(emb), dp, to="varying"), dp)'),
    ],
    'sat_ndvi_gathered_bands.py': [
        ('all_gather(c, "rows", axis=1,',
         'all_gather((c[1] - c[0]) / (c[1] + c[0] + EPS), "rows", axis=0,'),
        ('return (nir - red) / (nir + red + EPS)',
         'return strip'),
    ],
    'sat_tile_histogram_gather.py': [
        ('all_gather(hist, row_axis,',
         'all_gather(jax.lax.pcast(hist, row_axis, to="varying"), row_axis,'),
    ],
    'sat_tile_stitch_invarying.py': [
        ('all_gather(mask, self.row_axis, axis=0, tiled=True, to="invarying")',
         'all_gather(jax.lax.pcast(mask, self.row_axis, to="varying"), self.row_axis, axis=0, tiled=True, to="invarying")'),
    ],
    'sat_tiles_report_no_mesh.py': [
        ('    full = top_level_all_gather(mask, PLOT_SPEC)',
         '    with jax.set_mesh(mask.sharding.mesh): full = top_level_all_gather(mask, PLOT_SPEC)'),
    ],
    'xla_mark_sharding_export.py': [
        ('top_level_all_gather(w, mesh.spec((1, None)))',
         'top_level_all_gather(w, P(None, None, reduced={"data", "model"}))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
