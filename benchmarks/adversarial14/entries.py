# Entries of gen_clean.py (exec'd there): probe(...) bodies and prog(...) whole programs.

# -- states JAX computes otherwise than a plain model -------------------------------------------------
probe("vmap_spmd_axis_name_varies", "jax.vmap(..., spmd_axis_name='j') makes its result vary on j.",
      ['scaled = jax.vmap(lambda v: v * 2.0, spmd_axis_name="j")(total)',
       'scaled = jax.lax.pcast(scaled, "i", to="varying")', 'return jax.lax.psum(scaled, ("i", "j"))'],
      'scaled = jax.lax.pcast(scaled, "i", to="varying")', 'scaled = jax.lax.pcast(scaled, ("i", "j"), to="varying")', "SF107")
probe("vmap_spmd_rows_vary_both", "vmap over rows with spmd_axis_name='j' varies on i and j: a sum over both is fine.",
      ['mapped = jax.vmap(jnp.tanh, spmd_axis_name="j")(rows)', 'return jax.lax.psum(mapped, ("i", "j"))'],
      'mapped = jax.vmap(jnp.tanh, spmd_axis_name="j")(rows)', 'mapped = jax.vmap(jnp.tanh)(rows)')
probe("grad_invariant_weight_of_varying_loss", "A gradient in an invariant weight of a varying loss is invariant (the transpose sums it).",
      ['w = jnp.ones(2)', 'g = jax.grad(lambda w: (block[:, :2] * w).sum())(w)', 'g = g * 1.0',
       'return jax.lax.psum(g, ("i", "j"))'],
      'g = g * 1.0', 'g = g * jax.lax.axis_index("j")')
probe("grad_of_psum_varies", "grad of a psum'd loss in the block varies where the block does.",
      ['g = jax.grad(lambda b: jax.lax.psum(b.sum(), "j"))(block)', 'return jax.lax.psum(g, ("i", "j"))'],
      'g = jax.grad(lambda b: jax.lax.psum(b.sum(), "j"))(block)', 'g = jax.grad(lambda b: jax.lax.psum(b.sum(), "j"))(rows)')
probe("grad_argnums_second", "argnums=1: the gradient is the second argument's (invariant), not the first's.",
      ['g = jax.grad(lambda b, t: (b * t).sum(), argnums=1)(block, total)', 'return jax.lax.psum(g, ("i", "j"))'],
      'g = jax.grad(lambda b, t: (b * t).sum(), argnums=1)(block, total)',
      'g = jax.grad(lambda b, t: (b * t).sum(), argnums=1)(block, rows)')
probe("value_and_grad_aux", "value_and_grad(has_aux=True): the aux output keeps its own state (invariant).",
      ['(loss, aux), g = jax.value_and_grad(lambda b: ((b * 2).sum(), jax.lax.psum(b, ("i", "j"))), has_aux=True)(block)',
       'return jax.lax.psum(aux, ("i", "j")) + jax.lax.psum(g, ("i", "j"))'],
      'return jax.lax.psum(aux, ("i", "j")) + jax.lax.psum(g, ("i", "j"))',
      'return jax.lax.psum(jax.lax.pcast(aux, "i", to="varying"), ("i", "j")) + jax.lax.psum(g, ("i", "j"))')
probe("scan_carry_cast_first", "A scan carry cast to varying on both axes first stays so: a sum over both is fine.",
      ['init = jax.lax.pcast(jnp.zeros(()), ("i", "j"), to="varying")',
       'c, _ = jax.lax.scan(lambda c, r: (c + r.sum(), None), init, rows)', 'return jax.lax.psum(c, ("i", "j"))'],
      'init = jax.lax.pcast(jnp.zeros(()), ("i", "j"), to="varying")', 'init = jax.lax.pcast(jnp.zeros(()), "i", to="varying")')
probe("scan_stacked_outputs", "scan's stacked outputs vary where the body's do (block's rows vary on both).",
      ['_, ys = jax.lax.scan(lambda c, r: (c, r * 2.0), 0.0, block)', 'return jax.lax.psum(ys, ("i", "j"))'],
      '_, ys = jax.lax.scan(lambda c, r: (c, r * 2.0), 0.0, block)', '_, ys = jax.lax.scan(lambda c, r: (c, r * 2.0), 0.0, rows)')
probe("scan_reverse_outputs", "scan(reverse=True) over the block: outputs vary on both axes.",
      ['_, ys = jax.lax.scan(lambda c, r: (c, jnp.tanh(r)), 0.0, block, reverse=True)', 'return jax.lax.psum(ys, ("i", "j"))'],
      '_, ys = jax.lax.scan(lambda c, r: (c, jnp.tanh(r)), 0.0, block, reverse=True)',
      '_, ys = jax.lax.scan(lambda c, r: (c, jnp.tanh(r)), 0.0, rows, reverse=True)')
probe("fori_carry_varying_init", "fori_loop whose carry starts as the block keeps varying on both.",
      ['acc = jax.lax.fori_loop(0, 3, lambda k, a: a * 0.5 + rows, block)', 'return jax.lax.psum(acc, ("i", "j"))'],
      'acc = jax.lax.fori_loop(0, 3, lambda k, a: a * 0.5 + rows, block)', 'acc = jax.lax.fori_loop(0, 3, lambda k, a: a * 0.5 + rows, rows)')
probe("cond_same_state_branches", "lax.cond of two values both varying on i and j.",
      ['pick = jax.lax.cond(total.sum() > 0, lambda: block * 2.0, lambda: block + rows)', 'return jax.lax.psum(pick, ("i", "j"))'],
      'pick = jax.lax.cond(total.sum() > 0, lambda: block * 2.0, lambda: block + rows)',
      'pick = jax.lax.cond(total.sum() > 0, lambda: rows * 2.0, lambda: rows + rows)')
probe("switch_on_axis_index", "lax.switch on axis_index('j') with invariant branches gives an invariant value on 0.10.2 (run).",
      ['picked = jax.lax.switch(jax.lax.axis_index("j"), [lambda: total, lambda: total * 2.0, lambda: total, lambda: total])',
       'picked = jax.lax.pcast(picked, ("i", "j"), to="varying")', 'return jax.lax.psum(picked, ("i", "j"))'],
      'picked = jax.lax.pcast(picked, ("i", "j"), to="varying")', 'picked = jax.lax.pcast(picked, "i", to="varying")', "SF105")
probe("cond_on_axis_index_invariant_branches", "lax.cond on axis_index('i') == 0 with invariant branches gives an invariant value on 0.10.2 (run).",
      ['picked = jax.lax.cond(jax.lax.axis_index("i") == 0, lambda: total, lambda: total * 2.0)',
       'picked = jax.lax.pcast(picked, ("i", "j"), to="varying")', 'return jax.lax.psum(picked, ("i", "j"))'],
      'picked = jax.lax.pcast(picked, ("i", "j"), to="varying")', 'picked = jax.lax.pcast(picked, "j", to="varying")', "SF105")
probe("psum_scatter_of_rows_over_j", "psum_scatter of rows (invariant on j) over j varies on j.",
      ['part = jax.lax.psum_scatter(rows, "j", scatter_dimension=0, tiled=True)', 'return jax.lax.psum(part, ("i", "j"))'],
      'part = jax.lax.psum_scatter(rows, "j", scatter_dimension=0, tiled=True)', 'part = jax.lax.psum(rows, "j")')
probe("all_to_all_of_total", "all_to_all of an invariant total over j varies on j.",
      ['moved = jax.lax.all_to_all(total, "j", 0, 0, tiled=True)', 'moved = jax.lax.pcast(moved, "i", to="varying")',
       'return jax.lax.psum(moved, ("i", "j"))'],
      'moved = jax.lax.pcast(moved, "i", to="varying")', 'moved = jax.lax.pcast(moved, ("i", "j"), to="varying")', "SF107")
probe("ppermute_of_rows_over_j", "ppermute of rows over j varies on j (and still on i).",
      ['shifted = jax.lax.ppermute(rows, "j", [(k, (k + 1) % 4) for k in range(4)])', 'return jax.lax.psum(shifted, ("i", "j"))'],
      'shifted = jax.lax.ppermute(rows, "j", [(k, (k + 1) % 4) for k in range(4)])', 'shifted = rows')
probe("pmin_of_axis_index_over_j", "pmin over j of axis_index('i') still varies on i.",
      ['lo = jax.lax.pmin(jax.lax.axis_index("i"), "j").astype(jnp.float32)',
       'lo = jax.lax.pcast(lo, "j", to="varying")', 'return jax.lax.psum(lo, ("i", "j"))'],
      'lo = jax.lax.pcast(lo, "j", to="varying")', 'lo = jax.lax.pcast(lo, ("i", "j"), to="varying")', "SF107")
probe("top_k_indices_vary", "lax.top_k of the block: both outputs vary on i and j.",
      ['vals, idx = jax.lax.top_k(block, 2)', 'return jax.lax.psum(idx.astype(jnp.float32) + vals, ("i", "j"))'],
      'vals, idx = jax.lax.top_k(block, 2)', 'vals, idx = jax.lax.top_k(rows, 2)')
probe("split_pieces_keep_state", "jnp.split of the block: every piece varies on i and j.",
      ['a, b = jnp.split(block, 2, axis=1)', 'return jax.lax.psum(b, ("i", "j"))'],
      'a, b = jnp.split(block, 2, axis=1)', 'a, b = jnp.split(rows, 2, axis=1)')
probe("at_get_by_axis_index", "total.at[axis_index('j')].get() varies on j.",
      ['row = total.at[jax.lax.axis_index("j") % 2].get()', 'row = jax.lax.pcast(row, "i", to="varying")',
       'return jax.lax.psum(row, ("i", "j"))'],
      'row = jax.lax.pcast(row, "i", to="varying")', 'row = jax.lax.pcast(row, ("i", "j"), to="varying")', "SF107")
probe("at_set_varying_into_invariant", "total.at[0].set(rows[0]) varies on i (the value's state).",
      ['mixed = total.at[0].set(rows[0])', 'mixed = jax.lax.pcast(mixed, "j", to="varying")',
       'return jax.lax.psum(mixed, ("i", "j"))'],
      'mixed = jax.lax.pcast(mixed, "j", to="varying")', 'mixed = jax.lax.pcast(mixed, ("i", "j"), to="varying")', "SF107")
probe("psum_tree_leaves_alike", "psum of a dict whose leaves both vary on i and j.",
      ['tree = {"a": block, "b": block * 2.0}', 'out = jax.lax.psum(tree, ("i", "j"))', 'return out["a"] + out["b"]'],
      'tree = {"a": block, "b": block * 2.0}', 'tree = {"a": block, "b": rows * 2.0}')
