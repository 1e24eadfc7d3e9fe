"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout50/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the gather, the collective or the tuple reduction), for
`top_level_all_gather` a `jax.reshard`, the missing `reduced=` axes, `multi_dim=True` or a
context mesh, and for the SF106 programs the producer's gather changed to `to='invarying'` (with
the `reduced=` dropped from the out spec it reaches). A program that still fails after its fix
hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # single-cell expression
    'sc_library_size_normalize.py': [
        ('all_gather(totals, self.cfg.gene_axis,',
         f'all_gather({PC}(totals, self.cfg.gene_axis, to="varying"), self.cfg.gene_axis,'),
    ],
    'sc_hvg_dispersion.py': [
        ('all_gather(by_cell_shard, axes,', f'all_gather({PC}(by_cell_shard, cell_axis, to="varying"), axes,'),
    ],
    'sc_pca_scaling.py': [
        ('return jax.lax.psum(spread, axis_name)', f'return jax.lax.psum({PC}(spread, axis_name, to="varying"), axis_name)'),
    ],
    'sc_anndata_export.py': [
        ('return top_level_all_gather(X, self.layout.obs_dense)', 'return jax.reshard(X, self.layout.obs_dense)'),
    ],
    'sc_qc_metrics.py': [
        ('pmean(per_cell.mean(), tuple(', f'pmean({PC}(per_cell.mean(), "genes", to="varying"), tuple('),
    ],
    'sc_log1p_transform.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("cells", None, reduced={"genes"})', 'out_specs=P("cells", None)'),
    ],
    # CT reconstruction
    'ct_flux_normalise.py': [
        ('all_gather(air, args.angle_axis,', f'all_gather({PC}(air, args.angle_axis, to="varying"), args.angle_axis,'),
    ],
    'ct_sinogram_assemble.py': [
        ('all_gather(rows, self.axes,', f'all_gather({PC}(rows, self.axes[1], to="varying"), self.axes,'),
    ],
    'ct_ramp_filter.py': [
        ('ppermute(rows, self.det_axis,', f'ppermute({PC}(rows, self.det_axis, to="varying"), self.det_axis,'),
    ],
    'ct_volume_writer.py': [
        ('series_spec = P(None, "row", None)', 'series_spec = P(None, "row", None, reduced={"slab"})'),
    ],
    'ct_backprojection_weight.py': [
        ('psum(per_angle.sum(), reduce_axes)', f'psum({PC}(per_angle.sum(), det_axis, to="varying"), reduce_axes)'),
    ],
    'ct_hounsfield_units.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("slab", None, reduced={"row"})', 'out_specs=P("slab", None)'),
    ],
    # segmentation metrics
    'segm_dice_registry.py': [
        ('all_gather(score, voxel_axis,', f'all_gather({PC}(score, voxel_axis, to="varying"), voxel_axis,'),
    ],
    'segm_volume_similarity.py': [
        ('all_gather(cohort, (', f'all_gather({PC}(cohort, self.axes.case, to="varying"), ('),
    ],
    'segm_hausdorff_surface.py': [
        ('pmax(both, voxel_axis)', f'pmax({PC}(both, voxel_axis, to="varying"), voxel_axis)'),
    ],
    'segm_mask_gather.py': [
        ('    full = gather_masks(masks)\n', '    with jax.set_mesh(mesh):\n        full = gather_masks(masks)\n'),
    ],
    'segm_iou_summary.py': [
        ('pmean(ious.mean(axis=0), summary_axes)', f'pmean({PC}(ious.mean(axis=0), "vox", to="varying"), summary_axes)'),
    ],
    'segm_surface_dice.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(cfg.case_axis, None, reduced={cfg.voxel_axis})', 'out_specs=P(cfg.case_axis, None)'),
    ],
    # multiple sequence alignment profiles
    'msa_column_conservation.py': [
        ('all_gather(counts, cls.seq_axis,', f'all_gather({PC}(counts, cls.seq_axis, to="varying"), cls.seq_axis,'),
    ],
    'msa_sequence_weights.py': [
        ('all_gather(per_col, (columns, rows)', f'all_gather({PC}(per_col, columns, to="varying"), (columns, rows)'),
    ],
    'msa_gap_profile.py': [
        ('return jax.lax.all_gather(frac, seq_axis, axis=0, tiled=True)\n',
         f'return jax.lax.all_gather({PC}(frac, seq_axis, to="varying"), seq_axis, axis=0, tiled=True)\n'),
    ],
    'msa_pssm_export.py': [
        ('"export_layout": {"dims": ["col", null], "reduced": ["seq"]}',
         '"export_layout": {"dims": ["seq", null], "reduced": ["col"]}'),
    ],
    'msa_column_entropy.py': [
        ('psum(h.sum(), self.axes)', f'psum({PC}(h.sum(), self.seq, to="varying"), self.axes)'),
    ],
    'msa_pseudocount.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={"col"})', 'out_specs=P(None, None)'),
    ],
    # copy-number calling from read depth
    'cnv_gc_correction.py': [
        ('all_gather(per_stratum, self.bin_axis,', f'all_gather({PC}(per_stratum, self.bin_axis, to="varying"), self.bin_axis,'),
    ],
    'cnv_panel_of_normals.py': [
        ('all_gather(normals, axes,', f'all_gather({PC}(normals, sample_axis, to="varying"), axes,'),
    ],
    'cnv_segment_boundaries.py': [
        ('ppermute(edge, self.bin_axis,', f'ppermute({PC}(edge, self.bin_axis, to="varying"), self.bin_axis,'),
    ],
    'cnv_depth_matrix_dump.py': [
        ('"chr3": P(None, "bin", reduced={"sample"}),', '"chr3": P(None, "sample", reduced={"bin"}),'),
    ],
    'cnv_log2_ratio.py': [
        ('pmean(cohort.mean(), MESH.axis_names)', f'pmean({PC}(cohort.mean(), SAMPLE_AXIS, to="varying"), MESH.axis_names)'),
    ],
    'cnv_ploidy_call.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("sample", None, reduced={"bin"})', 'out_specs=P("sample", None)'),
    ],
    # GWAS and cohort statistics
    'gwas_allele_frequency.py': [
        ('all_gather(alt, cfg.mesh.site_axis,', f'all_gather({PC}(alt, cfg.mesh.site_axis, to="varying"), cfg.mesh.site_axis,'),
    ],
    'gwas_ld_blocks.py': [
        ('all_gather(block, gather_axes,', f'all_gather({PC}(block, self.snp_axis, to="varying"), gather_axes,'),
    ],
    'gwas_meta_analysis.py': [
        ('psum(pooled_weight, site_axis)', f'psum({PC}(pooled_weight, site_axis, to="varying"), site_axis)'),
    ],
    'gwas_summary_stats_export.py': [
        ('return top_level_all_gather(stats, self.formats[self.fmt])', 'return jax.reshard(stats, self.formats[self.fmt])'),
    ],
    'gwas_case_control_counts.py': [
        ('return consortium_total(per_site)', f'return consortium_total({PC}(per_site, "snp", to="varying"))'),
    ],
    'gwas_hwe_test.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, "snp", reduced={"site"})', 'out_specs=P(None, "snp")'),
    ],
    # neuroimaging (fMRI, diffusion MRI)
    'neuro_global_signal.py': [
        ('all_gather(gs, axis,', f'all_gather({PC}(gs, axis, to="varying"), axis,'),
    ],
    'neuro_roi_timeseries.py': [
        ('return jax.lax.all_gather(ts, tuple(', f'return jax.lax.all_gather({PC}(ts, voxel_axis, to="varying"), tuple('),
    ],
    'neuro_motion_scrub.py': [
        ('pmean(everyone, args.subject_axis)', f'pmean({PC}(everyone, args.subject_axis, to="varying"), args.subject_axis)'),
    ],
    'neuro_bold_volume_save.py': [
        ('return top_level_all_gather(run, layout)', 'return top_level_all_gather(run, layout, multi_dim=True)'),
    ],
    'neuro_glm_residuals.py': [
        ('pmean(rss.mean(), study_axes)', f'pmean({PC}(rss.mean(), voxel_axis, to="varying"), study_axes)'),
    ],
    'neuro_dti_fa_map.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(cfg.subject_axis, None, None, reduced={cfg.voxel_axis})', 'out_specs=P(cfg.subject_axis, None, None)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
