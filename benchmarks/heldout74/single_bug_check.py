"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout74/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: mostly a
`pcast(..., to='varying')` before the collective (at the call site or the producer when the
failing line is a shared helper), the axis or axes the author meant (SF105, `atac_cell_qc`),
`jax.reshard`, a context mesh, a layout that is a prefix or the missing `reduced=` axis for
`top_level_all_gather`, and for most SF106 programs the producer's gather changed to
`to='invarying'` (`hic_ice_balance` and `atac_tfidf` normalise before the gather instead).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # scvi_*
    'scvi_decoder_scale.py': [
        ('jax.nn.softmax(gather_full(logits, gene_axis, dim=1), axis=-1)',
         'jax.nn.softmax(jax.lax.all_gather(logits, gene_axis, axis=1, tiled=True, to="invarying"), axis=-1)'),
    ],
    'scvi_gene_modules.py': [
        ('return self.table(per_gene)',
         f'return self.table({PC}(per_gene, self.axes[-1], to="varying"))'),
    ],
    'scvi_hvg_dispersion.py': [
        ('mu = allreduce(all_disp.sum(), gene_axis)',
         f'mu = allreduce({PC}(all_disp.sum(), gene_axis, to="varying"), gene_axis)'),
    ],
    'scvi_kl_warmup.py': [
        ('kl = allreduce(kl_normal(mu, logvar).sum(), axes)',
         f'kl = allreduce({PC}(kl_normal(mu, logvar).sum(), gene_axis, to="varying"), axes)'),
    ],
    'scvi_latent_export.py': [
        ('full = top_level_all_gather(z, P(None, None))',
         'full = top_level_all_gather(z, P(None, None, reduced={"cells"}))'),
    ],
    'scvi_size_factors.py': [
        ('return gather_full(per_cell, args.gene_axis, dim=1)',
         f'return gather_full({PC}(per_cell, args.gene_axis, to="varying"), args.gene_axis, dim=1)'),
    ],
    # dnalm_*
    'dnalm_embedding_dump.py': [
        ('    table = dump(emb, cfg)\n',
         '    with jax.set_mesh(mesh):\n        table = dump(emb, cfg)\n'),
    ],
    'dnalm_kmer_table.py': [
        ('table = jax.lax.all_gather(windows, axes,',
         f'table = jax.lax.all_gather({PC}(windows, cfg["seq_axis"], to="varying"), axes,'),
    ],
    'dnalm_mask_budget.py': [
        ('n_masked = jax.lax.psum(per_seq, s)',
         f'n_masked = jax.lax.psum({PC}(per_seq, s, to="varying"), s)'),
    ],
    'dnalm_position_table.py': [
        ('full = seq_gather(table, cfg["seq_axis"], dim=0)',
         f'full = seq_gather({PC}(table, cfg["seq_axis"], to="varying"), cfg["seq_axis"], dim=0)'),
    ],
    'dnalm_rc_equivariant.py': [
        ('both = seq_gather(jnp.concatenate([h, h_rc], axis=-1), cfg["seq_axis"])',
         'both = jax.lax.all_gather(jnp.concatenate([h, h_rc], axis=-1), cfg["seq_axis"], axis=1, tiled=True, to="invarying")'),
    ],
    'dnalm_token_loss.py': [
        ('denom = psum_all(n_tokens, (b, s))',
         'denom = jax.lax.psum(n_tokens, b)'),
    ],
    # vep_*
    'vep_effect_matrix.py': [
        ('return gather_over(rows, self.all_axes, dim=0)',
         f'return gather_over({PC}(rows, self.track_axis, to="varying"), self.all_axes, dim=0)'),
    ],
    'vep_effect_table.py': [
        ('np.asarray(top_level_all_gather(arr, P(*OUTPUT_LAYOUT[key])))',
         'np.asarray(jax.reshard(arr, P(*OUTPUT_LAYOUT[key])))'),
    ],
    'vep_ld_pooling.py': [
        ('return jax.lax.pmean(weighted.sum(), axis_name=pool_axes)',
         f'return jax.lax.pmean({PC}(weighted.sum(), track_axis, to="varying"), axis_name=pool_axes)'),
    ],
    'vep_log_fold_change.py': [
        ('return gather_over(predict_tracks(x, w), self.track_axis)',
         'return gather_over(predict_tracks(x, w), self.track_axis, to="invarying")'),
    ],
    'vep_score_matrix.py': [
        ('return jnp.broadcast_to(m, ref.shape)',
         f'return {PC}(jnp.broadcast_to(m, ref.shape), track_axis, to="varying")'),
    ],
    'vep_track_bundle.py': [
        ('return collect(both, track_axis, full=False)',
         f'return collect({PC}(both, track_axis, to="varying"), track_axis, full=False)'),
    ],
    # hic_*
    'hic_compartments.py': [
        ('    return gather_map(w, col_axis)\n',
         f'    return gather_map({PC}(w, col_axis, to="varying"), col_axis)\n'),
    ],
    'hic_coverage_qc.py': [
        ('mean_cov = grid_mean(cov.mean(), self.mesh_axes)',
         'mean_cov = jax.lax.pmean(cov.mean(), self.mesh_axes[0])'),
    ],
    'hic_ice_balance.py': [
        ('    bias_full = gather_map(bias, row_axis)\n    bias_full = bias_full / bias_full.mean()\n',
         '    bias = bias / jax.lax.pmean(bias.mean(), row_axis)\n    bias_full = gather_map(bias, row_axis)\n'),
    ],
    'hic_insulation.py': [
        ('left = halo(profile, col_axis, n_col)',
         f'left = halo({PC}(profile, col_axis, to="varying"), col_axis, n_col)'),
    ],
    'hic_map_export.py': [
        ('"rows": functools.partial(top_level_all_gather, out_sharding=P("row", None)),',
         '"rows": functools.partial(top_level_all_gather, out_sharding=P("row", None, reduced={"col"})),'),
    ],
    'hic_tad_caller.py': [
        ('        out = gather_map(out, pick(axes), dim=dim)\n',
         f'        out = gather_map({PC}(out, axes[1], to="varying") if dim == 0 else out, pick(axes), dim=dim)\n'),
    ],
    # ctype_*
    'ctype_atlas_export.py': [
        ('viewer_spec: P = field(default_factory=lambda: P("data", None))',
         'viewer_spec: P = field(default_factory=lambda: P("data", None, reduced={"model"}))'),
    ],
    'ctype_balanced_loss.py': [
        ('return jax.lax.pmean((weights * nll).mean(), cfg.loss_axes)',
         f'return jax.lax.pmean({PC}((weights * nll).mean(), cfg.model_axis, to="varying"), cfg.loss_axes)'),
    ],
    'ctype_composition.py': [
        ('counts = jax.lax.psum(probs_all.sum(axis=0), cfg.data_axis)',
         f'counts = jax.lax.psum({PC}(probs_all.sum(axis=0), cfg.data_axis, to="varying"), cfg.data_axis)'),
    ],
    'ctype_label_smoothing.py': [
        ('full_logits = full_gather(logits, cfg.model_axis, dim=1)',
         'full_logits = full_gather(logits, cfg.model_axis, dim=1, to="invarying")'),
    ],
    'ctype_lineage_probs.py': [
        ('stages = [(m, 1), ((d, m), 0)]',
         'stages = [(m, 1), (d, 0)]'),
    ],
    'ctype_reference_centroids.py': [
        ('return full_gather(self.centroids(x, onehot), self.cfg.data_axis)',
         f'return full_gather({PC}(self.centroids(x, onehot), self.cfg.data_axis, to="varying"), self.cfg.data_axis)'),
    ],
    # atac_*
    'atac_cell_qc.py': [
        ('x[:, :2].sum(axis=1) / (x.sum(axis=1) + 1.0), "cells"),',
         'x[:, :2].sum(axis=1) / (x.sum(axis=1) + 1.0), "peaks"),'),
    ],
    'atac_coaccess.py': [
        ('return jax.lax.all_gather(b, AXES,',
         f'return jax.lax.all_gather({PC}(b, "peaks", to="varying"), AXES,'),
    ],
    'atac_differential.py': [
        ('sums = jax.lax.pmean(group_sums(x), "cells")',
         f'sums = jax.lax.pmean({PC}(group_sums(x), "cells", to="varying"), "cells")'),
    ],
    'atac_motif_deviation.py': [
        ('mu = jax.lax.pmean(dev.mean(axis=0), AXES)',
         'mu = jax.lax.pmean(dev.mean(axis=0), "cells")'),
    ],
    'atac_peak_export.py': [
        ('    with mesh:\n',
         '    with jax.set_mesh(mesh):\n'),
    ],
    'atac_tfidf.py': [
        ('    peak_total_all = gather_peaks(peak_total)\n    idf = jnp.log1p(N_CELLS / peak_total_all)\n',
         '    idf = gather_peaks(jnp.log1p(N_CELLS / peak_total))\n'),
    ],
    # spatial_*
    'spatial_deconvolution.py': [
        ('s = gather_spots(scores(x, sig))',
         's = jax.lax.all_gather(scores(x, sig), SPOT_AXIS, axis=0, tiled=True, to="invarying")'),
    ],
    'spatial_domain_export.py': [
        ('p.add_argument("--layout", default="by_gene_tile",',
         'p.add_argument("--layout", default="by_spot_tile",'),
    ],
    'spatial_morans_i.py': [
        ('jax.lax.psum(num.sum(), AXES) / jax.lax.psum(denom.sum(), AXES)',
         'jax.lax.psum(num.sum(), GENE_AXIS) / jax.lax.psum(denom.sum(), GENE_AXIS)'),
    ],
    'spatial_niche_graph.py': [
        ('return gather_all(profile)',
         f'return gather_all({PC}(profile, GENE_AXIS, to="varying"))'),
    ],
    'spatial_pseudobulk.py': [
        ('state["lib"] = jax.lax.all_gather(state["lib"],',
         f'state["lib"] = jax.lax.all_gather({PC}(state["lib"], CONFIG["collect_axis"], to="varying"),'),
    ],
    'spatial_tile_smoothing.py': [
        ('own = to_tiles(x_all, n_tiles)',
         f'own = to_tiles({PC}(x_all, SPOT_AXIS, to="varying"), n_tiles)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