probe("tree_map_cast_then_sum", "jax.tree.map casting each leaf to varying on j before a sum over both.",
      ['tree = (rows, rows + 1.0)', 'tree = jax.tree.map(lambda v: jax.lax.pcast(v, "j", to="varying"), tree)',
       'return jax.lax.psum(tree[0] + tree[1], ("i", "j"))'],
      'tree = jax.tree.map(lambda v: jax.lax.pcast(v, "j", to="varying"), tree)',
      'tree = jax.tree.map(lambda v: jax.lax.pcast(v, "i", to="varying"), tree)', "SF107")
probe("pcast_tuple_of_values", "pcast of a tuple of values, both invariant on j.",
      ['a, b = jax.lax.pcast((rows, rows * 2.0), "j", to="varying")', 'return jax.lax.psum(a + b, ("i", "j"))'],
      'a, b = jax.lax.pcast((rows, rows * 2.0), "j", to="varying")', 'a, b = jax.lax.pcast((rows, rows * 2.0), "i", to="varying")', "SF107")
probe("custom_jvp_keeps_state", "A custom_jvp function applied to the block keeps its state.",
      ['f = jax.custom_jvp(lambda v: jnp.tanh(v))', 'f.defjvp(lambda p, t: (jnp.tanh(p[0]), t[0]))',
       'return jax.lax.psum(f(block), ("i", "j"))'],
      'return jax.lax.psum(f(block), ("i", "j"))', 'return jax.lax.psum(f(rows), ("i", "j"))')
probe("checkpoint_keeps_state", "jax.checkpoint of a function of the block keeps its state.",
      ['h = jax.checkpoint(lambda v: jnp.sin(v) * 2.0)(block)', 'return jax.lax.psum(h, ("i", "j"))'],
      'h = jax.checkpoint(lambda v: jnp.sin(v) * 2.0)(block)', 'h = jax.checkpoint(lambda v: jnp.sin(v) * 2.0)(rows)')
probe("lax_map_keeps_state", "lax.map over the block's rows keeps varying on both.",
      ['m = jax.lax.map(lambda r: r * 2.0, block)', 'return jax.lax.psum(m, ("i", "j"))'],
      'm = jax.lax.map(lambda r: r * 2.0, block)', 'm = jax.lax.map(lambda r: r * 2.0, rows)')
probe("psum_axes_as_list", "A list of axis names works like a tuple.",
      ['return jax.lax.psum(block, ["i", "j"])'], 'return jax.lax.psum(block, ["i", "j"])', 'return jax.lax.psum(rows, ["i", "j"])')
probe("zeros_shape_then_cast_both", "jnp.zeros(rows.shape) is invariant: cast on both axes, then a sum over both.",
      ['acc = jnp.zeros(rows.shape, rows.dtype)', 'acc = jax.lax.pcast(acc, ("i", "j"), to="varying")',
       'return jax.lax.psum(acc, ("i", "j")) + jax.lax.psum(block, ("i", "j"))'],
      'acc = jax.lax.pcast(acc, ("i", "j"), to="varying")', 'acc = jax.lax.pcast(acc, "j", to="varying")', "SF105")

# -- Python semantics around the axes the program picks ----------------------------------------------
prog("argparse_explicit_list", "parse_args with an explicit list overrides the default ('i,j').", '''
import argparse
@REDUCE@

def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="i,j")
    args = parser.parse_args(["--sync", "i"])
    return reduce_rows(mesh, x, tuple(args.sync.split(",")))
''', 'args = parser.parse_args(["--sync", "i"])', 'args = parser.parse_args([])')
prog("argparse_set_defaults_later", "parser.set_defaults after add_argument replaces the argument's default.", '''
import argparse
@REDUCE@

def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="i,j")
    parser.set_defaults(sync="i")
    args = parser.parse_args([])
    return reduce_rows(mesh, x, tuple(args.sync.split(",")))
''', 'parser.set_defaults(sync="i")', 'parser.set_defaults(other="i")')
prog("argparse_known_args_list", "parse_known_args of a list: the known option is taken, the rest left.", '''
import argparse
@REDUCE@

def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="i,j")
    args, rest = parser.parse_known_args(["--sync=i", "--extra", "1"])
    return reduce_rows(mesh, x, tuple(args.sync.split(",")))
''', 'args, rest = parser.parse_known_args(["--sync=i", "--extra", "1"])', 'args, rest = parser.parse_known_args(["--extra", "1"])')
prog("argparse_append_action", "action='append' with a default list: given options are appended to it.", '''
import argparse
@REDUCE@

def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", action="store_const", const=("i",), default=("i", "j"))
    args = parser.parse_args(["--axis"])
    return reduce_rows(mesh, x, args.axis)
''', 'args = parser.parse_args(["--axis"])', 'args = parser.parse_args([])')
prog("putenv_does_not_change_environ", "os.putenv changes the process environment but not os.environ.", '''
import os
@REDUCE@

def main(mesh, x):
    os.putenv("SHARDFIX_SYNC", "i,j")
    return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))
''', 'os.putenv("SHARDFIX_SYNC", "i,j")', 'os.environ["SHARDFIX_SYNC"] = "i,j"')
prog("environ_copy_for_child", "dict(os.environ) is a copy: setting the child's variable leaves os.environ alone.", '''
import os
@REDUCE@

def main(mesh, x):
    child_env = dict(os.environ)
    child_env["SHARDFIX_SYNC"] = "i,j"
    return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))
''', 'child_env = dict(os.environ)', 'child_env = os.environ')
prog("environ_copy_method", "os.environ.copy() is a dict copy.", '''
import os
@REDUCE@

def main(mesh, x):
    env = os.environ.copy()
    env["SHARDFIX_SYNC"] = "i,j"
    return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))
''', 'env = os.environ.copy()', 'env = os.environ')
prog("patch_dict_environ_restored", "mock.patch.dict(os.environ) restores the environment on exit.", '''
import os
from unittest import mock
@REDUCE@

def main(mesh, x):
    with mock.patch.dict(os.environ, {"SHARDFIX_SYNC": "i,j"}):
        label = os.environ["SHARDFIX_SYNC"]
    return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))
''', '    return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))',
     '        return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))')
prog("environ_popped_before_read", "The variable is set, then popped: the read gets the default.", '''
import os
@REDUCE@

def main(mesh, x):
    os.environ["SHARDFIX_SYNC"] = "i,j"
    os.environ.pop("SHARDFIX_SYNC")
    return reduce_rows(mesh, x, tuple(os.environ.get("SHARDFIX_SYNC", "i").split(",")))
''', '    os.environ.pop("SHARDFIX_SYNC")', '    os.environ.get("SHARDFIX_SYNC")')
prog("environ_path_always_set", "PATH is set in every real run: the axes come from the branch that sees it.", '''
import os
SYNC = ("i",) if os.environ.get("PATH") else ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, SYNC)
''', 'SYNC = ("i",) if os.environ.get("PATH") else ("i", "j")', 'SYNC = ("i", "j") if os.environ.get("PATH") else ("i",)')
prog("lru_cache_tuple_of_global", "An lru_cache'd helper keeps its first tuple after the global changes.", '''
import functools
AXES = ["i"]


@functools.lru_cache(maxsize=None)
def sync_axes():
    return tuple(AXES)
@REDUCE@

def main(mesh, x):
    first = sync_axes()
    AXES.append("j")
    return reduce_rows(mesh, x, sync_axes())
''', '    first = sync_axes()', '    first = len(AXES)')
prog("cache_true_after_one", "functools.cache: axes_for(True) after axes_for(1) hands back the result cached for 1.", '''
import functools


@functools.cache
def axes_for(wide):
    return ("i", "j") if wide is True else ("i",)
@REDUCE@

def main(mesh, x):
    axes_for(1.0)
    return reduce_rows(mesh, x, axes_for(True))
''', '    axes_for(1.0)', '    axes_for(2.0)')
prog("cached_property_tuple", "A cached_property's tuple is computed once, before the field changes.", '''
import functools


class Plan:
    def __init__(self):
        self.names = ["i"]

    @functools.cached_property
    def sync(self):
        return tuple(self.names)
@REDUCE@

def main(mesh, x):
    plan = Plan()
    plan.sync
    plan.names.append("j")
    return reduce_rows(mesh, x, plan.sync)
''', '    plan.sync\n', '    plan.names\n')
prog("late_binding_lambdas", "Lambdas made in a comprehension all see the loop's last axes.", '''
REDUCERS = [lambda v: jax.lax.psum(v, axes) for axes in [("i", "j"), ("i",)]]


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return REDUCERS[0](rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'REDUCERS = [lambda v: jax.lax.psum(v, axes) for axes in [("i", "j"), ("i",)]]',
     'REDUCERS = [lambda v, axes=axes: jax.lax.psum(v, axes) for axes in [("i", "j"), ("i",)]]')
prog("late_binding_loop_closures", "Functions defined in a for loop read the loop variable's last value.", '''
REDUCERS = []
for axes in [("i", "j"), ("i",)]:
    def reduce(v):
        return jax.lax.psum(v, axes)
    REDUCERS.append(reduce)


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return REDUCERS[0](rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'for axes in [("i", "j"), ("i",)]:', 'for axes in [("i",), ("i", "j")]:')
prog("default_arg_bound_at_def", "A default argument is evaluated when the def runs, before SYNC widens.", '''
SYNC = ("i",)


def sum_rows(v, axes=SYNC):
    return jax.lax.psum(v, axes)


SYNC = ("i", "j")


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return sum_rows(rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'def sum_rows(v, axes=SYNC):', 'def sum_rows(v, axes=("i", "j")):')
prog("mutable_default_memo", "A mutable default keeps its calls: the second call gets the narrower axes.", '''
def next_axes(_seen=[]):
    _seen.append(1)
    return ("i", "j") if len(_seen) == 1 else ("i",)
@REDUCE@

def main(mesh, x):
    wide = next_axes()
    return reduce_rows(mesh, x, next_axes())
''', '    wide = next_axes()', '    wide = ("i", "j")')
prog("partial_keyword_overridden", "A keyword given at the call overrides the one partial stored.", '''
import functools
@REDUCE@

def main(mesh, x):
    run = functools.partial(reduce_rows, axes=("i", "j"))
    return run(mesh, x, axes=("i",))
''', '    return run(mesh, x, axes=("i",))', '    return run(mesh, x)')
prog("comprehension_var_does_not_leak", "A comprehension's variable does not leak into the function.", '''
@REDUCE@

def main(mesh, x):
    axes = ("i",)
    names = [axes for axes in [("i", "j")]]
    return reduce_rows(mesh, x, axes)
''', '    names = [axes for axes in [("i", "j")]]', '    names = [axes := a for a in [("i", "j")]]')
prog("tuple_iadd_rebinds", "`+=` on a tuple makes a new tuple: the alias keeps the old one.", '''
SYNC = ("i",)
USED = SYNC
SYNC += ("j",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, USED)
''', 'USED = SYNC\n', 'USED = SYNC = ["i"]\n')
prog("namedtuple_replace_discarded", "NamedTuple._replace returns a new tuple; the config keeps its axes.", '''
import typing


class Cfg(typing.NamedTuple):
    sync: tuple = ("i",)


CFG = Cfg()
WIDE = CFG._replace(sync=("i", "j"))
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, CFG.sync)
''', 'WIDE = CFG._replace(sync=("i", "j"))', 'CFG = CFG._replace(sync=("i", "j"))')
prog("dataclass_replace_discarded", "dataclasses.replace returns a copy; the original keeps its axes.", '''
import dataclasses


@dataclasses.dataclass
class Cfg:
    sync: tuple = ("i",)


CFG = Cfg()
WIDE = dataclasses.replace(CFG, sync=("i", "j"))
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, CFG.sync)
''', 'WIDE = dataclasses.replace(CFG, sync=("i", "j"))', 'WIDE = CFG; WIDE.sync = ("i", "j")')
prog("copy_copy_then_changed", "copy.copy makes another object: changing it leaves the original.", '''
import copy


