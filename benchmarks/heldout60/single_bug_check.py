"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout60/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` for a
`top_level_all_gather` whose out spec is not a prefix (or gathers two dimensions), the missing
`reduced=` axis in the layout method, a context mesh around the call made after the
`with jax.set_mesh` block, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # Flower-like server and strategies
    'srv_fedadam_server_opt.py': [
        ('all_gather(g, self.cfg.axes,',
         f'all_gather({PC}(g, self.client_axis, to="varying"), self.cfg.axes,'),
    ],
    'srv_fedavg_strategy.py': [
        ('all_gather(total, self.cfg.client_axis,',
         f'all_gather({PC}(total, self.cfg.client_axis, to="varying"), self.cfg.client_axis,'),
    ],
    'srv_fedavgm_momentum.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'srv_fit_metrics_aggregation.py': [
        ('return self.aggregate(loss)',
         f'return self.aggregate({PC}(loss, self.cfg.model_axis, to="varying"))'),
    ],
    'srv_global_model_export.py': [
        ('return top_level_all_gather(params, self.export_cfg.serve_spec)',
         'return jax.reshard(params, self.export_cfg.serve_spec)'),
    ],
    'srv_round_loop_callbacks.py': [
        ('return jax.lax.psum(model, self.axis)',
         f'return jax.lax.psum({PC}(model, self.axis, to="varying"), self.axis)'),
    ],
    # SCAFFOLD
    'scaf_checkpoint_variates.py': [
        ('return P(None, self.shard)',
         'return P(None, self.shard, reduced={self.silo})'),
    ],
    'scaf_client_drift_correction.py': [
        ('all_gather(c_global, tuple(axes),',
         f'all_gather({PC}(c_global, axes.silo, to="varying"), tuple(axes),'),
    ],
    'scaf_control_variate_update.py': [
        ('all_gather(c_new, self.silo_axis,',
         f'all_gather({PC}(c_new, self.silo_axis, to="varying"), self.silo_axis,'),
    ],
    'scaf_server_lr_scaling.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'scaf_variate_norms.py': [
        ('psum(local, axis_name=tuple(',
         f'psum({PC}(local, shard, to="varying"), axis_name=tuple('),
    ],
    'scaf_variate_ring_exchange.py': [
        ('return jax.lax.ppermute(value, self.axis, self.perm)',
         f'return jax.lax.ppermute({PC}(value, self.axis, to="varying"), self.axis, self.perm)'),
    ],
    # DP-SGD
    'dpsgd_clip_fraction_metric.py': [
        ('psum(flags.sum(), axis_name=self.axes)',
         f'psum({PC}(flags.sum(), self.axes[1], to="varying"), axis_name=self.axes)'),
    ],
    'dpsgd_clip_norm_gather.py': [
        ('all_gather(sq, self.feature_axis,',
         f'all_gather({PC}(sq, self.feature_axis, to="varying"), self.feature_axis,'),
    ],
    'dpsgd_gaussian_noise.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'dpsgd_microbatch_accum.py': [
        ('psum(jnp.sum(all_clipped, axis=0), BATCH_AXIS)',
         f'psum({PC}(jnp.sum(all_clipped, axis=0), BATCH_AXIS, to="varying"), BATCH_AXIS)'),
    ],
    'dpsgd_noise_multiplier.py': [
        ('all_gather(per_batch, axes,',
         f'all_gather({PC}(per_batch, axes[0], to="varying"), axes,'),
    ],
    'dpsgd_release_model.py': [
        ('    return publish(w)\n',
         '    with jax.set_mesh(mesh):\n        return publish(w)\n'),
    ],
    # privacy accounting and client sampling
    'acct_budget_worst_case.py': [
        ('return jax.lax.pmax(spent, self.axis)',
         f'return jax.lax.pmax({PC}(spent, self.axis, to="varying"), self.axis)'),
    ],
    'acct_epsilon_conversion.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'acct_ledger_dump.py': [
        ('return top_level_all_gather(ledger, spec_from(cfg["dump_axes"]))',
         'return jax.reshard(ledger, spec_from(cfg["dump_axes"]))'),
    ],
    'acct_poisson_sampling_counts.py': [
        ('all_gather(n, self.cfg.cohort_axis,',
         f'all_gather({PC}(n, self.cfg.cohort_axis, to="varying"), self.cfg.cohort_axis,'),
    ],
    'acct_rdp_orders.py': [
        ('all_gather(curve, (self.cohort_axis,',
         f'all_gather({PC}(curve, self.order_axis, to="varying"), (self.cohort_axis,'),
    ],
    'acct_sampling_rate_mean.py': [
        ('pmean(q.mean(), mesh.axis_names)',
         f'pmean({PC}(q.mean(), PARAM, to="varying"), mesh.axis_names)'),
    ],
    # secure aggregation
    'sec_dropout_recovery.py': [
        ('return jax.lax.ppermute(view, party_axis, ring)',
         f'return jax.lax.ppermute({PC}(view, party_axis, to="varying"), party_axis, ring)'),
    ],
    'sec_mask_checksum.py': [
        ('return jax.lax.psum(per_party, cfg.axes)',
         f'return jax.lax.psum({PC}(per_party, cfg.chunk_axis, to="varying"), cfg.axes)'),
    ],
    'sec_masked_vector_upload.py': [
        ('return top_level_all_gather(masked, self.COLLECT_SPEC)',
         'return jax.reshard(top_level_all_gather(masked, P(None, None, reduced={"party", "chunk"})), P("chunk", None))'),
    ],
    'sec_pairwise_mask_sum.py': [
        ('all_gather(agg, self.party_axis,',
         f'all_gather({PC}(agg, self.party_axis, to="varying"), self.party_axis,'),
    ],
    'sec_quantize_field.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'sec_shamir_shares.py': [
        ('all_gather(pooled, axes,',
         f'all_gather({PC}(pooled, cfg["party_axis"], to="varying"), axes,'),
    ],
    # personalisation layers
    'pers_cluster_assignment.py': [
        ('return total_over_mesh(best.sum())',
         f'return total_over_mesh({PC}(best.sum(), AXES[1], to="varying"))'),
    ],
    'pers_ditto_regulariser.py': [
        ('return jax.lax.pmean(full, self.cfg.client_axis)',
         f'return jax.lax.pmean({PC}(full, self.cfg.client_axis, to="varying"), self.cfg.client_axis)'),
    ],
    'pers_fedper_base_layers.py': [
        ('all_gather(mean, self.client_axis,',
         f'all_gather({PC}(mean, self.client_axis, to="varying"), self.client_axis,'),
    ],
    'pers_fedrep_head_gather.py': [
        ('all_gather(by_head, (client_axis,',
         f'all_gather({PC}(by_head, head_axis, to="varying"), (client_axis,'),
    ],
    'pers_interp_mixing.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'pers_local_head_export.py': [
        ('return top_level_all_gather(heads, EXPORT_FORMATS[fmt])',
         'return jax.reshard(heads, P(*EXPORT_FORMATS[fmt].partitions))'),
    ],
    # FedProx / FedNova / FedBuff
    'prox_fedbuff_staleness.py': [
        ('psum_scatter(buf, self.worker_axis,',
         f'psum_scatter({PC}(buf, self.worker_axis, to="varying"), self.worker_axis,'),
    ],
    'prox_fednova_normalised.py': [
        ('all_gather(step, worker_axis,',
         f'all_gather({PC}(step, worker_axis, to="varying"), worker_axis,'),
    ],
    'prox_local_epochs_weighting.py': [
        ('return jax.lax.psum(weighted, ALL_AXES)',
         f'return jax.lax.psum({PC}(weighted, Axis.TP.value, to="varying"), ALL_AXES)'),
    ],
    'prox_mu_penalty.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'prox_proximal_term.py': [
        ('all_gather(rows, (self.tp_axis,',
         f'all_gather({PC}(rows, self.worker_axis, to="varying"), (self.tp_axis,'),
    ],
    'prox_straggler_report.py': [
        ('table = top_level_all_gather(placed, LAYOUT.gathered)',
         'table = jax.reshard(placed, P(None, None))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
