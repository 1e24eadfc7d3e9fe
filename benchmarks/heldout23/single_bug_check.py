"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout23/single_bug_check.py

The fixes are written by hand from the bug, not from shardfix: on the failing line a
`pcast(..., to='varying')` of exactly the axes the value is reduced (or invariant) on, a
`reduced=` spec, `jax.reshard`, or a context mesh taken from the array's sharding; for the
video kernel export the gather schedule the loop reads is fixed instead (the failing line is
the loop's gather). A program that still fails after its fix hides a second error behind the
first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'ba_jacobi_column_scaling.py': [
        ('return 1.0 / jnp.sqrt(diag + opts.eps)',
         'return 1.0 / jnp.sqrt(jax.lax.pcast(diag, opts.cam_axis, to="varying") + opts.eps)'),
    ],
    'ba_landmark_map_export.py': [
        ('all_gather(points, (Ax.OBS.value',
         'all_gather(jax.lax.pcast(points, Ax.CAM.value, to="varying"), (Ax.OBS.value'),
    ],
    'ba_lm_normal_blocks.py': [
        ('all_gather(H, self.cfg.obs_axis, to="reduced")',
         'all_gather(jax.lax.pcast(H, self.cfg.obs_axis, to="varying"), self.cfg.obs_axis, to="reduced")'),
    ],
    'ba_rmse_helper_defaults.py': [
        ('return jax.lax.pmean(x, axes)',
         'return jax.lax.pmean(jax.lax.pcast(x, "obs", to="varying"), axes)'),
    ],
    'ba_robust_residual_shuffle.py': [
        ('all_to_all(blocks, OBS,',
         'all_to_all(jax.lax.pcast(blocks, OBS, to="varying"), OBS,'),
    ],
    'ba_tlag_reprojection_layout.py': [
        ('per_camera = top_level_all_gather(res, Layout.PER_CAMERA)',
         'per_camera = jax.reshard(res, Layout.PER_CAMERA)'),
    ],
    'cox_baseline_hazard_tables.py': [
        ('return gather_r(scores, (SITE, PATIENTS))',
         'return gather_r(jax.lax.pcast(scores, PATIENTS, to="varying"), (SITE, PATIENTS))'),
    ],
    'cox_fit_event_counts.py': [
        ('all_gather(n_events, self.patient_axis, to="reduced")',
         'all_gather(jax.lax.pcast(n_events, self.patient_axis, to="varying"), self.patient_axis, to="reduced")'),
    ],
    'cox_kaplan_meier_pooled.py': [
        ('psum(at_risk_all, args.site_axis)',
         'psum(jax.lax.pcast(at_risk_all, args.site_axis, to="varying"), args.site_axis)'),
    ],
    'cox_partial_loglik_config.py': [
        ('total = jax.lax.psum(ll, AXES)',
         'total = jax.lax.psum(jax.lax.pcast(ll, PATIENTS, to="varying"), AXES)'),
    ],
    'cox_tlag_export_order.py': [
        ('exported = top_level_all_gather(cov, rows_spec(CONFIG["layout"]["export_order"]))',
         'exported = jax.reshard(cov, rows_spec(CONFIG["layout"]["export_order"]))'),
    ],
    'cox_wald_statistics.py': [
        ('z = beta_all / se_all',
         'z = jax.lax.pcast(beta_all, FEATURE, to="varying") / se_all'),
    ],
    'rb_broadphase_scene_boxes.py': [
        ('all_gather(_island_boxes(boxes, axes[-1]), axes,',
         'all_gather(jax.lax.pcast(_island_boxes(boxes, axes[-1]), axes[-1], to="varying"), axes,'),
    ],
    'rb_contact_pgs_solver.py': [
        ('psum(jnp.sum(island_vn * island_vn), axes.body)',
         'psum(jax.lax.pcast(jnp.sum(island_vn * island_vn), axes.body, to="varying"), axes.body)'),
    ],
    'rb_kinetic_energy_monitor.py': [
        ('psum(island_ke, mesh.axis_names)',
         'psum(jax.lax.pcast(island_ke, body_axis, to="varying"), mesh.axis_names)'),
    ],
    'rb_tlag_render_state.py': [
        ('return top_level_all_gather(state.pos, RENDER_SPEC)',
         'return jax.reshard(state.pos, RENDER_SPEC)'),
    ],
    'rb_velocity_clamp_integrator.py': [
        ('return jnp.clip(v, -cfg.max_speed, cfg.max_speed)',
         'return jnp.clip(jax.lax.pcast(v, cfg.body_axis, to="varying"), -cfg.max_speed, cfg.max_speed)'),
    ],
    'rb_world_momentum_check.py': [
        ('all_gather(p_island, self.cfg.body_axis, to="reduced")',
         'all_gather(jax.lax.pcast(p_island, self.cfg.body_axis, to="varying"), self.cfg.body_axis, to="reduced")'),
    ],
    'risk_cva_exposure_cube.py': [
        ('all_gather(epe, (self.cfg.path_axis',
         'all_gather(jax.lax.pcast(epe, self.cfg.path_axis, to="varying"), (self.cfg.path_axis'),
    ],
    'risk_delta_ladder_peak.py': [
        ('pmax(jnp.abs(ladder), args.tenor_axis)',
         'pmax(jnp.abs(jax.lax.pcast(ladder, args.tenor_axis, to="varying")), args.tenor_axis)'),
    ],
    'risk_liquidity_horizon_scaling.py': [
        ('return var_1d * np.sqrt(horizon)',
         'return jax.lax.pcast(var_1d, DESK, to="varying") * np.sqrt(horizon)'),
    ],
    'risk_stress_measure_registry.py': [
        ('all_gather(worst, axes.scenario, to="reduced")',
         'all_gather(jax.lax.pcast(worst, axes.scenario, to="varying"), axes.scenario, to="reduced")'),
    ],
    'risk_tlag_pnl_report_layout.py': [
        ('by_desk = top_level_all_gather(pnl, layout.by_desk)',
         'by_desk = jax.reshard(pnl, layout.by_desk)'),
    ],
    'risk_var_env_axes_pmean.py': [
        ('pmean(firm_loss, (SCENARIO_AXIS',
         'pmean(jax.lax.pcast(firm_loss, DESK_AXIS, to="varying"), (SCENARIO_AXIS'),
    ],
    'snn_axonal_delay_ring.py': [
        ('delayed = jax.lax.ppermute(pop_spikes, POP, RING)',
         'delayed = jax.lax.ppermute(jax.lax.pcast(pop_spikes, POP, to="varying"), POP, RING)'),
    ],
    'snn_homeostatic_scaling.py': [
        ('return target / jax.lax.pmean(rate, axes)',
         'return target / jax.lax.pmean(jax.lax.pcast(rate, "neuron", to="varying"), axes)'),
    ],
    'snn_rate_monitor_scan.py': [
        ('all_gather(rate, self.axis, to="reduced")',
         'all_gather(jax.lax.pcast(rate, self.axis, to="varying"), self.axis, to="reduced")'),
    ],
    'snn_stdp_weight_snapshot.py': [
        ('all_gather(rows, (self.pre_axis',
         'all_gather(jax.lax.pcast(rows, self.post_axis, to="varying"), (self.pre_axis'),
    ],
    'snn_tlag_monitor_export.py': [
        ('views[name] = top_level_all_gather(placed[name], PER_POPULATION)',
         'views[name] = top_level_all_gather(placed[name], P(None, "pop", reduced={"neuron"}))'),
    ],
    'snn_wta_readout_threshold.py': [
        ('spikes = (v_all >= cfg.v_th)',
         'spikes = (jax.lax.pcast(v_all, cfg.neuron_axis, to="varying") >= cfg.v_th)'),
    ],
    'tune_anneal_incumbent_cli.py': [
        ('return jax.lax.pmin(pool, axis)',
         'return jax.lax.pmin(jax.lax.pcast(pool, axis, to="varying"), axis)'),
    ],
    'tune_costmodel_range_sync.py': [
        ('ranges = SYNC["reduced"](jnp.stack([lo, hi]))',
         'ranges = SYNC["reduced"](jax.lax.pcast(jnp.stack([lo, hi]), CAND, to="varying"))'),
    ],
    'tune_rank_loss_registry.py': [
        ('jax.nn.log_softmax(-s / TEMPERATURE)',
         'jax.nn.log_softmax(-jax.lax.pcast(s, CAND, to="varying") / TEMPERATURE)'),
    ],
    'tune_tlag_featurize_layouts.py': [
        ('per_feature = top_level_all_gather(trials, P(None, "feat"))',
         'per_feature = top_level_all_gather(trials, P(None, "feat", reduced={"cand"}))'),
    ],
    'tune_tuner_history_export.py': [
        ('all_gather(hist, (self.feat_axis',
         'all_gather(jax.lax.pcast(hist, self.cand_axis, to="varying"), (self.feat_axis'),
    ],
    'tune_zero_costmodel_update.py': [
        ('psum_scatter(grad, MESH_AXES,',
         'psum_scatter(jax.lax.pcast(grad, cand, to="varying"), MESH_AXES,'),
    ],
    'vid_clip_loader_preview.py': [
        ('    return top_level_all_gather(clip, PREVIEW_SPEC)',
         '    with jax.set_mesh(clip.sharding.mesh): return top_level_all_gather(clip, PREVIEW_SPEC)'),
    ],
    'vid_diffusion_cfg_sampler.py': [
        ('guided = eps_u + self.scale * (eps_c - eps_u)',
         'guided = jax.lax.pcast(eps_u, self.frame_axis, to="varying") + self.scale * jax.lax.pcast(eps_c - eps_u, self.frame_axis, to="varying")'),
    ],
    'vid_spacetime_groupnorm_log.py': [
        ('all_gather(jnp.stack([mu, var]), norm.axes[0],',
         'all_gather(jax.lax.pcast(jnp.stack([mu, var]), norm.axes[0], to="varying"), norm.axes[0],'),
    ],
    'vid_streaming_memory_shift.py': [
        ('return self.pass_on(memory)',
         'return self.pass_on(jax.lax.pcast(memory, self.axis, to="varying"))'),
    ],
    'vid_text_contrastive_enum.py': [
        ('pmean(local, ALL_AXES)',
         'pmean(jax.lax.pcast(local, MeshAxis.SPACE.value, to="varying"), ALL_AXES)'),
    ],
    'vid_tubelet_kernel_schedule.py': [
        ('GATHER_SCHEDULE = (("space",), ("time", "space"))',
         'GATHER_SCHEDULE = (("space",), ("time",))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