class Cfg:
    def __init__(self):
        self.sync = ("i",)


CFG = Cfg()
WIDE = copy.copy(CFG)
WIDE.sync = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, CFG.sync)
''', 'WIDE = copy.copy(CFG)', 'WIDE = CFG')
prog("deepcopy_dict_then_changed", "copy.deepcopy of the config dict: the copy's list changes, the original's does not.", '''
import copy
CFG = {"sync": ["i"]}
WIDE = copy.deepcopy(CFG)
WIDE["sync"].append("j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, tuple(CFG["sync"]))
''', 'WIDE = copy.deepcopy(CFG)', 'WIDE = copy.copy(CFG)')
prog("list_slice_copy_changed", "AXES[:] is a copy; appending to it leaves AXES.", '''
AXES = ["i"]
WIDE = AXES[:]
WIDE.append("j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, tuple(AXES))
''', 'WIDE = AXES[:]', 'WIDE = AXES')
prog("dict_or_makes_new", "`CFG | {...}` makes a new dict; `CFG` keeps its axes.", '''
CFG = {"sync": ("i",)}
WIDE = CFG | {"sync": ("i", "j")}
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, CFG["sync"])
''', 'WIDE = CFG | {"sync": ("i", "j")}', 'CFG |= {"sync": ("i", "j")}')
prog("chainmap_first_wins", "ChainMap looks a key up in its first map first.", '''
import collections
DEFAULTS = {"sync": ("i", "j")}
OVERRIDES = {"sync": ("i",)}
CFG = collections.ChainMap(OVERRIDES, DEFAULTS)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, CFG["sync"])
''', 'CFG = collections.ChainMap(OVERRIDES, DEFAULTS)', 'CFG = collections.ChainMap(DEFAULTS, OVERRIDES)')
prog("property_setter_filters", "A property setter drops axes the model does not sync.", '''
class Plan:
    def __init__(self):
        self._sync = ("i",)

    @property
    def sync(self):
        return self._sync

    @sync.setter
    def sync(self, names):
        self._sync = tuple(a for a in names if a != "j")
@REDUCE@

def main(mesh, x):
    plan = Plan()
    plan.sync = ("i", "j")
    return reduce_rows(mesh, x, plan.sync)
''', '        self._sync = tuple(a for a in names if a != "j")', '        self._sync = tuple(names)')
prog("setattr_override_filters", "A class's __setattr__ normalises the axes it stores.", '''
class Plan:
    def __setattr__(self, name, value):
        if name == "sync":
            value = tuple(a for a in value if a != "j")
        object.__setattr__(self, name, value)
@REDUCE@

def main(mesh, x):
    plan = Plan()
    plan.sync = ("i", "j")
    return reduce_rows(mesh, x, plan.sync)
''', '            value = tuple(a for a in value if a != "j")', '            value = tuple(value)')
prog("post_init_normalises", "A dataclass __post_init__ drops the model axis.", '''
import dataclasses


@dataclasses.dataclass
class Plan:
    sync: tuple = ("i", "j")

    def __post_init__(self):
        self.sync = tuple(a for a in self.sync if a != "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan().sync)
''', '        self.sync = tuple(a for a in self.sync if a != "j")', '        self.sync = tuple(self.sync)')
prog("singledispatch_by_type", "functools.singledispatch picks the implementation by the argument's type.", '''
import functools


@functools.singledispatch
def axes_for(spec):
    return ("i", "j")


@axes_for.register
def _(spec: int):
    return ("i",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, axes_for(2))
''', '    return reduce_rows(mesh, x, axes_for(2))', '    return reduce_rows(mesh, x, axes_for("2"))')
prog("private_name_underscore_class", "Class names' leading underscores are stripped when mangling: _Plan and Plan share `_Plan__sync`.", '''
class Plan:
    def __init__(self):
        self.__sync = ("i", "j")

    def sync(self):
        return self.__sync


class _Plan(Plan):
    def __init__(self):
        super().__init__()
        self.__sync = ("i",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, _Plan().sync())
''', 'class _Plan(Plan):', 'class RowPlan(Plan):')
prog("private_name_setattr_string", "setattr(self, '__sync', ...) is not mangled: another attribute than self.__sync.", '''
class Plan:
    def __init__(self):
        self.__sync = ("i",)
        setattr(self, "__sync", ("i", "j"))

    def sync(self):
        return self.__sync
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan().sync())
''', '        setattr(self, "__sync", ("i", "j"))', '        setattr(self, "_Plan__sync", ("i", "j"))')
prog("dunder_name_not_mangled", "A name ending in two underscores is not mangled: the subclass's store is the same attribute.", '''
class Plan:
    __sync__ = ("i", "j")

    def sync(self):
        return self.__sync__


class RowPlan(Plan):
    __sync__ = ("i",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, RowPlan().sync())
''', '    __sync__ = ("i",)', '    __other__ = ("i",)')
prog("update_wrapper_copies_dict", "functools.wraps copies the wrapped function's __dict__ when applied, not later changes.", '''
import functools


def step():
    pass


step.sync = ("i",)


@functools.wraps(step)
def traced_step():
    return step()


step.sync = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, traced_step.sync)
''', 'step.sync = ("i", "j")', 'traced_step.sync = ("i", "j")')
prog("class_decorator_returns_subclass", "A class decorator hands back a subclass whose AXES narrows the base's.", '''
def rows_only(cls):
    class Wrapped(cls):
        AXES = ("i",)
    return Wrapped


@rows_only
class Plan:
    AXES = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan.AXES)
''', '        AXES = ("i",)', '        OTHER = ("i",)')
prog("decorator_ignores_function", "A registering decorator hands back the registered replacement, not the def.", '''
REPLACEMENTS = {"sync_axes": lambda: ("i",)}


def overridable(fn):
    return REPLACEMENTS.get(fn.__name__, fn)


@overridable
def sync_axes():
    return ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, sync_axes())
''', 'REPLACEMENTS = {"sync_axes": lambda: ("i",)}', 'REPLACEMENTS = {"other": lambda: ("i",)}')
prog("exception_subclass_caught_by_base", "A subclass exception is caught by the base's handler first.", '''
class TrialStopped(Exception):
    pass


class Pruned(TrialStopped):
    pass


def pick():
    try:
        raise Pruned()
    except TrialStopped:
        return ("i",)
    except Pruned:
        return ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, pick())
''', '        raise Pruned()', '        raise ValueError()')
prog("exception_args_carry_axes", "The axes travel in the exception's args.", '''
class Fallback(Exception):
    pass


def pick():
    try:
        raise Fallback(("i",))
    except Fallback as err:
        return err.args[0]
    return ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, pick())
''', '        raise Fallback(("i",))', '        raise Fallback(("i", "j"))')
prog("finally_return_swallows", "A return in finally replaces the try's return.", '''
def pick():
    try:
        return ("i", "j")
    finally:
        return ("i",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, pick())
''', '        return ("i",)', '        pass')
prog("seeded_random_choice", "A seeded random.Random picks the same candidate on every run (index 0 for seed 3).", '''
import random
CANDIDATES = [("i",), ("i", "j")]
@REDUCE@

def main(mesh, x):
    rng = random.Random(3)
    return reduce_rows(mesh, x, CANDIDATES[rng.randrange(2)])
''', '    rng = random.Random(3)', '    rng = random.Random(0)')
prog("global_random_seed", "random.seed fixes the module generator: randrange(2) gives 0 for seed 3.", '''
import random
CANDIDATES = [("i",), ("i", "j")]
@REDUCE@

def main(mesh, x):
    random.seed(3)
    return reduce_rows(mesh, x, CANDIDATES[random.randrange(2)])
''', '    random.seed(3)', '    random.seed(0)')
prog("yaml_anchor_override", "A YAML merge key: the run's own key overrides the anchored base.", '''
import yaml
TEXT = """
base: &base
  sync: [i, j]
run:
  <<: *base
  sync: [i]
"""
@REDUCE@

def main(mesh, x):
    cfg = yaml.safe_load(TEXT)
    return reduce_rows(mesh, x, tuple(cfg["run"]["sync"]))
''', '  sync: [i]\n"""', '  other: [i]\n"""')
prog("yaml_duplicate_key_last", "PyYAML keeps the last of two equal keys.", '''
import yaml
TEXT = """
sync: [i, j]
sync: [i]
"""
@REDUCE@

def main(mesh, x):
    cfg = yaml.safe_load(TEXT)
    return reduce_rows(mesh, x, tuple(cfg["sync"]))
''', 'sync: [i]\n"""', 'other: [i]\n"""')
prog("map_is_lazy_over_list", "map() reads the list lazily: the item changed before next() is the one handed out.", '''
CANDIDATES = [("i", "j"), ("i", "j")]
@REDUCE@

def main(mesh, x):
    picks = map(tuple, CANDIDATES)
    CANDIDATES[0] = ("i",)
    return reduce_rows(mesh, x, next(picks))
''', '    CANDIDATES[0] = ("i",)', '    CANDIDATES[1] = ("i",)')
prog("dict_values_view_live", "A dict's values() view sees later changes.", '''
CFG = {"sync": ("i", "j")}
@REDUCE@

def main(mesh, x):
    view = CFG.values()
    CFG["sync"] = ("i",)
    return reduce_rows(mesh, x, next(iter(view)))
''', '    CFG["sync"] = ("i",)', '    CFG["other"] = ("i",)')
prog("generator_tail_not_run", "Code after a generator's first yield never runs when the loop breaks at once.", '''
SYNC = ["i"]


def rounds():
    yield 0
    SYNC.append("j")
    yield 1
@REDUCE@

def main(mesh, x):
    for r in rounds():
        break
    return reduce_rows(mesh, x, tuple(SYNC))
''', '        break', '        continue')
prog("generator_send_value", "A generator's yield takes the value sent to it.", '''
def negotiate():
    wanted = yield ("i", "j")
    yield wanted
@REDUCE@

def main(mesh, x):
    gen = negotiate()
    next(gen)
    return reduce_rows(mesh, x, gen.send(("i",)))
''', '    return reduce_rows(mesh, x, gen.send(("i",)))', '    return reduce_rows(mesh, x, gen.send(("i", "j")))')
prog("contextmanager_swallows_and_restores", "A contextmanager sets the axes for its block and restores them after.", '''
import contextlib
SYNC = ["i"]


