"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout49/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the collective or the tuple reduction), for `top_level_all_gather` a
`jax.reshard`, a context mesh or the missing `reduced=` axis, and for the SF106 programs the
producer's gather changed to `to='invarying'`. A program that still fails after its fix hides a
second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # MoE routing and capacity
    'moe_bias_balancing.py': [
        ('all_gather(load[None], self.cfg.token_axis,',
         f'all_gather({PC}(load[None], self.cfg.token_axis, to="varying"), self.cfg.token_axis,'),
    ],
    'moe_capacity_overflow.py': [
        ('all_gather(by_token_shard, self.axes,',
         f'all_gather({PC}(by_token_shard, self.axes[0], to="varying"), self.axes,'),
    ],
    'moe_router_entropy.py': [
        ('psum(table.sum(axis=0, keepdims=True), token_axis)',
         f'psum({PC}(table.sum(axis=0, keepdims=True), token_axis, to="varying"), token_axis)'),
    ],
    'moe_tlag_router_export.py': [
        ('return top_level_all_gather(router, RouterLayouts.serve)',
         'return jax.reshard(router, P(None, "data"))'),
    ],
    'moe_load_cv.py': [
        ('pmean(((load - mean) ** 2).mean(), LOG_AXES)',
         f'pmean({PC}(((load - mean) ** 2).mean(), "data", to="varying"), LOG_AXES)'),
    ],
    'moe_shared_expert_gate.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # expert-parallel dispatch
    'ep_dispatch_plan.py': [
        ('all_gather(global_send, cfg.dp_axis,',
         f'all_gather({PC}(global_send, cfg.dp_axis, to="varying"), cfg.dp_axis,'),
    ],
    'ep_hierarchical_a2a.py': [
        ('all_to_all(staged, self.outer,', f'all_to_all({PC}(staged, self.outer, to="varying"), self.outer,'),
    ],
    'ep_combine_weights.py': [
        ('''        back = jax.lax.all_gather(expert_out, EP_AXIS, axis=1, tiled=True, to="reduced")
        weights = self.gates(router_probs)
        return back * weights''',
         '''        back = jax.lax.all_gather(expert_out, EP_AXIS, axis=1, tiled=True, to="invarying")
        weights = self.gates(router_probs)
        return back * weights'''),
    ],
    'ep_token_counts.py': [
        ('pmean(within_node, axis_name', f'pmean({PC}(within_node, AXES["ep"], to="varying"), axis_name'),
    ],
    'ep_tlag_expert_weights.py': [
        ('DENSE_SPEC = P(None, "fsdp", None)', 'DENSE_SPEC = P(None, "fsdp", None, reduced={"ep"})'),
    ],
    'ep_slot_gather.py': [
        ('all_gather(per_dp, (self.dp, self.ep),',
         f'all_gather({PC}(per_dp, self.dp, to="varying"), (self.dp, self.ep),'),
    ],
    # pipeline schedules
    'pp_gpipe_loss.py': [
        ('all_gather(loss[None], stage_axis,', f'all_gather({PC}(loss[None], stage_axis, to="varying"), stage_axis,'),
    ],
    'pp_1f1b_send.py': [
        ('ppermute(h, self.axis,', f'ppermute({PC}(h, self.axis, to="varying"), self.axis,'),
    ],
    'pp_interleaved_stats.py': [
        ('src = stats[-1] if stats else norms',
         f'src = {PC}(stats[-1], stage_axis, to="varying") if stats else norms'),
    ],
    'pp_bubble_fraction.py': [
        ('return jax.lax.pmean(idle, axes)', f'return jax.lax.pmean({PC}(idle, axes[1], to="varying"), axes)'),
    ],
    'pp_tlag_stage_params.py': [
        ('''        total = stacked.sum()
    merged = merge_stages(stacked)''', '''        total = stacked.sum()
        merged = merge_stages(stacked)'''),
    ],
    'pp_microbatch_norm.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # ZeRO / FSDP optimizer state
    'zero_adafactor_factored.py': [
        ('all_gather(rows, self.cfg.shard_axis,',
         f'all_gather({PC}(rows, self.cfg.shard_axis, to="varying"), self.cfg.shard_axis,'),
    ],
    'zero_master_weights.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'zero_hsdp_grad_sync.py': [
        ('pmean(g, (self.replica_axis, self.shard_axis))',
         f'pmean({PC}(g, self.replica_axis, to="varying"), (self.replica_axis, self.shard_axis))'),
    ],
    'zero_param_prefetch.py': [
        ('psum_scatter(full, self.axis,', f'psum_scatter({PC}(full, self.axis, to="varying"), self.axis,'),
    ],
    'zero_tlag_optimizer_state.py': [
        ('    "nu": P(None, None),', '    "nu": P(None, None, reduced={"shard"}),'),
    ],
    'zero_bucket_gather.py': [
        ('all_gather(inner, axes[::-1],', f'all_gather({PC}(inner, axes[0], to="varying"), axes[::-1],'),
    ],
    # gradient accumulation and clipping
    'gacc_global_norm_clip.py': [
        ('psum(sq[name], NORM_AXES)',
         f'psum({PC}(sq[name], "model", to="varying") if name == "ln_scale" else sq[name], NORM_AXES)'),
    ],
    'gacc_scan_accumulate.py': [
        ('all_gather(col_norms, cfg.data_axis,', f'all_gather({PC}(col_norms, cfg.data_axis, to="varying"), cfg.data_axis,'),
    ],
    'gacc_agc_clip.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'gacc_loss_scale_overflow.py': [
        ('return jax.lax.pmax(bad, axis)', f'return jax.lax.pmax({PC}(bad, axis, to="varying"), axis)'),
    ],
    'gacc_tlag_accum_buffer.py': [
        ('return top_level_all_gather(self.buf, self.inspect_layout)',
         'return jax.reshard(self.buf, P("model", None))'),
    ],
    'gacc_norm_table.py': [
        ('all_gather(rows, tuple(cfg["table_axes"]),',
         f'all_gather({PC}(rows, cfg["row_axis"], to="varying"), tuple(cfg["table_axes"]),'),
    ],
    # activation checkpointing
    'remat_policy_registry.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    'remat_offload_names.py': [
        ('all_gather(denom, head_axis,', f'all_gather({PC}(denom, head_axis, to="varying"), head_axis,'),
    ],
    'remat_layer_loop.py': [
        ('ppermute(h, self.seq_axis,', f'ppermute({PC}(h, self.seq_axis, to="varying"), self.seq_axis,'),
    ],
    'remat_scan_layers.py': [
        ('pmean(aux.mean(), mesh_axes)', f'pmean({PC}(aux.mean(), tp_axis, to="varying"), mesh_axes)'),
    ],
    'remat_tlag_saved_acts.py': [
        ('full = top_level_all_gather(acts, REPORT_SPEC)', 'full = jax.reshard(acts, P("tensor", None))'),
    ],
    'remat_selective_attn.py': [
        ('all_gather(per_head, (seq_axis, head_axis),',
         f'all_gather({PC}(per_head, head_axis, to="varying"), (seq_axis, head_axis),'),
    ],
    # parallel strategies
    'strat_ddp_allreduce.py': [
        ('''        g = jax.lax.pmean(g, self.data)
        return jax.lax.pmean(g, (self.pod, self.data))''',
         f'''        g = jax.lax.pmean(g, self.data)
        return jax.lax.pmean({PC}(g, self.data, to="varying"), (self.pod, self.data))'''),
    ],
    'strat_fsdp_gather.py': [
        ('return self.gather(local, (self.inter, self.intra))',
         f'return self.gather({PC}(local, self.intra, to="varying"), (self.inter, self.intra))'),
    ],
    'strat_tp_rowparallel.py': [
        ('all_gather(x, self.axis, axis=1, tiled=True)',
         f'all_gather({PC}(x, self.axis, to="varying"), self.axis, axis=1, tiled=True)'),
    ],
    'strat_hsdp_stats.py': [
        ('all_gather(norms, self.cfg.plan.shard,',
         f'all_gather({PC}(norms, self.cfg.plan.shard, to="varying"), self.cfg.plan.shard,'),
    ],
    'strat_tlag_reshard.py': [
        ('return top_level_all_gather(w, LAYOUTS[dst])',
         'return jax.reshard(w, P(("pod", "data"), None))'),
    ],
    'strat_sp_layernorm.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
