"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout101/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the failing collective (SF101, SF102, SF103) or before the tuple reduction (SF105, on
the axis the value is already invariant on), the right spec for `top_level_all_gather` (SF104),
and for SF106 the producer's gather changed to `to='invarying'` with the out spec that no longer
says reduced. A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"


def cast(expr, axes):
    return f'{PC}({expr}, {axes}, to="varying")'


# SF106: the producer gathers to invarying, the out spec drops reduced={"data"}
INVARYING = [('axis=0, tiled=True, to="reduced")', 'axis=0, tiled=True, to="invarying")'),
             ('out_specs=P(None, "model", reduced={"data"}))', 'out_specs=P(None, "model"))')]

FIXES = {
    # SF101: the psum result is invariant on the gathered axis; cast it to varying first
    "ctx_enter_self.py": [("all_gather(norms, scope.axis,", f"all_gather({cast('norms', 'scope.axis')}, scope.axis,")],
    "for_else_axis.py": [("all_gather(energy, feat,", f"all_gather({cast('energy', 'feat')}, feat,")],
    "closure_nonlocal.py": [("all_gather(v, last_axis,", f"all_gather({cast('v', 'last_axis')}, last_axis,")],
    "property_setter_axis.py": [("all_gather(logits, cfg.reduce_axis,", f"all_gather({cast('logits', 'cfg.reduce_axis')}, cfg.reduce_axis,")],
    "enum_method_axis.py": [("all_gather(scores, kind.mesh_axis(),", f"all_gather({cast('scores', 'kind.mesh_axis()')}, kind.mesh_axis(),")],
    "match_mode_axis.py": [("all_gather(logits, axis,", f"all_gather({cast('logits', 'axis')}, axis,")],
    "walrus_axis.py": [("all_gather(loss, axis,", f"all_gather({cast('loss', 'axis')}, axis,")],
    "getattr_dispatch.py": [('all_gather(v, "model",', f'all_gather({cast("v", chr(34) + "model" + chr(34))}, "model",')],
    "fstring_axis.py": [("all_gather(act, hid,", f"all_gather({cast('act', 'hid')}, hid,")],
    "metaclass_registry.py": [("all_gather(v, self.axis,", f"all_gather({cast('v', 'self.axis')}, self.axis,")],
    # SF102: the second stage's input is already reduced on "data"; cast that axis to varying
    "nested_with_stack.py": [("all_gather(rows, inner,", f"all_gather({cast('rows', 'outer')}, inner,")],
    "starred_rest.py": [("all_gather(emb, every,", f"all_gather({cast('emb', 'batch')}, every,")],
    "genexpr_axes.py": [("all_gather(cols, sharded,", f"all_gather({cast('cols', chr(34) + 'data' + chr(34))}, sharded,")],
    "dictcomp_sizes.py": [("all_gather(batch, split,", f"all_gather({cast('batch', chr(34) + 'data' + chr(34))}, split,")],
    "sorted_key_axes.py": [("all_gather(h, tuple(order),", f"all_gather({cast('h', 'largest')}, tuple(order),")],
    "zip_reversed_stages.py": [("out = jax.lax.all_gather(out, axes,",
                                f"out = jax.lax.all_gather({cast('out', 'names[0]')} if dim else out, axes,")],
    "namedtuple_method.py": [("all_gather(full_rows, lay.all_axes(),", f"all_gather({cast('full_rows', 'lay.rows')}, lay.all_axes(),")],
    "iter_container_axes.py": [("all_gather(g, axes,", f"all_gather({cast('g', chr(34) + 'data' + chr(34))}, axes,")],
    "yield_from_plan.py": [("out = jax.lax.all_gather(out, axes,",
                            f"out = jax.lax.all_gather({cast('out', 'mesh.axis_names[0]')} if dim else out, axes,")],
    "str_split_stages.py": [("all_gather(g, second,", f"all_gather({cast('g', 'first')}, second,")],
    # SF103: the gathered value is reduced on "model"; cast it before the collective over "model"
    "try_except_else.py": [("jax.lax.pmax(full, axis)", f"jax.lax.pmax({cast('full', 'axis')}, axis)")],
    "raise_from_custom.py": [("jax.lax.psum(row, axis)", f"jax.lax.psum({cast('row', 'axis')}, axis)")],
    "decorator_args.py": [("jax.lax.pmean(fn(*args, **kwargs), axis)", f"jax.lax.pmean({cast('fn(*args, **kwargs)', 'axis')}, axis)")],
    "wraps_name_registry.py": [('return jax.lax.pmax(v, "model")', f'return jax.lax.pmax({cast("v", chr(34) + "model" + chr(34))}, "model")')],
    "call_object_ring.py": [("jax.lax.ppermute(v, self.axis,", f"jax.lax.ppermute({cast('v', 'self.axis')}, self.axis,")],
    "getattr_delegation.py": [("return tp.pmean(full)", f"return tp.pmean({cast('full', 'tp.axis')})")],
    "descriptor_axis.py": [("jax.lax.psum(act, plan.hidden)", f"jax.lax.psum({cast('act', 'plan.hidden')}, plan.hidden)")],
    "super_mro_chain.py": [('jax.lax.pmax(v, "model")', f'jax.lax.pmax({cast("v", chr(34) + "model" + chr(34))}, "model")')],
    "generator_send.py": [("jax.lax.pmin(v, axis)", f"jax.lax.pmin({cast('v', 'axis')}, axis)")],
    "while_break_continue.py": [("all_to_all(tokens, axis,", f"all_to_all({cast('tokens', 'axis')}, axis,")],
    # SF104: a spec JAX accepts for a P("data", "model") input
    "classmethod_factory.py": [("return cls(P(None, cols))", "return cls(P(None, cols, reduced={rows}))")],
    "dataclass_post_init.py": [("        entries[self.gather_dim] = None\n        self.spec = P(*entries)",
                                "        gathered = entries[self.gather_dim]\n        entries[self.gather_dim] = None\n"
                                "        self.spec = P(*entries, reduced={gathered})")],
    "getitem_spec_table.py": [('export["proj"] = P("model", None, reduced={"data"})', 'export["proj"] = P(None, "model", reduced={"data"})')],
    "eq_hash_keys.py": [('full = top_level_all_gather(w, mesh_spec("vocab", "mlp"))',
                         'full = top_level_all_gather(w, P(*mesh_spec("vocab", "mlp"), reduced={"data"}))')],
    "or_ror_axes.py": [("P(None, None, reduced=set(gathered)))", "P(None, None, reduced=set(gathered)), multi_dim=True)")],
    "global_export_layout.py": [('EXPORT_SPEC = P("model", None, reduced={"data"})', 'EXPORT_SPEC = P(None, "model", reduced={"data"})')],
    "dict_get_default.py": [('DEFAULT_EXPORT = P(None, "model")', 'DEFAULT_EXPORT = P(None, "model", reduced={"data"})')],
    "conditional_expr_spec.py": [("out = top_level_all_gather(w, spec)", "out = top_level_all_gather(w, spec, multi_dim=True)")],
    "chained_compare.py": [('return P("data", None)', 'return P("data", None, reduced={"model"})')],
    "abc_exporter.py": [('return P("model", None, reduced={"data"})', 'return P(None, "model", reduced={"data"})')],
    # SF105: the value is invariant on "model" (or "data"); cast that axis before the tuple reduction
    "args_kwargs_forward.py": [("return all_reduce(sq, *mesh.axis_names)",
                                f"return all_reduce({cast('sq', chr(34) + 'model' + chr(34))}, *mesh.axis_names)")],
    "kwonly_defaults.py": [("return mse(pred, target)", f"return mse({cast('pred', chr(34) + 'model' + chr(34))}, target)")],
    "lambda_default_binding.py": [('return red["world"](jnp.sum(col))',
                                   f'return red["world"]({cast("jnp.sum(col)", chr(34) + "model" + chr(34))})')],
    "class_decorator_axes.py": [("return acc(logits, lab)", f"return acc({cast('logits', chr(34) + 'model' + chr(34))}, lab)")],
    "init_subclass_axes.py": [("return loss(logits)", f"return loss({cast('logits', chr(34) + 'model' + chr(34))})")],
    "slots_stats.py": [("stats.update(jnp.abs(rows))", f"stats.update({cast('jnp.abs(rows)', chr(34) + 'model' + chr(34))})")],
    "setcomp_axes.py": [("return jax.lax.psum(sq, split_axes)", f"return jax.lax.psum({cast('sq', chr(34) + 'data' + chr(34))}, split_axes)")],
    "map_filter_axes.py": [("psum_scatter(jnp.tile(z, 4), axes,", f"psum_scatter({cast('jnp.tile(z, 4)', chr(34) + 'model' + chr(34))}, axes,")],
    "isinstance_dispatch.py": [("jax.lax.pmean(jnp.mean(h), axes)", f"jax.lax.pmean({cast('jnp.mean(h)', chr(34) + 'model' + chr(34))}, axes)")],
    "int_conversion.py": [("jax.lax.psum(jnp.sum(logits ** 2), axes)",
                           f"jax.lax.psum({cast('jnp.sum(logits ** 2)', chr(34) + 'model' + chr(34))}, axes)")],
    # SF106
    "radd_sum_objects.py": INVARYING,
    "bool_loss_scale.py": INVARYING,
    "contains_len_options.py": INVARYING,
    "setattr_config.py": INVARYING,
    "class_getitem_quant.py": INVARYING,
    "staticmethod_factory.py": INVARYING,
    "enumerate_decay.py": INVARYING,
    "function_attribute.py": INVARYING,
    "getattribute_tracked.py": INVARYING,
    "float_conversion.py": INVARYING,
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
