"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout68/single_bug_check.py

The fixes were written from each bug, not from shardfix: a `pcast(..., to='varying')` on the
failing line before the collective (on the reduced axis, or on the invariant axis of a tuple
reduction), `jax.reshard` in place of `top_level_all_gather` with a non-prefix spec, and for
the SF106 programs the producer's gather changed to `to='invarying'`. A program that still
fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'acct_composition_mean.py': [
        ('psum(rdp_total, (',
         'psum(jax.lax.pcast(rdp_total, order_axis, to="varying"), ('),
    ],
    'acct_delta_scaling.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'acct_epsilon_max.py': [
        ('pmax(epsilons, worker_axis)',
         'pmax(jax.lax.pcast(epsilons, worker_axis, to="varying"), worker_axis)'),
    ],
    'acct_ledger_dump.py': [
        ('top_level_all_gather(arr, ledger_layout(cfg))',
         'jax.reshard(arr, ledger_layout(cfg))'),
    ],
    'acct_moments_gather.py': [
        ('all_gather(epsilons, (',
         'all_gather(jax.lax.pcast(epsilons, order_axis, to="varying"), ('),
    ],
    'acct_rdp_orders_total.py': [
        ('all_gather(rdp_total, axis_name=worker_axis',
         'all_gather(jax.lax.pcast(rdp_total, worker_axis, to="varying"), axis_name=worker_axis'),
    ],
    'cohort_availability_stats.py': [
        ('psum(participation, (',
         'psum(jax.lax.pcast(participation, self.axes.feature, to="varying"), ('),
    ],
    'cohort_cohort_snapshot.py': [
        ('top_level_all_gather(table, self.snapshot_spec)',
         'jax.reshard(table, self.snapshot_spec)'),
    ],
    'cohort_importance_weights.py': [
        ('pmean(selected, self.axes.cohort)',
         'pmean(jax.lax.pcast(selected, self.axes.cohort, to="varying"), self.axes.cohort)'),
    ],
    'cohort_inverse_rate_weighting.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'cohort_participation_counts.py': [
        ('all_gather(participation, axis_name=self.axes.cohort',
         'all_gather(jax.lax.pcast(participation, self.axes.cohort, to="varying"), axis_name=self.axes.cohort'),
    ],
    'cohort_poisson_mask_gather.py': [
        ('all_gather(selected, (',
         'all_gather(jax.lax.pcast(selected, self.axes.feature, to="varying"), ('),
    ],
    'dpsgd_clipped_grad_sum.py': [
        ('all_gather(clipped_sum, axis_name=replica_axis',
         'all_gather(jax.lax.pcast(clipped_sum, replica_axis, to="varying"), axis_name=replica_axis'),
    ],
    'dpsgd_max_grad_norm.py': [
        ('pmax(noisy, replica_axis)',
         'pmax(jax.lax.pcast(noisy, replica_axis, to="varying"), replica_axis)'),
    ],
    'dpsgd_microbatch_mean.py': [
        ('psum(clipped_sum, (',
         'psum(jax.lax.pcast(clipped_sum, param_axis, to="varying"), ('),
    ],
    'dpsgd_noise_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'dpsgd_noisy_grad_dump.py': [
        ('top_level_all_gather(noisy, dump_spec(args))',
         'jax.reshard(noisy, dump_spec(args))'),
    ],
    'dpsgd_per_example_norms.py': [
        ('all_gather(noisy, (',
         'all_gather(jax.lax.pcast(noisy, param_axis, to="varying"), ('),
    ],
    'fedavg_checkpoint_export.py': [
        ('top_level_all_gather(weights, LAYOUT.serve)',
         'jax.reshard(weights, LAYOUT.serve)'),
    ],
    'fedavg_client_weight_norm.py': [
        ('psum(global_delta, self.cfg.client_axis)',
         'psum(jax.lax.pcast(global_delta, self.cfg.client_axis, to="varying"), self.cfg.client_axis)'),
    ],
    'fedavg_global_model_sync.py': [
        ('all_gather(global_delta, (',
         'all_gather(jax.lax.pcast(global_delta, self.cfg.model_axis, to="varying"), ('),
    ],
    'fedavg_round_loss_report.py': [
        ('pmean(summed, (',
         'pmean(jax.lax.pcast(summed, self.cfg.model_axis, to="varying"), ('),
    ],
    'fedavg_server_delta_broadcast.py': [
        ('all_gather(summed, self.cfg.client_axis',
         'all_gather(jax.lax.pcast(summed, self.cfg.client_axis, to="varying"), self.cfg.client_axis'),
    ],
    'fedavg_server_learning_rate.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'rounds_client_drift_monitor.py': [
        ('pmean(metric_sum, (',
         'pmean(jax.lax.pcast(metric_sum, self.layer, to="varying"), ('),
    ],
    'rounds_early_stop_min.py': [
        ('pmin(metric_rows, self.client)',
         'pmin(jax.lax.pcast(metric_rows, self.client, to="varying"), self.client)'),
    ],
    'rounds_eval_callback_sum.py': [
        ('all_gather(metric_sum, self.client',
         'all_gather(jax.lax.pcast(metric_sum, self.client, to="varying"), self.client'),
    ],
    'rounds_metric_ema_decay.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'rounds_metrics_logger_gather.py': [
        ('all_gather(metric_rows, (',
         'all_gather(jax.lax.pcast(metric_rows, self.layer, to="varying"), ('),
    ],
    'rounds_round_checkpoint.py': [
        ('top_level_all_gather(state, self.spec)',
         'jax.reshard(state, self.spec)'),
    ],
    'scaffold_control_variate_update.py': [
        ('all_gather(control_sum, self.AXES[0]',
         'all_gather(jax.lax.pcast(control_sum, self.AXES[0], to="varying"), self.AXES[0]'),
    ],
    'scaffold_drift_correction.py': [
        ('psum(correction, self.AXES[0])',
         'psum(jax.lax.pcast(correction, self.AXES[0], to="varying"), self.AXES[0])'),
    ],
    'scaffold_fedprox_proximal_loss.py': [
        ('pmean(control_sum, (',
         'pmean(jax.lax.pcast(control_sum, self.AXES[1], to="varying"), ('),
    ],
    'scaffold_proximal_mu.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'scaffold_server_control_gather.py': [
        ('all_gather(correction, (',
         'all_gather(jax.lax.pcast(correction, self.AXES[1], to="varying"), ('),
    ],
    'scaffold_strategy_state_export.py': [
        ('top_level_all_gather(controls, self.EXPORT)',
         'jax.reshard(controls, self.EXPORT)'),
    ],
    'secagg_dropout_recovery.py': [
        ('ppermute(unmasked, axes["parties"],',
         'ppermute(jax.lax.pcast(unmasked, axes["parties"], to="varying"), axes["parties"],'),
    ],
    'secagg_field_rescale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'secagg_masked_sum_reveal.py': [
        ('all_gather(masked_total, axes["parties"]',
         'all_gather(jax.lax.pcast(masked_total, axes["parties"], to="varying"), axes["parties"]'),
    ],
    'secagg_pairwise_mask_share.py': [
        ('all_gather(unmasked, (',
         'all_gather(jax.lax.pcast(unmasked, axes["shards"], to="varying"), ('),
    ],
    'secagg_quantized_sum.py': [
        ('pmean(masked_total, (',
         'pmean(jax.lax.pcast(masked_total, axes["shards"], to="varying"), ('),
    ],
    'secagg_share_transcript.py': [
        ('top_level_all_gather(arr, TRANSCRIPT_SPECS[name])',
         'jax.reshard(arr, TRANSCRIPT_SPECS[name])'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
