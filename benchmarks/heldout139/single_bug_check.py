"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout139/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the config value, flag or
table entry the code meant (the right axis, the local view instead of the gathered one), the
right `reduced=` axes or a prefix out spec for `top_level_all_gather` (or a context mesh), and
for the SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that
no longer says reduced). A program that still fails after its fix hides a second error: every
fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # train_*
    'train_grad_norm.py': [
        ('gnorm = jax.lax.all_gather(sq, config.log.norm_axis, to="reduced")',
         f'gnorm = jax.lax.all_gather({PC}(sq, config.log.norm_axis, to="varying"), config.log.norm_axis, to="reduced")'),
    ],
    'train_pred_dump.py': [
        ('return jax.lax.all_gather(logits, config.dump.axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(logits, sh.classes, to="varying"), config.dump.axes, axis=0, tiled=True, to="reduced")'),
    ],
    'train_feat_metrics.py': [
        ('aux["feats"] = jax.lax.all_gather(aux["feats"], ha,', 'aux["all_feats"] = jax.lax.all_gather(aux["feats"], ha,'),
        ('measured, aux["feats"]', 'measured, aux.get("all_feats", aux["feats"])'),
    ],
    'train_export_head.py': [
        ('config.export.get("reduced", ())', 'config.export.get("gathered", ())'),
    ],
    'train_smooth_loss.py': [
        ('logged = jax.lax.pmean(loss, config.log_axes)', 'logged = jax.lax.pmean(loss, data_axis)'),
    ],
    'train_distill_temp.py': [
        ('return jax.lax.all_gather(local, shard_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(local, shard_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # eval_*
    'eval_accuracy_log.py': [
        ('per_replica = jax.lax.all_gather(counts, self.log_axis, to="reduced")',
         f'per_replica = jax.lax.all_gather({PC}(counts, self.log_axis, to="varying"), self.log_axis, to="reduced")'),
    ],
    'eval_retrieval_gallery.py': [
        ('config.evals.retrieval.gallery_axes = config.mesh.axes',
         'config.evals.retrieval.gallery_axes = ("batch",)'),
    ],
    'eval_calibration.py': [
        ('"full_logits": True}}', '"full_logits": False}}'),
    ],
    'eval_pred_writer.py': [
        ('"export": {"spec": ("batch", None)}}}', '"export": {"spec": ("batch", None), "gathered": ("shard",)}}}'),
    ],
    'eval_topk_counts.py': [
        ('self.axes = tuple(mesh.axis_names)', 'self.axes = ecfg.batch_axis'),
    ],
    'eval_softmax_probs.py': [
        ('return jax.lax.all_gather(z, self.cfg.class_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(z, self.cfg.class_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={ca})))', 'out_specs=P()))'),
    ],
    # fewshot_*
    'fewshot_prototypes.py': [
        ('logged = jax.lax.all_gather(protos, self.cfg.log_axis, to="reduced")',
         f'logged = jax.lax.all_gather({PC}(protos, self.cfg.log_axis, to="varying"), self.cfg.log_axis, to="reduced")'),
    ],
    'fewshot_support_bank.py': [
        ('"--config.fewshot.bank_axes=data,feat"', '"--config.fewshot.bank_axes=data,"'),
    ],
    'fewshot_fold_rotate.py': [
        ('"full_view": True}', '"full_view": False}'),
    ],
    'fewshot_probe_export.py': [
        ('config.export = {"axis": config.sharding.get_ref("examples")}',
         'config.export = {"axis": config.sharding.get_ref("features")}'),
    ],
    'fewshot_episode_acc.py': [
        ('config.summary_axes = ("data", "feat")', 'config.summary_axes = ("data",)'),
    ],
    'fewshot_center_feats.py': [
        ('return jax.lax.all_gather(feats, feat_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(feats, feat_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # clip_*
    'clip_embed_norms.py': [
        (', "--config.log.norm_axis=embed"],)', '],)'),
    ],
    'clip_negatives_bank.py': [
        ('return jax.lax.all_gather(z, axis_name=tuple(axes),',
         f'return jax.lax.all_gather({PC}(z, "embed", to="varying"), axis_name=tuple(axes),'),
    ],
    'clip_sigmoid_ring.py': [
        ('"texts": "global"}', '"texts": "local"}'),
    ],
    'clip_export_embeds.py': [
        ('"export": ("embed", None)', '"export": (None, "embed")'),
    ],
    'clip_loss_average.py': [
        ('config.metrics_axes = config.mesh.axes', 'config.metrics_axes = ("batch",)'),
    ],
    'clip_logit_scale.py': [
        ('return jax.lax.all_gather(z, axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(z, axis, axis=1, tiled=True, to="invarying")'),
    ],
    # patch_*
    'patch_pooled_log.py': [
        ('monitor = jax.lax.all_gather(center, config.monitor.axes, to="reduced")',
         f'monitor = jax.lax.all_gather({PC}(center, config.monitor.axes, to="varying"), config.monitor.axes, to="reduced")'),
    ],
    'patch_token_dump.py': [
        ('config.dump = {"collect": "all",', 'config.dump = {"collect": "data",'),
    ],
    'patch_ulysses_swap.py': [
        ('"whole_keys": True}', '"whole_keys": False}'),
    ],
    'patch_embed_export.py': [
        ('  saved = checkpoint(k, config)\n',
         '  with jax.set_mesh(make_mesh(config)):\n    saved = checkpoint(k, config)\n'),
    ],
    'patch_layernorm_stats.py': [
        ('FieldReference(lambda: config.mesh.axes)}', 'FieldReference(lambda: config.mesh.axes[:1])}'),
    ],
    'patch_pos_add.py': [
        ('return jax.lax.all_gather(tok, self.seq_axis, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(tok, self.seq_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # ema_*
    'ema_shard_monitor.py': [
        ('drift = jax.lax.all_gather(jnp.sum((ema - w) ** 2), mon, to="reduced")',
         f'drift = jax.lax.all_gather({PC}(jnp.sum((ema - w) ** 2), mon, to="varying"), mon, to="reduced")'),
    ],
    'ema_batchstats_snapshot.py': [
        ('snap = jax.lax.all_gather(snap[None], axes,',
         f'snap = jax.lax.all_gather({PC}(snap[None], bn.feature_axis, to="varying"), axes,'),
    ],
    'ema_eval_swap.py': [
        ('"eval_params": "whole_ema"}', '"eval_params": "ema"}'),
    ],
    'ema_ckpt_export.py': [
        ('"gathered": ("fsdp",)}', '"gathered": ("fsdp", "replica")}'),
    ],
    'ema_debias_norm.py': [
        ('config.log_axes = ("replica", "fsdp")', 'config.log_axes = ("replica",)'),
    ],
    'ema_whole_decay.py': [
        ('return jax.lax.all_gather(w, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(w, axis, axis=0, tiled=True, to="invarying")'),
    ],
    # accum_*
    'accum_grad_log.py': [
        ('jax.lax.all_gather(jnp.sum(t), config.log.axis, to="reduced")',
         f'jax.lax.all_gather({PC}(jnp.sum(t), config.log.axis, to="varying"), config.log.axis, to="reduced")'),
    ],
    'accum_micro_losses.py': [
        ('history = jax.lax.all_gather(pod_losses, scope,',
         f'history = jax.lax.all_gather({PC}(pod_losses, "chip", to="varying"), scope,'),
    ],
    'accum_zero_clip.py': [
        ('"regather": True}', '"regather": False}'),
    ],
    'accum_stats_export.py': [
        ('config.export = {"rows": "chip", "collect": ("pod",)}',
         'config.export = {"rows": "pod", "collect": ("chip",)}'),
    ],
    'accum_scatter_update.py': [
        ('    g = jax.lax.psum(g, config.intra_axis)\n', ''),
    ],
    'accum_avg_regather.py': [
        ('return jax.lax.all_gather(g, axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(g, axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(ra), P(None, reduced={ra}))))', 'out_specs=(P(ra), P())))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
