"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout91/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `jax.lax.pcast(..., to='varying')`
of the axes the value is invariant or reduced on, right before the collective; for the
top_level_all_gather programs the right `reduced=` axis / prefix layout, or the `jax.set_mesh`
block the call was left out of; for the SF106 programs the producer's gather changed to
`to='invarying'` (or the reduced value cast to varying, with the out spec that matches). A program
that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    'clr_alignment_log.py': [
        ('jax.lax.all_gather(pos, cfg.log_axis,',
         "jax.lax.all_gather(jax.lax.pcast(pos, cfg.log_axis, to='varying'), cfg.log_axis,"),
    ],
    'clr_bank_export.py': [
        ('P(cfg.proj_axis, None, reduced={cfg.data_axis}))',
         'P(cfg.data_axis, None, reduced={cfg.proj_axis}))'),
    ],
    'clr_embedding_bank.py': [
        ('jax.lax.all_gather(full, cfg.mesh_axes,',
         "jax.lax.all_gather(jax.lax.pcast(full, cfg.proj_axis, to='varying'), cfg.mesh_axes,"),
    ],
    'clr_loss_sync.py': [
        ('jax.lax.pmean(loss, cfg.mesh_axes)',
         "jax.lax.pmean(jax.lax.pcast(loss, cfg.proj_axis, to='varying'), cfg.mesh_axes)"),
    ],
    'clr_norm_check.py': [
        ('jax.lax.psum(jnp.sum(full * full, axis=-1), cfg.proj_axis)',
         "jax.lax.psum(jax.lax.pcast(jnp.sum(full * full, axis=-1), cfg.proj_axis, to='varying'), cfg.proj_axis)"),
    ],
    'clr_positive_logits.py': [
        ('"pos_logits": pos_all / cfg.temperature}',
         '"pos_logits": jax.lax.all_gather(pos / cfg.temperature, cfg.log_axis, tiled=True, to="reduced")}'),
    ],
    'kws_cmvn_stats.py': [
        ('full = jax.lax.all_gather(batch["feats"], "time", axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(batch["feats"], "time", axis=1, tiled=True, to="invarying")'),
        ('"cmvn_mean": P("batch", None, reduced={"time"})})',
         '"cmvn_mean": P("batch", None)})'),
    ],
    'kws_delta_halo.py': [
        ('padded = self.halo(full)',
         "padded = self.halo(jax.lax.pcast(full, 'time', to='varying'))"),
    ],
    'kws_energy_logger.py': [
        ('jax.lax.all_gather(utt_energy, self.gather_axis,',
         "jax.lax.all_gather(jax.lax.pcast(utt_energy, self.gather_axis, to='varying'), self.gather_axis,"),
    ],
    'kws_energy_map_export.py': [
        ('P(None, None, reduced={"batch", "time"}))',
         'P(None, None, reduced={"batch", "time"}), multi_dim=True)'),
    ],
    'kws_loss_sync.py': [
        ('jax.lax.pmean(loss, tuple(self.hparams.loss_axes))',
         "jax.lax.pmean(jax.lax.pcast(loss, 'time', to='varying'), tuple(self.hparams.loss_axes))"),
    ],
    'kws_spectrogram_dump.py': [
        ('jax.lax.all_gather(full, self.axes,',
         "jax.lax.all_gather(jax.lax.pcast(full, 'time', to='varying'), self.axes,"),
    ],
    'lm_activation_dump.py': [
        ('jax.lax.all_gather(full, self.dump_axes,',
         "jax.lax.all_gather(jax.lax.pcast(full, tp, to='varying'), self.dump_axes,"),
    ],
    'lm_activation_l1.py': [
        ('jax.lax.psum(jnp.sum(jnp.abs(full), axis=-1), tp)',
         "jax.lax.psum(jax.lax.pcast(jnp.sum(jnp.abs(full), axis=-1), tp, to='varying'), tp)"),
    ],
    'lm_checkpoint_export.py': [
        ('export_reduced: [data]',
         'export_reduced: [tensor]'),
    ],
    'lm_hidden_mean.py': [
        ('mean_act = jnp.mean(full, axis=-1)',
         "mean_act = jnp.mean(jax.lax.pcast(full, tp, to='varying'), axis=-1)"),
        ('"mean_act": P(strat.dp_axis, None, reduced={strat.tp_axis})',
         '"mean_act": P(strat.dp_axis, strat.tp_axis)'),
    ],
    'lm_loss_sync.py': [
        ('jax.lax.pmean(loss, self.strategy.axis_names)',
         "jax.lax.pmean(jax.lax.pcast(loss, self.strategy.tp_axis, to='varying'), self.strategy.axis_names)"),
    ],
    'lm_val_nll_gather.py': [
        ('jax.lax.all_gather(nll, self.hparams.metric_axis,',
         "jax.lax.all_gather(jax.lax.pcast(nll, self.hparams.metric_axis, to='varying'), self.hparams.metric_axis,"),
    ],
    'moe_combine_dispatch.py': [
        ('jax.lax.all_to_all(y_full, hp["expert_axis"],',
         'jax.lax.all_to_all(jax.lax.pcast(y_full, hp["expert_axis"], to="varying"), hp["expert_axis"],'),
    ],
    'moe_expert_dump.py': [
        ('jax.lax.all_gather(y_full, tuple(self.strategy.axis_names),',
         "jax.lax.all_gather(jax.lax.pcast(y_full, hp['expert_axis'], to='varying'), tuple(self.strategy.axis_names),"),
    ],
    'moe_expert_export.py': [
        ('"export_reduced": ["data"]',
         '"export_reduced": ["expert"]'),
    ],
    'moe_gated_combine.py': [
        ('jnp.sum(y_full * probs[..., None], axis=2)',
         'jnp.sum(jax.lax.pcast(y_full, hp["expert_axis"], to="varying") * probs[..., None], axis=2)'),
        ('"combined": P(d, None, None, reduced={self.hparams["expert_axis"]})}',
         '"combined": P(d, None, self.hparams["expert_axis"])}'),
    ],
    'moe_load_log.py': [
        ('jax.lax.all_gather(load, hp["load_log_axis"],',
         'jax.lax.all_gather(jax.lax.pcast(load, hp["load_log_axis"], to="varying"), hp["load_log_axis"],'),
    ],
    'moe_load_scatter.py': [
        ('jax.lax.psum_scatter(load, (hp["data_axis"], hp["expert_axis"]), tiled=True)',
         'jax.lax.psum_scatter(jax.lax.pcast(load, hp["expert_axis"], to="varying"), (hp["data_axis"], hp["expert_axis"]), tiled=True)'),
    ],
    'tab_checkpoint.py': [
        ('    ckpt = save_checkpoint(model, layout)',
         '    with jax.set_mesh(fabric.strategy.mesh):\n        ckpt = save_checkpoint(model, layout)'),
    ],
    'tab_feature_importance.py': [
        ('"importance": collect(imp, tuple(lay))',
         '"importance": collect(jax.lax.pcast(imp, lay.cols, to="varying"), tuple(lay))'),
    ],
    'tab_importance_mean.py': [
        ('jax.lax.pmean(imp, lay.cols)',
         'jax.lax.pmean(jax.lax.pcast(imp, lay.cols, to="varying"), lay.cols)'),
    ],
    'tab_importance_softmax.py': [
        ('"importance": jax.nn.softmax(imp, axis=-1)}',
         '"importance": jax.nn.softmax(jax.lax.pcast(imp, lay.cols, to="varying"), axis=-1)}'),
        ('"importance": P(self.layout.rows, None, reduced={self.layout.cols})}',
         '"importance": P(self.layout.rows, self.layout.cols)}'),
    ],
    'tab_loss_sync.py': [
        ('jax.lax.pmean(loss, tuple(lay))',
         "jax.lax.pmean(jax.lax.pcast(loss, lay.cols, to='varying'), tuple(lay))"),
    ],
    'tab_residual_log.py': [
        ('collect(resid, lay.cols)',
         "collect(jax.lax.pcast(resid, lay.cols, to='varying'), lay.cols)"),
    ],
    'tag_embedding_export.py': [
        ('"embed": P(None, None, reduced={"batch"})}',
         '"embed": P(None, None, reduced={"model"})}'),
    ],
    'tag_gather_plan.py': [
        ('dump = jax.lax.all_gather(dump, axes,',
         "dump = jax.lax.all_gather(jax.lax.pcast(dump, 'model', to='varying') if 'batch' in axes else dump, axes,"),
    ],
    'tag_partition_fn.py': [
        ('jax.lax.psum(jnp.sum(jnp.exp(full), axis=-1), self.MODEL_AXIS)',
         "jax.lax.psum(jax.lax.pcast(jnp.sum(jnp.exp(full), axis=-1), self.MODEL_AXIS, to='varying'), self.MODEL_AXIS)"),
    ],
    'tag_seq_accuracy.py': [
        ('jax.lax.all_gather(per_seq, self.METRIC_AXIS,',
         "jax.lax.all_gather(jax.lax.pcast(per_seq, self.METRIC_AXIS, to='varying'), self.METRIC_AXIS,"),
    ],
    'tag_smoothed_nll.py': [
        ('jax.nn.log_softmax(full, axis=-1)',
         "jax.nn.log_softmax(jax.lax.pcast(full, self.MODEL_AXIS, to='varying'), axis=-1)"),
        ('"smooth": P(b, None, reduced={self.MODEL_AXIS})}',
         '"smooth": P(b, self.MODEL_AXIS)}'),
    ],
    'tag_token_count.py': [
        ('jax.lax.psum(jnp.sum(mask), (self.BATCH_AXIS, self.MODEL_AXIS))',
         "jax.lax.psum(jax.lax.pcast(jnp.sum(mask), self.MODEL_AXIS, to='varying'), (self.BATCH_AXIS, self.MODEL_AXIS))"),
    ],
    'vit_calibration.py': [
        ('conf_all = jax.lax.all_gather(conf, axis, tiled=True, to="reduced")',
         'conf_all = jax.lax.all_gather(conf, axis, tiled=True, to="invarying")'),
    ],
    'vit_checkpoint.py': [
        ('    ckpt = trainer.save_checkpoint("last.ckpt")',
         '    with jax.set_mesh(trainer.strategy.mesh):\n        ckpt = trainer.save_checkpoint("last.ckpt")'),
    ],
    'vit_class_hist.py': [
        ('jax.lax.all_gather(hist, self.hparams.hist_axis,',
         "jax.lax.all_gather(jax.lax.pcast(hist, self.hparams.hist_axis, to='varying'), self.hparams.hist_axis,"),
    ],
    'vit_embedding_writer.py': [
        ('return jax.lax.all_gather(emb, self.gather_axes',
         "return jax.lax.all_gather(jax.lax.pcast(emb, pl_module.strategy.shard_axis, to='varying'), self.gather_axes"),
    ],
    'vit_hist_total.py': [
        ('jax.lax.psum(per_shard, self.hparams.hist_axis)',
         "jax.lax.psum(jax.lax.pcast(per_shard, self.hparams.hist_axis, to='varying'), self.hparams.hist_axis)"),
    ],
    'vit_param_norm.py': [
        ('jax.lax.psum(sq, self.strategy.data_axes)',
         "jax.lax.psum(jax.lax.pcast(sq, 'replicate', to='varying'), self.strategy.data_axes)"),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