@contextlib.contextmanager
def widened():
    SYNC.append("j")
    try:
        yield
    finally:
        SYNC.remove("j")
@REDUCE@

def main(mesh, x):
    with widened():
        label = ",".join(SYNC)
    return reduce_rows(mesh, x, tuple(SYNC))
''', '        SYNC.remove("j")', '        pass')
prog("thread_target_sets_axes", "A thread's target narrows the axes; join waits for it.", '''
import threading
SYNC = ["i", "j"]


def narrow():
    SYNC.remove("j")
@REDUCE@

def main(mesh, x):
    t = threading.Thread(target=narrow)
    t.start()
    t.join()
    return reduce_rows(mesh, x, tuple(SYNC))
''', '    t.start()', '    t.name')
prog("typing_hints_optional_default", "A settings class converting fields by their hints: an unset Optional stays None and the default is used.", '''
import typing


class Settings:
    sync: typing.Optional[tuple] = None
    fallback: tuple = ("i",)

    def axes(self):
        hints = typing.get_type_hints(type(self))
        return self.sync if self.sync is not None and "sync" in hints else self.fallback
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Settings().axes())
''', '    sync: typing.Optional[tuple] = None', '    sync: typing.Optional[tuple] = ("i", "j")')
prog("frame_locals_of_caller", "Hyperparameters read from the caller's frame: the caller's `sync` is ('i',).", '''
import sys


class Module:
    def __init__(self, sync=("i", "j")):
        caller = sys._getframe(1).f_locals
        self.sync = caller.get("sync", sync)
@REDUCE@

def main(mesh, x):
    sync = ("i",)
    return reduce_rows(mesh, x, Module().sync)
''', '    sync = ("i",)', '    other = ("i",)')
prog("for_else_not_run_on_break", "A for loop's else runs only when the loop ends without break.", '''
CANDIDATES = [("i",), ("j",)]
@REDUCE@

def main(mesh, x):
    for axes in CANDIDATES:
        if "i" in axes:
            break
    else:
        axes = ("i", "j")
    return reduce_rows(mesh, x, axes)
''', '        if "i" in axes:', '        if "k" in axes:')
prog("enum_alias_member", "An Enum member with a duplicate value is an alias of the first.", '''
import enum


class Sync(enum.Enum):
    ROWS = ("i",)
    DEFAULT = ("i",)
    BOTH = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Sync.DEFAULT.value)
''', '    return reduce_rows(mesh, x, Sync.DEFAULT.value)', '    return reduce_rows(mesh, x, Sync.BOTH.value)')
prog("instance_attr_shadows_class", "One instance's own AXES shadows the class's; another instance reads the class's.", '''
class Plan:
    AXES = ("i",)
@REDUCE@

def main(mesh, x):
    wide, narrow = Plan(), Plan()
    wide.AXES = ("i", "j")
    return reduce_rows(mesh, x, narrow.AXES)
''', '    wide.AXES = ("i", "j")', '    Plan.AXES = ("i", "j")')

# -- batch 2: facts a real run has, writes the reading may not see ------------------------------------
def env_prog(name, doc, imports, line, twin_line):
    prog(name, doc, imports + '\n' + line + '\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, SYNC)\n', line, twin_line)


env_prog("environ_home_set", "HOME is set in a real run.", "import os",
         'SYNC = ("i",) if os.environ.get("HOME") else ("i", "j")', 'SYNC = ("i", "j") if os.environ.get("HOME") else ("i",)')
env_prog("path_in_environ", "'PATH' in os.environ holds in a real run.", "import os",
         'SYNC = ("i",) if "PATH" in os.environ else ("i", "j")', 'SYNC = ("i", "j") if "PATH" in os.environ else ("i",)')
env_prog("getenv_path", "os.getenv('PATH') is a string in a real run.", "import os",
         'SYNC = ("i", "j") if os.getenv("PATH") is None else ("i",)', 'SYNC = ("i",) if os.getenv("PATH") is None else ("i", "j")')
env_prog("file_dunder_is_py", "__file__ ends in .py when the script runs.", "import os",
         'SYNC = ("i",) if __file__.endswith(".py") else ("i", "j")', 'SYNC = ("i", "j") if __file__.endswith(".py") else ("i",)')
env_prog("debug_dunder_true", "__debug__ is True without -O.", "import os",
         'SYNC = ("i",) if __debug__ else ("i", "j")', 'SYNC = ("i", "j") if __debug__ else ("i",)')
env_prog("cpu_count_positive", "os.cpu_count() is at least 1.", "import os",
         'SYNC = ("i",) if (os.cpu_count() or 0) >= 1 else ("i", "j")', 'SYNC = ("i", "j") if (os.cpu_count() or 0) >= 1 else ("i",)')
env_prog("python_version_new", "sys.version_info is at least 3.9 where jax 0.10 runs.", "import sys",
         'SYNC = ("i",) if sys.version_info >= (3, 9) else ("i", "j")', 'SYNC = ("i", "j") if sys.version_info >= (3, 9) else ("i",)')
env_prog("file_exists", "The script's own file exists.", "import os",
         'SYNC = ("i",) if os.path.exists(__file__) else ("i", "j")', 'SYNC = ("i", "j") if os.path.exists(__file__) else ("i",)')
env_prog("cpython_implementation", "platform.python_implementation() is CPython.", "import platform",
         'SYNC = ("i",) if platform.python_implementation() == "CPython" else ("i", "j")',
         'SYNC = ("i", "j") if platform.python_implementation() == "CPython" else ("i",)')
env_prog("argv_program_name", "sys.argv[0] is the script's path.", "import sys",
         'SYNC = ("i",) if sys.argv[0].endswith(".py") or sys.argv[0] else ("i", "j")',
         'SYNC = ("i", "j") if sys.argv[0].endswith(".py") or sys.argv[0] else ("i",)')
env_prog("jax_version_new", "jax.__version_info__ is at least 0.10 here.", "",
         'SYNC = ("i",) if jax.__version_info__ >= (0, 10) else ("i", "j")', 'SYNC = ("i", "j") if jax.__version_info__ >= (0, 10) else ("i",)')
env_prog("cwd_is_directory", "os.getcwd() is a directory.", "import os",
         'SYNC = ("i",) if os.path.isdir(os.getcwd()) else ("i", "j")', 'SYNC = ("i", "j") if os.path.isdir(os.getcwd()) else ("i",)')

prog("sys_modules_setattr_global", "setattr(sys.modules[__name__], 'SYNC', ...) rebinds the module global.", '''
import sys
SYNC = ("i", "j")
@REDUCE@

def configure():
    setattr(sys.modules[__name__], "SYNC", ("i",))


def main(mesh, x):
    configure()
    return reduce_rows(mesh, x, SYNC)
''', '    setattr(sys.modules[__name__], "SYNC", ("i",))', '    setattr(sys.modules[__name__], "OTHER", ("i",))')
prog("globals_item_write", "globals()['SYNC'] = ... in a function rebinds the module global.", '''
SYNC = ("i", "j")
@REDUCE@

def configure():
    globals()["SYNC"] = ("i",)


def main(mesh, x):
    configure()
    return reduce_rows(mesh, x, SYNC)
''', '    globals()["SYNC"] = ("i",)', '    globals()["OTHER"] = ("i",)')
prog("globals_update", "globals().update(SYNC=...) at the module top.", '''
SYNC = ("i", "j")
globals().update(SYNC=("i",))
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, SYNC)
''', 'globals().update(SYNC=("i",))', 'globals().update(OTHER=("i",))')
prog("exec_rebinds_global", "exec of a config line rebinds the global.", '''
SYNC = ("i", "j")
exec("SYNC = ('i',)")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, SYNC)
''', 'exec("SYNC = (\'i\',)")', 'exec("OTHER = (\'i\',)")')
prog("module_object_attribute", "The module object from sys.modules is changed in main before the read.", '''
import sys
SYNC = ("i", "j")
@REDUCE@

def main(mesh, x):
    this = sys.modules[__name__]
    this.SYNC = ("i",)
    return reduce_rows(mesh, x, SYNC)
''', '    this.SYNC = ("i",)', '    this.OTHER = ("i",)')
prog("slice_assign_list", "A slice assignment replaces the list items in place.", '''
AXES = ["i", "j"]
AXES[:] = ["i"]
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, tuple(AXES))
''', 'AXES[:] = ["i"]', 'AXES[:] = ["i", "j"]')
prog("del_slice_list", "Deleting the slice from index 1 removes the model axis.", '''
AXES = ["i", "j"]
del AXES[1:]
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, tuple(AXES))
''', 'del AXES[1:]', 'del AXES[2:]')
prog("hooks_narrow_axes", "A hook from a list narrows the axes before the step.", '''
AXES = ["i", "j"]


def drop_model_axis():
    AXES.remove("j")


HOOKS = [drop_model_axis]
@REDUCE@

def main(mesh, x):
    for hook in HOOKS:
        hook()
    return reduce_rows(mesh, x, tuple(AXES))
''', 'HOOKS = [drop_model_axis]', 'HOOKS = []')
prog("factory_list_changed_later", "A factory's closure reads the list when called, after the pop.", '''
AXES = ["i", "j"]


def make_reducer(axes):
    return lambda v: jax.lax.psum(v, tuple(axes))


