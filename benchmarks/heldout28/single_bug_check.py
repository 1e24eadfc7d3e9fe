"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout28/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the gather, the collective or the tuple reduction), `jax.reshard` or the
context mesh for `top_level_all_gather`, and for the SF106 programs the producer-side fix: the
gather changed to `to='invarying'`, or the arithmetic moved before the gather. For the staged
gather plan applied by `tree_map_with_path`, the cast is in the per-leaf function for the leaf
gathered over a tuple; for the stage list, the gather stage is changed. A program that still
fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # CFR poker self-play
    'cfr_average_strategy_cli.py': [
        ('all_gather(summed, args.traj_axis,',
         f'all_gather({PC}(summed, args.traj_axis, to="varying"), args.traj_axis,'),
    ],
    'cfr_regret_tables_registry.py': [
        ('return jax.lax.all_gather(per_set, axes,',
         f'return jax.lax.all_gather({PC}(per_set, self.infoset_axis, to="varying"), axes,'),
    ],
    'cfr_exploitability_pmax.py': [
        ('jax.lax.pmax(br, cfg.deal_axis)',
         f'jax.lax.pmax({PC}(br, cfg.deal_axis, to="varying"), cfg.deal_axis)'),
    ],
    'cfr_tlag_policy_dump.py': [
        ('table = top_level_all_gather(placed, to_spec(EXPORT_CONFIG["export_layout"]))',
         'table = jax.reshard(placed, to_spec(EXPORT_CONFIG["export_layout"]))'),
    ],
    'cfr_counterfactual_values.py': [
        ('jax.lax.pmean(mean_v, AXES)',
         f'jax.lax.pmean({PC}(mean_v, AXES[1], to="varying"), AXES)'),
    ],
    'cfr_regret_matching_plus.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # SigLIP image-text pretraining
    'siglip_text_tower_norms.py': [
        ('all_gather(sq, self.embed_axis,',
         f'all_gather({PC}(sq, self.embed_axis, to="varying"), self.embed_axis,'),
    ],
    'siglip_negatives_gather.py': [
        ('all_gather(all_txt, comm.everyone,',
         f'all_gather({PC}(all_txt, comm.batch, to="varying"), comm.everyone,'),
    ],
    'siglip_bias_temperature_sync.py': [
        ('jax.lax.psum(shared[name], DATA)',
         f'jax.lax.psum({PC}(shared[name], DATA, to="varying"), DATA)'),
    ],
    'siglip_tlag_embedding_export.py': [
        ('index = top_level_all_gather(emb, layout(cfg, "index"))',
         'index = jax.reshard(emb, layout(cfg, "index"))'),
    ],
    'siglip_loss_over_mesh.py': [
        ('jax.lax.psum(total, LOSS_AXES)',
         f'jax.lax.psum({PC}(total, "model", to="varying"), LOSS_AXES)'),
    ],
    'siglip_sigmoid_logits.py': [
        ('all_gather(txt, self.axis, tiled=True, to="reduced")',
         'all_gather(txt, self.axis, tiled=True, to="invarying")'),
    ],
    # native sparse attention / long context
    'nsa_block_scores_topk.py': [
        ('all_gather(shared, head_axis,',
         f'all_gather({PC}(shared, head_axis, to="varying"), head_axis,'),
    ],
    'nsa_selected_kv_gather.py': [
        ('all_gather(self.keys, axes,',
         f'all_gather({PC}(self.keys, self.ctx_axis, to="varying"), axes,'),
    ],
    'nsa_sliding_window_ring.py': [
        ('return jax.lax.ppermute(x, axis_name,',
         f'return jax.lax.ppermute({PC}(x, axis_name, to="varying"), axis_name,'),
    ],
    'nsa_tlag_kv_cache_export.py': [
        ('    return {f"layer_{i}": top_level_all_gather(kv, DECODE_SPEC) for i, kv in layers}',
         '        return {f"layer_{i}": top_level_all_gather(kv, DECODE_SPEC) for i, kv in layers}'),
    ],
    'nsa_gate_mix_stats.py': [
        ('lambda g: jax.lax.pmean(g, MESH_AXES)',
         f'lambda g: jax.lax.pmean({PC}(g, MESH_AXES[1], to="varying"), MESH_AXES)'),
    ],
    'nsa_compressed_softmax.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # Fourier neural operators
    'fno_spectral_energy_hooks.py': [
        ('all_gather(energy, self.mode_axis,',
         f'all_gather({PC}(energy, self.mode_axis, to="varying"), self.mode_axis,'),
    ],
    'fno_mode_weights_gather.py': [
        ('full = jax.lax.all_gather(by_mode,',
         f'full = jax.lax.all_gather({PC}(by_mode, axes["mode"], to="varying"),'),
    ],
    'fno_residual_relative_l2.py': [
        ('jax.lax.psum(target_norms(target, axis_name), axis_name)',
         f'jax.lax.psum({PC}(target_norms(target, axis_name), axis_name, to="varying"), axis_name)'),
    ],
    'fno_tlag_checkpoint_fields.py': [
        ('top_level_all_gather(u, P(FIELD_AXES[:2], None))', 'jax.reshard(u, P(FIELD_AXES[:2], None))'),
    ],
    'fno_darcy_loss_pmean.py': [
        ('psum_scatter(sample, AXES,',
         f'psum_scatter({PC}(sample, AXES[1], to="varying"), AXES,'),
    ],
    'fno_lifting_gelu.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # smoothed particle hydrodynamics
    'sph_density_summation.py': [
        ('all_gather(m_tot, PART,', f'all_gather({PC}(m_tot, PART, to="varying"), PART,'),
    ],
    'sph_neighbour_cells.py': [
        ('all_gather(in_cell, (cell_axis, part_axis),',
         f'all_gather({PC}(in_cell, part_axis, to="varying"), (cell_axis, part_axis),'),
    ],
    'sph_pressure_halo.py': [
        ('psum_scatter(shared, PART,', f'psum_scatter({PC}(shared, PART, to="varying"), PART,'),
    ],
    'sph_tlag_snapshot_writer.py': [
        ('frame = top_level_all_gather(pos, P(SNAPSHOT_AXIS, None))',
         'frame = jax.reshard(pos, P(SNAPSHOT_AXIS, None))'),
    ],
    'sph_kinetic_energy.py': [
        ('jax.lax.psum(per_cell, self.axes)',
         f'jax.lax.psum({PC}(per_cell, self.axes[0], to="varying"), self.axes)'),
    ],
    'sph_kernel_smoothing.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # DINO self-distillation
    'dino_center_update.py': [
        ('all_gather(batch_center, data_axis,',
         f'all_gather({PC}(batch_center, data_axis, to="varying"), data_axis,'),
    ],
    'dino_teacher_ema_params.py': [
        ('jax.lax.all_gather(p, (DATA, MODEL),',
         f'jax.lax.all_gather({PC}(p, MODEL, to="varying"), (DATA, MODEL),'),
    ],
    'dino_koleo_pmin.py': [
        ('jax.lax.pmin(jnp.sum(bank * bank, axis=-1), self.axis)',
         f'jax.lax.pmin({PC}(jnp.sum(bank * bank, axis=-1), self.axis, to="varying"), self.axis)'),
    ],
    'dino_tlag_prototypes_export.py': [
        ('return top_level_all_gather(w, layout.eval)', 'return jax.reshard(w, layout.eval)'),
    ],
    'dino_student_loss_axes.py': [
        ('jax.lax.pmean(total / n, (DATA, PROTO))',
         f'jax.lax.pmean({PC}(total / n, PROTO, to="varying"), (DATA, PROTO))'),
    ],
    'dino_sharpen_temperature.py': [
        ('logits = jax.lax.all_gather(teacher_logits, axis, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(teacher_logits, axis, axis=1, tiled=True, to="invarying")'),
        ('centred = jax.lax.all_gather(center, axis, axis=1, tiled=True, to="reduced")',
         'centred = jax.lax.all_gather(center, axis, axis=1, tiled=True, to="invarying")'),
    ],
    # product quantization / IVF
    'pq_codebook_counts.py': [
        ('all_gather(counts, self.db_axis,',
         f'all_gather({PC}(counts, self.db_axis, to="varying"), self.db_axis,'),
    ],
    'pq_residual_codebooks.py': [
        ('        return jax.lax.all_gather(x, axes,',
         f'        if isinstance(axes, tuple):\n            x = {PC}(x, SUB, to="varying")\n'
         '        return jax.lax.all_gather(x, axes,'),
    ],
    'pq_lloyd_iterations.py': [
        ('jax.lax.psum(sums, cfg.axis)', f'jax.lax.psum({PC}(sums, cfg.axis, to="varying"), cfg.axis)'),
    ],
    'pq_tlag_codes_export.py': [
        ('served = top_level_all_gather(codes, Layouts.SERVE)', 'served = jax.reshard(codes, Layouts.SERVE)'),
    ],
    'pq_distortion_stats.py': [
        ('jax.lax.psum(per_vector.sum(), axis_name=self.reduce_axes)',
         f'jax.lax.psum({PC}(per_vector.sum(), Axis.SUB.value, to="varying"), axis_name=self.reduce_axes)'),
    ],
    'pq_assignment_argmin.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
