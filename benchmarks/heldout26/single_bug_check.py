"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout26/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather`, the serving-plan entry given `reduced=`, and for the SF106 programs
either the arithmetic moved before the reduced gather (the FX conversion, the DP clipping, the
illumination ratio, the processor order) or, where the result is used further with constants,
the gather changed to `to='invarying'` (the producer-side fix; out_specs follow where needed).
For the reward-metrics dict the producer's gather becomes `to='invarying'`; for the plugin ring
the cast is where the plugin receives the update; for the per-layer loop it is at the helper's
call. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # FRTB-style market risk engine
    'frtb_firm_pnl_attribution.py': [
        ('all_gather(firm, self.cfg.aggregation_axis, to="reduced")',
         f'all_gather({PC}(firm, self.cfg.aggregation_axis, to="varying"), self.cfg.aggregation_axis, to="reduced")'),
    ],
    'frtb_stressed_es_comms.py': [
        ('return COMMS["desk_ladder"](strip)', f'return COMMS["desk_ladder"]({PC}(strip, SCEN, to="varying"))'),
    ],
    'frtb_worst_loss_hooks.py': [
        ('pmax(jnp.abs(strip), axis)', f'pmax({PC}(jnp.abs(strip), axis, to="varying"), axis)'),
    ],
    'frtb_tlag_sensitivity_report.py': [
        ('top_level_all_gather(deltas, layout.report)', 'jax.reshard(deltas, layout.report)'),
    ],
    'frtb_backtest_exceptions.py': [
        ('pmean(breaches.mean(), self.reduce_axes)',
         f'pmean({PC}(breaches.mean(), self.axes[1], to="varying"), self.reduce_axes)'),
    ],
    'frtb_fx_rebase_measures.py': [
        ('    strip = jax.lax.all_gather(pnl.sum(axis=1), axis, tiled=True, to="reduced")\n    return to_reporting(strip)',
         '    return jax.lax.all_gather(to_reporting(pnl.sum(axis=1)), axis, tiled=True, to="reduced")'),
    ],
    # seismic imaging (RTM / Kirchhoff)
    'rtm_image_stack_survey.py': [
        ('all_gather(image, axis, axis=0', f'all_gather({PC}(image, axis, to="varying"), axis, axis=0'),
    ],
    'rtm_kirchhoff_traveltimes.py': [
        ('all_gather(table, (self.shots', f'all_gather({PC}(table, self.lateral, to="varying"), (self.shots'),
    ],
    'rtm_wavelet_shot_ring.py': [
        ('ops.next_shot(wavelets)', f'ops.next_shot({PC}(wavelets, "shot", to="varying"))'),
    ],
    'rtm_tlag_image_segy.py': [
        ('top_level_all_gather(filtered, Layout.SEGY.value)', 'jax.reshard(filtered, Layout.SEGY.value)'),
    ],
    'rtm_trace_energy_balance.py': [
        ('pmean(rms.mean(), axes)', f'pmean({PC}(rms.mean(), offset_axis, to="varying"), axes)'),
    ],
    'rtm_illumination_compensation.py': [
        ('        illum = jax.lax.all_gather(illum.sum(axis=0), offset_axis, tiled=True, to="reduced")\n'
         '        image = jax.lax.all_gather(image.sum(axis=0), offset_axis, tiled=True, to="reduced")\n'
         '        return image / (illum + EPS)',
         '        ratio = image.sum(axis=0) / (illum.sum(axis=0) + EPS)\n'
         '        return jax.lax.all_gather(ratio, offset_axis, tiled=True, to="reduced")'),
    ],
    # LLM preference training (DPO)
    'dpo_chosen_logp_head.py': [
        ('all_gather(seq_logp, self.vocab_axis', f'all_gather({PC}(seq_logp, self.vocab_axis, to="varying"), self.vocab_axis'),
    ],
    'dpo_reference_batch_gather.py': [
        ('all_gather(per_pair, self.config.mesh_axes',
         f'all_gather({PC}(per_pair, data_axis, to="varying"), self.config.mesh_axes'),
    ],
    'dpo_reward_metrics_dict.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'dpo_tlag_reference_snapshot.py': [
        ('top_level_all_gather(self.params[name], P(None, None))', 'jax.reshard(self.params[name], P(None, None))'),
    ],
    'dpo_kl_penalty_module.py': [
        ('pmean(kl.mean(), self.parallel.all_axes)',
         f'pmean({PC}(kl.mean(), self.parallel.tensor_axis, to="varying"), self.parallel.all_axes)'),
    ],
    'dpo_sigmoid_loss_partial.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(reduced={TRAINER.data_axis})', 'out_specs=P()'),
    ],
    # mixture-of-experts routing
    'moe_expert_load_registry.py': [
        ('all_gather(global_counts, self.batch_axis', f'all_gather({PC}(global_counts, self.batch_axis, to="varying"), self.batch_axis'),
    ],
    'moe_importance_per_layer.py': [
        ('_replicate(importance[None],', f'_replicate({PC}(importance[None], cfg.expert_axis, to="varying"),'),
    ],
    'moe_dispatch_all_to_all.py': [
        ('self.to_experts(full)', f'self.to_experts({PC}(full, self.expert_axis, to="varying"))'),
    ],
    'moe_tlag_expert_export.py': [
        ('top_level_all_gather(kernel, self.spec)', 'jax.reshard(kernel, self.spec)'),
    ],
    'moe_router_z_loss.py': [
        ('pmean(z.mean(), self.config.aux_loss_axes)',
         f'pmean({PC}(z.mean(), expert_axis, to="varying"), self.config.aux_loss_axes)'),
    ],
    'moe_expert_choice_softmax.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # federated learning simulation
    'fed_strategy_aggregate_fit.py': [
        ('all_gather(global_update, axis,', f'all_gather({PC}(global_update, axis, to="varying"), axis,'),
    ],
    'fed_scaffold_control_variates.py': [
        ('all_gather(per_region, self.axes["global"]',
         f'all_gather({PC}(per_region, self.axes["local"], to="varying"), self.axes["global"]'),
    ],
    'fed_ring_sum_plugin.py': [
        ('acc, passed = update, update', f'acc = passed = {PC}(update, self.axis, to="varying")'),
    ],
    'fed_tlag_round_checkpoint.py': [
        ('    return checkpoint(params)', '    with jax.set_mesh(mesh):\n        return checkpoint(params)'),
    ],
    'fed_fedprox_proximal_cli.py': [
        ('pmean(per_client.mean(), tuple(args.axes))',
         f'pmean({PC}(per_client.mean(), client, to="varying"), tuple(args.axes))'),
    ],
    'fed_dp_clip_partial.py': [
        ('    gathered = jax.lax.all_gather(updates, axis, axis=0, tiled=True, to="reduced")\n    return clip_fn(gathered, norm)',
         '    return jax.lax.all_gather(clip_fn(updates, norm), axis, axis=0, tiled=True, to="reduced")'),
    ],
    # incompressible Navier-Stokes (CFD)
    'ns_kinetic_energy_diag.py': [
        ('all_gather(column, row_axis,', f'all_gather({PC}(column, row_axis, to="varying"), row_axis,'),
    ],
    'ns_divergence_residual.py': [
        ('return full_gather(rows)', f'return full_gather({PC}(rows, axes[1], to="varying"))'),
    ],
    'ns_inflow_profile_halo.py': [
        ('halo_from_below(inflow, "y")', f'halo_from_below({PC}(inflow, "y", to="varying"), "y")'),
    ],
    'ns_tlag_vtk_writer.py': [
        ('top_level_all_gather(field, self.row_layout)', 'jax.reshard(field, self.row_layout)'),
    ],
    'ns_dissipation_scan.py': [
        ('pmean(eps_rows.mean(), axes)', f'pmean({PC}(eps_rows.mean(), axes[-1], to="varying"), axes)'),
    ],
    'ns_poisson_rhs_jacobi.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # recommendation embeddings with hashing
    'hemb_qr_embedding_bag.py': [
        ('all_gather(pooled, axis,', f'all_gather({PC}(pooled, axis, to="varying"), axis,'),
    ],
    'hemb_bucket_occupancy_plan.py': [
        ('all_gather(per_table, plan["all"]', f'all_gather({PC}(per_table, plan["local"], to="varying"), plan["all"]'),
    ],
    'hemb_inbatch_negatives.py': [
        ('all_gather(pool, axis,', f'all_gather({PC}(pool, axis, to="varying"), axis,'),
    ],
    'hemb_tlag_serving_plan.py': [
        ('"item": P("data", None),', '"item": P(None, None, reduced={"table"}),'),
    ],
    'hemb_pooled_l2_reg.py': [
        ('pmean(jnp.mean(sq_norm), self.sharding.axes)',
         f'pmean({PC}(jnp.mean(sq_norm), table_axis, to="varying"), self.sharding.axes)'),
    ],
    'hemb_feature_processors.py': [
        ('PIPELINE = ("gather", "scale")', 'PIPELINE = ("scale", "gather")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
