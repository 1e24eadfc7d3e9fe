"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout105/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the failing gather, collective or tuple reduction (SF101, SF102, SF105, most of SF103);
for three SF103 programs the producer's gather changed to `to='invarying'` (a `pcast` in the
`while_loop` carry, the `switch` branch or under `value_and_grad` gives a second error: carry or
branch types differ, the cotangent comes back unreduced), for two the construct's input (the
axis the author meant); for SF104 a spec that is a prefix and names the gathered axes in
`reduced=`, or `multi_dim=True`; for SF106 the producer's gather changed to `to='invarying'` and
the out spec without `reduced=`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"


def cast_before(call, var, axis):
    """`call(var, ...` -> `call(pcast(var, axis, to="varying"), ...`."""
    return (f"{call}({var},", f'{call}({PC}({var}, "{axis}", to="varying"),')


SF106_FIX = [('to="reduced")', 'to="invarying")'),
             ('out_specs=P(None, "model", reduced={"data"})', 'out_specs=P(None, "model")')]

FIXES = {
    # SF101: the value psum'd over "model" is cast back to varying before the reduced gather
    "argmin_mesh_shape.py": [cast_before("jax.lax.all_gather", "partial", "model")],
    "cond_branches_psum.py": [cast_before("jax.lax.all_gather", "reduced", "model")],
    "flatten_with_path_key.py": [cast_before("jax.lax.all_gather", "stats", "model")],
    "fori_loop_carry_psum.py": [cast_before("jax.lax.all_gather", "total", "model")],
    "named_scope_debug_print.py": [cast_before("jax.lax.all_gather", "sq", "model")],
    "string_array_mask.py": [cast_before("jax.lax.all_gather", "h", "model")],
    "tree_map_stats_gather.py": [cast_before("jax.lax.all_gather", "s", "model")],
    "typeof_spec_axis.py": [cast_before("jax.lax.all_gather", "norm", "model")],
    "unique_counts_axis.py": [cast_before("jax.lax.all_gather", "s", "model")],
    "vmap_row_psum.py": [cast_before("jax.lax.all_gather", "rows", "model")],
    # SF102: the table reduced over "data" is cast back to varying on "data" before the tuple gather
    "argsort_axes.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "device_mesh_names.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "jit_shard_map_in_shardings.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "jit_static_argnames_axes.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "ndindex_axes.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "prod_shape_axes.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "rng_permuted_axes.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    "scan_gather_stages.py": [cast_before("jax.lax.all_gather", "carry", "data")],
    "tree_leaves_axis_dict.py": [cast_before("jax.lax.all_gather", "full_rows", "data")],
    "where_nontrivial_axes.py": [cast_before("jax.lax.all_gather", "rows", "data")],
    # SF103: the value reduced over "model" is cast back to varying before the collective over "model"
    "axis_size_perm.py": [cast_before("jax.lax.ppermute", "cols", "model")],
    "char_startswith_axis.py": [('np.char.startswith(NAMES, "m")', 'np.char.startswith(NAMES, "d")')],
    "custom_vjp_sum.py": [("return model_sum(cols)", f'return model_sum({PC}(cols, "model", to="varying"))')],
    "device_count_ring.py": [("per_row > 1", "per_row > 2")],
    "dynamic_slice_window.py": [cast_before("jax.lax.psum", "window", "model")],
    "switch_reducers.py": [('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
                           ('out_specs=P("data", None, reduced={"model"})', 'out_specs=P("data", None)')],
    "transpose_all_to_all.py": [cast_before("jax.lax.all_to_all", "blocks", "model")],
    "value_and_grad_loss.py": [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')],
    "vmap_inner_pmin.py": [("jax.vmap(row_floor)(cols)", f'jax.vmap(row_floor)({PC}(cols, "model", to="varying"))')],
    "while_loop_pmax.py": [('tiled=True, to="reduced")', 'tiled=True, to="invarying")')],
    # SF104: a prefix spec with the gathered axes in reduced=, or multi_dim=True
    "argsort_export_spec.py": [("np.argsort([SIZES[n] for n in names])", "np.argsort([-SIZES[n] for n in names])")],
    "bool_mask_spec.py": [("P(*keep.tolist(), None)", 'P(*keep.tolist(), None, reduced={"model"})')],
    "eval_shape_layout.py": [("P(first, None, reduced={second})", "P(second, None, reduced={first})")],
    "explicit_mesh_cols.py": [('P(None, "model"))', 'P(None, "model", reduced={"data"}))')],
    "jit_static_dims.py": [("top_level_all_gather(a, out_spec)", "top_level_all_gather(a, out_spec, multi_dim=True)")],
    "named_sharding_target.py": [('NamedSharding(mesh, P("data"))', 'NamedSharding(mesh, P("data", reduced={"model"}))')],
    "readback_spec_export.py": [("return P(rows, None)", "return P(rows, None, reduced={cols})")],
    "shape_dtype_struct_layout.py": [("P(keep, None, reduced={drop})", "P(drop, None, reduced={keep})")],
    "tree_map_is_leaf_specs.py": [('top_level_all_gather(x, specs["weights"])',
                                   'top_level_all_gather(x, P(*specs["weights"], reduced={"data"}))')],
    "typeof_full_gather.py": [("top_level_all_gather(x, spec)", "top_level_all_gather(x, spec, multi_dim=True)")],
    # SF105: the axis the value is invariant on is cast to varying before the tuple reduction
    "axis_types_filter.py": [cast_before("jax.lax.psum", "col", "model")],
    "checkpoint_loss.py": [cast_before("jax.lax.psum", "loss", "model")],
    "einsum_psum_scatter.py": [cast_before("jax.lax.psum_scatter", "gram", "model")],
    "local_device_count_axes.py": [cast_before("jax.lax.psum", "s", "model")],
    "partial_shard_map_decorator.py": [cast_before("jax.lax.pmean", "row", "model")],
    "reshape_devices_mesh.py": [cast_before("jax.lax.psum", "rows", "model")],
    "scan_row_sums.py": [cast_before("jax.lax.psum", "row_sums", "model")],
    "select_sum_or_max.py": [cast_before("jax.lax.pmean", "score", "model")],
    "tree_map_pmean_grads.py": [('"scale": jax.lax.psum(jnp.sum(b, axis=1, keepdims=True), "model"),',
                                 f'"scale": {PC}(jax.lax.psum(jnp.sum(b, axis=1, keepdims=True), "model"), "model", to="varying"),')],
    "unique_rule_axes.py": [cast_before("jax.lax.pmean", "local", "model")],
    # SF106: the producer gathers to invariant (not reduced), and the out spec says no reduced=
    "axis_index_weight.py": SF106_FIX,
    "clip_gathered.py": SF106_FIX,
    "custom_jvp_safe_log.py": SF106_FIX,
    "fori_loop_decay.py": SF106_FIX,
    "grad_of_scale.py": SF106_FIX,
    "prod_shape_norm.py": SF106_FIX,
    "rng_jitter.py": SF106_FIX,
    "stack_flip_average.py": SF106_FIX,
    "tree_map_lr_scale.py": SF106_FIX,
    "where_positive.py": SF106_FIX,
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
