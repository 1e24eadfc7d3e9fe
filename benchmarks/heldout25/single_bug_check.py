"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout25/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), `jax.reshard` or a context mesh
for `top_level_all_gather`, and for the SF106 programs the arithmetic moved before the reduced
gather or the gather changed to `to='invarying'` (the producer-side fix, with its out_specs).
Where a cast on the failing line would leave a second error behind it, the fix is at the
producer: the halo rollout casts the gathered field before the scan (the carry keeps one type),
the gradient tree casts the leaf that was averaged over 'frame', the checkpoint export fixes the
spec table entry, and the advantage normaliser reduces over the environment axis only (a cast
would make the output vary over 'horizon', which out_specs=P('env') forbids).
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # climate downscaling
    'dsc_quantile_map_config.py': [
        ('all_gather(pooled, self.cfg.tile_axis, to="reduced")',
         f'all_gather({PC}(pooled, self.cfg.tile_axis, to="varying"), self.cfg.tile_axis, to="reduced")'),
    ],
    'dsc_bias_registry.py': [
        ('return jax.lax.all_gather(ens, axes, axis=1',
         f'return jax.lax.all_gather({PC}(ens, member_axis, to="varying"), axes, axis=1'),
    ],
    'dsc_lead_time_halo_scan.py': [
        ('field = jax.lax.all_gather(block[0], TILE, axis=1, to="reduced", tiled=True)',
         f'field = {PC}(jax.lax.all_gather(block[0], TILE, axis=1, to="reduced", tiled=True), TILE, to="varying")'),
    ],
    'dsc_tlag_station_export.py': [
        ('return top_level_all_gather(field.data, target.spec)', 'return jax.reshard(field.data, target.spec)'),
    ],
    'dsc_crps_skill_pooled.py': [
        ('return jax.lax.pmean(skill.mean(), mesh.axis_names)',
         f'return jax.lax.pmean({PC}(skill.mean(), member_axis, to="varying"), mesh.axis_names)'),
    ],
    'dsc_wet_day_threshold.py': [
        ('field = jax.lax.all_gather(block, tile_axis',
         'field = jax.lax.all_gather(jnp.maximum(block - threshold, 0.0), tile_axis'),
        ('return jnp.maximum(field - threshold, 0.0)', 'return field'),
    ],
    # molecular GNNs
    'mol_energy_readout_classes.py': [
        ('all_gather(per_graph, self.node_axis, to="reduced")',
         f'all_gather({PC}(per_graph, self.node_axis, to="varying"), self.node_axis, to="reduced")'),
    ],
    'mol_message_passing_layers.py': [
        ('return jax.lax.all_gather(x, axes, to="reduced", tiled=True)',
         f'return jax.lax.all_gather({PC}(x, axes[1], to="varying"), axes, to="reduced", tiled=True)'),
    ],
    'mol_edge_ring_exchange.py': [
        ('upstream = jax.lax.ppermute(table, "edge"',
         f'upstream = jax.lax.ppermute({PC}(table, "edge", to="varying"), "edge"'),
    ],
    'mol_tlag_conformer_dump.py': [
        ('return top_level_all_gather(conformers, LAYOUT.dump)', 'return jax.reshard(conformers, LAYOUT.dump)'),
    ],
    'mol_property_loss_grad.py': [
        ('return jax.lax.pmean(sq, AXES)', f'return jax.lax.pmean({PC}(sq, AXES[1], to="varying"), AXES)'),
    ],
    'mol_charge_equilibration.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P("mol", None, reduced={"atom"}))', 'out_specs=P("mol", None))'),
    ],
    # two-tower recommender
    'tt_logq_item_counts.py': [
        ('all_gather(counts, hp.batch_axis, to="reduced")',
         f'all_gather({PC}(counts, hp.batch_axis, to="varying"), hp.batch_axis, to="reduced")'),
    ],
    'tt_in_batch_negatives.py': [
        ('return self.gather(pool, (self.model_axis',
         f'return self.gather({PC}(pool, self.data_axis, to="varying"), (self.model_axis'),
    ],
    'tt_sampled_softmax_losses.py': [
        ('partition = jax.lax.psum(norms, self.batch_axis)',
         f'partition = jax.lax.psum({PC}(norms, self.batch_axis, to="varying"), self.batch_axis)'),
    ],
    'tt_tlag_embedding_snapshot.py': [
        ('    return snapshot(table)', '    with jax.set_mesh(mesh):\n        return snapshot(table)'),
    ],
    'tt_recall_at_k_metrics.py': [
        ('"hits": hits.sum()}', f'"hits": {PC}(hits.sum(), METRIC_AXES[1], to="varying")}}'),
    ],
    'tt_temperature_logits.py': [
        ('pool = self.candidate_pool(cand)\n        return pool * inv_temp',
         'return self.candidate_pool(cand * inv_temp)'),
    ],
    # video diffusion
    'vdiff_noise_level_stats.py': [
        ('all_gather(power, frame_axis, to="reduced")',
         f'all_gather({PC}(power, frame_axis, to="varying"), frame_axis, to="reduced")'),
    ],
    'vdiff_temporal_kv_cache.py': [
        ('return jax.lax.all_gather(keys, tuple(plan)',
         f'return jax.lax.all_gather({PC}(keys, plan.frame, to="varying"), tuple(plan)'),
    ],
    'vdiff_ddim_context_frames.py': [
        ('jax.lax.pmean(context, FRAME)', f'jax.lax.pmean({PC}(context, FRAME, to="varying"), FRAME)'),
    ],
    'vdiff_tlag_latent_decode.py': [
        ('full = top_level_all_gather(latents, DECODER_SPEC)', 'full = jax.reshard(latents, P(None, None, None))'),
    ],
    'vdiff_grad_sync_tree.py': [
        ('"temporal_bias": jax.lax.pmean(temporal, "frame")}',
         f'"temporal_bias": {PC}(jax.lax.pmean(temporal, "frame"), "frame", to="varying")}}'),
    ],
    'vdiff_cfg_guidance.py': [
        ('cond, uncond = gather(eps_cond), gather(eps_uncond)\n    return uncond + cfg.scale * (cond - uncond)',
         'return gather(eps_uncond + cfg.scale * (eps_cond - eps_uncond))'),
    ],
    # speech recognition (CTC)
    'ctc_blank_mass_toml.py': [
        ('all_gather(mass, vocab_axis, to="reduced")',
         f'all_gather({PC}(mass, vocab_axis, to="varying"), vocab_axis, to="reduced")'),
    ],
    'ctc_vocab_parallel_head.py': [
        ('return jax.lax.all_gather(posteriors, (self.data_axis',
         f'return jax.lax.all_gather({PC}(posteriors, self.vocab_axis, to="varying"), (self.data_axis'),
    ],
    'ctc_trainer_loss_sync.py': [
        ('return jax.lax.pmean(value, self.data_axis)',
         f'return jax.lax.pmean({PC}(value, self.data_axis, to="varying"), self.data_axis)'),
    ],
    'ctc_tlag_alignment_dump.py': [
        ('return top_level_all_gather(path, ALIGN_LAYOUTS[Stage.WRITE])', 'return jax.reshard(path, ALIGN_LAYOUTS[Stage.WRITE])'),
    ],
    'ctc_greedy_error_counts.py': [
        ('return jax.lax.psum(totals, axis_name=cfg.axes)',
         f'return jax.lax.psum({PC}(totals, cfg.axes[1], to="varying"), axis_name=cfg.axes)'),
    ],
    'ctc_length_normalised_loss.py': [
        ('to="reduced", tiled=True)\n    return table / target_lengths', 'to="invarying", tiled=True)\n    return table / target_lengths'),
        ('out_specs=P(None, reduced={DATA}))', 'out_specs=P(None))'),
    ],
    # robot policy learning
    'pol_action_normalizer.py': [
        ('all_gather(stats, self.env_axis, to="reduced")',
         f'all_gather({PC}(stats, self.env_axis, to="varying"), self.env_axis, to="reduced")'),
    ],
    'pol_action_chunk_protocol.py': [
        ('return jax.lax.all_gather(chunk, (self.env_axis',
         f'return jax.lax.all_gather({PC}(chunk, self.horizon_axis, to="varying"), (self.env_axis'),
    ],
    'pol_replay_shuffle.py': [
        ('return jax.lax.all_to_all(self.storage,', f'return jax.lax.all_to_all({PC}(self.storage, self.actor_axis, to="varying"),'),
    ],
    'pol_tlag_checkpoint_params.py': [
        ('"head": {"w": P("tp", None)},', '"head": {"w": P(None, None, reduced={"fsdp", "tp"})},'),
    ],
    'pol_advantage_normalise.py': [
        ('normalise(returns - values, (ENV, HORIZON))', 'normalise(returns - values, (ENV,))'),
    ],
    'pol_action_head_scale.py': [
        ('chunk = jax.lax.all_gather(z, "horizon", axis=1, to="reduced", tiled=True)\n    return action_head(chunk)',
         'return jax.lax.all_gather(action_head(z), "horizon", axis=1, to="reduced", tiled=True)'),
    ],
    # seismic full-waveform inversion
    'fwi_source_wavelet.py': [
        ('all_gather(per_shot, args.rx_axis, to="reduced")',
         f'all_gather({PC}(per_shot, args.rx_axis, to="varying"), args.rx_axis, to="reduced")'),
    ],
    'fwi_gradient_stack_plan.py': [
        ('g = jax.lax.all_gather(g, axes, axis=dim',
         f'g = jax.lax.all_gather({PC}(g, "shot", to="varying") if isinstance(axes, tuple) else g, axes, axis=dim'),
    ],
    'fwi_trace_peak_balance.py': [
        ('return jax.lax.pmax(jnp.abs(gather), axis)', f'return jax.lax.pmax({PC}(jnp.abs(gather), axis, to="varying"), axis)'),
    ],
    'fwi_tlag_velocity_model.py': [
        ('out = top_level_all_gather(velocity, writer_layout(header))', 'out = jax.reshard(velocity, writer_layout(header))'),
    ],
    'fwi_l2_misfit_remat.py': [
        ('return jax.lax.pmean(per_shot.sum(), (SHOT, RX))',
         f'return jax.lax.pmean({PC}(per_shot.sum(), RX, to="varying"), (SHOT, RX))'),
    ],
    'fwi_illumination_precond.py': [
        ('to="reduced", tiled=True)', 'to="invarying", tiled=True)'),
        ('out_specs=P(None, "rx", reduced={precond.shot_axis}))', 'out_specs=P(None, "rx"))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
