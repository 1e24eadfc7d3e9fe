"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout86/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a helper or a comprehension an
earlier use runs legally), a context mesh, the missing `reduced=` axis or a prefix spec for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # router_*
    'router_topk_load.py': [
        ('jax.lax.all_gather(load,',
         f'jax.lax.all_gather({PC}(load, self.cfg.batch_axis, to="varying"),'),
    ],
    'router_expert_choice_gather.py': [
        ('batch = collect(group,',
         f'batch = collect({PC}(group, self.cfg.axes.expert, to="varying"),'),
    ],
    'router_hash_rebalance.py': [
        ('return self.sync(counts)',
         f'return self.sync({PC}(counts, self.cfg.expert_axis, to="varying"))'),
    ],
    'router_logits_dump.py': [
        ('"expert_choice": P(TOKEN_AXES[1], None, reduced={"data"}),',
         '"expert_choice": P(TOKEN_AXES[0], None, reduced={"expert"}),'),
    ],
    'router_zloss_sync.py': [
        ('loss = self.per_group(tokens @ w_router)',
         f'loss = {PC}(self.per_group(tokens @ w_router), self.cfg.expert_axis, to="varying")'),
    ],
    'router_temperature.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
    ],
    # moe_*
    'moe_capacity_overflow.py': [
        ('return report(overflow(ids, cfg), cfg.axes.report)',
         f'return report({PC}(overflow(ids, cfg), cfg.axes.expert, to="varying"), cfg.axes.report)'),
    ],
    'moe_dispatch_mask.py': [
        ('everything = gather_group(group,',
         f'everything = gather_group({PC}(group, self.cfg.group_axes, to="varying"),'),
    ],
    'moe_all_to_all_dispatch.py': [
        ('return exchange(buf, cfg)',
         f'return exchange({PC}(buf, cfg.expert_axis, to="varying"), cfg)'),
    ],
    'moe_capacity_table.py': [
        ('serve: P = P("expert", None)', 'serve: P = P("expert", None, reduced={"data"})'),
    ],
    'moe_fraction_normaliser.py': [
        ('total = jax.lax.psum(counts,',
         f'total = jax.lax.psum({PC}(counts, self.cfg.expert_axis, to="varying"),'),
    ],
    'moe_combine_floor.py': [
        ('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
    ],
    # layer_*
    'layer_expert_ffn_summary.py': [
        ('return h, add_summary(norm,',
         f'return h, add_summary({PC}(norm, mdl, to="varying"),'),
    ],
    'layer_router_logits.py': [
        ('return self.gather_logits(per_group,',
         f'return self.gather_logits({PC}(per_group, self.mesh_axis_names[-1], to="varying"),'),
    ],
    'layer_moe_residual.py': [
        ('return self.reduce_fn(scale, mdl)',
         f'return self.reduce_fn({PC}(scale, mdl, to="varying"), mdl)'),
    ],
    'layer_export_weights.py': [
        ('    served = export_for_serving(layer, w)',
         '    with jax.set_mesh(mesh):\n        served = export_for_serving(layer, w)'),
    ],
    'layer_aux_loss.py': [
        ('aux = self.load_balance(x @ w)',
         f'aux = {PC}(self.load_balance(x @ w), self.mesh_axis_names[-1], to="varying")'),
    ],
    'layer_gating_activation.py': [
        ('axis=1, tiled=True, to="reduced")', 'axis=1, tiled=True, to="invarying")'),
    ],
    # train_*
    'train_metric_gather.py': [
        ('"load_balance": balance}',
         f'"load_balance": {PC}(balance, DATA, to="varying")}}'),
    ],
    'train_expert_grad_norm.py': [
        ('grads = global_view(expert_view(grads, cfg), cfg)',
         f'grads = global_view(jax.tree.map(lambda g: {PC}(g, cfg.expert_axis, to="varying"), '
         'expert_view(grads, cfg)), cfg)'),
    ],
    'train_aux_book.py': [
        ('return jax.lax.psum(total, self.axis)',
         f'return jax.lax.psum({PC}(total, self.axis, to="varying"), self.axis)'),
    ],
    'train_checkpoint_gather.py': [
        ('"w_out": P("data", None, None, reduced={"expert"}),',
         '"w_out": P("expert", None, None, reduced={"data"}),'),
    ],
    'train_aux_total.py': [
        ('"balance": aux_fn(logits)}',
         f'"balance": {PC}(aux_fn(logits), cfg.replica_axes[-1], to="varying")}}'),
    ],
    'train_router_prob_metric.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
