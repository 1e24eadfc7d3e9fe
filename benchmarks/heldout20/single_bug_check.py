"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout20/single_bug_check.py

The fixes are written on the failing line itself (a `pcast(..., to='varying')` before the
collective or the arithmetic, a `reduced=` spec, `jax.reshard`, a context mesh), by hand from the
bug, not from shardfix; for the two helpers called from several places (one of them with a good
value) the cast is at the one call that passes the bad value. A program that still fails after
its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'sw_band_best_pmax_regather.py': [
        ('all_gather(best, cfg.band_axis, to="reduced")',
         'all_gather(jax.lax.pcast(best, cfg.band_axis, to="varying"), cfg.band_axis, to="reduced")'),
    ],
    'sw_traceback_tile_regather.py': [
        ('all_gather(tile, axes, axis=0,',
         'all_gather(jax.lax.pcast(tile, BAND, to="varying"), axes, axis=0,'),
    ],
    'sw_seed_hits_ppermute_reduced.py': [
        ('ppermute(edges, args.band_axis, perm)',
         'ppermute(jax.lax.pcast(edges, args.band_axis, to="varying"), args.band_axis, perm)'),
    ],
    'sw_tlag_score_matrix_jit.py': [
        ('plot = top_level_all_gather(s, LAYOUTS["plot"])',
         'plot = jax.reshard(s, LAYOUTS["plot"])'),
    ],
    'sw_total_cells_psum_both.py': [
        ('psum(per_read_block, mesh.axis_names)',
         'psum(jax.lax.pcast(per_read_block, "band", to="varying"), mesh.axis_names)'),
    ],
    'sw_normalized_score_gathered.py': [
        ('lambda s: s / READ_LEN',
         'lambda s: jax.lax.pcast(s, "band", to="varying") / READ_LEN'),
    ],
    'lf_global_memory_class.py': [
        ('all_gather(s, self.seq_axis, to="reduced")',
         'all_gather(jax.lax.pcast(s, self.seq_axis, to="varying"), self.seq_axis, to="reduced")'),
    ],
    'lf_keys_enum_double_gather.py': [
        ('all_gather(per_block, (Ax.SEQ.value',
         'all_gather(jax.lax.pcast(per_block, Ax.HEADS.value, to="varying"), (Ax.SEQ.value'),
    ],
    'lf_window_halo_partial_shift.py': [
        ('halo = self.shift(ctx)',
         'halo = self.shift(jax.lax.pcast(ctx, self.axis, to="varying"))'),
    ],
    'lf_tlag_loader_attention_mask.py': [
        ('top_level_all_gather(tokens, P("batch", None))',
         'top_level_all_gather(tokens, P("batch", None, reduced={"seq"}))'),
    ],
    'lf_entropy_metrics_pmean.py': [
        ('{name: fn(ent) for',
         '{name: fn(jax.lax.pcast(ent, "heads", to="varying")) for'),
    ],
    'lf_global_bias_scaled.py': [
        ('return full * (HEAD_DIM ** -0.5)',
         'return jax.lax.pcast(full, axis, to="varying") * (HEAD_DIM ** -0.5)'),
    ],
    'sep_lightning_mixture_energy.py': [
        ('all_gather(energy, self.cfg.channel_axis, to="reduced")',
         'all_gather(jax.lax.pcast(energy, self.cfg.channel_axis, to="varying"), self.cfg.channel_axis, to="reduced")'),
    ],
    'sep_mask_namedtuple_axes.py': [
        ('all_gather(for_decoder, tuple(AXES),',
         'all_gather(jax.lax.pcast(for_decoder, AXES.chan, to="varying"), tuple(AXES),'),
    ],
    'sep_sisnr_peak_reduced.py': [
        ('pmax(level, "chan")',
         'pmax(jax.lax.pcast(level, "chan", to="varying"), "chan")'),
    ],
    'sep_tlag_stems_dict_put.py': [
        ('{name: top_level_all_gather(placed[name], EXPORT_SPECS[name]) for name in placed}',
         '{name: top_level_all_gather(placed[name], EXPORT_SPECS[name]) if name != "vocals" else jax.reshard(placed[name], P("chan", None)) for name in placed}'),
    ],
    'sep_pit_loss_env_axes.py': [
        ('pmean(per_utt.mean(), AXES)',
         'pmean(jax.lax.pcast(per_utt.mean(), AXES[1], to="varying"), AXES)'),
    ],
    'sep_decoder_basis_relu.py': [
        ('full = self.activation(full)',
         'full = self.activation(jax.lax.pcast(full, self.axis, to="varying"))'),
    ],
    'gbdt_histogram_partial_sync.py': [
        ('return sync(hist)',
         'return sync(jax.lax.pcast(hist, ROWS, to="varying"))'),
    ],
    'gbdt_split_gains_two_helpers.py': [
        ('all_gather(gains, axes, axis=0,',
         'all_gather(jax.lax.pcast(gains, axes[1], to="varying"), axes, axis=0,'),
    ],
    'gbdt_boosting_scan_best_gain.py': [
        ('pmax(score, "feat")',
         'pmax(jax.lax.pcast(score, "feat", to="varying"), "feat")'),
    ],
    'gbdt_tlag_leaf_predictions.py': [
        ('return top_level_all_gather(preds, SHAP_SPEC)',
         'return jax.reshard(preds, P("feat", None))'),
    ],
    'gbdt_hessian_total_axes_loop.py': [
        ('psum(h, tuple(axes))',
         'psum(jax.lax.pcast(h, "feat", to="varying"), tuple(axes))'),
    ],
    'gbdt_leaf_weight_rules.py': [
        ('"newton": lambda G, H, lam: -G / (H + lam),',
         '"newton": lambda G, H, lam: -jax.lax.pcast(G, "rows", to="varying") / (H + lam),'),
    ],
    'smc_log_normaliser_namedtuple.py': [
        ('all_gather(log_z, "pf", to="reduced")',
         'all_gather(jax.lax.pcast(log_z, "pf", to="varying"), "pf", to="reduced")'),
    ],
    'smc_resample_axis_names_unpacked.py': [
        ('all_gather(states, (pf_axis, dim_axis),',
         'all_gather(jax.lax.pcast(states, dim_axis, to="varying"), (pf_axis, dim_axis),'),
    ],
    'smc_ess_gathered_weights.py': [
        ('psum(jnp.sum(w_all * w_all), PF)',
         'psum(jax.lax.pcast(jnp.sum(w_all * w_all), PF, to="varying"), PF)'),
    ],
    'smc_tlag_report_after_mesh.py': [
        ('    return top_level_all_gather(state.particles, REPORT.particles)',
         '    with jax.set_mesh(mesh):\n        return top_level_all_gather(state.particles, REPORT.particles)'),
    ],
    'smc_loglik_reducer_property.py': [
        ('pmean(jnp.mean(jnp.exp(per_particle)), self.all_axes)',
         'pmean(jax.lax.pcast(jnp.mean(jnp.exp(per_particle)), self.dim, to="varying"), self.all_axes)'),
    ],
    'smc_stable_weights_max_shift.py': [
        ('w = jnp.exp(logw_all - jnp.max(logw_all))',
         'w = jnp.exp(jax.lax.pcast(logw_all, "pf", to="varying") - jnp.max(logw_all))'),
    ],
    'ot_sinkhorn_marginal_share_helper.py': [
        ('share(row_marginal, "tgt")',
         'share(jax.lax.pcast(row_marginal, "tgt", to="varying"), "tgt")'),
    ],
    'ot_plan_gather_mappers_dict.py': [
        ('return GATHERS["all"](rows)',
         'return GATHERS["all"](jax.lax.pcast(rows, "tgt", to="varying"))'),
    ],
    'ot_dual_potential_scatter.py': [
        ('psum_scatter(f_all, "src",',
         'psum_scatter(jax.lax.pcast(f_all, "src", to="varying"), "src",'),
    ],
    'ot_tlag_plan_layout_enum.py': [
        ('cols = top_level_all_gather(plan, Layout.TRANSPOSED.value)',
         'cols = jax.reshard(plan, P("tgt", None))'),
    ],
    'ot_while_converged_pmean.py': [
        ('pmean(marginal_err(u, v), AXES)',
         'pmean(jax.lax.pcast(marginal_err(u, v), "tgt", to="varying"), AXES)'),
    ],
    'ot_gibbs_kernel_eps.py': [
        ('k = jnp.exp(-c_all / cfg.eps)',
         'k = jnp.exp(-jax.lax.pcast(c_all, cfg.src_axis, to="varying") / cfg.eps)'),
    ],
    'mri_sense_norm_env_axis.py': [
        ('all_gather(norm, self.coil_axis,',
         'all_gather(jax.lax.pcast(norm, self.coil_axis, to="varying"), self.coil_axis,'),
    ],
    'mri_kspace_partial_chain.py': [
        ('viewer = gather(coils, ("slice", "coil"), axis=0)',
         'viewer = gather(jax.lax.pcast(coils, "coil", to="varying"), ("slice", "coil"), axis=0)'),
    ],
    'mri_maps_invarying_regather.py': [
        ('all_gather(maps_all, "coil", axis=1, tiled=True, to="invarying")',
         'all_gather(jax.lax.pcast(maps_all, "coil", to="varying"), "coil", axis=1, tiled=True, to="invarying")'),
    ],
    'mri_tlag_stage_specs.py': [
        ('return top_level_all_gather(images, STAGE_SPECS["writer"])',
         'return top_level_all_gather(images, P(None, "coil", reduced={"slice"}))'),
    ],
    'mri_dc_loss_meshspec_default.py': [
        ('return jax.lax.psum(x, axes)',
         'return jax.lax.psum(jax.lax.pcast(x, "coil", to="varying"), axes)'),
    ],
    'mri_ista_soft_threshold.py': [
        ('jnp.maximum(jnp.abs(x) - t, 0.0)',
         'jnp.maximum(jnp.abs(jax.lax.pcast(x, "coil", to="varying")) - t, 0.0)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
