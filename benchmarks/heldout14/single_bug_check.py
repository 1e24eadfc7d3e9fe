"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout14/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, `jax.reshard`
or a full `reduced=` spec, a context mesh; for SF106 the arithmetic moved before the gather or a
gather to `'invarying'`). Written by hand from the bug, not from shardfix. A program that still
fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'clip_embedding_center_gather.py': [
        ('return jax.lax.all_gather(center, cfg.data_axis,',
         'return jax.lax.all_gather(jax.lax.pcast(center, cfg.data_axis, to="varying"), cfg.data_axis,'),
    ],
    'clip_global_batch_twice.py': [
        ('table = global_batch(negatives, ("data", "model"))',
         'table = global_batch(jax.lax.pcast(negatives, "data", to="varying"), ("data", "model"))'),
    ],
    'clip_learned_logit_scale.py': [
        ('everyone = jax.lax.all_gather(txt, "data",',
         'everyone = jax.lax.all_gather(txt * jnp.exp(logit_scale), "data",'),
        ('return everyone * jnp.exp(logit_scale)',
         'return everyone'),
    ],
    'clip_metrics_dict_pmean_mesh_shape.py': [
        ('jax.lax.pmean(v, AXES)',
         'jax.lax.pmean(jax.lax.pcast(v, "feat", to="varying"), AXES)'),
    ],
    'clip_negative_queue_rebucket.py': [
        ('return jax.lax.all_to_all(everyone, self.axis,',
         'return jax.lax.all_to_all(jax.lax.pcast(everyone, self.axis, to="varying"), self.axis,'),
    ],
    'dpsgd_accountant_state_prefix.py': [
        ('audit = top_level_all_gather(noise_sq["w"], AUDIT_SPEC)',
         'audit = jax.reshard(noise_sq["w"], P(("pod", "data"), None))'),
    ],
    'dpsgd_example_norms_reducer_table.py': [
        ('sq_all = jax.lax.all_gather(sq, self.model_axis,',
         'sq_all = jax.lax.all_gather(jax.lax.pcast(sq, self.model_axis, to="varying"), self.model_axis,'),
    ],
    'dpsgd_finalize_gathered_grads.py': [
        ('    grads = engine.collect({"w": g_w, "b": g_b})\n    return engine.finalize(grads)',
         '    return engine.collect(engine.finalize({"w": g_w, "b": g_b}))'),
    ],
    'dpsgd_noise_growing_axes.py': [
        ('gathered = jax.lax.all_gather(gathered, done,',
         'gathered = jax.lax.all_gather(jax.lax.pcast(gathered, done[:-1], to="varying") if len(done) > 1 else gathered, done,'),
    ],
    'dpsgd_private_loss_env_axes.py': [
        ('pmean(nll, LEDGER_AXES)',
         'pmean(jax.lax.pcast(nll, "model", to="varying"), LEDGER_AXES)'),
    ],
    'fem_boundary_flux_mesh_axes.py': [
        ('pmean(total, axes)',
         'pmean(jax.lax.pcast(total, axes[1], to="varying"), axes)'),
    ],
    'fem_gathered_strain_stress.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('spec = P("load", None, reduced={"part"})',
         'spec = P("load", None)'),
    ],
    'fem_load_vector_assembled_gather.py': [
        ('all_gather(total, cfg.part_axis,',
         'all_gather(jax.lax.pcast(total, cfg.part_axis, to="varying"), cfg.part_axis,'),
    ],
    'fem_mesh_coords_export_env.py': [
        ('xyz = top_level_all_gather(placed["coords"], EXPORT_LAYOUT["coords"])',
         'xyz = jax.reshard(placed["coords"], P(DIM_AXIS, None))'),
    ],
    'fem_newton_residual_norm.py': [
        ('psum(jnp.sum(r * r), self.axis)',
         'psum(jax.lax.pcast(jnp.sum(r * r), self.axis, to="varying"), self.axis)'),
    ],
    'fem_stiffness_diag_regather.py': [
        ('gather_rows(row, MESH_AXES, axis=1)',
         'gather_rows(jax.lax.pcast(row, MESH_AXES[0], to="varying"), MESH_AXES, axis=1)'),
    ],
    'mcrt_escape_fraction_helpers.py': [
        ('jnp.max(jax.lax.pmax(depths, AXIS))',
         'jnp.max(jax.lax.pmax(jax.lax.pcast(depths, AXIS, to="varying"), AXIS))'),
    ],
    'mcrt_flux_fori_config_axes.py': [
        ('pmean(group_total, axes)',
         'pmean(jax.lax.pcast(group_total, "groups", to="varying"), axes)'),
    ],
    'mcrt_gathered_cross_section_density.py': [
        ('all_gather(sigma_block, mat.group_axis,',
         'all_gather(sigma_block * mat.density, mat.group_axis,'),
        ('mu = sigma * mat.density',
         'mu = sigma'),
    ],
    'mcrt_source_loader_namedtuple.py': [
        ('energy = top_level_all_gather(batch.energy, P("groups", reduced={"photons"}))',
         'energy = jax.reshard(batch.energy, P("groups"))'),
    ],
    'mcrt_tallies_tree_map_gather.py': [
        ('lambda t: jax.lax.all_gather(t, Axis.PHOTONS.value,',
         'lambda t: jax.lax.all_gather(jax.lax.pcast(t, Axis.PHOTONS.value, to="varying"), Axis.PHOTONS.value,'),
    ],
    'optim_adafactor_factored_stats.py': [
        ('"col": P(None, reduced={MeshAxis.FSDP.value})}',
         '"col": P(None, reduced={MeshAxis.TP.value})}'),
    ],
    'optim_global_norm_clip_class.py': [
        ('psum(sq_kernel + sq_bias, self.AXES)',
         'psum(jax.lax.pcast(sq_kernel + sq_bias, self.TENSOR_AXIS, to="varying"), self.AXES)'),
    ],
    'optim_lamb_trust_ratio_transform.py': [
        ('lambda r: jax.lax.all_gather(r, axis, to="reduced")',
         'lambda r: jax.lax.all_gather(jax.lax.pcast(r, axis, to="varying"), axis, to="reduced")'),
    ],
    'optim_lion_unshard_reshard.py': [
        ('lambda t: jax.lax.psum_scatter(t, AXIS,',
         'lambda t: jax.lax.psum_scatter(jax.lax.pcast(t, AXIS, to="varying"), AXIS,'),
    ],
    'optim_shampoo_block_preconditioner.py': [
        ('all_gather(row_stats, MESH.axis_names,',
         'all_gather(jax.lax.pcast(row_stats, COL, to="varying"), MESH.axis_names,'),
    ],
    'render_depth_halo_argparse.py': [
        ('right = jax.lax.ppermute(depth,',
         'right = jax.lax.ppermute(jax.lax.pcast(depth, args.tile_axis, to="varying"),'),
    ],
    'render_exposure_key_gather.py': [
        ('all_gather(log_sum, AXES.cols,',
         'all_gather(jax.lax.pcast(log_sum, AXES.cols, to="varying"), AXES.cols,'),
    ],
    'render_film_develop_gamma.py': [
        ('return self.develop(self.collect(jnp.abs(tile)))',
         'return self.collect(self.develop(jnp.abs(tile)))'),
    ],
    'render_film_scanline_reshard.py': [
        ('preview = top_level_all_gather(film, PREVIEW_SPEC)',
         'preview = jax.reshard(film, P("tx", None))'),
    ],
    'render_framebuffer_rows_regather.py': [
        ('frame = assemble_frame(rows, (ROW_AXIS, COL_AXIS))',
         'frame = assemble_frame(jax.lax.pcast(rows, ROW_AXIS, to="varying"), (ROW_AXIS, COL_AXIS))'),
    ],
    'render_radiance_spp_average.py': [
        ('pmean(jnp.mean(radiance), tuple(axes))',
         'pmean(jax.lax.pcast(jnp.mean(radiance), "spp", to="varying"), tuple(axes))'),
    ],
    'specdec_draft_model_full_logits.py': [
        ('return jax.lax.all_gather(logits, (self.data_axis',
         'return jax.lax.all_gather(jax.lax.pcast(logits, self.model_axis, to="varying"), (self.data_axis'),
    ],
    'specdec_draft_scan_normalizer.py': [
        ('psum(jnp.sum(probs, axis=-1, keepdims=True), VOCAB)',
         'psum(jax.lax.pcast(jnp.sum(probs, axis=-1, keepdims=True), VOCAB, to="varying"), VOCAB)'),
    ],
    'specdec_sampler_temperature_lambda.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'specdec_target_prob_partial_chain.py': [
        ('return share(p)',
         'return share(jax.lax.pcast(p, cfg.vocab_axis, to="varying"))'),
    ],
    'specdec_verify_jit_host_view.py': [
        ('view = host_view(logits)',
         'view = jax.reshard(logits, P("tp", None))'),
    ],
    'traffic_flow_scatter_default_axes.py': [
        ('psum_scatter(per_road, axes,',
         'psum_scatter(jax.lax.pcast(per_road, lane_axis, to="varying"), axes,'),
    ],
    'traffic_idm_params_namedtuple.py': [
        ('    v = jax.lax.all_gather(v_local, axis, axis=1, tiled=True, to="reduced")\n    return free_road_accel(v, p)',
         '    return jax.lax.all_gather(free_road_accel(v_local, p), axis, axis=1, tiled=True, to="reduced")'),
    ],
    'traffic_leader_gap_shift_table.py': [
        ('first_ahead = SHIFT["ahead"](everyone[:1], axis)',
         'first_ahead = SHIFT["ahead"](jax.lax.pcast(everyone[:1], axis, to="varying"), axis)'),
    ],
    'traffic_occupancy_lane_then_road.py': [
        ('road = make_collector((seg, lane), 1)(per_lane)',
         'road = make_collector((seg, lane), 1)(jax.lax.pcast(per_lane, lane, to="varying"))'),
    ],
    'traffic_snapshot_after_mesh_block.py': [
        ('            state = jax.jit(step)(state)\n    return snapshot(state)',
         '            state = jax.jit(step)(state)\n        return snapshot(state)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
