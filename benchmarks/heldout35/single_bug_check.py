"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout35/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), the reduction narrowed to the
axis the value still varies on for four SF105 programs (the meaning the code intended),
`jax.reshard` or a context mesh for `top_level_all_gather` (for the plan table, the table entry is
fixed), and for the SF106 programs the gather changed to `to='invarying'` (the producer-side fix:
the gathered value is used in arithmetic with constants, never returned as reduced). A program
that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"
INV = [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')]

FIXES = {
    # DCN-v2 feature crosses
    'dcn_cross_weight_norms.py': [
        ('all_gather(jnp.sqrt(sq), self.shard_axis,',
         f'all_gather({PC}(jnp.sqrt(sq), self.shard_axis, to="varying"), self.shard_axis,'),
    ],
    'dcn_low_rank_export_cache.py': [
        ('cache = gather_cache(x0)', f'cache = gather_cache({PC}(x0, FEATURE, to="varying"))'),
    ],
    'dcn_stacked_cross_monitor.py': [
        ('jax.lax.pmax(peaks, "batch")', f'jax.lax.pmax({PC}(peaks, "batch", to="varying"), "batch")'),
    ],
    'dcn_tlag_embedding_export.py': [
        ('return top_level_all_gather(table, layout("export"))', 'return jax.reshard(table, layout("export"))'),
    ],
    'dcn_logloss_all_axes.py': [
        ('jax.lax.psum(jnp.sum(bce), axes)', 'jax.lax.psum(jnp.sum(bce), batch_axis)'),
    ],
    'dcn_feature_gate_softmax.py': INV,
    # online serving batcher
    'batcher_slot_occupancy.py': [
        ('all_gather(value, self.config.slot_axis,',
         f'all_gather({PC}(value, self.config.slot_axis, to="varying"), self.config.slot_axis,'),
    ],
    'batcher_padding_histogram.py': [
        ('all_gather(per_replica, (replica_axis, slot_axis)',
         f'all_gather({PC}(per_replica, slot_axis, to="varying"), (replica_axis, slot_axis)'),
    ],
    'batcher_overflow_handoff.py': [
        ('ppermute(snapshot, REPLICA,', f'ppermute({PC}(snapshot, REPLICA, to="varying"), REPLICA,'),
    ],
    'batcher_tlag_response_collect.py': [
        ('        return top_level_all_gather(scores, RESPONSE_SPEC)',
         '        with jax.set_mesh(self.mesh):\n            return top_level_all_gather(scores, RESPONSE_SPEC)'),
    ],
    'batcher_qps_env_axes.py': [
        ('jax.lax.pmean(qps, FLEET_AXES)', 'jax.lax.pmean(qps, FLEET_AXES[0])'),
    ],
    'batcher_deadline_mask.py': INV,
    # A/B experiment analysis
    'abx_cuped_theta.py': [
        ('all_gather(self.theta_, self.unit_axis,',
         f'all_gather({PC}(self.theta_, self.unit_axis, to="varying"), self.unit_axis,'),
    ],
    'abx_delta_method_ratio.py': [
        ('return collect(per_variant, "pooled")',
         f'return collect({PC}(per_variant, "user", to="varying"), "pooled")'),
    ],
    'abx_srm_guardrail.py': [
        ('jax.lax.psum(per_shard, UNIT_AXIS)', f'jax.lax.psum({PC}(per_shard, UNIT_AXIS, to="varying"), UNIT_AXIS)'),
    ],
    'abx_tlag_scorecard.py': [
        ('return top_level_all_gather(table,', 'return jax.reshard(table,'),
    ],
    'abx_sequential_peeks.py': [
        ('jax.lax.psum(lift ** 2, axes)', f'jax.lax.psum({PC}(lift ** 2, axes[0], to="varying"), axes)'),
    ],
    'abx_bootstrap_centering.py': INV,
    # multi-task ranking
    'mtl_mmoe_expert_load.py': [
        ('all_gather(load, self.data_axis,',
         f'all_gather({PC}(load, self.data_axis, to="varying"), self.data_axis,'),
    ],
    'mtl_esmm_tower_snapshot.py': [
        ('all_gather(by_expert, SNAPSHOT_AXES,',
         f'all_gather({PC}(by_expert, Axis.EXPERT.value, to="varying"), SNAPSHOT_AXES,'),
    ],
    'mtl_uncertainty_weighting.py': [
        ('all_gather(stats.losses, "data", tiled=True)',
         f'all_gather({PC}(stats.losses, "data", to="varying"), "data", tiled=True)'),
    ],
    'mtl_tlag_tower_export.py': [
        ('top_level_all_gather(x, SERVE_SPECS[task][name])', 'jax.reshard(x, SERVE_SPECS[task][name])'),
    ],
    'mtl_task_grad_norms.py': [
        ('jax.lax.psum(sum(jnp.sum(g * g) for g in leaves), axes)',
         f'jax.lax.psum({PC}(sum(jnp.sum(g * g) for g in leaves), axes[1], to="varying"), axes)'),
    ],
    'mtl_gate_temperature.py': INV,
    # ads budget pacing / auctions
    'pace_pid_spend_rate.py': [
        ('all_gather(multiplier, self.auction_axis,',
         f'all_gather({PC}(multiplier, self.auction_axis, to="varying"), self.auction_axis,'),
    ],
    'pace_second_price_clearing.py': [
        ('all_gather(pooled, log_axes,', f'all_gather({PC}(pooled, auction_axis, to="varying"), log_axes,'),
    ],
    'pace_reserve_floor.py': [
        ('return strictest(floors)', f'return strictest({PC}(floors, AUCTION, to="varying"))'),
    ],
    'pace_tlag_budget_snapshot.py': [
        ('top_level_all_gather(remaining, REPORT_LAYOUT)', 'jax.reshard(remaining, REPORT_LAYOUT)'),
    ],
    'pace_hourly_win_rate.py': [
        ('jax.lax.pmean(wins / seen, AXES)', 'jax.lax.pmean(wins / seen, AXES[0])'),
    ],
    'pace_bid_shading.py': INV,
    # CTR calibration
    'calib_platt_scaling_fit.py': [
        ('all_gather(ab, axis,', f'all_gather({PC}(ab, axis, to="varying"), axis,'),
    ],
    'calib_isotonic_bucket_stats.py': [
        ('all_gather(x, ("data", "bucket")', f'all_gather({PC}(x, "bucket", to="varying"), ("data", "bucket")'),
    ],
    'calib_normalized_entropy.py': [
        ('jax.lax.psum(per_shard, self.axis)', f'jax.lax.psum({PC}(per_shard, self.axis, to="varying"), self.axis)'),
    ],
    'calib_tlag_curve_export.py': [
        ('return top_level_all_gather(curve, layout.export)', 'return jax.reshard(curve, layout.export)'),
    ],
    'calib_ece_scatter.py': [
        ('psum_scatter(jnp.abs(gaps), axes,', f'psum_scatter({PC}(jnp.abs(gaps), axes[1], to="varying"), axes,'),
    ],
    'calib_safe_log_clip.py': INV,
    # embedding sharding planner
    'plan_row_access_costs.py': [
        ('all_gather(cost, self.topo.table,', f'all_gather({PC}(cost, self.topo.table, to="varying"), self.topo.table,'),
    ],
    'plan_rowwise_adagrad_state.py': [
        ('all_gather(per_table, (self.table_axis',
         f'all_gather({PC}(per_table, self.row_axis, to="varying"), (self.table_axis'),
    ],
    'plan_hot_row_prefetch.py': [
        ('all_to_all(hot, ROW_AXIS,', f'all_to_all({PC}(hot, ROW_AXIS, to="varying"), ROW_AXIS,'),
    ],
    'plan_tlag_table_export.py': [
        ('ShardingType.TABLE_ROW_WISE: P("row", None),',
         'ShardingType.TABLE_ROW_WISE: P(None, None, reduced={"table", "row"}),'),
    ],
    'plan_lookup_imbalance.py': [
        ('jax.lax.pmean(per_row_shard, **REDUCE)', 'jax.lax.pmean(per_row_shard, "row")'),
    ],
    'plan_embedding_max_norm.py': INV,
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
