"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout106/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site or in the helper), the right `reduced=` axis,
`multi_dim=True`, a layout that is a prefix, or the export inside `jax.set_mesh`; for the SF106
programs the producer's gather changed to `to='invarying'` (with the out spec that no longer
says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # xf_*
    "xf_hidden_logger.py": [
        ("hidden_log = gather_reduced(h, cfg.model_axis, axis=1)",
         f"hidden_log = gather_reduced({PC}(h, cfg.model_axis, to='varying'), cfg.model_axis, axis=1)"),
    ],
    "xf_activation_dump.py": [
        ("full = _dump(wide, cfg.mesh_axes, axis=0)",
         f"full = _dump({PC}(wide, cfg.model_axis, to='varying'), cfg.mesh_axes, axis=0)"),
    ],
    "xf_batch_norm_stats.py": [
        ("jax.lax.pmean(first, cfg.batch_axis)", f"jax.lax.pmean({PC}(first, cfg.batch_axis, to='varying'), cfg.batch_axis)"),
    ],
    "xf_checkpoint_export.py": [
        ('"w_in": P(None, None, None, reduced={"data"}),', '"w_in": P(None, None, None, reduced={"model"}),'),
    ],
    "xf_train_loss.py": [
        ("return jax.lax.psum(local, cfg.mesh_axes)",
         f"return jax.lax.psum({PC}(local, cfg.model_axis, to='varying'), cfg.mesh_axes)"),
    ],
    "xf_residual_scale.py": [
        ('full = jax.lax.all_gather(h, cfg.batch_axis, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(h, cfg.batch_axis, tiled=True, to="invarying")'),
        ("P(None, None, reduced={cfg.batch_axis})", "P(None, None)"),
    ],
    # phys_*
    "phys_row_energy_monitor.py": [
        ("return jax.lax.all_gather(rows, self.gather_axis,",
         f"return jax.lax.all_gather({PC}(rows, self.gather_axis, to='varying'), self.gather_axis,"),
    ],
    "phys_profile_dump.py": [
        ("return u, gather_plate(rows)", f"return u, gather_plate({PC}(rows, 'y', to='varying'))"),
    ],
    "phys_column_halo.py": [
        ("jax.lax.ppermute(cols[:, -1:],", f"jax.lax.ppermute({PC}(cols[:, -1:], 'x', to='varying'),"),
    ],
    "phys_field_export.py": [
        ('WRITER_SPEC = P("y", None)', 'WRITER_SPEC = P("x", None, reduced={"y"})'),
    ],
    "phys_residual_norm.py": [
        ("global_sum(jnp.sum(row_sq))", f"global_sum({PC}(jnp.sum(row_sq), 'y', to='varying'))"),
    ],
    "phys_clamped_columns.py": [
        ('cols = jax.lax.all_gather(u, "x", axis=0, tiled=True, to="reduced")',
         'cols = jax.lax.all_gather(u, "x", axis=0, tiled=True, to="invarying")'),
        ('P(None, "y", reduced={"x"})', 'P(None, "y")'),
    ],
    # maml_*
    "maml_query_loss_log.py": [
        ("per_task = jax.lax.all_gather(losses, log_axis,",
         f"per_task = jax.lax.all_gather({PC}(losses, log_axis, to='varying'), log_axis,"),
    ],
    "maml_fast_weight_dump.py": [
        ("return jax.lax.all_gather(rows, cfg.axes,",
         f"return jax.lax.all_gather({PC}(rows, cfg.feature_axis, to='varying'), cfg.axes,"),
    ],
    "maml_task_grad_average.py": [
        ("jax.lax.pmean(jnp.sum(collected, axis=0), cfg.task_axis)",
         f"jax.lax.pmean({PC}(jnp.sum(collected, axis=0), cfg.task_axis, to='varying'), cfg.task_axis)"),
    ],
    "maml_meta_params_export.py": [
        ("    return loss, export(cfg, params)\n", "        return loss, export(cfg, params)\n"),
    ],
    "maml_meta_objective.py": [
        ("jax.lax.pmean(jnp.mean(losses), cfg.axes)",
         f"jax.lax.pmean({PC}(jnp.mean(losses), cfg.feature_axis, to='varying'), cfg.axes)"),
    ],
    "maml_task_reweighting.py": [
        ('all_losses = jax.lax.all_gather(losses, cfg.task_axis, tiled=True, to="reduced")',
         'all_losses = jax.lax.all_gather(losses, cfg.task_axis, tiled=True, to="invarying")'),
        ("P(None, reduced={cfg.task_axis})", "P(None)"),
    ],
    # flow_*
    "flow_metric_gather.py": [
        ("lambda v: jax.lax.all_gather(v, HIDDEN,", f"lambda v: jax.lax.all_gather({PC}(v, HIDDEN, to='varying') if v.ndim == 1 else v, HIDDEN,"),
    ],
    "flow_conditioner_dump.py": [
        ("return jax.lax.all_gather(wide, MESH_AXES,", f"return jax.lax.all_gather({PC}(wide, HIDDEN, to='varying'), MESH_AXES,"),
    ],
    "flow_stable_evidence.py": [
        ("shift = jax.lax.pmax(every, BATCH)", f"shift = jax.lax.pmax({PC}(every, BATCH, to='varying'), BATCH)"),
    ],
    "flow_feature_export.py": [
        ("P(None, None, reduced={BATCH, HIDDEN}))\n", "P(None, None, reduced={BATCH, HIDDEN}), multi_dim=True)\n"),
    ],
    "flow_nll_objective.py": [
        ("jax.lax.psum(jnp.sum(ll), MESH_AXES)", f"jax.lax.psum({PC}(jnp.sum(ll), HIDDEN, to='varying'), MESH_AXES)"),
    ],
    "flow_self_normalized_weights.py": [
        ('every = jax.lax.all_gather(ll, BATCH, tiled=True, to="reduced")',
         'every = jax.lax.all_gather(ll, BATCH, tiled=True, to="invarying")'),
        ("out_specs=P(None, reduced={BATCH})", "out_specs=P(None)"),
    ],
    # attn_*
    "attn_output_probe.py": [
        ("return out, collect(out, spec.head_axis, 0)",
         f"return out, collect({PC}(out, spec.head_axis, to='varying'), spec.head_axis, 0)"),
    ],
    "attn_lse_dump.py": [
        ("return jax.lax.all_gather(per_head, spec.mesh_axes,",
         f"return jax.lax.all_gather({PC}(per_head, spec.head_axis, to='varying'), spec.mesh_axes,"),
    ],
    "attn_ulysses_relayout.py": [
        ("jax.lax.all_to_all(heads, spec.head_axis,", f"jax.lax.all_to_all({PC}(heads, spec.head_axis, to='varying'), spec.head_axis,"),
    ],
    "attn_wo_export.py": [
        ('NamedSharding(mesh, P(None, None, None)))', 'NamedSharding(mesh, P(None, None, None, reduced={"heads"})))'),
    ],
    "attn_output_rms.py": [
        ("jax.lax.pmean(jnp.mean(out * out), spec.mesh_axes)",
         f"jax.lax.pmean({PC}(jnp.mean(out * out), spec.head_axis, to='varying'), spec.mesh_axes)"),
    ],
    "attn_full_keys_scaled.py": [
        ('k_all = jax.lax.all_gather(k, spec.seq_axis, axis=0, tiled=True, to="reduced")',
         'k_all = jax.lax.all_gather(k, spec.seq_axis, axis=0, tiled=True, to="invarying")'),
        ("P(None, spec.head_axis, None, reduced={spec.seq_axis})", "P(None, spec.head_axis, None)"),
    ],
    # rnn_*
    "rnn_readout_trace.py": [
        ('TRACE_AXES = {"readout": FEAT, "states": FEAT}', 'TRACE_AXES = {"readout": FEAT, "states": FEAT}\nVARY = {"readout": True, "states": False}'),
        ("jax.lax.all_gather(v, TRACE_AXES[k],", f"jax.lax.all_gather({PC}(v, FEAT, to='varying') if VARY[k] else v, TRACE_AXES[k],"),
    ],
    "rnn_state_dump.py": [
        ("jax.lax.all_gather(history, (FEAT, SEQ),", f"jax.lax.all_gather({PC}(history, SEQ, to='varying'), (FEAT, SEQ),"),
    ],
    "rnn_carry_handoff.py": [
        ("jax.lax.ppermute(finals, SEQ, perm)", f"jax.lax.ppermute({PC}(finals, SEQ, to='varying'), SEQ, perm)"),
    ],
    "rnn_params_export.py": [
        ("    with mesh:\n", "    with jax.set_mesh(mesh):\n"),
    ],
    "rnn_sequence_loss.py": [
        ("jax.lax.pmean(jnp.mean(err * err), axis_name=(SEQ, FEAT))",
         f"jax.lax.pmean({PC}(jnp.mean(err * err), FEAT, to='varying'), axis_name=(SEQ, FEAT))"),
    ],
    "rnn_state_rectify.py": [
        ('history = jax.lax.all_gather(states, SEQ, axis=0, tiled=True, to="reduced")',
         'history = jax.lax.all_gather(states, SEQ, axis=0, tiled=True, to="invarying")'),
        ("P(None, FEAT, reduced={SEQ})", "P(None, FEAT)"),
    ],
    # kfac_*
    "kfac_factor_monitor.py": [
        ("return jax.lax.all_gather(diag, self.factor_axes[name],",
         f"return jax.lax.all_gather({PC}(diag, self.factor_axes[name], to='varying'), self.factor_axes[name],"),
        ("out_specs=(W_SPEC, P(SHARD))", "out_specs=(W_SPEC, P(SHARD, reduced={REPLICA}))"),
    ],
    "kfac_residual_dump.py": [
        ("jax.lax.all_gather(rows, (REPLICA, SHARD),", f"jax.lax.all_gather({PC}(rows, SHARD, to='varying'), (REPLICA, SHARD),"),
    ],
    "kfac_update_norm.py": [
        ("jax.lax.psum(jnp.sum(full * full), SHARD)", f"jax.lax.psum({PC}(jnp.sum(full * full), SHARD, to='varying'), SHARD)"),
    ],
    "kfac_weight_export.py": [
        ("out_sharding=P(None, None))", "out_sharding=P(None, None, reduced={SHARD}))"),
    ],
    "kfac_quadratic_model.py": [
        ("jax.lax.psum(jnp.sum(update * grad), (REPLICA, SHARD))",
         f"jax.lax.psum({PC}(jnp.sum(update * grad), REPLICA, to='varying'), (REPLICA, SHARD))"),
    ],
    "kfac_normalized_grad.py": [
        ('full = jax.lax.all_gather(grad, SHARD, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(grad, SHARD, axis=1, tiled=True, to="invarying")'),
        ("out_specs=P(None, None, reduced={SHARD})", "out_specs=P(None, None)"),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
