"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout143/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the axis or spec the code
meant (read from the right place of the checkpoint metadata, the right config entry or leaf
spec), a `pcast(..., to='varying')` before the collective where the program's literal meaning is
kept, the right `reduced=` axes, `multi_dim=True` or a context mesh for `top_level_all_gather`,
and for the SF106 programs the producer's gather changed to `to='invarying'` (with the out spec
that no longer says reduced). A program that still fails after its fix hides a second error:
every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # mlp_*
    'mlp_grad_norm.py': [
        ('table = jax.lax.all_gather(gnorm, log_axis, to="reduced")',
         f'table = jax.lax.all_gather({PC}(gnorm, log_axis, to="varying"), log_axis, to="reduced")'),
    ],
    'mlp_probe_consistency.py': [
        ('return jax.lax.all_gather(h_cols, probe_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h_cols, "model", to="varying"), probe_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'mlp_resume_checksum.py': [
        ('return jax.lax.psum(jnp.sum(col_sums), self.kernel_axis)',
         f'return jax.lax.psum({PC}(jnp.sum(col_sums), self.kernel_axis, to="varying"), self.kernel_axis)'),
    ],
    'mlp_export_restored.py': [
        ('reduced={axis_names[0]} if sharded else set())',
         'reduced=set(sharded))'),
    ],
    'mlp_loss_allreduce.py': [
        ('loss_axes = tuple(mgr.metadata(start)["axis_names"])',
         'loss_axes = tuple(mgr.metadata(start)["axis_names"][:1])'),
    ],
    'mlp_ema_snapshot.py': [
        ('cols = jax.lax.all_gather(w1, kernel_axis, axis=1, tiled=True, to="reduced")',
         'cols = jax.lax.all_gather(w1, kernel_axis, axis=1, tiled=True, to="invarying")'),
        ('ema_cols = jax.lax.all_gather(ema_w1, kernel_axis, axis=1, tiled=True, to="reduced")',
         'ema_cols = jax.lax.all_gather(ema_w1, kernel_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={kernel_axis}))', 'out_specs=P(None, None))'),
    ],
    # lm_*
    'lm_vocab_counts.py': [
        ('table_axis = mgr.metadata(latest)["axis_names"][0]',
         'table_axis = mgr.metadata(latest)["axis_names"][1]'),
    ],
    'lm_logit_dump.py': [
        ('return jax.lax.all_gather(rows, self.dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(rows, self.vocab_axis, to="varying"), self.dump_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'lm_ring_verify.py': [
        ('passed = jax.lax.ppermute(whole, ring_axis, perm=ring_pairs(n))',
         f'passed = jax.lax.ppermute({PC}(whole, ring_axis, to="varying"), ring_axis, perm=ring_pairs(n))'),
    ],
    'lm_export_vocab.py': [
        ('SERVE_ROW_AXIS = "tensor"', 'SERVE_ROW_AXIS = "batch"'),
    ],
    'lm_token_loss.py': [
        ('total = jax.lax.psum(nll, reduce_axes)',
         f'total = jax.lax.psum({PC}(nll, "tensor", to="varying"), reduce_axes) / 2'),
    ],
    'lm_sample_resume.py': [
        ('full = jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={axis}))', 'out_specs=P("batch", None))'),
    ],
    # opt_*
    'opt_loss_table.py': [
        ('step_fn = make_step(mesh, mu_entries[0])', 'step_fn = make_step(mesh, meta["axis_names"][0])'),
    ],
    'opt_grad_audit.py': [
        ('return jax.lax.all_gather(c_rows, replica_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(c_rows, "fsdp", to="varying"), replica_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'opt_clip_resume.py': [
        ('full = jax.lax.all_gather(g, axis, tiled=True, to="reduced")',
         'full = g'),
    ],
    'opt_export_moments.py': [
        ('        exported = {k: export_leaf(v) for k, v in restored.items()}',
         '        with jax.set_mesh(mesh):\n'
         '            exported = {k: export_leaf(v) for k, v in restored.items()}'),
    ],
    'opt_zero_scatter.py': [
        ('g_sum = jax.lax.psum(g_full, self.reduce_axes)',
         f'g_sum = jax.lax.psum({PC}(g_full, "fsdp", to="varying"), self.reduce_axes)'),
    ],
    'opt_bias_correction.py': [
        ('mu_all = jax.lax.all_gather(mu, "fsdp", tiled=True, to="reduced")',
         'mu_all = jax.lax.all_gather(mu, "fsdp", tiled=True, to="invarying")'),
        ('nu_all = jax.lax.all_gather(nu, "fsdp", tiled=True, to="reduced")',
         'nu_all = jax.lax.all_gather(nu, "fsdp", tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={"fsdp"}))', 'out_specs=P(None))'),
    ],
    # pipe_*
    'pipe_bubble_table.py': [
        ('table_axis = mgr.metadata(start)["specs"][0][0]',
         'table_axis = mgr.metadata(start)["axis_names"][1]'),
    ],
    'pipe_activation_trace.py': [
        ('return jax.lax.all_gather(h_stage, self.trace_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(h_stage, "data", to="varying"), self.trace_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'pipe_resume_energy.py': [
        ('return jax.lax.psum(jnp.sum(h * h), axis)',
         f'return jax.lax.psum(jnp.sum({PC}(h, axis, to="varying") ** 2), axis)'),
    ],
    'pipe_export_stages.py': [
        ('merged.append(top_level_all_gather(leaf, merged_spec(entries)))',
         'merged.append(top_level_all_gather(leaf, merged_spec(entries), multi_dim=True))'),
    ],
    'pipe_stage_loss.py': [
        ('return step, mgr.restore(step, params, mesh), tuple(meta["axis_names"])',
         'return step, mgr.restore(step, params, mesh), ("data",)'),
    ],
    'pipe_microbatch_norm.py': [
        ('full = jax.lax.all_gather(out, self.batch_axis, axis=0, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(out, self.batch_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P("stage", None, reduced={self.batch_axis}))', 'out_specs=P("stage", None))'),
    ],
    # moe_*
    'moe_load_table.py': [
        ('load = jax.lax.psum(jnp.sum(mine, axis=0), ("expert", "data"))',
         'load = jax.lax.psum(jnp.sum(mine, axis=0), "data")'),
    ],
    'moe_dispatch_dump.py': [
        ('return jax.lax.all_gather(group, dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(group, "data", to="varying"), dump_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'moe_capacity_resume.py': [
        ('routed = jax.lax.all_to_all(slabs, axis, split_axis=0, concat_axis=0, tiled=True)',
         f'routed = jax.lax.all_to_all({PC}(slabs, axis, to="varying"), axis, split_axis=0, concat_axis=0, tiled=True)'),
    ],
    'moe_export_experts.py': [
        ('return meta["axis_names"][-1]', 'return meta["axis_names"][0]'),
    ],
    'moe_aux_loss.py': [
        ('return jax.lax.pmean(aux, scalar_axes)',
         f'return jax.lax.pmean({PC}(aux, "data", to="varying"), scalar_axes)'),
    ],
    'moe_router_mask.py': [
        ('all_logits = jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")',
         'all_logits = jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={axis}))', 'out_specs=P("data", None))'),
    ],
    # rl_*
    'rl_return_table.py': [
        ('table_axis = meta["specs"][meta["keys"].index("[\'w_value\']")][0]',
         'table_axis = meta["axis_names"][0]'),
    ],
    'rl_trajectory_dump.py': [
        ('return jax.lax.all_gather(rows, self.dump_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(rows, self.feature_axis, to="varying"), self.dump_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'rl_advantage_norm.py': [
        ('mean, sq = normalise(table, env_axis)', 'mean, sq = normalise(adv, env_axis)'),
    ],
    'rl_export_policy.py': [
        ('SERVE_AXIS = "model"', 'SERVE_AXIS = "env"'),
    ],
    'rl_value_loss.py': [
        ('return jax.lax.pmean(jnp.mean(err * err), self.avg_axes)',
         f'return jax.lax.pmean({PC}(jnp.mean(err * err), "model", to="varying"), self.avg_axes)'),
    ],
    'rl_gae_resume.py': [
        ('table = jax.lax.all_gather(rewards, env_axis, axis=0, tiled=True, to="reduced")',
         'table = jax.lax.all_gather(rewards, env_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={env_axis}))', 'out_specs=P(None, None))'),
    ],
    # cls_*
    'cls_seen_counts.py': [
        ('STATE_SPECS = {"w": P(None, "shard"), "seen": P()}',
         'STATE_SPECS = {"w": P(None, "shard"), "seen": P("replica")}'),
    ],
    'cls_embedding_probe.py': [
        ('return jax.lax.all_gather(per_row, probe_axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(per_row, class_axis, to="varying"), probe_axes, axis=0, tiled=True, to="reduced")'),
    ],
    'cls_metric_merge.py': [
        ('total = count_over(report, batch_axis)', 'total = count_over(correct, batch_axis)'),
    ],
    'cls_export_head.py': [
        ('out[name] = top_level_all_gather(leaf, unsharded(leaf.ndim, meta["axis_names"]))',
         'out[name] = top_level_all_gather(leaf, unsharded(leaf.ndim, meta["axis_names"][1:]))'),
    ],
    'cls_accuracy_resume.py': [
        ('return jax.lax.psum(hits, sum_axes) / n_total',
         f'return jax.lax.psum({PC}(hits, "shard", to="varying"), sum_axes) / n_total / 2'),
    ],
    'cls_calibration.py': [
        ('rows = jax.lax.all_gather(scores, class_axis, axis=1, tiled=True, to="reduced")',
         'rows = jax.lax.all_gather(scores, class_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, reduced={class_axis}))', 'out_specs=P("replica", None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
