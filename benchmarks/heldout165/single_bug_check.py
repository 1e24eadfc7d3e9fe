"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout165/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning (and the test's expected values) is
kept, otherwise the test parameter (axes, stages) the author meant; the right out spec,
`reduced=` axes, `multi_dim=True` or context mesh for `top_level_all_gather`; for SF106
programs the producer's gather changed to `to='invarying'` (with an out spec that no longer
says reduced). A program that still fails after its fix hides a second error: every fixed copy
must run. Where a test also runs the varying layout through the same line first, the cast is
written `pcast(...) if axis in jax.typeof(x).mat.reduced else x` (a cast of a varying value to
varying is rejected).
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"


def cast_reduced(var, axis):
    # the tests also run the varying layout first, where a cast to varying is rejected
    return f'({PC}({var}, {axis}, to="varying") if {axis} in jax.typeof({var}).mat.reduced else {var})'


FIXES = {
    # ring_* (collective_ops, mesh ("x", "y") 2x4)
    'ring_reduce_gather_test.py': [
        ('    return gather_rows(r, axis, to)', f'    return gather_rows({PC}(r, axis, to="varying"), axis, to)'),
    ],
    'ring_gather_tree_test.py': [
        ('stages=["y", ("x", "y")]),', 'stages=["y", "x"]),'),
    ],
    'ring_gather_norm_test.py': [
        ('    return jax.lax.psum(sq, axis)', f'    return jax.lax.psum({cast_reduced("sq", "axis")}, axis)'),
        ('out = P("x", None) if mode == "copy" else P("x", None, reduced={axis})', 'out = P("x", None)'),
    ],
    'ring_unshard_test.py': [
        ('("cols", P(None, "y"), P(None, None)),', '("cols", P(None, "y"), P(None, None, reduced={"y"})),'),
    ],
    'ring_global_sum_test.py': [
        ('inner="y", outer=("x", "y")),', 'inner="y", outer=("x",)),'),
    ],
    'ring_scaled_gather_test.py': [
        ('@product(axis=["x", "y"], to=["reduced"])', '@product(axis=["x", "y"], to=["invarying"])'),
        ('out_specs=P(None, other, reduced={axis})))', 'out_specs=P(None, other)))'),
    ],
    # fsdp_* (mesh ("fsdp", "tensor") 4x2)
    'fsdp_grad_log_test.py': [
        ('return jax.lax.all_gather(g, self.dp_axis,', f'return jax.lax.all_gather({PC}(g, self.dp_axis, to="varying"), self.dp_axis,'),
    ],
    'fsdp_param_gather_test.py': [
        ('"fsdp_then_all": [("fsdp",), ("fsdp", "tensor")],', '"fsdp_then_all": [("tensor",), ("fsdp",)],'),
    ],
    'fsdp_ring_shift_test.py': [
        ('return jax.lax.ppermute(full, self.axis, self.perm)',
         f'return jax.lax.ppermute({cast_reduced("full", "self.axis")}, self.axis, self.perm)'),
    ],
    'fsdp_export_test.py': [
        ('"embed": P("tensor", None, reduced={"fsdp"}),', '"embed": P(None, None, reduced={"fsdp", "tensor"}),'),
    ],
    'fsdp_loss_mean_test.py': [
        ('return jax.lax.pmean(jnp.mean(nll), batch_axes)',
         'return jax.lax.pmean(jnp.mean(nll), tuple(a for a in batch_axes if a != tp_axis))'),
    ],
    'fsdp_bias_act_test.py': [
        ('FsdpDense("fsdp", activation)', 'FsdpDense("fsdp", activation, gather_to="invarying")'),
        ('out_specs=P(None, "tensor", reduced={"fsdp"})))', 'out_specs=P(None, "tensor")))'),
    ],
    # embed_* (vocab_parallel, mesh ("batch", "vocab") 2x4)
    'embed_count_log_test.py': [
        ('return jax.lax.all_gather(counts[None], self.batch_axis,',
         f'return jax.lax.all_gather({PC}(counts[None], self.batch_axis, to="varying"), self.batch_axis,'),
    ],
    'embed_shard_dump_test.py': [
        ('"vocab_first": dict(first="vocab", rest=("batch", "vocab")),', '"vocab_first": dict(first="vocab", rest=("batch",)),'),
    ],
    'embed_grad_scatter_test.py': [
        ('return jax.lax.psum_scatter(g, self.axis,', f'return jax.lax.psum_scatter({cast_reduced("g", "self.axis")}, self.axis,'),
    ],
    'embed_checkpoint_test.py': [
        ('        full = consolidate(updated)\n', '        with jax.set_mesh(self.mesh):\n            full = consolidate(updated)\n'),
    ],
    'embed_scatter_mixed_test.py': [
        ('grad_axes=("batch", "vocab"),\n             out=P(("batch", "vocab"), None)),',
         'grad_axes=("batch",),\n             out=P("batch", None)),'),
    ],
    'embed_lookup_softmax_test.py': [
        ('layout=["reduced"])', 'layout=["invarying"])'),
        ('out_specs=P("batch", None, reduced={"vocab"})))', 'out_specs=P("batch", None)))'),
    ],
    # seqpar_* (mesh ("seq", "head") 4x2)
    'seqpar_max_log_test.py': [
        ('return jax.lax.all_gather(m, seq_axis,', f'return jax.lax.all_gather({PC}(m, seq_axis, to="varying"), seq_axis,'),
    ],
    'seqpar_kv_dump_test.py': [
        ('("mesh", ("head", "seq")),', '("mesh", ("head",)),'),
    ],
    'seqpar_ulysses_test.py': [
        ('return jax.lax.all_to_all(x, cfg.seq_axis,', f'return jax.lax.all_to_all({cast_reduced("x", "cfg.seq_axis")}, cfg.seq_axis,'),
    ],
    'seqpar_cache_export_test.py': [
        ('return top_level_all_gather(cache, replicated_like(spec))',
         'return top_level_all_gather(cache, replicated_like(spec), multi_dim=True)'),
    ],
    'seqpar_partition_mean_test.py': [
        ('("over_mesh", ("seq", "head")),', '("over_mesh", ("seq",)),'),
    ],
    'seqpar_key_bias_test.py': [
        ('KEY_LAYOUT = {"train": "reduced", "eval": "varying"}', 'KEY_LAYOUT = {"train": "invarying", "eval": "varying"}'),
        ('else P(None, "head", reduced={"seq"})', 'else P(None, "head")'),
    ],
    # bnorm_* (sync_batchnorm, mesh ("replica", "data", "model") 2x2x2)
    'bnorm_stats_log_test.py': [
        ('lambda s: jax.lax.all_gather(s[None], axis,', f'lambda s: jax.lax.all_gather({PC}(s[None], axis, to="varying"), axis,'),
    ],
    'bnorm_stat_dump_test.py': [
        ('dump_axes=("replica", "model")),', 'dump_axes=("replica",)),'),
    ],
    'bnorm_running_mean_test.py': [
        ('m = jax.lax.pmean(self.batch_mean(x), self.axis)',
         'b = self.batch_mean(x)\n'
         f'        m = jax.lax.pmean({cast_reduced("b", "self.axis")}, self.axis)'),
    ],
    'bnorm_ckpt_test.py': [
        ('reduced={REPLICA_AXIS if name == "offset" else FEATURE_AXIS})', 'reduced={FEATURE_AXIS})'),
    ],
    'bnorm_group_sync_test.py': [
        ('    return jax.lax.psum(x, SYNC_GROUPS[group])\n',
         '    done = tuple(a for a in SYNC_GROUPS[group] if a not in jax.typeof(x).mat.varying)\n'
         f'    x = {PC}(x, done, to="varying") if done else x\n'
         '    return jax.lax.psum(x, SYNC_GROUPS[group])\n'),
    ],
    'bnorm_normalize_test.py': [
        ('@product(layout=["reduced"], eps=[1e-5, 1e-3])', '@product(layout=["invarying"], eps=[1e-5, 1e-3])'),
        ('out_specs=P("data", None, reduced={"model"})))', 'out_specs=P("data", None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
