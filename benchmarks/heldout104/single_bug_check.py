"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout104/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the failing collective or tuple reduction, for SF104 the right spec or `multi_dim=True`,
and for the SF106 programs the producer's gather changed to `to='invarying'` (with the out spec
that no longer says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"
G106 = ('jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")',
        'jax.lax.all_gather(b, "data", axis=0, tiled=True, to="invarying")')
OUT106 = ('out_specs=P(None, "model", reduced={"data"})', 'out_specs=P(None, "model")')


def gather101(var, axis):
    return (f"jax.lax.all_gather(s, {axis}, axis=0",
            f'jax.lax.all_gather({PC}(s, {axis}, to="varying"), {axis}, axis=0')


FIXES = {
    # SF101: the summed value is cast back to varying before the gather
    'counter_most_common.py': [gather101("s", "axis")],
    'deque_rotate_axes.py': [gather101("s", "axis")],
    'chainmap_overrides.py': [gather101("s", "target")],
    'ordereddict_move_to_end.py': [gather101("s", "first")],
    'total_ordering_min.py': [gather101("s", "smallest.name")],
    'cycle_islice_axis.py': [gather101("s", "axis")],
    'pathlib_stem_axis.py': [gather101("s", "gather_axis(CHECKPOINT)")],
    'intenum_index.py': [gather101("s", "axis")],
    'csv_dictreader_axis.py': [gather101("s", 'row["gather_over"]')],
    'string_template_axis.py': [gather101("s", "axis")],
    # SF102: the table reduced over "data" is cast back to varying before the second gather
    'accumulate_stage_axes.py': [('all_gather(t, second,', f'all_gather({PC}(t, "data", to="varying"), second,')],
    'chain_from_iterable_axes.py': [('all_gather(table, axes,', f'all_gather({PC}(table, "data", to="varying"), axes,')],
    'combinations_axes.py': [('all_gather(table, axes,', f'all_gather({PC}(table, "data", to="varying"), axes,')],
    'namedtuple_replace_axes.py': [('    return run_stage(t, SECOND)', f'    return run_stage({PC}(t, "data", to="varying"), SECOND)')],
    'reduce_concat_axes.py': [('all_gather(rows, axes,', f'all_gather({PC}(rows, "data", to="varying"), axes,')],
    'astuple_layout.py': [('all_gather(t, axes,', f'all_gather({PC}(t, "data", to="varying"), axes,')],
    'tomllib_stage_axes.py': [('all_gather(t, tuple(g["cols"]),', f'all_gather({PC}(t, "data", to="varying"), tuple(g["cols"]),')],
    'defaultdict_list_plan.py': [('all_gather(t, tuple(plan["cols"]),', f'all_gather({PC}(t, "data", to="varying"), tuple(plan["cols"]),')],
    'pickle_roundtrip_plan.py': [('all_gather(t, plan["cols"],', f'all_gather({PC}(t, "data", to="varying"), plan["cols"],')],
    'fnmatch_filter_axes.py': [('all_gather(t, axes,', f'all_gather({PC}(t, "data", to="varying"), axes,')],
    # SF103: the value reduced over "model" is cast back to varying before the collective
    'singledispatchmethod_sync.py': [('return Syncer().sync("model", cols)', f'return Syncer().sync("model", {PC}(cols, "model", to="varying"))')],
    'partialmethod_reducer.py': [('return Reducer().max_cols(cols)', f'return Reducer().max_cols({PC}(cols, "model", to="varying"))')],
    'deque_maxlen_history.py': [('return shift(cols)', f'return shift({PC}(cols, "model", to="varying"))')],
    'thread_queue_axis.py': [('return jax.lax.psum(cols, axis)', f'return jax.lax.psum({PC}(cols, axis, to="varying"), axis)')],
    'futures_as_completed.py': [('jax.lax.pmin(cols, axes["hidden"])', f'jax.lax.pmin({PC}(cols, axes["hidden"], to="varying"), axes["hidden"])')],
    'threading_local_axis.py': [('jax.lax.pmean(cols, current_axis())', f'jax.lax.pmean({PC}(cols, current_axis(), to="varying"), current_axis())')],
    'exitstack_callbacks.py': [('jax.lax.all_to_all(cols, axis,', f'jax.lax.all_to_all({PC}(cols, axis, to="varying"), axis,')],
    'redirect_stdout_axis.py': [('jax.lax.psum(cols, captured_axis', f'jax.lax.psum({PC}(cols, "model", to="varying"), captured_axis')],
    'weakvaluedict_registry.py': [('return CACHE["cols"](cols)', f'return CACHE["cols"]({PC}(cols, "model", to="varying"))')],
    'simplenamespace_ring.py': [('jax.lax.ppermute(cols, RING.ring_axis,', f'jax.lax.ppermute({PC}(cols, RING.ring_axis, to="varying"), RING.ring_axis,')],
    # SF104: the spec the author meant (reduced= listed, a prefix) or multi_dim=True
    'mappingproxy_export_table.py': [('"cols": P("data", None),', '"cols": P("data", None, reduced={"model"}),')],
    'literal_get_args_mode.py': [('top_level_all_gather(x, SPECS[widest_mode()])', 'top_level_all_gather(x, SPECS[widest_mode()], multi_dim=True)')],
    'typeddict_export_spec.py': [('{"dims": ("model",), "gathered": frozenset({"data"})}', '{"dims": (None, "model"), "gathered": frozenset({"data"})}')],
    'dataclass_replace_spec.py': [('LIGHT = dataclasses.replace(BASE, gathered=frozenset())', 'LIGHT = dataclasses.replace(BASE)')],
    'functools_cache_spec.py': [('        return P("model", "data")', '        return P("data", None, reduced={"model"})')],
    'enum_flag_dims.py': [('top_level_all_gather(x, spec_for(WANT))', 'top_level_all_gather(x, spec_for(WANT), multi_dim=True)')],
    'strenum_axis_spec.py': [('    return P(*dims)', '    return P(*dims, reduced={a for a in Axis if a != keep})')],
    'enum_missing_default.py': [('Layout.COLS: P("data")}', 'Layout.COLS: P("data", reduced={"model"})}')],
    'argparse_store_const.py': [('const=("model",), default=("data",))', 'const=("data", "model"), default=("data",))')],
    'zip_longest_keep.py': [('    gathered = {a for a, k in pairs if k is False}', '    gathered = {a for a, k in pairs if not k}')],
    # SF105: the axis the value does not vary on is cast to varying before the tuple reduction
    'permutations_axes.py': [('jax.lax.psum(partial, order)', f'jax.lax.psum({PC}(partial, "model", to="varying"), order)')],
    'groupby_axis_roles.py': [('jax.lax.pmean(row_norm, ', f'jax.lax.pmean({PC}(row_norm, "model", to="varying"), ')],
    'compress_mask_axes.py': [('jax.lax.psum(rows, axes)', f'jax.lax.psum({PC}(rows, "model", to="varying"), axes)')],
    'pairwise_hops.py': [('jax.lax.psum_scatter(scale, ', f'jax.lax.psum_scatter({PC}(scale, "model", to="varying"), ')],
    'takewhile_axes.py': [('jax.lax.pmean(mean, axes)', f'jax.lax.pmean({PC}(mean, "model", to="varying"), axes)')],
    'cmp_to_key_axes.py': [('jax.lax.psum(total, axes)', f'jax.lax.psum({PC}(total, "model", to="varying"), axes)')],
    'userlist_axes.py': [('jax.lax.pmean(stat, ', f'jax.lax.pmean({PC}(stat, "model", to="varying"), ')],
    'namedtuple_fields_axes.py': [('jax.lax.psum_scatter(s, ', f'jax.lax.psum_scatter({PC}(s, "model", to="varying"), ')],
    'dataclass_fields_axes.py': [('jax.lax.psum(weight, axes)', f'jax.lax.psum({PC}(weight, "model", to="varying"), axes)')],
    're_sub_callback_axes.py': [('jax.lax.pmean(v, axes)', f'jax.lax.pmean({PC}(v, "model", to="varying"), axes)')],
    # SF106: the producer gathers to='invarying' (and the out spec no longer says reduced)
    **{name: [G106, OUT106] for name in (
        'statistics_fmean_scale.py', 'fraction_ratio.py', 'decimal_quantize_lr.py',
        'random_seeded_dropout.py', 'math_prod_normalise.py', 'datetime_warmup.py',
        'struct_unpack_scale.py', 'array_module_decay.py', 'userdict_missing_hparams.py',
        'tempfile_scale_file.py')},
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