REDUCE = make_reducer(AXES)
AXES.pop()


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return REDUCE(rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'AXES.pop()', 'AXES.copy()')
prog("late_binding_list_call", "Closures made in a loop read the loop variable's last value (list made by list()).", '''
REDUCERS = list()
for axes in [("i", "j"), ("i",)]:
    def reduce(v):
        return jax.lax.psum(v, axes)
    REDUCERS.append(reduce)


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return REDUCERS[0](rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'for axes in [("i", "j"), ("i",)]:', 'for axes in [("i",), ("i", "j")]:')
prog("late_binding_dict_of_lambdas", "A dict comprehension of lambdas: each sees the last axes.", '''
REDUCERS = {name: (lambda v: jax.lax.psum(v, axes)) for name, axes in [("both", ("i", "j")), ("rows", ("i",))]}


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return REDUCERS["both"](rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'REDUCERS = {name: (lambda v: jax.lax.psum(v, axes)) for name, axes in [("both", ("i", "j")), ("rows", ("i",))]}',
     'REDUCERS = {name: (lambda v, axes=axes: jax.lax.psum(v, axes)) for name, axes in [("both", ("i", "j")), ("rows", ("i",))]}')
prog("class_decorator_sets_attribute", "A class decorator narrows AXES on the class in place.", '''
def rows_only(cls):
    cls.AXES = ("i",)
    return cls


@rows_only
class Plan:
    AXES = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan.AXES)
''', '    cls.AXES = ("i",)', '    cls.OTHER = ("i",)')
prog("class_decorator_returns_instance", "A class decorator hands back an instance: Plan.sync() is its method.", '''
def singleton(cls):
    return cls(("i",))


@singleton
class Plan:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def sync(self):
        return self.axes
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan.sync())
''', '    return cls(("i",))', '    return cls(("i", "j"))')
prog("metaclass_sets_axes", "A metaclass narrows AXES of every class it makes.", '''
class RowsMeta(type):
    def __new__(mcs, name, bases, ns):
        ns["AXES"] = ("i",)
        return super().__new__(mcs, name, bases, ns)


class Plan(metaclass=RowsMeta):
    AXES = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan.AXES)
''', '        ns["AXES"] = ("i",)', '        ns["OTHER"] = ("i",)')
prog("init_subclass_keyword", "__init_subclass__ stores the subclass's keyword axes.", '''
class Plan:
    AXES = ("i", "j")

    def __init_subclass__(cls, axes=None, **kw):
        super().__init_subclass__(**kw)
        if axes is not None:
            cls.AXES = axes


class RowPlan(Plan, axes=("i",)):
    AXES = ("i", "j")
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, RowPlan.AXES)
''', 'class RowPlan(Plan, axes=("i",)):', 'class RowPlan(Plan, axes=None):')
prog("dynamic_type_class", "type(name, bases, ns) makes a subclass whose AXES overrides the base's.", '''
class Plan:
    AXES = ("i", "j")

    def sync(self):
        return self.AXES


RowPlan = type("RowPlan", (Plan,), {"AXES": ("i",)})
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, RowPlan().sync())
''', 'RowPlan = type("RowPlan", (Plan,), {"AXES": ("i",)})', 'RowPlan = type("RowPlan", (Plan,), {"OTHER": ("i",)})')
prog("wrapping_decorator_fixes_axes", "A decorator's wrapper calls the function with its own axes.", '''
import functools


def rows_only(fn):
    @functools.wraps(fn)
    def wrapped(mesh, x, axes):
        return fn(mesh, x, ("i",))
    return wrapped


@rows_only
def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))
''', '        return fn(mesh, x, ("i",))', '        return fn(mesh, x, axes)')
prog("instance_call_attribute_ignored", "obj.__call__ set on an instance is not what obj(...) calls.", '''
class Picker:
    def __call__(self):
        return ("i",)
@REDUCE@

def main(mesh, x):
    pick = Picker()
    pick.__call__ = lambda: ("i", "j")
    return reduce_rows(mesh, x, pick())
''', '    pick.__call__ = lambda: ("i", "j")', '    Picker.__call__ = lambda self: ("i", "j")')
prog("instance_getitem_attribute_ignored", "obj.__getitem__ set on an instance is not what obj[k] calls.", '''
class Table:
    def __getitem__(self, key):
        return ("i",)
@REDUCE@

def main(mesh, x):
    table = Table()
    table.__getitem__ = lambda key: ("i", "j")
    return reduce_rows(mesh, x, table["sync"])
''', '    table.__getitem__ = lambda key: ("i", "j")', '    Table.__getitem__ = lambda self, key: ("i", "j")')
prog("super_explicit_skips_mid", "super(Mid, self) starts the lookup after Mid.", '''
class Base:
    def axes(self):
        return ("i",)


class Mid(Base):
    def axes(self):
        return ("i", "j")


class Leaf(Mid):
    def axes(self):
        return super(Mid, self).axes()
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Leaf().axes())
''', '        return super(Mid, self).axes()', '        return super(Leaf, self).axes()')
prog("del_instance_field_reveals_class", "del obj.AXES removes the instance's field: the class's shows.", '''
class Plan:
    AXES = ("i",)

    def __init__(self):
        self.AXES = ("i", "j")
@REDUCE@

def main(mesh, x):
    plan = Plan()
    del plan.AXES
    return reduce_rows(mesh, x, plan.AXES)
''', '    del plan.AXES', '    plan.AXES')
prog("instance_dict_write", "obj.__dict__['axes'] = ... stores the field.", '''
class Plan:
    def __init__(self):
        self.axes = ("i", "j")
@REDUCE@

def main(mesh, x):
    plan = Plan()
    plan.__dict__["axes"] = ("i",)
    return reduce_rows(mesh, x, plan.axes)
''', '    plan.__dict__["axes"] = ("i",)', '    plan.__dict__["other"] = ("i",)')
prog("vars_update_fields", "vars(obj).update(...) changes the fields.", '''
class Plan:
    def __init__(self):
        self.axes = ("i", "j")
@REDUCE@

def main(mesh, x):
    plan = Plan()
    vars(plan).update(axes=("i",))
    return reduce_rows(mesh, x, plan.axes)
''', '    vars(plan).update(axes=("i",))', '    vars(plan).update(other=("i",))')
prog("classmethod_sets_on_subclass", "cls.AXES = ... in a classmethod called on a subclass leaves the base alone.", '''
class Plan:
    AXES = ("i",)

    @classmethod
    def widen(cls):
        cls.AXES = ("i", "j")


class Wide(Plan):
    pass
@REDUCE@

def main(mesh, x):
    Wide.widen()
    return reduce_rows(mesh, x, Plan.AXES)
''', '    Wide.widen()', '    Plan.widen()')
prog("redefined_function_wins", "A second def of the same name replaces the first.", '''
def sync_axes():
    return ("i", "j")


def sync_axes():
    return ("i",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, sync_axes())
''', '    return ("i",)', '    return ("i", "j",)')
prog("inner_assign_shadows", "An inner function's assignment without nonlocal binds its own local.", '''
@REDUCE@

def main(mesh, x):
    axes = ("i",)

    def widen():
        axes = ("i", "j")
        return axes
    widen()
    return reduce_rows(mesh, x, axes)
''', '    widen()', '    axes = widen()')
prog("try_else_skipped_on_error", "try/else: the else runs only when the body raised nothing.", '''
def pick(table):
    try:
        axes = table["sync"]
    except KeyError:
        axes = ("i",)
    else:
        axes = ("i", "j")
    return axes
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, pick({}))
''', '    return reduce_rows(mesh, x, pick({}))', '    return reduce_rows(mesh, x, pick({"sync": 1}))')
prog("while_true_breaks_first", "A while loop that breaks on its first round never reaches the widening.", '''
@REDUCE@

def main(mesh, x):
    axes = ["i"]
    while True:
        if len(axes) == 1:
            break
        axes.append("j")
    axes_wide = axes + ["j"]
    return reduce_rows(mesh, x, tuple(axes))
''', '        if len(axes) == 1:', '        if len(axes) == 2:')
prog("max_key_len_picks", "min(..., key=len) picks the shortest candidate.", '''
CANDIDATES = [("i", "j"), ("i",)]
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, min(CANDIDATES, key=len))
''', '    return reduce_rows(mesh, x, min(CANDIDATES, key=len))', '    return reduce_rows(mesh, x, max(CANDIDATES, key=len))')
prog("functools_reduce_intersection", "functools.reduce of set intersections leaves the common axis.", '''
import functools
GROUPS = [{"i", "j"}, {"i"}]
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, tuple(sorted(functools.reduce(set.intersection, GROUPS))))
''', 'GROUPS = [{"i", "j"}, {"i"}]', 'GROUPS = [{"i", "j"}, {"i", "j"}]')
prog("jit_lower_compile_reused", "A compiled executable does not trace again: SYNC changed after compile is never read.", '''
SYNC = ["i"]


def step(x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(SYNC))
    return jax.shard_map(body, mesh=MESH[0], in_specs=P("i", "j"), out_specs=P())(x)


MESH = []


def main(mesh, x):
    MESH.append(mesh)
    compiled = jax.jit(step).lower(x).compile()
    SYNC.append("j")
    return compiled(x)
''', '    compiled = jax.jit(step).lower(x).compile()', '    compiled = step')
prog("jit_static_equal_by_name", "A static config equal by its name only: JAX reuses the first trace.", '''
import dataclasses
import functools


@dataclasses.dataclass(frozen=True)
class Cfg:
    name: str
    axes: tuple = dataclasses.field(compare=False)


@functools.partial(jax.jit, static_argnums=(1, 2))
def step(x, mesh, cfg):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, cfg.axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    step(x, mesh, Cfg("run", ("i",)))
    return step(x, mesh, Cfg("run", ("i", "j")))
''', '    step(x, mesh, Cfg("run", ("i",)))', '    step(x, mesh, Cfg("warm", ("i",)))')
prog("jit_eval_shape_then_change", "jax.eval_shape traces; the later jitted call is traced anew with the narrowed axes.", '''
SYNC = ["i", "j"]
@REDUCE@

def main(mesh, x):
    SYNC.remove("j")
    return jax.jit(lambda v: reduce_rows(mesh, v, tuple(SYNC)))(x)
''', '    SYNC.remove("j")', '    SYNC.count("j")')

# -- batch 3: module and class names a single binding does not settle ---------------------------------
def rebind_prog(name, doc, setup, old, new, read="SYNC", imports=""):
    prog(name, doc, imports + setup + '\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, ' + read + ')\n', old, new)


rebind_prog("module_for_target_rebinds", "A module-level for loop rebinds SYNC to its last item.",
            'SYNC = ("i", "j")\nfor SYNC in [("i", "j"), ("i",)]:\n    pass\n',
            'for SYNC in [("i", "j"), ("i",)]:', 'for SYNC in [("i",), ("i", "j")]:')
rebind_prog("module_walrus_rebinds", "A walrus at module level rebinds SYNC.",
            'SYNC = ("i", "j")\nif (SYNC := ("i",)):\n    pass\n', 'if (SYNC := ("i",)):', 'if (OTHER := ("i",)):')
rebind_prog("module_tuple_unpack_rebinds", "A tuple unpacking rebinds SYNC.",
            'SYNC = ("i", "j")\nSYNC, EXTRA = ("i",), None\n', 'SYNC, EXTRA = ("i",), None', 'OTHER, EXTRA = ("i",), None')
rebind_prog("module_starred_unpack_rebinds", "A starred unpacking rebinds SYNC to a list.",
            'SYNC = ("i", "j")\nFIRST, *SYNC = ["x", "i"]\n', 'FIRST, *SYNC = ["x", "i"]', 'FIRST, *OTHER = ["x", "i"]')
rebind_prog("module_with_as_rebinds", "`with ... as SYNC` rebinds SYNC.",
            'import contextlib\nSYNC = ("i", "j")\nwith contextlib.nullcontext(("i",)) as SYNC:\n    pass\n',
            'with contextlib.nullcontext(("i",)) as SYNC:', 'with contextlib.nullcontext(("i",)) as OTHER:')
rebind_prog("module_import_as_rebinds", "An import binds SYNC over the tuple (a module's attribute tuple).",
            'SYNC = ("i", "j")\nfrom string import ascii_lowercase as SYNC\n', 'from string import ascii_lowercase as SYNC',
            'from string import ascii_lowercase as OTHER', read='tuple(a for a in SYNC if a == "i") if isinstance(SYNC, str) else SYNC')
rebind_prog("module_match_capture_rebinds", "A match statement's capture pattern rebinds SYNC.",
            'SYNC = ("i", "j")\nmatch ("i",):\n    case tuple() as SYNC:\n        pass\n', '    case tuple() as SYNC:', '    case tuple() as OTHER:')
rebind_prog("module_except_as_unbinds", "`except ... as SYNC` rebinds then deletes SYNC; the later assignment stands.",
            'SYNC = ("i", "j")\ntry:\n    raise ValueError\nexcept ValueError as SYNC:\n    pass\nSYNC = ("i",)\n',
            'SYNC = ("i",)\n', 'OTHER = ("i",)\n')
rebind_prog("module_def_rebinds_name", "A def of the same name rebinds SYNC to a function; the read calls it.",
            'SYNC = ("i", "j")\n\n\ndef SYNC():\n    return ("i",)\n', '    return ("i",)', '    return ("i", "j")', read='SYNC()')
rebind_prog("class_body_del_reveals_base", "A class body that deletes its own AXES reads the base's.",
            'class Base:\n    AXES = ("i",)\n\n\nclass Plan(Base):\n    AXES = ("i", "j")\n    del AXES\n',
            '    del AXES', '    pass', read='Plan.AXES')
rebind_prog("class_body_vars_write", "vars() in a class body is the class namespace: the write lands.",
            'class Plan:\n    AXES = ("i", "j")\n    vars()["AXES"] = ("i",)\n',
            '    vars()["AXES"] = ("i",)', '    vars()["OTHER"] = ("i",)', read='Plan.AXES')
rebind_prog("class_body_locals_write", "locals() in a class body is the class namespace: the write lands.",
            'class Plan:\n    AXES = ("i", "j")\n    locals()["AXES"] = ("i",)\n',
            '    locals()["AXES"] = ("i",)', '    locals()["OTHER"] = ("i",)', read='Plan.AXES')
rebind_prog("setattr_class_literal", "setattr(Plan, 'AXES', ...) at module level.",
            'class Plan:\n    AXES = ("i", "j")\n\n\nsetattr(Plan, "AXES", ("i",))\n',
            'setattr(Plan, "AXES", ("i",))', 'setattr(Plan, "OTHER", ("i",))', read='Plan.AXES')
rebind_prog("setattr_class_name_variable", "setattr with the attribute name in a variable.",
            'class Plan:\n    AXES = ("i", "j")\n\n\nFIELD = "AXES"\nsetattr(Plan, FIELD, ("i",))\n',
            'FIELD = "AXES"', 'FIELD = "OTHER"', read='Plan.AXES')
rebind_prog("class_decorator_via_call", "Plan = rows_only(Plan): the name is rebound to the decorator's subclass.",
            'class Plan:\n    AXES = ("i", "j")\n\n\ndef rows_only(cls):\n    return type(cls.__name__, (cls,), {"AXES": ("i",)})\n\n\nPlan = rows_only(Plan)\n',
            '    return type(cls.__name__, (cls,), {"AXES": ("i",)})', '    return type(cls.__name__, (cls,), {"OTHER": ("i",)})', read='Plan.AXES')
rebind_prog("class_rebound_to_subclass", "The class name is rebound to a subclass defined later.",
            'class Plan:\n    AXES = ("i", "j")\n\n\nclass RowPlan(Plan):\n    AXES = ("i",)\n\n\nPlan = RowPlan\n',
            'Plan = RowPlan', 'Base = RowPlan', read='Plan.AXES')
rebind_prog("class_redefined", "A second class statement of the same name replaces the first.",
            'class Plan:\n    AXES = ("i", "j")\n\n\nclass Plan:\n    AXES = ("i",)\n',
            '    AXES = ("i",)', '    AXES = ("i", "j",)', read='Plan.AXES')
rebind_prog("class_decorator_dict_namespace", "A decorator rebuilding the class from its __dict__ with narrowed AXES.",
            'def rows_only(cls):\n    ns = dict(cls.__dict__)\n    ns["AXES"] = ("i",)\n    return type(cls.__name__, cls.__bases__, ns)\n\n\n@rows_only\nclass Plan:\n    AXES = ("i", "j")\n',
            '    ns["AXES"] = ("i",)', '    ns["OTHER"] = ("i",)', read='Plan.AXES')
rebind_prog("metaclass_call_returns_other", "A property of the metaclass answers Plan.AXES (the class defines none).",
            'class Meta(type):\n    @property\n    def AXES(cls):\n        return ("i",)\n\n\nclass Plan(metaclass=Meta):\n    pass\n',
            '        return ("i",)', '        return ("i", "j")', read='Plan.AXES')
rebind_prog("enum_value_via_class", "An Enum class attribute is a member, its value the tuple: Sync.ROWS.value.",
            'import enum\n\n\nclass Sync(enum.Enum):\n    ROWS = ("i",)\n    BOTH = ("i", "j")\n\n\nPICK = Sync(("i",))\n',
            'PICK = Sync(("i",))', 'PICK = Sync(("i", "j"))', read='PICK.value')
rebind_prog("exec_in_class_body", "exec in a class body writes the class namespace.",
            'class Plan:\n    AXES = ("i", "j")\n    exec("AXES = (\'i\',)")\n',
            '    exec("AXES = (\'i\',)")', '    exec("OTHER = (\'i\',)")', read='Plan.AXES')
rebind_prog("module_dict_setitem", "The module's __dict__ from sys.modules written by key.",
            'import sys\nSYNC = ("i", "j")\nsys.modules[__name__].__dict__["SYNC"] = ("i",)\n',
            'sys.modules[__name__].__dict__["SYNC"] = ("i",)', 'sys.modules[__name__].__dict__["OTHER"] = ("i",)')
rebind_prog("globals_alias_write", "globals() held in a name, then written by key.",
            'SYNC = ("i", "j")\nG = globals()\nG["SYNC"] = ("i",)\n', 'G["SYNC"] = ("i",)', 'G["OTHER"] = ("i",)')
rebind_prog("importlib_self_module", "importlib.import_module(__name__) is this module: its attribute written.",
            'import importlib\nimport sys\nSYNC = ("i", "j")\nsetattr(sys.modules.get(__name__), "SYNC", ("i",))\n',
            'setattr(sys.modules.get(__name__), "SYNC", ("i",))', 'setattr(sys.modules.get(__name__), "OTHER", ("i",))')

# -- batch 4: the same readings for other rules; facts of the machine --------------------------------
prog("setattr_class_cast_axis", "setattr(Plan, 'CAST', 'j') makes the cast name the axis rows is invariant on.", '''
class Plan:
    CAST = "i"


setattr(Plan, "CAST", "j")


def cast_and_sum(mesh, x, cast):
    def body(block):
        rows = jax.lax.psum(block, "j")
        rows = jax.lax.pcast(rows, cast, to="varying")
        return jax.lax.psum(rows, ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return cast_and_sum(mesh, x, Plan.CAST)
''', 'setattr(Plan, "CAST", "j")', 'setattr(Plan, "OTHER", "j")', "SF107")
prog("globals_write_gather_mode", "globals()['TO'] = 'varying' before the gather of a psum result.", '''
TO = "reduced"


def configure():
    globals()["TO"] = "varying"


def gather(mesh, x, to):
    def body(block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, "i", to=to, tiled=True)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def main(mesh, x):
    configure()
    return gather(mesh, x, TO)
''', '    globals()["TO"] = "varying"', '    globals()["OTHER"] = "varying"', "SF101")
prog("metaclass_sets_cast_axis", "A metaclass sets CAST to 'j' on the class it makes.", '''
class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns["CAST"] = "j"
        return super().__new__(mcs, name, bases, ns)


class Plan(metaclass=Meta):
    CAST = "i"


def cast_and_sum(mesh, x, cast):
    def body(block):
        rows = jax.lax.psum(block, "j")
        rows = jax.lax.pcast(rows, cast, to="varying")
        return jax.lax.psum(rows, ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return cast_and_sum(mesh, x, Plan.CAST)
''', '        ns["CAST"] = "j"', '        ns["OTHER"] = "j"', "SF107")
prog("exec_sets_scale", "exec rebinds SCALE to None: the reduced value is never scaled.", '''
SCALE = 2.0
exec("SCALE = None")


def gather_scaled(mesh, x, scale):
    def body(block):
        rows = jax.lax.psum(block, "j")
        g = jax.lax.all_gather(rows, "i", to="reduced", tiled=True)
        if scale is not None:
            g = g * scale
        return g
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)


def main(mesh, x):
    return gather_scaled(mesh, x, SCALE)
''', 'exec("SCALE = None")', 'exec("OTHER = None")', "SF106")
prog("class_decorator_sum_axis", "A class decorator's subclass names the axis the reduced value is summed over.", '''
def over_j(cls):
    class Wrapped(cls):
        SUM_OVER = "j"
    return Wrapped


@over_j
class Plan:
    SUM_OVER = "i"


def gather_sum(mesh, x, axis):
    def body(block):
        rows = jax.lax.psum(block, "j")
        g = jax.lax.all_gather(rows, "i", to="reduced", tiled=True)
        return jax.lax.psum(g, axis)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)


def main(mesh, x):
    return gather_sum(mesh, x, Plan.SUM_OVER)
''', '        SUM_OVER = "j"', '        OTHER = "j"', "SF103")
for _name, _doc, _imports, _test in [
        ("platform_linux", "sys.platform is linux where this runs.", "import sys", 'sys.platform.startswith("linux")'),
        ("os_name_posix", "os.name is posix.", "import os", 'os.name == "posix"'),
        ("maxsize_64bit", "sys.maxsize > 2**32 on a 64-bit build.", "import sys", "sys.maxsize > 2**32"),
        ("byteorder_little", "sys.byteorder is little on x86 and arm.", "import sys", 'sys.byteorder == "little"'),
        ("x64_disabled", "jax_enable_x64 is off by default.", "", "not jax.config.jax_enable_x64"),
        ("float32_default", "jnp.zeros(1).dtype is float32 without x64.", "", "jnp.zeros(1).dtype == jnp.float32"),
        ("home_expanduser", "expanduser('~') is not '~' where HOME is set.", "import os", 'os.path.expanduser("~") != "~"'),
        ("getpid_positive", "os.getpid() is positive.", "import os", "os.getpid() > 0"),
        ("recursion_limit", "The recursion limit is at least 1000.", "import sys", "sys.getrecursionlimit() >= 1000"),
        ("numpy_version_new", "NumPy is at least 1.20.", "", 'tuple(int(p) for p in np.__version__.split(".")[:2]) >= (1, 20)'),
        ("devices_at_least_eight", "The 2x4 mesh needs 8 devices, so there are at least 8.", "", "jax.device_count() >= 8"),
        ("local_devices_match", "One process: local devices are all devices.", "", "jax.local_device_count() == jax.device_count()"),
        ("process_index_zero", "One process: process_index is 0.", "", "jax.process_index() == 0"),
        ("environ_lang_or_default", "HOME or a fallback: expanded path always exists.", "import os", 'os.path.isdir(os.environ.get("HOME", "/"))'),
]:
    env_prog(_name, _doc, _imports, f'SYNC = ("i",) if {_test} else ("i", "j")', f'SYNC = ("i", "j") if {_test} else ("i",)')

# -- batch 5: a module list handed on by name and changed in place ------------------------------------
def list_prog(name, doc, setup, main_lines, old, new):
    prog(name, doc, 'AXES = ["i", "j"]\n' + setup + '@REDUCE@\n\ndef main(mesh, x):\n'
         + "".join(f"    {line}\n" for line in main_lines) + '    return reduce_rows(mesh, x, AXES)\n', old, new)


list_prog("list_remove_in_main", "AXES.remove('j') in main before the list is handed on.", '',
          ['AXES.remove("j")'], '    AXES.remove("j")', '    AXES.count("j")')
list_prog("list_alias_pop", "An alias of the module list pops the model axis.", '',
          ['names = AXES', 'names.pop()'], '    names.pop()', '    names.copy()')
list_prog("list_changed_by_helper", "A helper changes the list it is handed.", '\n\ndef narrow(names):\n    names.remove("j")\n\n',
          ['narrow(AXES)'], '    narrow(AXES)', '    narrow(list(AXES))')
list_prog("list_unbound_method_remove", "list.remove(AXES, 'j'): the unbound method changes the list.", '',
          ['list.remove(AXES, "j")'], '    list.remove(AXES, "j")', '    list.count(AXES, "j")')
list_prog("list_operator_delitem", "operator.delitem(AXES, 1) removes the model axis.", 'import operator\n',
          ['operator.delitem(AXES, 1)'], '    operator.delitem(AXES, 1)', '    operator.getitem(AXES, 1)')
list_prog("list_in_container_changed", "The list held in a table is changed through the table.", 'GROUPS = {"sync": AXES}\n',
          ['GROUPS["sync"].pop()'], '    GROUPS["sync"].pop()', '    GROUPS["sync"].copy()')
list_prog("list_loop_over_holder", "A loop over a list of lists changes each one.", '',
          ['for group in [AXES]:', '    group.pop()'], '        group.pop()', '        group.copy()')
list_prog("list_dunder_delitem", "AXES.__delitem__(1) removes the model axis.", '',
          ['AXES.__delitem__(1)'], '    AXES.__delitem__(1)', '    AXES.__getitem__(1)')
list_prog("list_clear_then_extend", "AXES.clear() then AXES.extend(['i']) keeps the same list object.", '',
          ['AXES.clear()', 'AXES.extend(["i"])'], '    AXES.clear()', '    AXES.copy()')
list_prog("list_slice_assigned_by_helper", "A helper empties the tail of the list it is handed by slice assignment.",
          '\n\ndef keep_first(names):\n    names[1:] = []\n\n', ['keep_first(AXES)'], '    keep_first(AXES)', '    keep_first(AXES[:])')
list_prog("list_setattr_module_holder", "A namespace object holds the list; a method changes it.",
          '\n\nclass Holder:\n    def __init__(self, names):\n        self.names = names\n\n    def narrow(self):\n        self.names.remove("j")\n\n',
          ['Holder(AXES).narrow()'], '    Holder(AXES).narrow()', '    Holder(list(AXES)).narrow()')
list_prog("list_map_side_effect", "A list comprehension whose element call changes the list.", '',
          ['[AXES.remove(a) for a in ["j"]]'], '    [AXES.remove(a) for a in ["j"]]', '    [AXES.count(a) for a in ["j"]]')
prog("type_setattr_class", "type.__setattr__(Plan, 'AXES', ...) sets the class attribute.", '''
class Plan:
    AXES = ("i", "j")


type.__setattr__(Plan, "AXES", ("i",))
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, Plan.AXES)
''', 'type.__setattr__(Plan, "AXES", ("i",))', 'type.__setattr__(Plan, "OTHER", ("i",))')
rebind_prog("class_body_for_target", "A for loop in the class body rebinds AXES to its last item.",
            'class Plan:\n    AXES = ("i", "j")\n    for AXES in [("i", "j"), ("i",)]:\n        pass\n',
            '    for AXES in [("i", "j"), ("i",)]:', '    for AXES in [("i",), ("i", "j")]:', read='Plan.AXES')
rebind_prog("class_body_import_as", "An import in the class body rebinds AXES (a module string).",
            'class Plan:\n    AXES = ("i", "j")\n    from string import ascii_lowercase as AXES\n',
            '    from string import ascii_lowercase as AXES', '    from string import ascii_lowercase as OTHER',
            read='tuple(a for a in Plan.AXES if a == "i") if isinstance(Plan.AXES, str) else Plan.AXES')
rebind_prog("class_body_walrus", "A walrus in the class body rebinds AXES.",
            'class Plan:\n    AXES = ("i", "j")\n    if (AXES := ("i",)):\n        pass\n',
            '    if (AXES := ("i",)):', '    if (OTHER := ("i",)):', read='Plan.AXES')
rebind_prog("class_body_def_rebinds", "A def in the class body rebinds AXES to a function; the read calls it.",
            'class Plan:\n    AXES = ("i", "j")\n\n    @staticmethod\n    def AXES():\n        return ("i",)\n',
            '        return ("i",)', '        return ("i", "j")', read='Plan.AXES()')
rebind_prog("dict_global_replaced_by_globals", "globals()['CFG'] replaces the config dict.",
            'CFG = {"sync": ("i", "j")}\nglobals()["CFG"] = {"sync": ("i",)}\n',
            'globals()["CFG"] = {"sync": ("i",)}', 'globals()["OTHER"] = {"sync": ("i",)}', read='CFG["sync"]')

# -- batch 6: what importing JAX sets; calls never run -----------------------------------------------
env_prog("jax_sets_tf_log_level", "Importing jax sets TF_CPP_MIN_LOG_LEVEL=1 when unset (run on 0.10.2).", "import os",
         'SYNC = ("i",) if os.environ.get("TF_CPP_MIN_LOG_LEVEL", "0") != "0" else ("i", "j")',
         'SYNC = ("i", "j") if os.environ.get("TF_CPP_MIN_LOG_LEVEL", "0") != "0" else ("i",)')
env_prog("jax_sets_tpu_skip_mds", "Importing jax sets TPU_SKIP_MDS_QUERY when unset (run on 0.10.2).", "import os",
         'SYNC = ("i",) if "TPU_SKIP_MDS_QUERY" in os.environ else ("i", "j")',
         'SYNC = ("i", "j") if "TPU_SKIP_MDS_QUERY" in os.environ else ("i",)')
prog("dead_call_after_return", "A call left after the return never runs.", '''
@REDUCE@

def main(mesh, x):
    out = reduce_rows(mesh, x, ("i",))
    return out
    reduce_rows(mesh, x, ("i", "j"))
''', '    return out\n', '    out = out\n')

# -- batch 7: other containers handed on by name ---------------------------------------------------
READ_CFG = '''

def reduce_cfg(mesh, x, cfg):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, cfg["sync"])
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''
prog("dict_item_set_then_handed", "CFG['sync'] set in main, then CFG handed on.", 'CFG = {"sync": ("i", "j")}\n' + READ_CFG + '''

def main(mesh, x):
    CFG["sync"] = ("i",)
    return reduce_cfg(mesh, x, CFG)
''', '    CFG["sync"] = ("i",)', '    CFG["other"] = ("i",)')
prog("dict_updated_by_helper_then_handed", "A helper updates the dict it is handed; then the dict is handed on.", 'CFG = {"sync": ("i", "j")}\n' + READ_CFG + '''

def narrow(cfg):
    cfg.update(sync=("i",))


def main(mesh, x):
    narrow(CFG)
    return reduce_cfg(mesh, x, CFG)
''', '    narrow(CFG)', '    narrow(dict(CFG))')
prog("nested_list_in_tuple_changed", "A tuple holding a list: the list inside is changed in place.", '''
SPEC = (["i", "j"], 0)
@REDUCE@

def main(mesh, x):
    SPEC[0].pop()
    return reduce_rows(mesh, x, SPEC[0])
''', '    SPEC[0].pop()', '    SPEC[0].copy()')
prog("global_rebound_by_setup", "setup() rebinds SYNC through `global` before it is handed on.", '''
SYNC = ("i", "j")
@REDUCE@

def setup():
    global SYNC
    SYNC = ("i",)


def main(mesh, x):
    setup()
    return reduce_rows(mesh, x, SYNC)
''', '    setup()', '    setup')
prog("list_handed_twice_changed_between", "Two calls: the list is narrowed before the second (it reads the same object).", '''
AXES = ["i"]
@REDUCE@

def main(mesh, x):
    first = reduce_rows(mesh, x, AXES)
    AXES.append("j")
    AXES.remove("j")
    return reduce_rows(mesh, x, AXES)
''', '    AXES.remove("j")', '    AXES.count("j")')

# -- batch 8: objects handed on after a change -------------------------------------------------------
READ_OBJ = '''

def reduce_plan(mesh, x, plan):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, plan.sync)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''
prog("instance_field_set_then_handed", "plan.sync set in main, then the object handed on.", '''
class Plan:
    def __init__(self):
        self.sync = ("i", "j")
''' + READ_OBJ + '''

def main(mesh, x):
    plan = Plan()
    plan.sync = ("i",)
    return reduce_plan(mesh, x, plan)
''', '    plan.sync = ("i",)', '    plan.other = ("i",)')
prog("namespace_module_setattr_then_handed", "A module SimpleNamespace changed by setattr in main, then handed on.", '''
import types
CFG = types.SimpleNamespace(sync=("i", "j"))
''' + READ_OBJ + '''

def main(mesh, x):
    setattr(CFG, "sync", ("i",))
    return reduce_plan(mesh, x, CFG)
''', '    setattr(CFG, "sync", ("i",))', '    setattr(CFG, "other", ("i",))')
prog("argparse_namespace_changed_then_handed", "args.sync narrowed after parsing, then args handed on.", '''
import argparse
''' + READ_OBJ + '''

def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default=("i", "j"))
    args = parser.parse_args([])
    args.sync = ("i",)
    return reduce_plan(mesh, x, args)
''', '    args.sync = ("i",)', '    args.other = ("i",)')
prog("class_attr_handed_changed_by_function", "A function sets Plan.AXES through a parameter holding the class.", '''
class Plan:
    AXES = ("i", "j")


def narrow(cls):
    setattr(cls, "AXES", ("i",))
@REDUCE@

def main(mesh, x):
    narrow(Plan)
    return reduce_rows(mesh, x, Plan.AXES)
''', '    narrow(Plan)', '    narrow')
prog("module_tuple_rebound_in_loop", "A loop in main rebinds the global through `global` each round; the last round narrows.", '''
SYNC = ("i", "j")
@REDUCE@

def main(mesh, x):
    global SYNC
    for names in [("i", "j"), ("i",)]:
        SYNC = names
    return reduce_rows(mesh, x, SYNC)
''', '    for names in [("i", "j"), ("i",)]:', '    for names in [("i",), ("i", "j")]:')
prog("function_attribute_set_later", "A function attribute set after the def is what the call passes.", '''
def sync_axes():
    return sync_axes.names


sync_axes.names = ("i", "j")
sync_axes.names = ("i",)
@REDUCE@

def main(mesh, x):
    return reduce_rows(mesh, x, sync_axes.names)
''', 'sync_axes.names = ("i",)\n', 'sync_axes.other = ("i",)\n')
prog("argparse_store_after_parse_inline", "args.sync fixed up right after parsing, read by the body (a closure).", '''
import argparse


def main(mesh, x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="i,j")
    args = parser.parse_args([])
    args.sync = "i"

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(args.sync.split(",")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    args.sync = "i"', '    args.other = "i"')

# -- batch 9: settled globals read at the top level before the store ---------------------------------
SETTLED = '''
_SYNC = None


def initialize_model_parallel():
    global _SYNC
    _SYNC = ("i", "j")


def reduce_rows(mesh, x, axes=None):
    axes = axes or ("i",)

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''
prog("settled_global_partial_before_store", "A partial made at import holds _SYNC's None; initialize sets it later.",
     'import functools\n' + SETTLED + '''

REDUCE = functools.partial(reduce_rows, axes=_SYNC)


def main(mesh, x):
    initialize_model_parallel()
    return REDUCE(mesh, x)
''', 'REDUCE = functools.partial(reduce_rows, axes=_SYNC)', 'REDUCE = functools.partial(reduce_rows, axes=("i", "j"))')
prog("settled_global_default_before_store", "A def default reads _SYNC (None) when the def runs, before initialize.",
     SETTLED + '''

def reduce_default(mesh, x, axes=_SYNC):
    return reduce_rows(mesh, x, axes)


def main(mesh, x):
    initialize_model_parallel()
    return reduce_default(mesh, x)
''', 'def reduce_default(mesh, x, axes=_SYNC):', 'def reduce_default(mesh, x, axes=("i", "j")):')
prog("settled_global_class_body_before_store", "A class body reads _SYNC (None) at import; initialize sets it later.",
     SETTLED + '''

class Plan:
    AXES = _SYNC


def main(mesh, x):
    initialize_model_parallel()
    return reduce_rows(mesh, x, Plan.AXES)
''', '    AXES = _SYNC', '    AXES = ("i", "j")')
prog("settled_global_copied_at_import", "A module name copies _SYNC (None) at import; the copy is read later.",
     SETTLED + '''

DEFAULT_SYNC = _SYNC


def main(mesh, x):
    initialize_model_parallel()
    return reduce_rows(mesh, x, DEFAULT_SYNC)
''', 'DEFAULT_SYNC = _SYNC', 'DEFAULT_SYNC = ("i", "j")')
prog("settled_global_lambda_default", "A lambda default reads _SYNC when the lambda is made, at import.",
     SETTLED + '''

PICK = lambda axes=_SYNC: axes


def main(mesh, x):
    initialize_model_parallel()
    return reduce_rows(mesh, x, PICK())
''', 'PICK = lambda axes=_SYNC: axes', 'PICK = lambda axes=("i", "j"): axes')
prog("class_list_attribute_changed", "A class attribute list narrowed in place, then handed on.", '''
class Cfg:
    AXES = ["i", "j"]
@REDUCE@

def main(mesh, x):
    Cfg.AXES.remove("j")
    return reduce_rows(mesh, x, Cfg.AXES)
''', '    Cfg.AXES.remove("j")', '    Cfg.AXES.count("j")')
prog("list_handed_by_keyword_changed", "The changed module list handed as a keyword argument.", '''
AXES = ["i", "j"]
@REDUCE@

def main(mesh, x):
    AXES.pop()
    return reduce_rows(mesh, x, axes=AXES)
''', '    AXES.pop()', '    AXES.copy()')
prog("list_changed_inside_callee_by_other_name", "The callee's own setup narrows the module list its parameter is.", '''
AXES = ["i", "j"]


def prepare():
    AXES.remove("j")


def reduce_rows(mesh, x, axes):
    prepare()

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, AXES)
''', '    prepare()\n', '    prepare\n')

# -- batch 10: a second call after an early exit ---------------------------------------------------
prog("second_call_after_early_return", "main returns after the first call whenever it gives a result: the second never runs.", '''
@REDUCE@

def main(mesh, x):
    out = reduce_rows(mesh, x, ("i",))
    if out is not None:
        return out
    return reduce_rows(mesh, x, ("i", "j"))
''', '    if out is not None:', '    if out is None:')
prog("second_call_after_return_in_loop", "A loop returns on its first round: the call after it never runs.", '''
@REDUCE@

def main(mesh, x):
    for axes in [("i",)]:
        return reduce_rows(mesh, x, axes)
    reduce_rows(mesh, x, ("i", "j"))
''', '        return reduce_rows(mesh, x, axes)', '        reduce_rows(mesh, x, axes)')
prog("second_call_after_early_return_try", "The return in try/finally leaves before the second call.", '''
@REDUCE@

def main(mesh, x):
    try:
        return reduce_rows(mesh, x, ("i",))
    finally:
        print("done")
    reduce_rows(mesh, x, ("i", "j"))
''', '        return reduce_rows(mesh, x, ("i",))', '        reduce_rows(mesh, x, ("i",))')
prog("second_call_in_helper_never_called", "Two helpers call reduce_rows differently; only the first is called.", '''
@REDUCE@

def train(mesh, x):
    return reduce_rows(mesh, x, ("i",))


def evaluate(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))


def main(mesh, x):
    out = train(mesh, x)
    if out is None:
        out = evaluate(mesh, x)
    return out
''', '    if out is None:', '    if out is not None:')
prog("second_call_after_while_true", "A while True loop that returns: the call after it is never reached.", '''
@REDUCE@

def main(mesh, x):
    while True:
        out = reduce_rows(mesh, x, ("i",))
        return out
    reduce_rows(mesh, x, ("i", "j"))
''', '        return out', '        break')

# -- batch 11: operations that drop a reduced or unreduced state on 0.10.2 (run) ---------------------
def reduced_probe(name, doc, lines, old, new, rule="SF106", out='P()'):
    text = ('\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    g = jax.lax.all_gather(rows, "i", to="reduced", tiled=True)\n'
            + "".join(f"    {line}\n" for line in lines)
            + '\n\ndef main(mesh, x):\n    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=' + out + ')(x)\n')
    P[name] = (f'"""{doc}"""', text, old, new, rule)


reduced_probe("cumsum_drops_reduced", "jnp.cumsum of a value reduced on i is invariant on 0.10.2 (run): scaling it is fine.",
              ['c = jnp.cumsum(g, axis=0)', 'return c * 2.0'], 'c = jnp.cumsum(g, axis=0)', 'c = jnp.square(g)')
reduced_probe("einsum_of_reduced_drops_it", "jnp.einsum of two reduced operands is invariant on 0.10.2 (run).",
              ['e = jnp.einsum("ab,ab->a", g, g)', 'return e * 2.0'], 'e = jnp.einsum("ab,ab->a", g, g)', 'e = (g * g).sum(axis=1)')
reduced_probe("dot_of_reduced_drops_it", "jnp.dot(g, g.T) of a reduced g is invariant on 0.10.2 (run).",
              ['d = jnp.dot(g, g.T)', 'return d / 8.0'], 'd = jnp.dot(g, g.T)', 'd = jnp.concatenate([g, g])')
probe("reversed_unreduced_drops_it", "u[::-1] of a value unreduced on j is no longer unreduced on 0.10.2 (run): scaling it is fine.",
      ['u = jax.lax.pcast(block, "j", to="unreduced")', 'v = u[::-1]', 'v = v * 2.0', 'return jax.lax.psum(jax.lax.pcast(v, "j", to="varying"), ("i", "j"))'],
      'v = u[::-1]', 'v = u[0:4]', "SF106")

# -- batch 12: static arguments JAX finds equal although their items' types differ (run: one trace) --
def static_prog(name, doc, first, second):
    prog(name, doc, '''
import functools
SYNC = ["i"]


@functools.partial(jax.jit, static_argnums=(1, 2))
def step(x, mesh, flags):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(SYNC))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    step(x, mesh, ''' + first + ''')
    SYNC.append("j")
    return step(x, mesh, ''' + second + ''')
''', '    step(x, mesh, ' + first + ')', '    step(x, mesh, ' + first.replace("1", "7") + ')')


static_prog("jit_static_tuple_one_then_true", "(1,) then (True,): equal tuples, one trace on 0.10.2 (run); SYNC widened between calls is never read.",
            "(1,)", "(True,)")
static_prog("jit_static_tuple_int_then_float", "(1, 2) then (1.0, 2): equal tuples, one trace (run).", "(1, 2)", "(1.0, 2)")
static_prog("jit_static_frozenset_one_then_true", "frozenset({1}) then frozenset({True}): equal, one trace (run).",
            "frozenset({1})", "frozenset({True})")

# -- batch 13: SF104's spec read through the same paths ----------------------------------------------
GATHER = '''
from jax._src.shard_map import top_level_all_gather


def gather_rows(mesh, x, keep):
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(keep, reduced={"i", "j"} - {keep}))
'''
prog("sf104_keep_axis_global_rebound", "setup() rebinds KEEP to 'i' through `global`: P('i', reduced={'j'}) is a prefix.", GATHER + '''
KEEP = "j"


def setup():
    global KEEP
    KEEP = "i"


def main(mesh, x):
    setup()
    return gather_rows(mesh, x, KEEP)
''', '    setup()', '    setup', "SF104")
prog("sf104_keep_axis_class_setattr", "setattr(Plan, 'KEEP', 'i') before the gather.", GATHER + '''

class Plan:
    KEEP = "j"


setattr(Plan, "KEEP", "i")


def main(mesh, x):
    return gather_rows(mesh, x, Plan.KEEP)
''', 'setattr(Plan, "KEEP", "i")', 'setattr(Plan, "OTHER", "i")', "SF104")
prog("sf104_keep_axis_list_changed", "The module list of kept axes is changed in place before it is handed on.", '''
from jax._src.shard_map import top_level_all_gather
KEEP = ["j"]


def gather_rows(mesh, x, keep):
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(*keep, reduced={"i", "j"} - set(keep)))


def main(mesh, x):
    KEEP[0] = "i"
    return gather_rows(mesh, x, KEEP)
''', '    KEEP[0] = "i"', '    KEEP[0:0] = []', "SF104")
prog("sf104_keep_axis_environ_path", "PATH is set in a real run: the kept axis is 'i'.", GATHER + '''
import os
KEEP = "i" if os.environ.get("PATH") else "j"


def main(mesh, x):
    return gather_rows(mesh, x, KEEP)
''', 'KEEP = "i" if os.environ.get("PATH") else "j"', 'KEEP = "j" if os.environ.get("PATH") else "i"', "SF104")
