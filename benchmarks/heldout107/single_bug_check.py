"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout107/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `jax.lax.pcast(..., to='varying')`
of exactly the axes the value is invariant or reduced on, before the collective; for
`top_level_all_gather` the right `reduced=` axis, a prefix out spec, a `jax.set_mesh` context,
or `multi_dim=True`; for the SF106 programs the producer's gather changed to `to='invarying'`
(with an out spec that no longer says reduced where the value is returned).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # SF101: the value was psum'd / pmean'd (invariant) before the reduced gather
    'resnet_eval_logits.py': [
        ('return jax.lax.all_gather(x, axis_name, to="reduced")',
         f'return jax.lax.all_gather({PC}(x, axis_name, to="varying"), axis_name, to="reduced")'),
    ],
    'bert_mlm_accuracy.py': [
        ('return jax.lax.all_gather(value, axis_name=self.axis_name, to="reduced")',
         f'return jax.lax.all_gather({PC}(value, self.axis_name, to="varying"), axis_name=self.axis_name, to="reduced")'),
    ],
    'gan_d_loss_log.py': [
        ('d_loss_hist = jax.lax.all_gather(d_loss, AXIS,',
         f'd_loss_hist = jax.lax.all_gather({PC}(d_loss, AXIS, to="varying"), AXIS,'),
    ],
    'ppo_adv_norm.py': [
        ('per_learner = jax.lax.all_gather(adv_mean, AXIS,',
         f'per_learner = jax.lax.all_gather({PC}(adv_mean, AXIS, to="varying"), AXIS,'),
    ],
    'clip_retrieval_log.py': [
        ('jax.lax.all_gather(top1, axis_name=AXIS, to="reduced"))',
         f'jax.lax.all_gather({PC}(top1, AXIS, to="varying"), axis_name=AXIS, to="reduced"))'),
    ],
    's2s_token_count.py': [
        ('return jax.lax.all_gather(x, AXIS, to="reduced")',
         f'return jax.lax.all_gather({PC}(x, AXIS, to="varying"), AXIS, to="reduced")'),
    ],
    'eval_per_host_report.py': [
        ('report[name] = jax.lax.all_gather(value, AXIS, to="reduced")',
         f'report[name] = jax.lax.all_gather({PC}(value, AXIS, to="varying"), AXIS, to="reduced")'),
    ],
    # SF102: gathered to reduced over the model axis, then over a tuple containing it
    'resnet_bn_stats.py': [
        ('per_device = jax.lax.all_gather(moments, ALL_DEVICES,',
         f'per_device = jax.lax.all_gather({PC}(moments, MODEL_AXIS, to="varying"), ALL_DEVICES,'),
    ],
    'bert_mlm_logits_dump.py': [
        ('return jax.lax.all_gather(logits, DUMP_AXES,',
         f'return jax.lax.all_gather({PC}(logits, MODEL_AXIS, to="varying"), DUMP_AXES,'),
    ],
    'gan_sample_grid.py': [
        ('grid = jax.lax.all_gather(row, GRID_AXES,',
         f'grid = jax.lax.all_gather({PC}(row, MODEL_AXIS, to="varying"), GRID_AXES,'),
    ],
    'ppo_rollout_dump.py': [
        ('return jax.lax.all_gather(actions, REPLAY_AXES,',
         f'return jax.lax.all_gather({PC}(actions, MODEL_AXIS, to="varying"), REPLAY_AXES,'),
    ],
    'clip_embedding_bank.py': [
        ('return jax.lax.all_gather(zi, BANK_AXES,',
         f'return jax.lax.all_gather({PC}(zi, MODEL_AXIS, to="varying"), BANK_AXES,'),
    ],
    's2s_beam_logits.py': [
        ('return jax.lax.all_gather(logits, axis_name=(AXIS, MODEL_AXIS),',
         f'return jax.lax.all_gather({PC}(logits, MODEL_AXIS, to="varying"), axis_name=(AXIS, MODEL_AXIS),'),
    ],
    'eval_ensemble_dump.py': [
        ('return jax.lax.all_gather(members, (AXIS, MODEL_AXIS),',
         f'return jax.lax.all_gather({PC}(members, MODEL_AXIS, to="varying"), (AXIS, MODEL_AXIS),'),
    ],
    # SF103: a reduced value into a collective over the axis it is reduced on
    'resnet_sync_bn.py': [
        ('return jax.lax.pmean(means, axis_name)',
         f'return jax.lax.pmean({PC}(means, axis_name, to="varying"), axis_name)'),
    ],
    'bert_masked_loss.py': [
        ('num_masked = jax.lax.psum(counts, AXIS)',
         f'num_masked = jax.lax.psum({PC}(counts, AXIS, to="varying"), AXIS)'),
    ],
    'gan_feature_matching.py': [
        ('real_mean = jax.lax.pmean(real_feats.sum(0), AXIS)',
         f'real_mean = jax.lax.pmean({PC}(real_feats.sum(0), AXIS, to="varying"), AXIS)'),
    ],
    'ppo_return_stats.py': [
        ('scale = jax.lax.pmax(jnp.abs(all_returns), AXIS).max()',
         f'scale = jax.lax.pmax({PC}(jnp.abs(all_returns), AXIS, to="varying"), AXIS).max()'),
    ],
    'clip_negatives_ring.py': [
        ('neighbour = ring_shift(zt_all)',
         f'neighbour = ring_shift({PC}(zt_all, AXIS, to="varying"))'),
    ],
    's2s_bleu_denominator.py': [
        ('ref_len = jax.lax.psum(lengths, axis_name=AXIS)',
         f'ref_len = jax.lax.psum({PC}(lengths, AXIS, to="varying"), axis_name=AXIS)'),
    ],
    'eval_calibration.py': [
        ('lo = jax.lax.pmin(conf_all, AXIS).min()',
         f'lo = jax.lax.pmin({PC}(conf_all, AXIS, to="varying"), AXIS).min()'),
    ],
    # SF104: top_level_all_gather
    'resnet_checkpoint.py': [
        ('out[name] = top_level_all_gather(x, P(None, None))',
         'out[name] = top_level_all_gather(x, P(None, None, reduced={MODEL_AXIS}))'),
    ],
    'bert_export.py': [
        ('    with mesh:  # pre-0.7 habit, never changed to jax.set_mesh', '    with jax.set_mesh(mesh):'),
    ],
    'gan_export_samples.py': [
        ('full = top_level_all_gather(samples, P(None, None))',
         'full = top_level_all_gather(samples, P(None, None, reduced={AXIS}))'),
    ],
    'ppo_checkpoint.py': [
        ('return top_level_all_gather(stats, P(MODEL_AXIS, reduced={AXIS}))',
         'return jax.reshard(stats, P(MODEL_AXIS))'),
    ],
    'clip_export_towers.py': [
        ('"txt": P(None, None, reduced={AXIS})', '"txt": P(None, None, reduced={MODEL_AXIS})'),
    ],
    's2s_export_vocab_proj.py': [
        ('    host = export(params, mesh)', '    with jax.set_mesh(mesh):\n        host = export(params, mesh)'),
    ],
    'eval_predictions_export.py': [
        ('return top_level_all_gather(probs, P(None, layout[1], None))',
         'return jax.reshard(probs, P(None, layout[1], None))'),
    ],
    # SF105: tuple reductions of values invariant on the model axis
    'resnet_metrics.py': [
        ('return jax.lax.pmean(metrics, axis_name=(AXIS, MODEL_AXIS))',
         f'return jax.lax.pmean({PC}(metrics, MODEL_AXIS, to="varying"), axis_name=(AXIS, MODEL_AXIS))'),
    ],
    'bert_loss_scale.py': [
        ('loss = jax.lax.pmean(loss, (AXIS, MODEL_AXIS))',
         f'loss = jax.lax.pmean({PC}(loss, MODEL_AXIS, to="varying"), (AXIS, MODEL_AXIS))'),
    ],
    'gan_gp_penalty.py': [
        ('loss = jax.lax.psum(loss, (AXIS, MODEL_AXIS))',
         f'loss = jax.lax.psum({PC}(loss, MODEL_AXIS, to="varying"), (AXIS, MODEL_AXIS))'),
    ],
    'ppo_kl_early_stop.py': [
        ('approx_kl = jax.lax.pmean(approx_kl, axis_name=(AXIS, MODEL_AXIS))',
         f'approx_kl = jax.lax.pmean({PC}(approx_kl, MODEL_AXIS, to="varying"), axis_name=(AXIS, MODEL_AXIS))'),
    ],
    'clip_loss_allreduce.py': [
        ('total = jax.lax.psum(loss.sum(), axis_name=(AXIS, MODEL_AXIS))',
         f'total = jax.lax.psum({PC}(loss.sum(), MODEL_AXIS, to="varying"), axis_name=(AXIS, MODEL_AXIS))'),
    ],
    's2s_smoothed_xent.py': [
        ('num = jax.lax.psum(jnp.sum(nll * weights), (AXIS, MODEL_AXIS))',
         f'num = jax.lax.psum({PC}(jnp.sum(nll * weights), MODEL_AXIS, to="varying"), (AXIS, MODEL_AXIS))'),
    ],
    'eval_global_metrics.py': [
        ('totals = jax.lax.psum({"correct": correct, "count": count}, (AXIS, MODEL_AXIS))',
         f'totals = jax.lax.psum({{"correct": {PC}(correct, MODEL_AXIS, to="varying"), "count": count}}, (AXIS, MODEL_AXIS))'),
    ],
    # SF106: the producer's gather gives an invariant value instead of a reduced one
    'resnet_label_smoothing.py': [
        ('logits = jax.lax.all_gather(logits, MODEL_AXIS, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(logits, MODEL_AXIS, axis=1, tiled=True, to="invarying")'),
    ],
    'bert_mlm_temperature.py': [
        ('logits = jax.lax.all_gather(logits, MODEL_AXIS, axis=-1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(logits, MODEL_AXIS, axis=-1, tiled=True, to="invarying")'),
        ('out_specs=P(AXIS, reduced={MODEL_AXIS})))', 'out_specs=P(AXIS)))'),
    ],
    'gan_fid_stats.py': [
        ('feats = jax.lax.all_gather(feats, AXIS, axis=0, tiled=True, to="reduced")',
         'feats = jax.lax.all_gather(feats, AXIS, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(reduced={AXIS}), P())', 'out_specs=(P(), P())'),
    ],
    'ppo_adv_whiten.py': [
        ('adv_all = jax.lax.all_gather(adv, AXIS, axis=1, tiled=True, to="reduced")',
         'adv_all = jax.lax.all_gather(adv, AXIS, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={AXIS})))', 'out_specs=P()))'),
    ],
    'clip_similarity_scale.py': [
        ('zt_all = jax.lax.all_gather(zt, AXIS, axis=0, tiled=True, to="reduced")',
         'zt_all = jax.lax.all_gather(zt, AXIS, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(AXIS), P(reduced={AXIS}))))', 'out_specs=(P(AXIS), P())))'),
    ],
    's2s_greedy_decode.py': [
        ('logits = jax.lax.all_gather(h @ params["out"], MODEL_AXIS, axis=1, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(h @ params["out"], MODEL_AXIS, axis=1, tiled=True, to="invarying")'),
        ('out_specs=(P(AXIS), P(AXIS, reduced={MODEL_AXIS}))))', 'out_specs=(P(AXIS), P(AXIS))))'),
    ],
    'eval_temperature_scaling.py': [
        ('logits = jax.lax.all_gather(logits, AXIS, axis=0, tiled=True, to="reduced")',
         'logits = jax.lax.all_gather(logits, AXIS, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={AXIS})))', 'out_specs=P()))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
