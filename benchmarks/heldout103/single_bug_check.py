"""Each buggy program of heldout103 has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout103/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix. SF101 and SF103: the axis the
author meant (the construct given the input it should have had), or a `pcast(..., to='varying')`
before the gather where the out spec already fits; SF102 and SF105: a `pcast(..., to='varying')`
of the axis in the other state before the gather or the tuple reduction (one SF102 program: its
plan entry); SF104: the spec the author meant (`P(None, "model", reduced={"data"})`, or
`multi_dim=True`); SF106: the producer's gather changed to `to='invarying'` and the out spec
without `reduced=`. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

SF106 = [
    ('jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")',
     'jax.lax.all_gather(block, "data", axis=0, tiled=True, to="invarying")'),
    ('P(None, "model", reduced={"data"})', 'P(None, "model")'),
]

FIXES = {
    # SF101
    'chained_assignment.py': [
        ('all_gather(total, cfg.gather_axis,', f'all_gather({PC}(total, cfg.gather_axis, to="varying"), cfg.gather_axis,')],
    'ctx_enter_other_object.py': [
        ('all_gather(summed, plan.axis,', f'all_gather({PC}(summed, plan.axis, to="varying"), plan.axis,')],
    'dict_merge_unpack.py': [
        ('all_gather(s, opts["gather_over"],', f'all_gather({PC}(s, opts["gather_over"], to="varying"), opts["gather_over"],')],
    'iter_callable_sentinel.py': [
        ('all_gather(s, axis,', f'all_gather({PC}(s, axis, to="varying"), axis,')],
    'late_binding_closure.py': [('lambda v: jax.lax.all_gather(v, ax,', 'lambda v, ax=ax: jax.lax.all_gather(v, ax,')],
    'missing_dict_subclass.py': [('gather_axis = ROLES["replica"]', 'gather_axis = ROLES["batch"]')],
    'new_cached_instance.py': [
        ('all_gather(v, GATHER.name,', f'all_gather({PC}(v, GATHER.name, to="varying"), GATHER.name,')],
    'str_partition_recipe.py': [
        ('all_gather(v, gather_axis,', f'all_gather({PC}(v, gather_axis, to="varying"), gather_axis,')],
    'type_three_args.py': [
        ('all_gather(v, layout.gather,', f'all_gather({PC}(v, layout.gather, to="varying"), layout.gather,')],
    'while_else_axis.py': [
        ('all_gather(s, axis,', f'all_gather({PC}(s, axis, to="varying"), axis,')],
    # SF102
    'for_target_unpacking.py': [('("cols", 1, ("data", "model"))', '("cols", 1, ("model",))')],
    'frozenset_union.py': [('all_gather(t, tuple(sorted(cols)),', f'all_gather({PC}(t, "data", to="varying"), tuple(sorted(cols)),')],
    'generator_throw.py': [('all_gather(t, second,', f'all_gather({PC}(t, "data", to="varying"), second,')],
    'iter_generator_method.py': [('all_gather(t, stages[-1],', f'all_gather({PC}(t, "data", to="varying"), stages[-1],')],
    'list_insert.py': [('all_gather(t, tuple(order),', f'all_gather({PC}(t, "data", to="varying"), tuple(order),')],
    'negative_step_slice.py': [('all_gather(rows, cols,', f'all_gather({PC}(rows, "data", to="varying"), cols,')],
    'set_difference_str.py': [('all_gather(t, rest,', f'all_gather({PC}(t, "data", to="varying"), rest,')],
    'star_args_call.py': [('all_gather(t, axes,', f'all_gather({PC}(t, "data", to="varying"), axes,')],
    'tuple_augmented_assign.py': [('all_gather(table, axes,', f'all_gather({PC}(table, "data", to="varying"), axes,')],
    'tuple_concatenation.py': [('all_gather(t, everything,', f'all_gather({PC}(t, "data", to="varying"), everything,')],
    # SF103
    'call_class_decorator.py': [('self.axis = fn.__defaults__[0]', 'self.axis = "data"')],
    'dict_lambda_dispatch.py': [('"sum": lambda v: jax.lax.psum(v, "model")', '"sum": lambda v: jax.lax.psum(v, "data")')],
    'dunder_next_iterator.py': [('    next(cycle)\n    return', '    return')],
    'exit_suppresses.py': [('self.axis = "model"', 'self.axis = "data"')],
    'getitem_old_iteration.py': [('names = ("data", "model")', 'names = ("model", "data")')],
    'kwargs_unpack_call.py': [('CFG = {"axis_name": "model", "perm": [(0, 1), (1, 0)]}',
                               'CFG = {"axis_name": "data", "perm": [(i, (i + 1) % 4) for i in range(4)]}')],
    'nested_global.py': [('configure(tensor_parallel=True)', 'configure(tensor_parallel=False)')],
    'next_with_default.py': [('return next((n for n in names if pred(n)), "model")', 'return next((n for n in names if pred(n)), "data")')],
    'recursion_reduce.py': [('list(reversed(mesh.axis_names))[:1] + ["data"]', '["data"]')],
    'stacked_decorators.py': [('@reduced_over("model")', '@reduced_over("data")')],
    # SF104
    'class_level_comprehension.py': [('reduced=Snapshot.reduced))', 'reduced=Snapshot.reduced), multi_dim=True)')],
    'classmethod_cls_call.py': [('ex = LocalExporter.create()', 'ex = Exporter.create()')],
    'hasattr_is_none.py': [('export_spec(Options()))', 'export_spec(Options(), reduced={"data"}))')],
    'instance_shadows_class.py': [('exporter = RowExport()', 'exporter = RowExport(reduced=("data",))')],
    'keyword_only_star.py': [('row_spec(keep="model")', 'row_spec(keep="model", gathered=("data",))')],
    'mutable_default_arg.py': [('top_level_all_gather(x, rows)', 'top_level_all_gather(x, rows, multi_dim=True)')],
    'or_returns_operand.py': [('USER_ORDER = ()', 'USER_ORDER = ("data", "model")')],
    'positional_only.py': [('spec("model", "data")', 'spec(None, "model", data=True)')],
    'property_deleter.py': [('    del layout.reduced  # the rows are meant to be plain copies\n', '')],
    'ternary_chain.py': [('MODE = "transpose"', 'MODE = "rows"')],
    # SF105
    'any_all.py': [('jax.lax.psum(g, axes)', f'jax.lax.psum({PC}(g, "model", to="varying"), axes)')],
    'async_asyncio_run.py': [('jax.lax.psum(s, PLAN["reduce"])', f'jax.lax.psum({PC}(s, "model", to="varying"), PLAN["reduce"])')],
    'dict_pop_default.py': [('return fn(v, axes)', f'return fn({PC}(v, "model", to="varying"), axes)')],
    'dict_setdefault.py': [('jax.lax.psum(stats, axes)', f'jax.lax.psum({PC}(stats, "model", to="varying"), axes)')],
    'lambda_returns_lambda.py': [('op(v, axes)', f'op({PC}(v, "model", to="varying"), axes)')],
    'list_remove_valueerror.py': [('jax.lax.psum(h, data_axes', f'jax.lax.psum({PC}(h, "model", to="varying"), data_axes')],
    'max_with_key.py': [('jax.lax.pmean(rows, group)', f'jax.lax.pmean({PC}(rows, "model", to="varying"), group)')],
    'set_intersection.py': [('jax.lax.pmean(rows, axes)', f'jax.lax.pmean({PC}(rows, "model", to="varying"), axes)')],
    'sorted_dunder_lt.py': [('jax.lax.psum(col_sum, names)', f'jax.lax.psum({PC}(col_sum, "model", to="varying"), names)')],
    'type_self_dispatch.py': [('jax.lax.psum(v, self.axes())', f'jax.lax.psum({PC}(v, "model", to="varying"), self.axes())')],
    # SF106
    'bool_arithmetic.py': SF106,
    'bytes_decode.py': SF106,
    'divmod_leftover.py': SF106,
    'dunder_format.py': SF106,
    'dunder_index.py': SF106,
    'except_star_group.py': SF106,
    'in_on_string.py': SF106,
    'len_truth_fallback.py': SF106,
    'return_in_finally.py': SF106,
    'round_builtin.py': SF106,
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
