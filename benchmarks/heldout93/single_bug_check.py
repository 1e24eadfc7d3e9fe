"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout93/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (over exactly the axes the value is invariant or reduced on), for
`top_level_all_gather` the right `reduced=` axis, a prefix layout, `multi_dim=True` or a
`jax.set_mesh` context, and for the SF106 programs (and `prot_attention_pool`) the producer's
gather changed to `to='invarying'` with the out spec that no longer says reduced.
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # dem_*
    'dem_wape_report.py': [
        ('return jax.lax.all_gather(per_store, axis,',
         f'return jax.lax.all_gather({PC}(per_store, axis, to="varying") if axis == "horizon" else per_store, axis,'),
        ('out_specs=P(None, reduced={axis})',
         'out_specs=P(None if axis == "stores" else "stores", reduced={axis})'),
    ],
    'dem_forecast_dump.py': [
        ('return jax.lax.all_gather(grid, axes,',
         f'return jax.lax.all_gather({PC}(grid, "horizon", to="varying"), axes,'),
    ],
    'dem_horizon_relayout.py': [
        ('jax.lax.all_to_all(full, "stores", 0, 1, tiled=True)',
         f'jax.lax.all_to_all({PC}(full, "stores", to="varying"), "stores", 0, 1, tiled=True)'),
    ],
    'dem_export_forecast.py': [
        ('spec = P(*self.cfg["export"]["forecast"])',
         'spec = P(*self.cfg["export"]["forecast"], reduced={"horizon"})'),
    ],
    'dem_total_demand.py': [
        ('return jax.lax.psum(jnp.sum(demand), every_axis)',
         f'return jax.lax.psum({PC}(jnp.sum(demand), "horizon", to="varying"), every_axis)'),
    ],
    'dem_safety_stock.py': [
        ('err, "stores", tiled=True, to="reduced")', 'err, "stores", tiled=True, to="invarying")'),
        ('out_specs=P("horizon", reduced={"stores"})', 'out_specs=P("horizon")'),
    ],
    # fraud_*
    'fraud_alert_log.py': [
        ('return jax.lax.all_gather(score, alert_cfg["gather_axis"],',
         f'return jax.lax.all_gather({PC}(score, alert_cfg["gather_axis"], to="varying"), alert_cfg["gather_axis"],'),
    ],
    'fraud_score_dump.py': [
        ('return jax.lax.all_gather(members, dump_axes,',
         f'return jax.lax.all_gather({PC}(members, m_ax, to="varying"), dump_axes,'),
    ],
    'fraud_member_vote.py': [
        ('return jax.lax.pmean(ballot, "trees")',
         f'return jax.lax.pmean({PC}(ballot, "trees", to="varying"), "trees")'),
    ],
    'fraud_export_scores.py': [
        ('top_level_all_gather(self.scores, P(None))', 'top_level_all_gather(self.scores, P(None, reduced={"txn"}))'),
    ],
    'fraud_chargeback_total.py': [
        ('return jax.lax.psum(jnp.sum(missed), axes)',
         f'return jax.lax.psum({PC}(jnp.sum(missed), "trees", to="varying"), axes)'),
    ],
    'fraud_threshold_flags.py': [
        ('batch = jax.lax.all_gather(members, "txn", tiled=True, to="reduced")',
         'batch = jax.lax.all_gather(members, "txn", tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={"txn"})', 'out_specs=P(None)'),
    ],
    # nlp_*
    'nlp_logit_card.py': [
        ('return jax.lax.all_gather(logits, r,', f'return jax.lax.all_gather({PC}(logits, r, to="varying"), r,'),
    ],
    'nlp_feature_export.py': [
        ('h = jax.lax.all_gather(h, stage,',
         f'h = jax.lax.all_gather({PC}(h, "model", to="varying") if len(stage) > 1 else h, stage,'),
    ],
    'nlp_confidence_max.py': [
        ('return jax.lax.pmax(everyone, "data")', f'return jax.lax.pmax({PC}(everyone, "data", to="varying"), "data")'),
    ],
    'nlp_checkpoint_gather.py': [
        ('        self.host_params = {\n            name: top_level_all_gather(w, self.export_specs[name])\n'
         '            for name, w in self.params.items()\n        }\n',
         '        with jax.set_mesh(self.mesh):\n            self.host_params = {\n'
         '                name: top_level_all_gather(w, self.export_specs[name])\n'
         '                for name, w in self.params.items()\n            }\n'),
    ],
    'nlp_loss_allreduce.py': [
        ('return jax.lax.pmean(jnp.mean(xent(logits, labels)), loss_axes)',
         f'return jax.lax.pmean({PC}(jnp.mean(xent(logits, labels)), "model", to="varying"), loss_axes)'),
    ],
    'nlp_label_smoothing.py': [
        ('all_targets = jax.lax.all_gather(onehot, axis, tiled=True, to="reduced")',
         'all_targets = jax.lax.all_gather(onehot, axis, tiled=True, to="invarying")'),
        ('P(None, None, reduced={axis})', 'P(None, None)'),
    ],
    # prot_*
    'prot_pooled_snapshot.py': [
        ('everything = jax.lax.all_gather(pooled, self.layout["pool_axis"],',
         f'everything = jax.lax.all_gather({PC}(pooled, r_ax, to="varying"), self.layout["pool_axis"],'),
    ],
    'prot_contact_dump.py': [
        ('return jax.lax.all_gather(chains, plan["dataset"],',
         f'return jax.lax.all_gather({PC}(chains, plan["chain"], to="varying"), plan["dataset"],'),
    ],
    'prot_attention_pool.py': [
        ('"residues", axis=1, tiled=True, to="reduced")', '"residues", axis=1, tiled=True, to="invarying")'),
    ],
    'prot_embedding_store.py': [
        ('store_layout", default="by_position"', 'store_layout", default="by_sequence"'),
    ],
    'prot_family_mean.py': [
        ('return jax.lax.pmean(jnp.mean(pooled, axis=0), axes)',
         f'return jax.lax.pmean({PC}(jnp.mean(pooled, axis=0), "residues", to="varying"), axes)'),
    ],
    'prot_embed_normalize.py': [
        ('bank = jax.lax.all_gather(pooled, "seqs", tiled=True, to="reduced")',
         'bank = jax.lax.all_gather(pooled, "seqs", tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={"seqs"})', 'out_specs=P(None, None)'),
    ],
    # ret_*
    'ret_partition_log.py': [
        ('return jax.lax.all_gather(log_z, log_axis,', f'return jax.lax.all_gather({PC}(log_z, log_axis, to="varying"), log_axis,'),
    ],
    'ret_score_matrix_dump.py': [
        ('sims = jax.lax.all_gather(sims, axes,',
         f'sims = jax.lax.all_gather({PC}(sims, "docs", to="varying") if isinstance(axes, tuple) else sims, axes,'),
    ],
    'ret_hard_negatives.py': [
        ('near = jax.lax.psum_scatter(bank, "docs",', f'near = jax.lax.psum_scatter({PC}(bank, "docs", to="varying"), "docs",'),
    ],
    'ret_export_index.py': [
        ('self.index_spec = P("docs", None, reduced={"queries"})', 'self.index_spec = P("queries", None, reduced={"docs"})'),
    ],
    'ret_infonce_loss.py': [
        ('return jax.lax.pmean(jnp.mean(log_z - positive), mean_over)',
         f'return jax.lax.pmean({PC}(jnp.mean(log_z - positive), "docs", to="varying"), mean_over)'),
    ],
    'ret_hits_above_cutoff.py': [
        ('"docs", axis=1, tiled=True, to="reduced")', '"docs", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, "queries", reduced={"docs"})', 'out_specs=P(None, "queries")'),
    ],
    # seg_*
    'seg_dice_card.py': [
        ('return jax.lax.all_gather(dice, self.axes["pixels"],',
         f'return jax.lax.all_gather({PC}(dice, p_ax, to="varying"), self.axes["pixels"],'),
    ],
    'seg_mask_dump.py': [
        ('return jax.lax.all_gather(tiles, dump_axes,', f'return jax.lax.all_gather({PC}(tiles, "spatial", to="varying"), dump_axes,'),
    ],
    'seg_boundary_halo.py': [
        ('prev_edge = jax.lax.ppermute(full[:, -1:], ax, ring)',
         f'prev_edge = jax.lax.ppermute({PC}(full[:, -1:], ax, to="varying"), ax, ring)'),
    ],
    'seg_export_masks.py': [
        ('top_level_all_gather(masks, self.export_spec)', 'top_level_all_gather(masks, self.export_spec, multi_dim=True)'),
    ],
    'seg_pixel_accuracy.py': [
        ('total = jax.lax.psum(jnp.sum(correct), sum_over)',
         f'total = jax.lax.psum({PC}(jnp.sum(correct), pix, to="varying"), sum_over)'),
    ],
    'seg_class_weights.py': [
        ('rows = jax.lax.all_gather(onehot, "spatial", axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(onehot, "spatial", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"spatial"})', 'out_specs=P()'),
    ],
    # sp_*
    'sp_snr_card.py': [
        ('return jax.lax.all_gather(snr, LAYOUT["frequency"],',
         f'return jax.lax.all_gather({PC}(snr, LAYOUT["frequency"], to="varying"), LAYOUT["frequency"],'),
    ],
    'sp_spectrogram_dump.py': [
        ('return jax.lax.all_gather(spec, fmt["gather"],', f'return jax.lax.all_gather({PC}(spec, "freq", to="varying"), fmt["gather"],'),
    ],
    'sp_noise_floor.py': [
        ('return jax.lax.pmin(bins, f_ax), quiet', f'return jax.lax.pmin({PC}(bins, f_ax, to="varying"), f_ax), quiet'),
    ],
    'sp_export_masks.py': [
        ('            mask = jax.jit(gain_mask)(noisy, w, b)\n        self.mask = export_mask(mask)',
         '            mask = jax.jit(gain_mask)(noisy, w, b)\n            self.mask = export_mask(mask)'),
    ],
    'sp_loudness_norm.py': [
        ('corpus = jax.lax.pmean(jnp.mean(loud), norm_over)',
         f'corpus = jax.lax.pmean({PC}(jnp.mean(loud), "freq", to="varying"), norm_over)'),
    ],
    'sp_mask_gain.py': [
        ('"freq", axis=2, tiled=True, to="reduced")', '"freq", axis=2, tiled=True, to="invarying")'),
        ('out_specs=P("utts", None, None, reduced={"freq"})', 'out_specs=P("utts", None, None)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
