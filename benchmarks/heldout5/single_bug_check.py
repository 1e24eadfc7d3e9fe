"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout5/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved off the reduced
value). Written by hand from the bug, not from shardfix. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARY = 'jax.lax.pcast({0}, {1}, to="varying")'

FIXES = {
    'beam_length_penalty_gathered.py': [
        ('all_scores = jax.lax.all_gather(scores, axis_name,',
         'all_scores = jax.lax.all_gather(scores / length_penalty(lengths, alpha), axis_name,'),
        ('normed = all_scores / length_penalty(all_lengths, alpha)',
         'normed = all_scores'),
    ],
    'beam_ring_ppermute_gathered.py': [
        ('ppermute(everyone, self.axis,',
         'ppermute(jax.lax.pcast(everyone, self.axis, to="varying"), self.axis,'),
    ],
    'beam_search_score_total.py': [
        ('all_gather(jnp.log(norm), BEAM_AXIS,',
         'all_gather(jax.lax.pcast(jnp.log(norm), BEAM_AXIS, to="varying"), BEAM_AXIS,'),
    ],
    'bigvision_config_grad_norm.py': [
        ('psum(sq, config.sharding.all_axes)',
         'psum(jax.lax.pcast(sq, config.sharding.batch, to="varying"), config.sharding.all_axes)'),
    ],
    'bigvision_config_pooled_head.py': [
        ('all_gather(logits, config.sharding.hidden,',
         'all_gather(jax.lax.pcast(logits, config.sharding.hidden, to="varying"), config.sharding.hidden,'),
    ],
    'cli_lora_axes_partial_chain.py': [
        ('return both(a)',
         'return both(jax.lax.pcast(a, args.model_axis, to="varying"))'),
    ],
    'clip_all_pairs_image_tuple.py': [
        ('all_gather(all_img, (data_axis, model_axis),',
         'all_gather(jax.lax.pcast(all_img, data_axis, to="varying"), (data_axis, model_axis),'),
    ],
    'clip_loss_pmean_all_axes.py': [
        ('pmean(loss, mesh.axis_names)',
         'pmean(jax.lax.pcast(loss, "model", to="varying"), mesh.axis_names)'),
    ],
    'clip_loss_psum_of_gathered.py': [
        ('psum(jnp.sum(all_img, axis=0), DATA)',
         'psum(jax.lax.pcast(jnp.sum(all_img, axis=0), DATA, to="varying"), DATA)'),
    ],
    'clip_temperature_on_gathered.py': [
        ('bank = jax.lax.all_gather(txt,',
         'bank = jax.lax.all_gather(txt / jnp.exp(self.log_temp),'),
        ('bank = bank / jnp.exp(self.log_temp)',
         'bank = bank'),
    ],
    'clip_text_norms_gather.py': [
        ('all_gather(sq, cfg.embed_axis,',
         'all_gather(jax.lax.pcast(sq, cfg.embed_axis, to="varying"), cfg.embed_axis,'),
    ],
    'enum_axes_psum_scatter_grads.py': [
        ('psum_scatter(g, Axis.names(),',
         'psum_scatter(jax.lax.pcast(g, Axis.SEQ.value, to="varying"), Axis.names(),'),
    ],
    'eval_harness_unittest_accuracy.py': [
        ('all_gather(jnp.stack([correct, count]), axis,',
         'all_gather(jax.lax.pcast(jnp.stack([correct, count]), axis, to="varying"), axis,'),
    ],
    'eval_mean_confidence_gathered.py': [
        ('conf = jax.lax.all_gather(conf, axis, tiled=True, to="reduced")',
         'conf = jax.lax.all_gather(conf, axis, tiled=True, to="invarying")'),
        ('out_specs={"confidence_sum": P(reduced={axis}), "confidence_mean": P(reduced={axis})})',
         'out_specs={"confidence_sum": P(), "confidence_mean": P()})'),
    ],
    'fsdp_remat_clip_gathered_bias.py': [
        ('b = gathered(b)',
         'b = gathered(jnp.clip(b, -CFG["bias_clip"], CFG["bias_clip"]))'),
        ('    b = jnp.clip(b, -CFG["bias_clip"], CFG["bias_clip"])\n',
         ''),
    ],
    'fsdp_remat_policy_regather.py': [
        ('w_out = gather_weight(w_out, (FSDP, TP), axis=1)',
         'w_out = gather_weight(jax.lax.pcast(w_out, FSDP, to="varying"), (FSDP, TP), axis=1)'),
    ],
    'lora_adapter_delta_gather.py': [
        ('all_gather(low, axes.tensor,',
         'all_gather(jax.lax.pcast(low, axes.tensor, to="varying"), axes.tensor,'),
    ],
    'lora_grads_pmean_dp_tp.py': [
        ('a=jax.lax.pmean(grads.a, SYNC_AXES)',
         'a=jax.lax.pmean(jax.lax.pcast(grads.a, "dp", to="varying"), SYNC_AXES)'),
    ],
    'lora_scaling_alpha_over_rank.py': [
        ('all_gather(a, cfg.axis,',
         'all_gather(a * (cfg.alpha / cfg.rank), cfg.axis,'),
        ('scaled = a_full * (cfg.alpha / cfg.rank)',
         'scaled = a_full'),
    ],
    'loss_scale_overflow_flags.py': [
        ('all_gather(bad[None], self.axis_name,',
         'all_gather(jax.lax.pcast(bad[None], self.axis_name, to="varying"), self.axis_name,'),
    ],
    'loss_scale_unscale_gathered_grads.py': [
        ('jax.lax.all_gather(g, axis,',
         'jax.lax.all_gather(g * (1.0 / state.scale), axis,'),
        ('return jax.tree.map(lambda g: g * (1.0 / state.scale), full)',
         'return full'),
    ],
    'metrics_tree_map_psum_dict.py': [
        ('jnp.sum(jax.lax.all_gather(labels, AXIS, tiled=True, to="reduced"))',
         'jax.lax.pcast(jnp.sum(jax.lax.all_gather(labels, AXIS, tiled=True, to="reduced")), AXIS, to="varying")'),
    ],
    'mixed_precision_amax_pmax.py': [
        ('pmax(history, axis_name)',
         'pmax(jax.lax.pcast(history, axis_name, to="varying"), axis_name)'),
    ],
    'mpmd_microbatch_send_reduced.py': [
        ('nxt = send_to_next(h)',
         'nxt = send_to_next(jax.lax.pcast(h, PIPE, to="varying"))'),
    ],
    'mpmd_stage_weights_enum.py': [
        ('all_gather(w, (MeshAxis.DATA, MeshAxis.STAGE),',
         'all_gather(jax.lax.pcast(w, MeshAxis.DATA, to="varying"), (MeshAxis.DATA, MeshAxis.STAGE),'),
    ],
    'research_mesh_axis_names_prefix_loop.py': [
        ('all_gather(table, prefix,',
         'all_gather(jax.lax.pcast(table, prefix[:-1], to="varying") if i else table, prefix,'),
    ],
    'scan_accum_then_psum_reduced.py': [
        ('psum(full, axis)',
         'psum(jax.lax.pcast(full, axis, to="varying"), axis)'),
    ],
    'scan_microbatch_loss_psum_axes_loop.py': [
        ('psum(loss, tuple(sync))',
         'psum(jax.lax.pcast(loss, "pipe", to="varying"), tuple(sync))'),
    ],
    'speculative_accept_counts.py': [
        ('all_gather(total[None], seq_axis,',
         'all_gather(jax.lax.pcast(total[None], seq_axis, to="varying"), seq_axis,'),
    ],
    'speculative_acceptance_rate_dataclass.py': [
        ('pmean(rate, cfg.metric_axes)',
         'pmean(jax.lax.pcast(rate, cfg.draft_axis, to="varying"), cfg.metric_axes)'),
    ],
    'speculative_softmax_gathered_logits.py': [
        ('axis=-1, tiled=True, to="reduced")',
         'axis=-1, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={VOCAB_AXIS}))',
         'out_specs=P())'),
    ],
    'splash_attn_wrapper_kv_heads.py': [
        ('all_gather(k, (self.seq_axis, self.head_axis),',
         'all_gather(jax.lax.pcast(k, self.seq_axis, to="varying"), (self.seq_axis, self.head_axis),'),
    ],
    'tlag_eval_helper_no_mesh.py': [
        ('        preds = gather_predictions(preds, self.axis)',
         '        with jax.set_mesh(self.mesh):\n            preds = gather_predictions(preds, self.axis)'),
    ],
    'tlag_jit_out_shardings_hparams.py': [
        ('top_level_all_gather(h, HP.gathered_spec())',
         'jax.reshard(h, HP.gathered_spec())'),
    ],
    'tlag_loader_spec_table.py': [
        ('top_level_all_gather(batch["label"], LOG_SPECS["label"])',
         'jax.reshard(batch["label"], P("fsdp"))'),
    ],
    'tlag_optimizer_state_device_put.py': [
        ('top_level_all_gather(opt["mu"]["w1"], P(None, "model"))',
         'jax.reshard(opt["mu"]["w1"], P(None, "model"))'),
    ],
    'tlag_reshard_namedtuple_layout.py': [
        ('top_level_all_gather(a, LAYOUTS.merge)',
         'top_level_all_gather(a, P("fsdp", None, reduced={"tp"}))'),
    ],
    'tlag_shard_map_result_beam.py': [
        ('top_level_all_gather(scores, P("beam", reduced={"batch"}))',
         'jax.reshard(scores, P("beam"))'),
    ],
    'tlag_three_axis_params_tree.py': [
        ('EXPORT_SPECS = {"embed": P(("pod", "replica"), None, reduced={"fsdp"})}',
         'EXPORT_SPECS = {"embed": P(None, None, reduced=set(AXES))}'),
    ],
    'unittest_parameterized_psum_axes.py': [
        ('dict(testcase_name="both_axes", in_spec=P("data", None),',
         'dict(testcase_name="both_axes", in_spec=P("data", "model"),'),
    ],
    'vit_scenic_posemb_preduced.py': [
        ('all_gather(posemb, c.axes,',
         'all_gather(jax.lax.pcast(posemb, c.replica_axis, to="varying"), c.axes,'),
    ],
    'zero_psum_scatter_gathered_grads.py': [
        ('psum_scatter(full, cfg.shard_axis,',
         'psum_scatter(jax.lax.pcast(full, cfg.shard_axis, to="varying"), cfg.shard_axis,'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
