"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout133/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the dims / axes the code
meant (the right config value, plan entry or layout), the right `reduced=` axes, `multi_dim=True`
or a context mesh for `top_level_all_gather`, and for most SF106 programs the producer's gather
changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # lin_*
    'lin_ridge_gram.py': [
        ('gather_reduced = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'gather_reduced = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'lin_contrib_dump.py': [
        ('    return gather_over(cfg["over"], 0)',
         f'    return compose(gather_over(cfg["over"], 0), lambda x: {PC}(x, cfg["row_axis"], to="varying"))'),
    ],
    'lin_residual_metrics.py': [
        ('        r = take(y - predict(x, w))\n        return stats(r), r',
         '        r = y - predict(x, w)\n        return stats(r), take(r)'),
    ],
    'lin_coef_export.py': [
        ('return P(*(None for _ in dims), reduced=Maybe(first_axis).map(lambda a: {a}).or_else(set()))',
         'return P(*(None for _ in dims), reduced=set(non_null(to_axes(dims))))'),
    ],
    'lin_sgd_loss.py': [
        ('loss_mean = pmean_over(all_axes(ROLES))', 'loss_mean = pmean_over(axis_of("batch"))'),
    ],
    'lin_pred_interval.py': [
        ('gather_rows = curry(lambda ax, x: jax.lax.all_gather(x, ax, tiled=True, to="reduced"))',
         'gather_rows = curry(lambda ax, x: jax.lax.all_gather(x, ax, tiled=True, to="invarying"))'),
        ('    whole = P(None, reduced={rows})', '    whole = P(None)'),
    ],
    # attn_*
    'attn_entropy_probe.py': [
        ('trace_gather = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))',
         f'trace_gather = curry(lambda ax, x: jax.lax.all_gather({PC}(x, ax, to="varying"), ax, to="reduced"))'),
    ],
    'attn_context_dump.py': [
        ('DUMP_PLAN = [("merge", "heads", 1), ("golden", AXES, 0)]',
         'DUMP_PLAN = [("merge", "heads", 1), ("golden", "batch", 0)]'),
    ],
    'attn_head_importance.py': [
        ('    return s / psum_over(HEAD_AXIS, jnp.sum(s, axis=1, keepdims=True))',
         '    return s / jnp.sum(s, axis=1, keepdims=True)'),
    ],
    'attn_kv_export.py': [
        ('    return P(*map(keep, decode_dims(layouts)), reduced=whole)',
         '    return P(*map(keep, cache_dims(layouts)), reduced=whole)'),
    ],
    'attn_aux_losses.py': [
        ('    return jnp.mean(jax.nn.relu(FLOOR * 8 - per_seq))',
         f'    return {PC}(jnp.mean(jax.nn.relu(FLOOR * 8 - per_seq)), "heads", to="varying")'),
    ],
    'attn_rollout.py': [
        ('collect_heads = curry(lambda ax, a: jax.lax.all_gather(a, ax, axis=1, tiled=True, to="reduced"))',
         'collect_heads = curry(lambda ax, a: jax.lax.all_gather(a, ax, axis=1, tiled=True, to="invarying"))'),
        ('in_specs=(qkv, qkv), out_specs=P(b, None, None, reduced={h}))',
         'in_specs=(qkv, qkv), out_specs=P(b, None, None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
