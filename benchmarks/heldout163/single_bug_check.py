"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout163/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes the code meant,
the right out spec or `reduced=` axes for `top_level_all_gather` (or a context mesh in the
executor thread that runs it), and for SF106 programs the producer's gather changed to
`to='invarying'` (with an out spec that no longer says reduced). A program that still fails
after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # serve_*
    'serve_hit_log.py': [
        ('table = jax.lax.all_gather(seen, rep,', f'table = jax.lax.all_gather({PC}(seen, rep, to="varying"), rep,'),
    ],
    'serve_logit_dump.py': [
        ('return jax.lax.all_gather(v, axis,',
         f'return jax.lax.all_gather({PC}(v, "model", to="varying") if axis == MESH_AXES else v, axis,'),
    ],
    'serve_prefix_share.py': [
        ('return jax.lax.psum(shared, self.axis)', f'return jax.lax.psum({PC}(shared, self.axis, to="varying"), self.axis)'),
    ],
    'serve_weight_export.py': [
        ('    "w_out": P(None, None),', '    "w_out": P(None, None, reduced={"model"}),'),
    ],
    'serve_latency_total.py': [
        ('total = jax.lax.psum(cost, cfg.reduce_over)', 'total = jax.lax.psum(cost, "replica")'),
    ],
    'serve_logit_temp.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(rep, None, reduced={voc})))', 'out_specs=P(rep, None)))'),
    ],
    # train_*
    'train_grad_log.py': [
        ('return jax.lax.all_gather(sq, cfg.data_axis,',
         f'return jax.lax.all_gather({PC}(sq, cfg.data_axis, to="varying"), cfg.data_axis,'),
    ],
    'train_act_dump.py': [
        ('out = jax.lax.all_gather(out, group,',
         f'out = jax.lax.all_gather({PC}(out, "model", to="varying") if len(group) > 1 else out, group,'),
    ],
    'train_zero_ring.py': [
        ('return jax.lax.ppermute(self.full(w), self.axis, ring)',
         f'return jax.lax.ppermute({PC}(self.full(w), self.axis, to="varying"), self.axis, ring)'),
        ('in_specs=P(shard, mdl), out_specs=P(shard, mdl)))', 'in_specs=P(shard, mdl), out_specs=P(None, (shard, mdl))))'),
    ],
    'train_ckpt_export.py': [
        ('    return np.asarray(top_level_all_gather(w, CKPT_SPEC))',
         '    with jax.set_mesh(w.sharding.mesh):\n        return np.asarray(top_level_all_gather(w, CKPT_SPEC, multi_dim=True))'),
    ],
    'train_loss_mean.py': [
        ('return jax.lax.pmean(loss, (axes["data"], axes["model"]))', 'return jax.lax.pmean(loss, axes["data"])'),
    ],
    'train_grad_clip.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, mp, reduced={dp})))', 'out_specs=P(None, mp)))'),
    ],
    # eval_*
    'eval_count_log.py': [
        ('return jax.lax.all_gather(per_pod, self.reduce_axis,',
         f'return jax.lax.all_gather({PC}(per_pod, self.reduce_axis, to="varying"), self.reduce_axis,'),
    ],
    'eval_pred_dump.py': [
        ('probs = jax.lax.all_gather(probs, group,',
         f'probs = jax.lax.all_gather({PC}(probs, "pod", to="varying") if len(group) > 1 else probs, group,'),
    ],
    'eval_topk_peak.py': [
        ('return jax.lax.pmax(jnp.sum(sims, axis=1), index.axis)',
         f'return jax.lax.pmax({PC}(jnp.sum(sims, axis=1), index.axis, to="varying"), index.axis)'),
    ],
    'eval_table_export.py': [
        ('export=P(chip, None, reduced={pod})))', 'export=P(None, None, reduced={pod, chip})))'),
    ],
    'eval_acc_scatter.py': [
        ('metric = MetricSpec(within="chip", owners=tuple(mesh.axis_names))',
         'metric = MetricSpec(within="chip", owners=("pod",))'),
        ('out_specs=P(("pod", "chip"))))', 'out_specs=P("pod")))'),
    ],
    'eval_score_mean.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("pod", reduced={vocab_axis})))', 'out_specs=P("pod")))'),
    ],
    # rl_*
    'rl_return_log.py': [
        ('return jax.lax.all_gather(ret, topo.time_axis,',
         f'return jax.lax.all_gather({PC}(ret, topo.time_axis, to="varying"), topo.time_axis,'),
    ],
    'rl_traj_dump.py': [
        ('compose(gatherer(time, 1), gatherer((env, time), 0))',
         f'compose(gatherer(time, 1), lambda v: {PC}(v, time, to="varying"), gatherer((env, time), 0))'),
    ],
    'rl_adv_scatter.py': [
        ('return jax.lax.psum_scatter(full, self.baseline.axis,',
         f'return jax.lax.psum_scatter({PC}(full, self.baseline.axis, to="varying"), self.baseline.axis,'),
    ],
    'rl_policy_export.py': [
        ('return top_level_all_gather(sharded, publish_spec(self.mesh))',
         'return top_level_all_gather(sharded, publish_spec(self.mesh), multi_dim=True)'),
    ],
    'rl_reward_sum.py': [
        ('return jax.lax.psum(best, axis_name=total_axes)', 'return jax.lax.psum(best, axis_name="env")'),
    ],
    'rl_value_baseline.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P("env", None, reduced={head.time_axis})))', 'out_specs=P("env", None)))'),
    ],
    # ckpt_*
    'ckpt_norm_log.py': [
        ('return jax.lax.all_gather(sq, axis, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(sq, axis, to="varying"), axis, tiled=True, to="reduced")'),
    ],
    'ckpt_shard_dump.py': [
        ('out = jax.lax.all_gather(out, groups[1],', f'out = jax.lax.all_gather({PC}(out, groups[0], to="varying"), groups[1],'),
    ],
    'ckpt_restore_swap.py': [
        ('return jax.lax.all_to_all(self.whole(w), self.axis,',
         f'return jax.lax.all_to_all({PC}(self.whole(w), self.axis, to="varying"), self.axis,'),
    ],
    'ckpt_consolidate.py': [
        ('"proj": P(None, None, reduced={"fsdp"}),', '"proj": P(None, None, reduced={"fsdp", "tensor"}),'),
    ],
    'ckpt_checksum.py': [
        ('return jax.lax.pmean(per_row, policy.everything)', 'return jax.lax.pmean(per_row, policy.row_axis)'),
    ],
    'ckpt_restore_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(None, meta.tensor_axis, reduced={meta.shard_axis})))', 'out_specs=P(None, meta.tensor_axis)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
