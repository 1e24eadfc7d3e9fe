"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout62/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the failing collective or tuple reduction (where one helper serves several leaves, the cast
names only the axes that leaf is reduced on, or is invariant on, read from `jax.typeof`), the
producer's gather changed to `to='invarying'` for the SF106 programs, and for
`top_level_all_gather` the layout table, rule or helper corrected, `multi_dim=True`, or a context
mesh. A program that still fails after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'cfg_cli_overrides.py': [
        ('return op(pooled, cfg["stats"]["axis"])',
         'return op(jax.lax.pcast(pooled, cfg["stats"]["axis"], to="varying"), cfg["stats"]["axis"])'),
    ],
    'cfg_field_reference.py': [
        ('jax.lax.all_gather(h, axes,',
         'jax.lax.all_gather(jax.lax.pcast(h, cfg.export.lead, to="varying"), axes,'),
    ],
    'cfg_frozen_layouts.py': [
        ('"export": {"dims": [["embed"], None], "reduced": ["batch"]},',
         '"export": {"dims": [["batch"], None], "reduced": ["embed"]},'),
    ],
    'cfg_gin_bindings.py': [
        ('all_gather(stat, axis_name,',
         'all_gather(jax.lax.pcast(stat, axis_name, to="varying"), axis_name,'),
    ],
    'cfg_lazy_scale.py': [
        ('to="reduced", tiled=True)',
         'to="invarying", tiled=True)'),
    ],
    'cfg_placeholder_update.py': [
        ('jax.lax.pmean(nll.mean(), cfg.metrics.axes)',
         'jax.lax.pmean(jax.lax.pcast(nll.mean(), cfg.model.vocab_axis, to="varying"), cfg.metrics.axes)'),
    ],
    'chain_apply_if_finite.py': [
        ('all_gather(bad, axis_names[0],',
         'all_gather(jax.lax.pcast(bad, axis_names[0], to="varying"), axis_names[0],'),
    ],
    'chain_ema_debias.py': [
        ('axis=0, to="reduced", tiled=True)',
         'axis=0, to="invarying", tiled=True)'),
    ],
    'chain_global_norm_clip.py': [
        ('jax.lax.psum(sum(jax.tree.leaves(per_leaf)), axes)',
         'jax.lax.psum(jax.lax.pcast(sum(jax.tree.leaves(per_leaf)), "shard", to="varying"), axes)'),
    ],
    'chain_multi_transform.py': [
        ('jax.lax.all_gather(x, axes,',
         'jax.lax.all_gather(jax.lax.pcast(x, tuple(jax.typeof(x).mat.reduced), to="varying") if jax.typeof(x).mat.reduced else x, axes,'),
    ],
    'chain_state_checkpoint.py': [
        ('    return ckpt.save(1, state)\n',
         '    with jax.set_mesh(mesh):\n        return ckpt.save(1, state)\n'),
    ],
    'chain_trust_ratio.py': [
        ('jax.lax.psum(jnp.sum(sq), axis_name)',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(sq), axis_name, to="varying"), axis_name)'),
    ],
    'ckm_best_metric.py': [
        ('all_gather(metric, self.options.sync_axis,',
         'all_gather(jax.lax.pcast(metric, self.options.sync_axis, to="varying"), self.options.sync_axis,'),
    ],
    'ckm_composite_handlers.py': [
        ('all_gather(saved, self.finalize_axes,',
         'all_gather(jax.lax.pcast(saved, "device", to="varying"), self.finalize_axes,'),
    ],
    'ckm_index_scatter.py': [
        ('jax.lax.psum_scatter(totals, axes,',
         'jax.lax.psum_scatter(jax.lax.pcast(totals, DEVICE, to="varying"), axes,'),
    ],
    'ckm_quantized_save.py': [
        ('axis=1, to="reduced", tiled=True)',
         'axis=1, to="invarying", tiled=True)'),
    ],
    'ckm_replica_rotation.py': [
        ('jax.lax.ppermute(leaf, self.host_axis,',
         'jax.lax.ppermute(jax.lax.pcast(leaf, self.host_axis, to="varying"), self.host_axis,'),
    ],
    'ckm_restore_mesh_option.py': [
        ('return Restorer(mesh).restore(saved, args)',
         'return Restorer(mesh, RestoreOptions(enter_mesh_context=True)).restore(saved, args)'),
    ],
    'mod_batchnorm_stats.py': [
        ('all_gather(stat, self.axis_name,',
         'all_gather(jax.lax.pcast(stat, self.axis_name, to="varying"), self.axis_name,'),
    ],
    'mod_dropout_scale.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
    ],
    'mod_intermediates_sow.py': [
        ('reduce_fn(value, axis)',
         'reduce_fn(jax.lax.pcast(value, axis, to="varying"), axis)'),
    ],
    'mod_layernorm_tp.py': [
        ('jax.lax.pmean(mean.mean(), self.reduce_axes)',
         'jax.lax.pmean(jax.lax.pcast(mean.mean(), self.feature_axis, to="varying"), self.reduce_axes)'),
    ],
    'mod_param_export.py': [
        ('SERVE_RULES = {"embed": "model", "mlp": None}',
         'SERVE_RULES = {"embed": None, "mlp": "model"}'),
    ],
    'mod_sequential_gather.py': [
        ('return jax.lax.all_gather(x, self.axes,',
         'return jax.lax.all_gather(jax.lax.pcast(x, "data", to="varying") if self.dim == 1 else x, self.axes,'),
    ],
    'par_gather_to.py': [
        ('return {a for a in spec if isinstance(a, str)}',
         'return {b for a in spec if a is not None for b in ((a,) if isinstance(a, str) else a)}'),
    ],
    'par_gathered_mean.py': [
        ('axis=dim, to="reduced", tiled=True)',
         'axis=dim, to="invarying", tiled=True)'),
    ],
    'par_logical_gather.py': [
        ('return logical_gather(h, ("batch", "embed"), dim=1)',
         'return logical_gather(jax.lax.pcast(h, "dp", to="varying"), ("batch", "embed"), dim=1)'),
    ],
    'par_ring_matmul.py': [
        ('    acc = jnp.zeros_like(block)\n',
         '    block = jax.lax.pcast(block, axis_name, to="varying")\n    acc = jnp.zeros_like(block)\n'),
    ],
    'par_sharded_decorator.py': [
        ('return replicate(all_reduce_mean(local, "dp"), "dp")',
         'return replicate(jax.lax.pcast(all_reduce_mean(local, "dp"), "dp", to="varying"), "dp")'),
    ],
    'par_tree_allreduce.py': [
        ('lambda leaf: op(leaf, axis_name)',
         'lambda leaf: op(jax.lax.pcast(leaf, tuple(set(axis_name) - jax.typeof(leaf).mat.varying), to="varying") if set(axis_name) - jax.typeof(leaf).mat.varying else leaf, axis_name)'),
    ],
    'reg_init_export.py': [
        ('top_level_all_gather(placed[name], host_spec(spec))',
         'top_level_all_gather(placed[name], host_spec(spec), multi_dim=True)'),
    ],
    'reg_layernorm_defaults.py': [
        ('axis=1, to="reduced", tiled=True)',
         'axis=1, to="invarying", tiled=True)'),
    ],
    'reg_op_pipeline.py': [
        ('return jax.lax.all_gather(x, axes,',
         'return jax.lax.all_gather(jax.lax.pcast(x, "fsdp", to="varying") if dim == 1 else x, axes,'),
    ],
    'reg_reducer_lookup.py': [
        ('self.reduce(tokens, self.reduce_axis)',
         'self.reduce(jax.lax.pcast(tokens, self.reduce_axis, to="varying"), self.reduce_axis)'),
    ],
    'reg_rmsnorm_build.py': [
        ('jax.lax.all_gather(ms, self.axis,',
         'jax.lax.all_gather(jax.lax.pcast(ms, self.axis, to="varying"), self.axis,'),
    ],
    'reg_vocab_xent.py': [
        ('jax.lax.pmean(jnp.mean(per_token), fn.log_axes)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(per_token), fn.vocab_axis, to="varying"), fn.log_axes)'),
    ],
    'tree_axpy.py': [
        ('axis=0, to="reduced", tiled=True)',
         'axis=0, to="invarying", tiled=True)'),
    ],
    'tree_flat_norms.py': [
        ('jax.lax.all_gather(n, axis, to="reduced")',
         'jax.lax.all_gather(jax.lax.pcast(n, axis, to="varying"), axis, to="reduced")'),
    ],
    'tree_partitioned_box.py': [
        ('jax.lax.psum(jnp.sum(b.value, axis=0), b.names[0])',
         'jax.lax.psum(jax.lax.pcast(jnp.sum(b.value, axis=0), b.names[0], to="varying"), b.names[0])'),
    ],
    'tree_path_gather.py': [
        ('return jax.lax.all_gather(x, axes, axis=1,',
         'return jax.lax.all_gather(jax.lax.pcast(x, "rows", to="varying") if isinstance(axes, tuple) else x, axes, axis=1,'),
    ],
    'tree_reduce_sum.py': [
        ('jax.lax.psum(tree_sum(tree), axes)',
         'jax.lax.psum(jax.lax.pcast(tree_sum(tree), "cols", to="varying"), axes)'),
    ],
    'tree_regex_export.py': [
        ('(r"(^|/)scale$", P("rows", None)),',
         '(r"(^|/)scale$", P("rows", None, reduced={"cols"})),'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
