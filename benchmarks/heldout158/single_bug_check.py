"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout158/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes or the value the
code meant, the right out spec or `reduced=` axes for `top_level_all_gather`, and for SF106
programs the producer's gather changed to `to='invarying'` (with an out spec that no longer
says reduced). A program that still fails after its fix hides a second error: every fixed copy
must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # switch_*
    'switch_load_log.py': [
        ('return jax.lax.all_gather(total, self.axis,', 'return jax.lax.all_gather(counts, self.axis,'),
    ],
    'switch_gate_dump.py': [
        ('return jax.lax.all_gather(gates, self.all_axes,',
         f'return jax.lax.all_gather({PC}(gates, self.group_axis, to="varying"), self.all_axes,'),
    ],
    'switch_expert_norm.py': [
        ('return jax.lax.psum(sq, self.axis)', f'return jax.lax.psum({PC}(sq, self.axis, to="varying"), self.axis)'),
    ],
    'switch_expert_export.py': [
        ('"w2": P(None, None, None)}', '"w2": P(None, None, None, reduced={CFG.expert_axis})}'),
    ],
    'switch_aux_loss.py': [
        ('"mean": (CFG.data_axis, CFG.expert_axis)}', '"mean": CFG.expert_axis}'),
    ],
    'switch_router_temp.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # gshard_*
    'gshard_capacity_log.py': [
        ('return jax.lax.all_gather(kept, cfg.expert_axis,',
         f'return jax.lax.all_gather({PC}(kept, cfg.expert_axis, to="varying"), cfg.expert_axis,'),
    ],
    'gshard_dispatch_dump.py': [
        ('return jax.lax.all_gather(both, every_axis,',
         f'return jax.lax.all_gather({PC}(both, CFG.data_axis, to="varying"), every_axis,'),
    ],
    'gshard_zero_reshard.py': [
        ('return jax.lax.all_to_all(full, self.axis,',
         f'return jax.lax.all_to_all({PC}(full, self.axis, to="varying"), self.axis,'),
    ],
    'gshard_serve_export.py': [
        ('P(CFG.data_axis, None, None, reduced={CFG.expert_axis}))\n    w2',
         'P(None, None, None, reduced={CFG.expert_axis, CFG.data_axis}))\n    w2'),
        ('P(CFG.data_axis, None, None, reduced={CFG.expert_axis}))\n\n',
         'P(None, None, None, reduced={CFG.expert_axis, CFG.data_axis}))\n\n'),
    ],
    'gshard_router_grad.py': [
        ('return jax.lax.psum_scatter(g, opt_axes,',
         f'return jax.lax.psum_scatter({PC}(g, CFG.data_axis, to="varying"), opt_axes,'),
    ],
    'gshard_gate_norm.py': [
        ('to="reduced")\n\n\ndef normalise', 'to="invarying")\n\n\ndef normalise'),
        ('out_specs=P(CFG.expert_axis, None, reduced={CFG.data_axis})))', 'out_specs=P(CFG.expert_axis, None)))'),
    ],
    # dsmoe_*
    'dsmoe_tp_collect.py': [
        ('return jax.lax.all_gather(y, TP,', f'return jax.lax.all_gather({PC}(y, TP, to="varying"), TP,'),
    ],
    'dsmoe_hidden_dump.py': [
        ('return gather_units(units, tuple(DUMP_AXES), 0)',
         f'return gather_units({PC}(units, TP, to="varying"), tuple(DUMP_AXES), 0)'),
    ],
    'dsmoe_shared_ring.py': [
        ('return jax.lax.ppermute(self.weight, self.axis, perm)',
         f'return jax.lax.ppermute({PC}(self.weight, self.axis, to="varying"), self.axis, perm)'),
    ],
    'dsmoe_ckpt_export.py': [
        ('        w1 = jax.jit(scale_step)(w1, 0.01)\n    return w1',
         '        w1 = jax.jit(scale_step)(w1, 0.01)\n        return consolidate(w1)'),
        ('full = consolidate(w1)', 'full = w1'),
    ],
    'dsmoe_bias_grad.py': [
        ('"expert_dp": (CFG.data_axis, TP)}', '"expert_dp": (CFG.data_axis,)}'),
    ],
    'dsmoe_gelu_units.py': [
        ('ACT = {"fn": jax.nn.gelu, "gather_to": "reduced"}', 'ACT = {"fn": jax.nn.gelu, "gather_to": "invarying"}'),
        ('out_specs=P(CFG.expert_axis, CFG.data_axis, None, reduced={TP})))', 'out_specs=P(CFG.expert_axis, CFG.data_axis, None)))'),
    ],
    # ec_*
    'ec_score_log.py': [
        ('return jax.lax.all_gather(per_expert, cfg.data_axis,',
         f'return jax.lax.all_gather({PC}(per_expert, cfg.data_axis, to="varying"), cfg.data_axis,'),
    ],
    'ec_choice_dump.py': [
        ('return pool(per_group, "all")', f'return pool({PC}(per_group, CFG.expert_axis, to="varying"), "all")'),
    ],
    'ec_threshold.py': [
        ('return jax.lax.pmax(jnp.sum(self.pooled(), axis=0), self.axis)',
         f'return jax.lax.pmax({PC}(jnp.sum(self.pooled(), axis=0), self.axis, to="varying"), self.axis)'),
    ],
    'ec_router_export.py': [
        ('return top_level_all_gather(wr, serving_spec(wr.ndim))',
         'return top_level_all_gather(wr, serving_spec(wr.ndim), multi_dim=True)'),
    ],
    'ec_count_sync.py': [
        ('    counts = jax.lax.psum(counts, CFG.expert_axis)\n', ''),
    ],
    'ec_token_softmax.py': [
        ('POOL = {"axis": CFG.data_axis, "as": "reduced"}', 'POOL = {"axis": CFG.data_axis, "as": "invarying"}'),
        ('out_specs=P(CFG.expert_axis, None, reduced={CFG.data_axis})))', 'out_specs=P(CFG.expert_axis, None)))'),
    ],
    # hash_*
    'hash_bucket_log.py': [
        ('return jax.lax.all_gather(sizes, axis,', f'return jax.lax.all_gather({PC}(sizes, axis, to="varying"), axis,'),
    ],
    'hash_route_dump.py': [
        ('DUMP_STAGES = [(CFG.expert_axis,), AXES]', 'DUMP_STAGES = [(CFG.expert_axis,), (CFG.data_axis,)]'),
    ],
    'hash_pod_scatter.py': [
        ('return jax.lax.psum_scatter(shared, self.axis,', f'return jax.lax.psum_scatter({PC}(shared, self.axis, to="varying"), self.axis,'),
    ],
    'hash_table_export.py': [
        ('"export": P(None, None, reduced={CFG.data_axis})}', '"export": P(None, None, reduced={CFG.expert_axis})}'),
    ],
    'hash_loss_mean.py': [
        ('fn = jax.jit(jax.shard_map(make_loss(mesh.axis_names),', 'fn = jax.jit(jax.shard_map(make_loss(CFG.expert_axis),'),
    ],
    'hash_scale_out.py': [
        ('return jax.lax.all_gather(y, CFG.expert_axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(y, CFG.expert_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(CFG.data_axis, None, reduced={CFG.expert_axis})))', 'out_specs=P(CFG.data_axis, None)))'),
    ],
    # upcycle_*
    'upcycle_noise_log.py': [
        ('    local["sq"] = jax.lax.psum(local["sq"], CFG.data_axis)\n', ''),
    ],
    'upcycle_copy_dump.py': [
        ('return jax.lax.all_gather(rows, AXES,', f'return jax.lax.all_gather({PC}(rows, CFG.expert_axis, to="varying"), AXES,'),
    ],
    'upcycle_init_check.py': [
        ('lo = jax.lax.pmin(checksum, CFG.data_axis)', f'lo = jax.lax.pmin({PC}(checksum, CFG.data_axis, to="varying"), CFG.data_axis)'),
    ],
    'upcycle_export.py': [
        ('    host = export(experts)\n', '    with jax.set_mesh(mesh):\n        host = export(experts)\n'),
    ],
    'upcycle_drift.py': [
        ('DRIFT = {"per_expert": CFG.data_axis, "total": AXES}', 'DRIFT = {"per_expert": CFG.data_axis, "total": CFG.expert_axis}'),
    ],
    'upcycle_residual.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(CFG.expert_axis, None, reduced={CFG.data_axis})))', 'out_specs=P(CFG.expert_axis, None)))'),
    ],
    # serve_*
    'serve_load_log.py': [
        ('return jax.lax.all_gather(self.hits(first), self.axis,',
         f'return jax.lax.all_gather({PC}(self.hits(first), self.axis, to="varying"), self.axis,'),
    ],
    'serve_logit_dump.py': [
        ('return jax.lax.all_gather(logits, names,', f'return jax.lax.all_gather({PC}(logits, CFG.data_axis, to="varying"), names,'),
    ],
    'serve_prefix_share.py': [
        ('return jax.lax.all_gather(prefix, SHARE["fan_out"],',
         f'return jax.lax.all_gather({PC}(prefix, SHARE["fan_out"], to="varying"), SHARE["fan_out"],'),
    ],
    'serve_weight_load.py': [
        ('return top_level_all_gather(w1, LAYOUTS["serve"])', 'return jax.reshard(w1, P(CFG.expert_axis, None, None))'),
    ],
    'serve_latency_sum.py': [
        ('return jax.lax.psum(worst, axis_name=AXES)', 'return jax.lax.psum(worst, axis_name=CFG.data_axis)'),
    ],
    'serve_logit_bias.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('out_specs=P(CFG.expert_axis, None, reduced={CFG.data_axis})))', 'out_specs=P(CFG.expert_axis, None)))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
