"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout159/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the config entry the code
meant, a `pcast(..., to='varying')` before the collective where the literal meaning is kept,
the right out spec for `top_level_all_gather`, or the arithmetic moved before the reduced
gather. A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # dp_*
    'dp_loss_curve.py': [('curve_axis = "model"', 'curve_axis = "data"')],
    'dp_act_dump.py': [
        ('return jax.lax.all_gather(units, (rows, cols), axis=0, tiled=True, to=To.REDUCED)',
         f'return jax.lax.all_gather({PC}(units, cols, to=To.VARYING), (rows, cols), axis=0, tiled=True, to=To.REDUCED)'),
    ],
    'dp_logit_norm.py': [('view = "reduced"', 'view = "invarying"')],
    'dp_weight_export.py': [('return P(None, None, reduced={axes[0]})', 'return P(None, None, reduced={axes[1]})')],
    'dp_grad_sync.py': [('b2 = "all"', 'b2 = "data"')],
    'dp_pred_threshold.py': [
        ('''        every = gather_scores(s, d)
        return (every > d.threshold).astype(jnp.float32)''',
         '''        return gather_scores((s > d.threshold).astype(jnp.float32), d)'''),
    ],
    # moe_*
    'moe_load_log.py': [('report = "counts"', 'report = "shares"')],
    'moe_gate_dump.py': [
        ('table = jax.lax.all_gather(table, over, axis=dim, tiled=True, to=To.REDUCED)',
         f'table = jax.lax.all_gather(table if stage == self.stages[0] else {PC}(table, Axis.EXPERT, to=To.VARYING), over, axis=dim, tiled=True, to=To.REDUCED)'),
    ],
    'moe_dispatch.py': [('source = "normalised"', 'source = "local"')],
    'moe_expert_export.py': [
        ('return P(Axis.DATA, None, None, reduced={Axis.EXPERT})', 'return P(Axis.EXPERT, None, None)'),
    ],
    'moe_aux_loss.py': [('reduce = "mesh"', 'reduce = "replica"')],
    'moe_router_temp.py': [('gather = "reduced"', 'gather = "invarying"')],
    # fsdp_*
    'fsdp_norm_log.py': [('jnp.sum(leaf * leaf), spec[0])', 'jnp.sum(leaf * leaf), spec[1])')],
    'fsdp_param_dump.py': [
        ('snap = jax.lax.all_gather(full, (first, *rest),',
         f'snap = jax.lax.all_gather({PC}(full, Axis.FSDP, to=To.VARYING), (first, *rest),'),
    ],
    'fsdp_shadow_reshard.py': [
        ('return jax.lax.psum_scatter(full, Axis.FSDP,',
         f'return jax.lax.psum_scatter({PC}(full, Axis.FSDP, to=To.VARYING), Axis.FSDP,'),
    ],
    'fsdp_ckpt_export.py': [
        ('                return top_level_all_gather(w, CKPT_SPEC)',
         '                with jax.set_mesh(mesh_for(self.cfg.axes, self.cfg.shape)):\n'
         '                    return top_level_all_gather(w, CKPT_SPEC)'),
    ],
    'fsdp_zero_grads.py': [('stage = 2', 'stage = 1')],
    'fsdp_weight_decay.py': [('regather = "reduced"', 'regather = "varying"')],
    # seq_*
    'seq_attn_stats.py': [('log = "mass"', 'log = "score"')],
    'seq_kv_dump.py': [
        ('return out, jax.lax.all_gather(keys, over,',
         f'return out, jax.lax.all_gather({PC}(keys, Axis.SEQ, to=To.VARYING), over,'),
    ],
    'seq_ring_pass.py': [
        ('blk = key_block(h @ wk, source)', f'blk = {PC}(key_block(h @ wk, source), Axis.SEQ, to=To.VARYING)'),
    ],
    'seq_cache_export.py': [('layout = "host"', 'layout = "per_replica"')],
    'seq_loss_mean.py': [('average = ["data", "seq"]', 'average = ["data"]')],
    'seq_rope_scale.py': [('positions = "reduced"', 'positions = "invarying"')],
    # emb_*
    'emb_hot_rows.py': [('rows_along = "data"', 'rows_along = "model"')],
    'emb_partial_dump.py': [('steps = ["model", "mesh"]', 'steps = ["model", "data"]')],
    'emb_norm_clip.py': [('scope = "table"', 'scope = "row"')],
    'emb_table_export.py': [('return P(Axis.DATA, None, reduced={Axis.MODEL})', 'return P(Axis.MODEL, None)')],
    'emb_ctr_loss.py': [('batch_axes = ["data", "model"]', 'batch_axes = ["data"]')],
    'emb_score_bias.py': [
        ('''        every = jax.lax.all_gather(s, Axis.DATA, axis=0, tiled=True, to=collect)
        return every + bias[None, :]''',
         '''        return jax.lax.all_gather(s + bias[None, :], Axis.DATA, axis=0, tiled=True, to=collect)'''),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
