"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout69/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` before
the collective or the tuple reduction on the failing line (or on the value handed to the helper
that holds it), a context mesh or `jax.reshard` for `top_level_all_gather`, the missing
`reduced=` axis added to the spec, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the `reduced=` dropped from the out spec that named it). A program that
still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'ckpt_cell_count_resume.py': [
        ('return self._broadcast_position(total)',
         'return self._broadcast_position(jax.lax.pcast(total, self.state.dp_axis, to="varying"))'),
    ],
    'ckpt_ema_load.py': [
        ('(name, jax.lax.pmean(v, self.replica_axis))',
         '(name, jax.lax.pmean(jax.lax.pcast(v, self.replica_axis, to="varying"), self.replica_axis))'),
    ],
    'ckpt_logit_bias_restore.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P(reduced={"dp"}))',
         'out_specs=P())'),
    ],
    'ckpt_optimizer_consolidate.py': [
        ('jax.lax.all_gather(v, tuple(axes),',
         'jax.lax.all_gather(jax.lax.pcast(v, self.partition_axis, to="varying"), tuple(axes),'),
    ],
    'ckpt_span_metrics_restore.py': [
        ('return _OPS[spec["op"]](self.local_f1(pred, gold),',
         'return _OPS[spec["op"]](jax.lax.pcast(self.local_f1(pred, gold), "mp", to="varying"),'),
    ],
    'ckpt_tlag_table_head.py': [
        ('    sd = head.state_dict()\n',
         '    with jax.set_mesh(MESH):\n        sd = head.state_dict()\n'),
    ],
    'col_binarize_threshold.py': [
        ('pooled = dist.all_reduce(shared.sum(axis=0), group="inter")',
         'pooled = dist.all_reduce(jax.lax.pcast(shared.sum(axis=0), "node", to="varying"), group="inter")'),
    ],
    'col_contrast_floor.py': [
        ('to="reduced" if grad_sync else "varying"',
         'to="invarying" if grad_sync else "varying"'),
        ('out_specs=P("local", reduced={"node"}))',
         'out_specs=P("local"))'),
    ],
    'col_doc_class_logits.py': [
        ('t = jax.lax.all_gather(t, _resolve_group(hop),',
         't = jax.lax.all_gather(jax.lax.pcast(t, "local", to="varying") if hop is Group.WORLD else t, _resolve_group(hop),'),
    ],
    'col_page_orientation_vote.py': [
        ('return comm.all_reduce(share, "avg", "world")',
         'return comm.all_reduce(jax.lax.pcast(share, "local", to="varying"), "avg", "world")'),
    ],
    'col_skew_histogram.py': [
        ('per_local = all_gather_tensor(hist[None],',
         'per_local = all_gather_tensor(jax.lax.pcast(hist[None], "node", to="varying"),'),
    ],
    'col_tlag_page_embed.py': [
        ('to_spec(placements, self.data.ndim))',
         'to_spec(placements, self.data.ndim, partial_grad=True))'),
    ],
    'ddp_box_iou_sync.py': [
        ('return jax.lax.ppermute(buf,',
         'return jax.lax.ppermute(jax.lax.pcast(buf, self.opt.world_axis, to="varying"),'),
    ],
    'ddp_prob_map_hook.py': [
        ('jax.lax.all_gather(bucket, state.process_group,',
         'jax.lax.all_gather(jax.lax.pcast(bucket, state.process_group, to="varying"), state.process_group,'),
    ],
    'ddp_shrink_ratio_loss.py': [
        ('return jax.lax.pmean(loss, self.device_ids)',
         'return jax.lax.pmean(jax.lax.pcast(loss, "shard", to="varying"), self.device_ids)'),
    ],
    'ddp_text_score_norm.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P(None, "shard", reduced={"replica"}))',
         'out_specs=P(None, "shard"))'),
    ],
    'ddp_threshold_buckets.py': [
        ('jax.lax.all_gather(v, axes,',
         'jax.lax.all_gather(jax.lax.pcast(v, self.cfg.replica_axis, to="varying"), axes,'),
    ],
    'ddp_tlag_detector_head.py': [
        ('    sd = model.state_dict()\n',
         '    with jax.set_mesh(MESH):\n        sd = model.state_dict()\n'),
    ],
    'fsdp_bbox_embed_prefetch.py': [
        ('return jax.lax.psum_scatter(full,',
         'return jax.lax.psum_scatter(jax.lax.pcast(full, self.cfg.axis, to="varying"),'),
    ],
    'fsdp_flat_param_unshard.py': [
        ('return self._optimizer_view(self._reduce_grad(grad))',
         'return self._optimizer_view(jax.lax.pcast(self._reduce_grad(grad), self.flat.axis, to="varying"))'),
    ],
    'fsdp_grad_norm_clip.py': [
        ('total = jax.lax.psum(self._local_sq(grads), self._all_axes)',
         'total = jax.lax.psum(jax.lax.pcast(self._local_sq(grads), "tp", to="varying"), self._all_axes)'),
    ],
    'fsdp_mixed_precision_norm.py': [
        ('full = jax.lax.all_gather(shard, self.axis, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(shard, self.axis, tiled=True, to="invarying")'),
    ],
    'fsdp_summon_full_params.py': [
        ('jax.lax.all_gather(v, axes,',
         'jax.lax.all_gather(jax.lax.pcast(v, self.state.shard_axis, to="varying"), axes,'),
    ],
    'fsdp_tlag_layout_ckpt.py': [
        ('top_level_all_gather(self.module.classifier, cfg.export_spec)',
         'jax.reshard(self.module.classifier, P(None, None))'),
    ],
    'hook_attention_probe.py': [
        ('    x = out.mean(axis=1) if pool else out\n',
         '    x = out.mean(axis=1) if pool else jax.lax.pcast(out, "batch", to="varying")\n'),
    ],
    'hook_ctc_logit_clamp.py': [
        ('to = "reduced" if self.cfg.keep_grad_reduced else "varying"',
         'to = "invarying" if self.cfg.keep_grad_reduced else "varying"'),
        ('out_specs=P(None, None, "heads", reduced={"batch"}))',
         'out_specs=P(None, None, "heads"))'),
    ],
    'hook_ink_density_metric.py': [
        ('module.metrics["ink"] = jax.lax.pmean(ratio,',
         'module.metrics["ink"] = jax.lax.pmean(jax.lax.pcast(ratio, "heads", to="varying"),'),
    ],
    'hook_stroke_stats.py': [
        ('module.stats["mean"] = jax.lax.all_gather(mean,',
         'module.stats["mean"] = jax.lax.all_gather(jax.lax.pcast(mean, self.axis_name, to="varying"),'),
    ],
    'hook_teacher_forcing_pre.py': [
        ('longest = jax.lax.pmax(lengths, self.axis)',
         'longest = jax.lax.pmax(jax.lax.pcast(lengths, self.axis, to="varying"), self.axis)'),
    ],
    'hook_tlag_pen_encoder_export.py': [
        ('"pos": P(None, None)}',
         '"pos": P(None, None, reduced={"batch"})}'),
    ],
    'pg_beam_length_norm.py': [
        ('to="reduced" if differentiable',
         'to="invarying" if differentiable'),
        ('out_specs=P("model", reduced={"data"}))',
         'out_specs=P("model"))'),
    ],
    'pg_char_error_counts.py': [
        ('everything = all_gather_base(by_dp,',
         'everything = all_gather_base(jax.lax.pcast(by_dp, "data", to="varying"),'),
    ],
    'pg_ctc_blank_ratio.py': [
        ('per_rank = all_gather_into_tensor(total_blank,',
         'per_rank = all_gather_into_tensor(jax.lax.pcast(total_blank, "data", to="varying"),'),
    ],
    'pg_logit_calibration.py': [
        ('hottest = dist.all_reduce(peaks,',
         'hottest = dist.all_reduce(jax.lax.pcast(peaks, "data", to="varying"),'),
    ],
    'pg_sequence_accuracy.py': [
        ('return all_reduce(exact, op=ReduceOp.AVG)',
         'return all_reduce(jax.lax.pcast(exact, "model", to="varying"), op=ReduceOp.AVG)'),
    ],
    'pg_tlag_charset_embed.py': [
        ('COLUMNS = P(None, "model")',
         'COLUMNS = P(None, "model", reduced={"data"})'),
    ],
    'trn_entity_span_logger.py': [
        ('self.history.append(trainer.strategy.all_gather(local,',
         'self.history.append(trainer.strategy.all_gather(jax.lax.pcast(local, "data", to="varying"),'),
    ],
    'trn_field_f1_callback.py': [
        ('all_gather(tp, sync_grads=True)',
         'all_gather(jax.lax.pcast(tp, "data", to="varying"), sync_grads=True)'),
    ],
    'trn_label_smoothing_step.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=P(None, "seq", None, reduced={"data"}))',
         'out_specs=P(None, "seq", None))'),
    ],
    'trn_loss_scaler_callback.py': [
        ('magnitude = jax.lax.psum(jnp.abs(g).sum(keepdims=True),',
         'magnitude = jax.lax.psum(jax.lax.pcast(jnp.abs(g).sum(keepdims=True), self.state.axis, to="varying"),'),
    ],
    'trn_tlag_best_ckpt.py': [
        ('top_level_all_gather(w, P(*[None] * w.ndim))',
         'top_level_all_gather(w, P(*[None] * w.ndim, reduced={"seq"}))'),
    ],
    'trn_token_accuracy_sync.py': [
        ('self.log("val_token_acc", correct / total, sync_dist=True)',
         'self.log("val_token_acc", jax.lax.pcast(correct / total, "seq", to="varying"), sync_dist=True)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
