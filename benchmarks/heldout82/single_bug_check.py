"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout82/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call uses legally), `jax.reshard`, a context mesh or the missing `reduced=` axis for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that result needs). A program that still fails after its fix
hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # evo_*
    'evo_msa_column_global.py': [
        ('jax.lax.all_gather(q_avg,', f'jax.lax.all_gather({PC}(q_avg, gc.data_axis, to="varying"),'),
    ],
    'evo_triangle_multiplication.py': [
        ('return gather_projection(right,',
         f'return gather_projection({PC}(right, gc.model_axis, to="varying"),'),
    ],
    'evo_outer_product_mean.py': [
        ('return jax.lax.psum(norm, gc.model_axis)',
         f'return jax.lax.psum({PC}(norm, gc.model_axis, to="varying"), gc.model_axis)'),
    ],
    'evo_pair_checkpoint.py': [
        ('return top_level_all_gather(pair_act, serve)', 'return jax.reshard(pair_act, serve)'),
    ],
    'evo_outer_product_sync.py': [
        ('jax.lax.pmean(scale, self.sync_axes)',
         f'jax.lax.pmean({PC}(scale, self.global_config.model_axis, to="varying"), self.sync_axes)'),
    ],
    'evo_msa_row_attention_bias.py': [
        ('gc.model_axis, axis=1, tiled=True, to="reduced")', 'gc.model_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(gc.data_axis, None, reduced={gc.model_axis})', 'out_specs=P(gc.data_axis, None)'),
    ],
    # sm_*
    'sm_ipa_point_norm.py': [
        ('return self._collect(norms)', f'return self._collect({PC}(norms, self.residue_axis, to="varying"))'),
    ],
    'sm_backbone_frames.py': [
        ('act = fold_iteration(act, tuple(axes))',
         f'if len(axes) > 1:\n                act = {PC}(act, "residue", to="varying")\n'
         '            act = fold_iteration(act, tuple(axes))'),
    ],
    'sm_torsion_ppermute.py': [
        ('jax.lax.ppermute(angles,', f'jax.lax.ppermute({PC}(angles, self.residue_axis, to="varying"),'),
    ],
    'sm_atom_positions_dump.py': [
        ('    return dump_positions(positions, gc)', '        return dump_positions(positions, gc)'),
    ],
    'sm_violation_loss.py': [
        ('jax.lax.psum(clash.sum(), self.sum_axes)',
         f'jax.lax.psum({PC}(clash.sum(), self.residue_axis, to="varying"), self.sum_axes)'),
    ],
    'sm_rigid_update.py': [
        ('batch_axis, axis=0, tiled=True, to="reduced")', 'batch_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, residue, reduced={batch}))', 'out_specs=P(None, residue))'),
    ],
    # feat_*
    'feat_msa_profile.py': [
        ('protein["msa_profile"], gather_axis,', f'{PC}(protein["msa_profile"], gather_axis, to="varying"), gather_axis,'),
    ],
    'feat_hhblits_profile.py': [
        ('gather_reduced(jnp.abs(protein["deletion_rows"]),',
         f'gather_reduced({PC}(jnp.abs(protein["deletion_rows"]), axis_names[1], to="varying"),'),
    ],
    'feat_masked_msa.py': [
        ('MSA_REDUCERS[reduce](profile, axis)', f'MSA_REDUCERS[reduce]({PC}(profile, axis, to="varying"), axis)'),
    ],
    'feat_np_example_export.py': [
        ('reduced = {replica_name} if name == "deletion_matrix" else set()', 'reduced = {replica_name}'),
    ],
    'feat_cluster_stats.py': [
        ('jax.lax.pmean(protein["cluster_count"],',
         f'jax.lax.pmean({PC}(protein["cluster_count"], axis_names[1], to="varying"),'),
    ],
    'feat_deletion_value.py': [
        ('make_deletion_rows(seq_name), make_deletion_value]', 'make_deletion_rows(seq_name, to="invarying"), make_deletion_value]'),
    ],
    # loss_*
    'loss_distogram.py': [
        ('jax.lax.all_gather(counts,', f'jax.lax.all_gather({PC}(counts, mp, to="varying"),'),
    ],
    'loss_plddt_bins.py': [
        ('return gather_bins(per_row,', f'return gather_bins({PC}(per_row, dp, to="varying"),'),
    ],
    'loss_fape_clamp.py': [
        ('jax.lax.psum_scatter(errors,', f'jax.lax.psum_scatter({PC}(errors, self.mp, to="varying"),'),
    ],
    'loss_metrics_report.py': [
        ('return top_level_all_gather(lddt,', 'return jax.reshard(lddt,'),
    ],
    'loss_total.py': [
        ('jax.lax.psum(total.sum(),', f'jax.lax.psum({PC}(total.sum(), self.heads[0].row_axis, to="varying"),'),
    ],
    'loss_experimentally_resolved.py': [
        ('dp, axis=0, tiled=True, to="reduced")', 'dp, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, mp, reduced={dp}))', 'out_specs=P(None, mp))'),
    ],
    # run_*
    'run_recycle_pair.py': [
        ('jax.lax.all_gather(centre,', f'jax.lax.all_gather({PC}(centre, data_axis, to="varying"),'),
    ],
    'run_predict_ensemble.py': [
        ('return self.ensemble(jnp.abs(columns),',
         f'return self.ensemble({PC}(jnp.abs(columns), self.axis_names[-1], to="varying"),'),
    ],
    'run_confidence_metrics.py': [
        ('return sync(pae, self.model_axis)', f'return sync({PC}(pae, self.model_axis, to="varying"), self.model_axis)'),
    ],
    'run_process_features.py': [
        ('        feat["template_feat"] = top_level_all_gather(\n            feat["msa_feat"],',
         '        with jax.set_mesh(self.mesh):\n            feat["template_feat"] = top_level_all_gather(\n                feat["msa_feat"],'),
    ],
    'run_plddt_reduce.py': [
        ('jax.lax.pmean(peak.mean(),', f'jax.lax.pmean({PC}(peak.mean(), self.model_axis, to="varying"),'),
    ],
    'run_plddt_score.py': [
        ('return compute_plddt(self.lddt_logits(act))', 'return compute_plddt(self.lddt_logits(act, to="invarying"))'),
    ],
    # tri_*
    'tri_ending_node_bias.py': [
        ('jax.lax.all_gather(bias,', f'jax.lax.all_gather({PC}(bias, self.axis, to="varying"),'),
    ],
    'tri_template_pair_stack.py': [
        ('return gather_orientation(jnp.tanh(act),',
         f'return gather_orientation({PC}(jnp.tanh(act), "row", to="varying"),'),
    ],
    'tri_starting_node_exchange.py': [
        ('jax.lax.all_to_all(rows,', f'jax.lax.all_to_all({PC}(rows, self.axis, to="varying"),'),
    ],
    'tri_template_export.py': [
        ('return top_level_all_gather(pair, P(*spec, reduced={row}))', 'return jax.reshard(pair, spec)'),
    ],
    'tri_pair_norm.py': [
        ('norm = self._sync(self.row_peak(act))', f'norm = self._sync({PC}(self.row_peak(act), self.row, to="varying"))'),
    ],
    'tri_attention_gating.py': [
        ('self.axis, axis=0, tiled=True, to="reduced")', 'self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, col, reduced={row}))', 'out_specs=P(None, col))'),
    ],
    # head_*
    'head_predicted_aligned_error.py': [
        ('jax.lax.all_gather(pooled,', f'jax.lax.all_gather({PC}(pooled, self.tensor_axis, to="varying"),'),
    ],
    'head_masked_msa.py': [
        ('gather_logits(jnp.tanh(outputs["masked_msa"]),',
         f'gather_logits({PC}(jnp.tanh(outputs["masked_msa"]), self.axes[1], to="varying"),'),
    ],
    'head_distogram_aggregate.py': [
        ('return self.aggregate(logits.sum(axis=0, keepdims=True))',
         f'return self.aggregate({PC}(logits.sum(axis=0, keepdims=True), self.data_axis, to="varying"))'),
    ],
    'head_output_writer.py': [
        ('reduced={tensor} if name == "masked_msa" else set())', 'reduced={tensor})'),
    ],
    'head_msa_loss_scatter.py': [
        ('jax.lax.psum_scatter(logits.reshape(-1),', f'jax.lax.psum_scatter({PC}(logits.reshape(-1), self.axes[-1], to="varying"),'),
    ],
    'head_experimentally_resolved.py': [
        ('self.data_axis, axis=0, tiled=True, to="reduced")', 'self.data_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, tensor, reduced={data}))', 'out_specs=P(None, tensor))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
