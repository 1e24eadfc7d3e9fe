# Entries of gen_clean.py (exec'd there): probe(...) bodies and prog(...) whole programs.
# Most programs compute `axes` on the host by a Python construct that gives ("i",) at run time and
# hand it to reduce_rows; read otherwise, ("i", "j") raises SF105's error.

# -- states JAX computes from an operand the model may not follow -----------------------------------
probe("index_by_axis_index", "rows indexed by axis_index('j') varies on j too.",
      ['piece = rows[jax.lax.axis_index("j")]', 'return jax.lax.psum(piece, ("i", "j"))'],
      'piece = rows[jax.lax.axis_index("j")]', 'piece = rows[0]')
probe("fold_in_axis_index_noise", "noise drawn from a key folded with axis_index('j') varies on j.",
      ['key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("j"))',
       'noisy = rows + jax.random.normal(key, rows.shape)', 'return jax.lax.psum(noisy, ("i", "j"))'],
      'key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("j"))', 'key = jax.random.fold_in(jax.random.key(0), 3)')
probe("one_hot_axis_index", "one_hot(axis_index('j')) varies on j; added to rows it varies on both.",
      ['mask = jax.nn.one_hot(jax.lax.axis_index("j"), rows.shape[1])', 'return jax.lax.psum(rows * mask, ("i", "j"))'],
      'mask = jax.nn.one_hot(jax.lax.axis_index("j"), rows.shape[1])', 'mask = jax.nn.one_hot(1, rows.shape[1])')
probe("where_varying_mask_rows", "jnp.where on a mask varying on both axes varies on both.",
      ['kept = jnp.where(block > 0, rows, 0.0)', 'return jax.lax.psum(kept, ("i", "j"))'],
      'kept = jnp.where(block > 0, rows, 0.0)', 'kept = jnp.where(rows > 0, rows, 0.0)')
probe("zeros_of_shape_invariant", "jnp.zeros(rows.shape) is a fresh constant: invariant, summed over both.",
      ['fresh = jnp.zeros(rows.shape) + 1.0', 'return jax.lax.psum(fresh, ("i", "j"))'],
      'fresh = jnp.zeros(rows.shape) + 1.0', 'fresh = jnp.zeros_like(rows) + 1.0')
probe("psum_of_python_float_twice", "psum of a Python float is a Python float (times the axis size): summing it again is fine.",
      ['scale = jax.lax.psum(1.0, "j")', 'scale = jax.lax.psum(scale, ("i", "j"))', 'return jax.lax.psum(total, ("i", "j")) * scale'],
      'scale = jax.lax.psum(scale, ("i", "j"))', 'scale = jax.lax.psum(rows, ("i", "j"))')
probe("psum_of_shape_then_branch", "psum of block.shape[0] over j is the Python int 16: a branch on it picks the i-only sum.",
      ['n = jax.lax.psum(block.shape[0], "j")', 'axes = ("i",) if n == 16 else ("i", "j")', 'return jax.lax.psum(rows, axes)'],
      "axes = (\"i\",) if n == 16 else (\"i\", \"j\")", "axes = (\"i\",) if n == 8 else (\"i\", \"j\")")
probe("slice_object_clipped", "x[slice(0, 100)] clips to the block's 4 rows: the branch on its size picks the i-only sum.",
      ['head = block[slice(0, 100)]', 'axes = ("i",) if head.shape[0] == 4 else ("i", "j")', 'return jax.lax.psum(rows, axes)'],
      'axes = ("i",) if head.shape[0] == 4 else ("i", "j")', 'axes = ("i",) if head.shape[0] == 100 else ("i", "j")')
probe("slice_object_negative_step", "block[slice(None, None, -2)] has 2 rows.",
      ['every = block[slice(None, None, -2)]', 'axes = ("i",) if every.shape[0] == 2 else ("i", "j")', 'return jax.lax.psum(rows, axes)'],
      'axes = ("i",) if every.shape[0] == 2 else ("i", "j")', 'axes = ("i",) if every.shape[0] == 3 else ("i", "j")')
probe("slice_object_empty", "block[slice(3, 1)] is empty (0 rows).",
      ['none = block[slice(3, 1)]', 'axes = ("i", "j") if none.shape[0] else ("i",)', 'return jax.lax.psum(rows, axes)'],
      'axes = ("i", "j") if none.shape[0] else ("i",)', 'axes = ("i", "j") if none.shape[1] else ("i",)')
probe("slice_indices_method", "slice(None, None, 3).indices(4) is (0, 4, 3): two rows.",
      ['start, stop, step = slice(None, None, 3).indices(block.shape[0])', 'axes = ("i",) if len(range(start, stop, step)) == 2 else ("i", "j")',
       'return jax.lax.psum(rows, axes)'],
      'axes = ("i",) if len(range(start, stop, step)) == 2 else ("i", "j")', 'axes = ("i",) if len(range(start, stop, step)) == 1 else ("i", "j")')

# -- dtypes as JAX and NumPy give them --------------------------------------------------------------
def dtype_prog(name, doc, test, twin_test, imports=""):
    prog(name, doc, '@REDUCE@\n\ndef main(mesh, x):\n    probe = ' + test + '\n    axes = ("i",) if probe else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
         '    probe = ' + test, '    probe = ' + twin_test, imports=imports)

dtype_prog("dtype_bfloat16_kind_is_v", "bfloat16's dtype.kind is 'V' (an ml_dtypes type), not 'f'.",
           'jnp.zeros(2, jnp.bfloat16).dtype.kind != "f"', 'jnp.zeros(2, jnp.float16).dtype.kind != "f"')
dtype_prog("dtype_np_issubdtype_bfloat16", "np.issubdtype(bfloat16, np.floating) is False (jnp.issubdtype says True).",
           'not np.issubdtype(jnp.zeros(2, jnp.bfloat16).dtype, np.floating)', 'not jnp.issubdtype(jnp.zeros(2, jnp.bfloat16).dtype, jnp.floating)')
dtype_prog("dtype_asarray_int64_narrowed", "jnp.asarray of NumPy int64 gives int32 (x64 off).",
           'jnp.asarray(np.arange(4)).dtype == jnp.int32', 'jnp.asarray(np.arange(4)).dtype == np.arange(4).dtype')
dtype_prog("dtype_astype_python_int", "x.astype(int) on a JAX array is int32 (x64 off).",
           'jnp.ones(3).astype(int).dtype.itemsize == 4', 'np.ones(3).astype(int).dtype.itemsize == 4')
dtype_prog("dtype_numpy_float64_scalar_jax", "jnp float32 times np.float64(2) stays float32 under x64 off.",
           '(jnp.ones(3) * np.float64(2)).dtype == jnp.float32', '(np.ones(3, np.float32) * np.float64(2)).dtype == jnp.float32')
dtype_prog("dtype_nep50_python_float", "NumPy 2: float32 scalar times a Python float stays float32 (NEP 50).",
           '(np.float32(1) * 1.5).dtype == np.float32', '(np.float32(1) * np.float64(1.5)).dtype == np.float32')
dtype_prog("dtype_bf16_weak_python_scalar", "bfloat16 plus a Python float stays bfloat16 (weak type).",
           '(jnp.ones(2, jnp.bfloat16) + 1.0).dtype == jnp.bfloat16', '(jnp.ones(2, jnp.bfloat16) + jnp.ones(2)).dtype == jnp.bfloat16')
dtype_prog("dtype_int_true_divide", "jnp int32 / 2 is float32.",
           '(jnp.arange(4) / 2).dtype.kind == "f"', '(jnp.arange(4) // 2).dtype.kind == "f"')
dtype_prog("dtype_sum_of_bools", "jnp.sum of a bool array is an int32.",
           'jnp.sum(jnp.ones(3) > 0).dtype == jnp.int32', 'jnp.sum(jnp.ones(3) > 0).dtype == jnp.bool_')
dtype_prog("dtype_input_float32_name", "The input x is float32: its dtype name is 'float32'.",
           'x.dtype.name == "float32"', 'x.dtype.name == "float64"')

# -- `is` as CPython answers it --------------------------------------------------------------------
def is_prog(name, doc, setup, test, old, new, imports=""):
    prog(name, doc, setup + '@REDUCE@\n\ndef main(mesh, x):\n' + "".join(f"    {l}\n" for l in test)
         + '    axes = ("i",) if same else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n', old, new, imports=imports)

is_prog("is_tuple_of_tuple_same", "tuple(t) of a tuple is t itself: the sentinel check holds.", '\nDEFAULT = ("i",)\n',
        ['chosen = tuple(DEFAULT)', 'same = chosen is DEFAULT'], '    chosen = tuple(DEFAULT)', '    chosen = tuple(list(DEFAULT))')
is_prog("is_tuple_full_slice_same", "t[:] of a tuple is t itself.", '\nDEFAULT = ("i",)\n',
        ['chosen = DEFAULT[:]', 'same = chosen is DEFAULT'], '    chosen = DEFAULT[:]', '    chosen = (DEFAULT[0],)')
is_prog("is_copy_of_tuple_same", "copy.copy (and deepcopy) of a tuple of strings is the tuple itself.", '\nDEFAULT = ("i",)\n',
        ['chosen = copy.deepcopy(DEFAULT)', 'same = chosen is DEFAULT'], '    chosen = copy.deepcopy(DEFAULT)', '    chosen = copy.deepcopy(list(DEFAULT))', imports="import copy\n")
is_prog("is_small_int_parsed", "int('1') is the cached small int 1.", '\nONE = 1\n',
        ['count = int("1")', 'same = count is ONE'], '    count = int("1")', '    count = int("1") * 1000 // 1000 + 1000')
is_prog("is_str_of_str", "str(s) of a str is s itself.", '\nMODE = "rows"\n',
        ['mode = str(MODE)', 'same = mode is MODE'], '    mode = str(MODE)', '    mode = "".join(MODE)')
is_prog("is_frozenset_of_frozenset", "frozenset(fs) of a frozenset is fs itself.", '\nKEEP = frozenset({"i"})\n',
        ['kept = frozenset(KEEP)', 'same = kept is KEEP'], '    kept = frozenset(KEEP)', '    kept = frozenset(set(KEEP))')
is_prog("is_empty_tuple_singleton", "tuple([]) is the empty-tuple singleton ().", '\nNONE = ()\n',
        ['extra = tuple([])', 'same = extra is NONE'], '    extra = tuple([])', '    extra = tuple(["j"])')
is_prog("is_dict_get_same_object", "d.get(k) hands back the stored object itself.", '\nDEFAULT = ["i"]\nTABLE = {"sync": DEFAULT}\n',
        ['got = TABLE.get("sync", ["i", "j"])', 'same = got is DEFAULT'], '    got = TABLE.get("sync", ["i", "j"])', '    got = TABLE.get("sink", ["i", "j"])')

# -- match statements ------------------------------------------------------------------------------
prog("match_true_literal_is_identity", "case True matches by `is`: the int 1 falls to `case 1`.",
     '\nFLAG = 1\n@REDUCE@\n\ndef main(mesh, x):\n    match FLAG:\n        case True:\n            axes = ("i", "j")\n        case 1:\n            axes = ("i",)\n        case _:\n            axes = ()\n    return reduce_rows(mesh, x, axes)\n',
     'FLAG = 1', 'FLAG = True')
prog("match_str_not_sequence", "A sequence pattern never matches a str.",
     '\nMODE = "ij"\n@REDUCE@\n\ndef main(mesh, x):\n    match MODE:\n        case [first, second]:\n            axes = (first, second)\n        case str():\n            axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     'MODE = "ij"', 'MODE = ["i", "j"]')
prog("match_dataclass_match_args", "A dataclass's __match_args__ follows field order: Plan(_, True) reads rows_only.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    name: str\n    rows_only: bool\n    wide: bool = False\n\n@REDUCE@\n\ndef main(mesh, x):\n    match Plan("p", True):\n        case Plan(_, True):\n            axes = ("i",)\n        case _:\n            axes = ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    match Plan("p", True):', '    match Plan("p", False, True):', imports="import dataclasses\n")
prog("match_mapping_rest_empty", "`**rest` binds the other keys: none here, so the guard fails.",
     '\nCFG = {"sync": "rows"}\n@REDUCE@\n\ndef main(mesh, x):\n    match CFG:\n        case {"sync": "rows", **rest} if rest:\n            axes = ("i", "j")\n        case {"sync": "rows"}:\n            axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     'CFG = {"sync": "rows"}', 'CFG = {"sync": "rows", "wide": True}')

# -- contextvars and asyncio -----------------------------------------------------------------------
prog("contextvar_copy_context_run", "A set inside copy_context().run stays in the copy.",
     '\nSYNC = contextvars.ContextVar("sync", default=("i",))\n\n\ndef widen():\n    SYNC.set(("i", "j"))\n\n@REDUCE@\n\ndef main(mesh, x):\n    contextvars.copy_context().run(widen)\n    return reduce_rows(mesh, x, SYNC.get())\n',
     '    contextvars.copy_context().run(widen)', '    widen()', imports="import contextvars\n")
prog("contextvar_task_copies_context", "A task runs in a copy of the context: its set is not seen after it.",
     '\nSYNC = contextvars.ContextVar("sync", default=("i",))\n\n\nasync def widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    await asyncio.create_task(widen())\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.create_task(widen())', '    await widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_reset_to_default", "reset(token) of the first set returns to the default.",
     '\nSYNC = contextvars.ContextVar("sync", default=("i",))\n@REDUCE@\n\ndef main(mesh, x):\n    token = SYNC.set(("i", "j"))\n    SYNC.set(("j",))\n    SYNC.reset(token)\n    return reduce_rows(mesh, x, SYNC.get())\n',
     '    SYNC.reset(token)', '    SYNC.set(("i", "j"))', imports="import contextvars\n")
prog("asyncio_last_writer_sleeps_longest", "Two tasks store the axes; the one that sleeps longer writes last.",
     '\nSTATE = {}\n\n\nasync def store(delay, axes):\n    await asyncio.sleep(delay)\n    STATE["axes"] = axes\n\n\nasync def plan():\n    await asyncio.gather(store(0.05, ("i",)), store(0.01, ("i", "j")))\n    return STATE["axes"]\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.gather(store(0.05, ("i",)), store(0.01, ("i", "j")))', '    await asyncio.gather(store(0.01, ("i",)), store(0.05, ("i", "j")))', imports="import asyncio\n")
prog("asyncio_as_completed_first", "as_completed yields the first to finish (the short sleep).",
     '\n\nasync def answer(delay, axes):\n    await asyncio.sleep(delay)\n    return axes\n\n\nasync def plan():\n    for fut in asyncio.as_completed([answer(0.05, ("i", "j")), answer(0.001, ("i",))]):\n        return await fut\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    for fut in asyncio.as_completed([answer(0.05, ("i", "j")), answer(0.001, ("i",))]):', '    for fut in asyncio.as_completed([answer(0.001, ("i", "j")), answer(0.05, ("i",))]):', imports="import asyncio\n")
prog("asyncio_wait_for_timeout", "wait_for times out on the slow planner; the fallback is used.",
     '\n\nasync def slow_plan():\n    await asyncio.sleep(0.5)\n    return ("i", "j")\n\n\nasync def plan():\n    try:\n        return await asyncio.wait_for(slow_plan(), 0.01)\n    except asyncio.TimeoutError:\n        return ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '        return await asyncio.wait_for(slow_plan(), 0.01)', '        return await asyncio.wait_for(slow_plan(), 5)', imports="import asyncio\n")
prog("asyncio_task_not_started", "create_task without an await: the task never runs before asyncio.run's coroutine returns? (it is cancelled).",
     '\nSTATE = {"axes": ("i",)}\n\n\nasync def widen():\n    await asyncio.sleep(0.2)\n    STATE["axes"] = ("i", "j")\n\n\nasync def plan():\n    asyncio.create_task(widen())\n    await asyncio.sleep(0)\n    return STATE["axes"]\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.sleep(0)\n', '    await asyncio.sleep(0.4)\n', imports="import asyncio\n")

# -- caches ----------------------------------------------------------------------------------------
prog("lru_cache_int_float_one_key", "lru_cache: 1 and 1.0 are one key; the second call hands back the first result.",
     '\nSTATE = {"wide": False}\n\n\n@functools.lru_cache\ndef plan(level, kind):\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan(1, "mesh")\n    STATE["wide"] = True\n    return reduce_rows(mesh, x, plan(1.0, "mesh"))\n',
     '@functools.lru_cache\n', '@functools.lru_cache(typed=True)\n', imports="import functools\n")
prog("lru_cache_true_one_key", "lru_cache: True and 1 are one key.",
     '\nSTATE = {"wide": False}\n\n\n@functools.cache\ndef plan(level, kind):\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan(True, "mesh")\n    STATE["wide"] = True\n    return reduce_rows(mesh, x, plan(1, "mesh"))\n',
     '    plan(True, "mesh")\n', '    plan(2, "mesh")\n', imports="import functools\n")
prog("lru_cache_maxsize_evicts", "lru_cache(maxsize=1): a second key evicts the first, which is computed again.",
     '\nSTATE = {"wide": True}\n\n\n@functools.lru_cache(maxsize=1)\ndef plan(level, kind):\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan(1, "mesh")\n    STATE["wide"] = False\n    plan(2, "mesh")\n    return reduce_rows(mesh, x, plan(1, "mesh"))\n',
     '@functools.lru_cache(maxsize=1)\n', '@functools.lru_cache(maxsize=2)\n', imports="import functools\n")
prog("lru_cache_clear", "cache_clear() drops the stale result.",
     '\nSTATE = {"wide": True}\n\n\n@functools.lru_cache\ndef plan():\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan()\n    STATE["wide"] = False\n    plan.cache_clear()\n    return reduce_rows(mesh, x, plan())\n',
     '    plan.cache_clear()\n', '    plan.cache_info()\n', imports="import functools\n")
prog("cached_property_deleted_recomputed", "del obj.prop drops a cached_property; the next read computes it again.",
     '\n\nclass Plan:\n    def __init__(self):\n        self.wide = True\n\n    @functools.cached_property\n    def axes(self):\n        return ("i", "j") if self.wide else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    assert len(plan.axes) == 2\n    plan.wide = False\n    del plan.axes\n    return reduce_rows(mesh, x, plan.axes)\n',
     '    del plan.axes\n', '    plan.wide = False\n', imports="import functools\n")
prog("cached_property_vars_pop", "vars(obj).pop drops the cached value.",
     '\n\nclass Plan:\n    def __init__(self):\n        self.wide = True\n\n    @functools.cached_property\n    def axes(self):\n        return ("i", "j") if self.wide else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    assert len(plan.axes) == 2\n    plan.wide = False\n    vars(plan).pop("axes")\n    return reduce_rows(mesh, x, plan.axes)\n',
     '    vars(plan).pop("axes")\n', '    vars(plan).get("axes")\n', imports="import functools\n")

# -- iterators -------------------------------------------------------------------------------------
prog("map_iterator_exhausted", "A map object read once is empty the second time.",
     '\nEXTRA = map(str.strip, [" j "])\n@REDUCE@\n\ndef main(mesh, x):\n    names = list(EXTRA)\n    assert names == ["j"]\n    return reduce_rows(mesh, x, ("i",) + tuple(EXTRA))\n',
     '    names = list(EXTRA)\n', '    names = ["j"]\n')
prog("generator_exhausted", "A generator expression consumed by a count is empty afterwards.",
     '\nNAMES = ["j"]\n@REDUCE@\n\ndef main(mesh, x):\n    extra = (name for name in NAMES)\n    count = sum(1 for _ in extra)\n    assert count == 1\n    return reduce_rows(mesh, x, ("i",) + tuple(extra))\n',
     '    count = sum(1 for _ in extra)\n', '    count = sum(1 for _ in NAMES)\n')
prog("zip_pulls_first_then_stops", "zip pulls one item from its first iterator before finding the second empty.",
     '@REDUCE@\n\ndef main(mesh, x):\n    extra = iter(["j"])\n    list(zip(extra, []))\n    return reduce_rows(mesh, x, ("i",) + tuple(extra))\n',
     '    list(zip(extra, []))\n', '    list(zip([], extra))\n')
prog("groupby_consecutive_runs", "itertools.groupby groups consecutive keys only: three groups here.",
     '\nLAYOUT = ["i", "i", "j", "i"]\n@REDUCE@\n\ndef main(mesh, x):\n    runs = [key for key, _ in itertools.groupby(LAYOUT)]\n    axes = ("i", "j") if len(runs) == 2 else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     'LAYOUT = ["i", "i", "j", "i"]', 'LAYOUT = ["i", "i", "j", "j"]', imports="import itertools\n")
prog("groupby_group_invalidated", "A groupby group read after the groupby moved on is empty.",
     '@REDUCE@\n\ndef main(mesh, x):\n    groups = [(key, members) for key, members in itertools.groupby("iij")]\n    first = list(groups[0][1])\n    axes = ("i", "j") if first else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '    groups = [(key, members) for key, members in itertools.groupby("iij")]', '    groups = [(key, list(members)) for key, members in itertools.groupby("iij")]', imports="import itertools\n")
prog("walrus_any_short_circuit", "any() stops at the first hit: the walrus keeps 'i'.",
     '@REDUCE@\n\ndef main(mesh, x):\n    if any((chosen := name) == "i" for name in ("i", "j")):\n        pass\n    return reduce_rows(mesh, x, (chosen,))\n',
     '    if any((chosen := name) == "i" for name in ("i", "j")):', '    if any((chosen := name) == "k" for name in ("i", "j")):')
prog("walrus_all_short_circuit", "all() stops at the first falsy item: the walrus keeps the first.",
     '@REDUCE@\n\ndef main(mesh, x):\n    names = []\n    all((names := names + [n]) and n != "i" for n in ("i", "j"))\n    return reduce_rows(mesh, x, tuple(names))\n',
     '    all((names := names + [n]) and n != "i" for n in ("i", "j"))', '    all((names := names + [n]) and n != "k" for n in ("i", "j"))')

# -- dispatch, binding, wrappers -------------------------------------------------------------------
prog("singledispatch_abc_sequence", "singledispatch registered for collections.abc.Sequence takes a tuple.",
     '\n\n@functools.singledispatch\ndef to_axes(value):\n    return ("i", "j")\n\n\n@to_axes.register(collections.abc.Sequence)\ndef _(value):\n    return tuple(value)[:1]\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, to_axes(("i", "j")))\n',
     '@to_axes.register(collections.abc.Sequence)', '@to_axes.register(list)', imports="import collections.abc\nimport functools\n")
prog("singledispatch_bool_is_int", "singledispatch on True picks the int implementation (bool subclasses int).",
     '\n\n@functools.singledispatch\ndef to_axes(value):\n    return ("i", "j")\n\n\n@to_axes.register\ndef _(value: int):\n    return ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, to_axes(True))\n',
     '    return reduce_rows(mesh, x, to_axes(True))', '    return reduce_rows(mesh, x, to_axes(None))', imports="import functools\n")
prog("singledispatch_union_annotation", "register with an `int | str` annotation dispatches both.",
     '\n\n@functools.singledispatch\ndef to_axes(value):\n    return ("i", "j")\n\n\n@to_axes.register\ndef _(value: int | str):\n    return ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, to_axes("rows"))\n',
     '    return reduce_rows(mesh, x, to_axes("rows"))', '    return reduce_rows(mesh, x, to_axes(b"rows"))', imports="import functools\n")
prog("callable_instance_attribute_unbound", "A callable instance held as a class attribute is not bound: no self is passed.",
     '\n\nclass Picker:\n    def __call__(self, *args):\n        return ("i",) if not args else ("i", "j")\n\n\nclass Plan:\n    pick = Picker()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().pick())\n',
     '    pick = Picker()', '    pick = lambda *args: ("i",) if not args else ("i", "j")  # noqa: E731')
prog("partial_class_attribute_unbound", "A functools.partial held as a class attribute is not bound (3.11).",
     '\n\ndef choose(first, *rest):\n    return (first,) if not rest else ("i", "j")\n\n\nclass Plan:\n    pick = functools.partial(choose, "i")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().pick())\n',
     '    pick = functools.partial(choose, "i")', '    pick = functools.partialmethod(choose)', imports="import functools\n")
prog("builtin_class_attribute_unbound", "A builtin function held as a class attribute is not bound.",
     '\n\nclass Plan:\n    names = ["i"]\n    joined = tuple\n\n    def axes(self):\n        return self.joined(self.names)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes())\n',
     '    names = ["i"]', '    names = ["i", "j"]')
prog("update_wrapper_overwrites_attr", "update_wrapper copies the wrapped function's __dict__ over the wrapper's own attribute.",
     '\n\ndef plan():\n    return None\n\n\nplan.axes = ("i",)\n\n\ndef logged():\n    return plan()\n\n\nlogged.axes = ("i", "j")\nfunctools.update_wrapper(logged, plan)\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, logged.axes)\n',
     'functools.update_wrapper(logged, plan)', 'functools.update_wrapper(logged, plan, updated=())', imports="import functools\n")
prog("wraps_signature_follows_wrapped", "inspect.signature follows __wrapped__: one parameter.",
     '\n\ndef reduce_step(block):\n    return block\n\n\n@functools.wraps(reduce_step)\ndef traced(*args, **kwargs):\n    return reduce_step(*args, **kwargs)\n\n@REDUCE@\n\ndef main(mesh, x):\n    n = len(inspect.signature(traced).parameters)\n    axes = ("i",) if n == 1 else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    n = len(inspect.signature(traced).parameters)', '    n = len(inspect.signature(traced, follow_wrapped=False).parameters)', imports="import functools\nimport inspect\n")
prog("itemgetter_slice", "itemgetter(slice(None, 1)) hands back a list slice.",
     '\nNAMES = ["i", "j"]\n@REDUCE@\n\ndef main(mesh, x):\n    head = operator.itemgetter(slice(None, 1))\n    return reduce_rows(mesh, x, tuple(head(NAMES)))\n',
     '    head = operator.itemgetter(slice(None, 1))', '    head = operator.itemgetter(slice(None, 2))', imports="import operator\n")
prog("methodcaller_maxsplit", "methodcaller('rsplit', ',', 1) splits once from the right.",
     '\nSPEC = "i,j"\n@REDUCE@\n\ndef main(mesh, x):\n    split = operator.methodcaller("rsplit", ",", 1)\n    return reduce_rows(mesh, x, tuple(split(SPEC)[:1]))\n',
     '    return reduce_rows(mesh, x, tuple(split(SPEC)[:1]))', '    return reduce_rows(mesh, x, tuple(split(SPEC)[:2]))', imports="import operator\n")

# -- classes: hooks, dir, instance dicts, dataclasses, protocols ------------------------------------
prog("init_subclass_overrides_body", "__init_subclass__ runs after the class body: its store wins.",
     '\n\nclass Base:\n    def __init_subclass__(cls, **kwargs):\n        super().__init_subclass__(**kwargs)\n        cls.AXES = ("i",)\n\n\nclass Plan(Base):\n    AXES = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan.AXES)\n',
     '        cls.AXES = ("i",)', '        cls.AXES = cls.AXES')
prog("set_name_rewrites_owner", "A descriptor's __set_name__ replaces itself in the owner with a tuple.",
     '\n\nclass AxesField:\n    def __init__(self, *names):\n        self.names = names\n\n    def __set_name__(self, owner, name):\n        setattr(owner, name, self.names[:1])\n\n\nclass Plan:\n    AXES = AxesField("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan.AXES)\n',
     '        setattr(owner, name, self.names[:1])', '        setattr(owner, name, self.names[:2])')
prog("dir_sorted_not_declared", "dir() lists names sorted: 'axes' comes before 'sync' though declared after.",
     '\n\nclass Options:\n    sync = ("i", "j")\n    axes = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    found = [getattr(Options, k) for k in dir(Options) if isinstance(getattr(Options, k), tuple)]\n    return reduce_rows(mesh, x, found[0])\n',
     '    axes = ("i",)', '    zaxes = ("i",)')
prog("dir_upper_before_lower", "dir() sorts by code point: 'Z_AXES' before 'a_axes'.",
     '\n\nclass Options:\n    a_axes = ("i", "j")\n    Z_AXES = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    found = [getattr(Options, k) for k in dir(Options) if isinstance(getattr(Options, k), tuple)]\n    return reduce_rows(mesh, x, found[0])\n',
     '    Z_AXES = ("i",)', '    z_axes = ("i",)')
prog("dir_includes_base_first", "dir() of a subclass lists its base's names too, sorted among its own.",
     '\n\nclass Base:\n    a_axes = ("i",)\n\n\nclass Options(Base):\n    sync = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    found = [getattr(Options, k) for k in dir(Options) if isinstance(getattr(Options, k), tuple)]\n    return reduce_rows(mesh, x, found[0])\n',
     '    a_axes = ("i",)', '    z_axes = ("i",)')
prog("dir_of_instance_has_fields", "dir(obj) lists the instance's own fields too: 'axes' comes first.",
     '\n\nclass Options:\n    sync = ("i", "j")\n\n    def __init__(self):\n        self.axes = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    opts = Options()\n    found = [getattr(opts, k) for k in dir(opts) if isinstance(getattr(opts, k), tuple)]\n    return reduce_rows(mesh, x, found[0])\n',
     '        self.axes = ("i",)', '        self.zaxes = ("i",)')
prog("property_beats_instance_dict", "A property (data descriptor) wins over an entry of the instance __dict__.",
     '\n\nclass Plan:\n    @property\n    def axes(self):\n        return ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    plan.__dict__["axes"] = ("i", "j")\n    return reduce_rows(mesh, x, plan.axes)\n',
     '    @property\n', '    @functools.cached_property\n', imports="import functools\n")
prog("instance_dict_replaced_by_other", "obj.__dict__ = other.__dict__ shares one namespace: a later store on one is seen by both.",
     '\n\nclass Plan:\n    def __init__(self, axes):\n        self.axes = axes\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan, base = Plan(("i", "j")), Plan(("i", "j"))\n    plan.__dict__ = base.__dict__\n    base.axes = ("i",)\n    return reduce_rows(mesh, x, plan.axes)\n',
     '    plan.__dict__ = base.__dict__', '    plan.__dict__ = dict(base.__dict__)')
prog("copy_shares_list_field", "copy.copy shares the list field: narrowing the copy's list narrows the original's.",
     '\n\nclass Plan:\n    def __init__(self):\n        self.axes = ["i", "j"]\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    twin = copy.copy(plan)\n    twin.axes.remove("j")\n    return reduce_rows(mesh, x, tuple(plan.axes))\n',
     '    twin = copy.copy(plan)', '    twin = copy.deepcopy(plan)', imports="import copy\n")
prog("dataclass_replace_reruns_post_init", "dataclasses.replace calls __init__ (and __post_init__) again: the derived field follows.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    rows_only: bool = False\n    axes: tuple = dataclasses.field(init=False)\n\n    def __post_init__(self):\n        self.axes = ("i",) if self.rows_only else ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = dataclasses.replace(Plan(), rows_only=True)\n    return reduce_rows(mesh, x, plan.axes)\n',
     '    plan = dataclasses.replace(Plan(), rows_only=True)', '    plan = dataclasses.replace(Plan(), rows_only=False)', imports="import dataclasses\n")
prog("dataclass_replace_init_false_default", "replace does not copy an init=False field: the copy has the default.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    name: str = "p"\n    axes: tuple = dataclasses.field(init=False, default=("i",))\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    plan.axes = ("i", "j")\n    fresh = dataclasses.replace(plan, name="q")\n    return reduce_rows(mesh, x, fresh.axes)\n',
     '    fresh = dataclasses.replace(plan, name="q")', '    fresh = copy.replace(plan, name="q") if hasattr(copy, "replace") else copy.copy(plan)', imports="import copy\nimport dataclasses\n")
prog("dataclass_subclass_default_override", "A subclass redeclaring a field keeps its position and takes the new default.",
     '\n\n@dataclasses.dataclass\nclass Base:\n    axes: tuple = ("i", "j")\n    name: str = "base"\n\n\n@dataclasses.dataclass\nclass Plan(Base):\n    axes: tuple = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '    axes: tuple = ("i",)', '    wide: tuple = ("i",)', imports="import dataclasses\n")
prog("protocol_none_member_not_instance", "isinstance against a runtime Protocol is False when the method member is None.",
     '\n\n@typing.runtime_checkable\nclass Fused(typing.Protocol):\n    def fused_reduce(self): ...\n\n\nclass Plain:\n    fused_reduce = None\n\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j") if isinstance(Plain(), Fused) else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '    fused_reduce = None', '    fused_reduce = print', imports="import typing\n")

# -- module state changed out of sight ---------------------------------------------------------------
def sync_prog(name, doc, setup, lines, old, new, imports=""):
    prog(name, doc, '\nSYNC = ("i", "j")\n' + setup + '@REDUCE@\n\ndef main(mesh, x):\n' + "".join(f"    {l}\n" for l in lines)
         + '    return reduce_rows(mesh, x, SYNC)\n', old, new, imports=imports)

sync_prog("main_module_attribute", "`import __main__; __main__.SYNC = ...` rebinds the running module's name.", '',
          ['import __main__', '__main__.SYNC = ("i",)'], '    __main__.SYNC = ("i",)', '    __main__.SYNCED = ("i",)')
sync_prog("sys_modules_main_key", "sys.modules['__main__'] is the running module.", '',
          ['sys.modules["__main__"].SYNC = ("i",)'], '    sys.modules["__main__"].SYNC = ("i",)', '    sys.modules["__main__"].SYNCED = ("i",)', imports="import sys\n")
sync_prog("function_globals_write", "main.__globals__ is the module namespace.", '',
          ['main.__globals__["SYNC"] = ("i",)'], '    main.__globals__["SYNC"] = ("i",)', '    main.__globals__["SYNCED"] = ("i",)')
sync_prog("frame_f_globals_write", "sys._getframe().f_globals is the module namespace.", '',
          ['sys._getframe().f_globals["SYNC"] = ("i",)'], '    sys._getframe().f_globals["SYNC"] = ("i",)', '    sys._getframe().f_globals["SYNCED"] = ("i",)', imports="import sys\n")
sync_prog("module_level_vars_write", "vars() at module level is globals().", 'vars()["SYNC"] = ("i",)\n',
          [], 'vars()["SYNC"] = ("i",)', 'vars()["SYNCED"] = ("i",)')
sync_prog("module_level_locals_write", "locals() at module level is globals().", 'locals()["SYNC"] = ("i",)\n',
          [], 'locals()["SYNC"] = ("i",)', 'locals()["SYNCED"] = ("i",)')
sync_prog("global_in_nested_function", "A `global` declared in a nested function rebinds the module name.",
          '\n\ndef setup():\n    def inner():\n        global SYNC\n        SYNC = ("i",)\n    inner()\n\n', ['setup()'], '        SYNC = ("i",)', '        SYNCED = ("i",)')
sync_prog("global_via_decorator_registration", "A decorator run at import sets the module name through `global`.",
          '\n\ndef narrowing(fn):\n    global SYNC\n    SYNC = ("i",)\n    return fn\n\n\n@narrowing\ndef step():\n    pass\n\n', [], '    SYNC = ("i",)\n    return fn', '    SYNCED = ("i",)\n    return fn')
sync_prog("exec_with_globals_dict", "exec(text, globals()) stores in the module namespace.", '',
          ['exec("SYNC = tuple(\'i\')", globals())'], '    exec("SYNC = tuple(\'i\')", globals())', '    exec("SYNC = tuple(\'i\')", {})')
sync_prog("import_star_like_update", "globals().update(dict) from a config table.", '\nOVERRIDES = {"SYNC": ("i",)}\n',
          ['globals().update(OVERRIDES)'], '    globals().update(OVERRIDES)', '    dict(globals()).update(OVERRIDES)')

def list_prog(name, doc, setup, lines, old, new, imports=""):
    prog(name, doc, '\nAXES = ["i", "j"]\n' + setup + '@REDUCE@\n\ndef main(mesh, x):\n' + "".join(f"    {l}\n" for l in lines)
         + '    return reduce_rows(mesh, x, AXES)\n', old, new, imports=imports)

list_prog("list_del_slice_direct", "del AXES[1:] in main.", '', ['del AXES[1:]'], '    del AXES[1:]', '    del AXES[2:]')
list_prog("list_slice_assign_direct", "AXES[:] = AXES[:1] in main.", '', ['AXES[:] = AXES[:1]'], '    AXES[:] = AXES[:1]', '    AXES[:] = AXES[:2]')
list_prog("list_imul_then_iadd", "AXES *= 0 empties the list in place; += adds 'i' back.", '', ['global AXES', 'AXES *= 0', 'AXES += ["i"]'], '    AXES *= 0', '    AXES *= 1')
list_prog("list_bound_method_alias", "drop = AXES.pop; drop() changes the list.", '', ['drop = AXES.pop', 'drop()'], '    drop()', '    drop(0)')
list_prog("list_heappop", "heapq.heappop(AXES) removes an item in place.", '', ['AXES.reverse()', 'heapq.heappop(AXES)'],
          '    heapq.heappop(AXES)', '    heapq.nsmallest(1, AXES)', imports="import heapq\n")
list_prog("list_init_dunder", "AXES.__init__(['i']) resets the list's contents.", '', ['AXES.__init__(["i"])'], '    AXES.__init__(["i"])', '    AXES.__init__(["i", "j"])')
list_prog("list_via_globals_subscript", "globals()['AXES'].pop() changes the module list.", '', ['globals()["AXES"].pop()'], '    globals()["AXES"].pop()', '    globals()["AXES"].copy()')
list_prog("list_via_partial_method", "functools.partial(AXES.remove, 'j')() changes the list.", '', ['functools.partial(AXES.remove, "j")()'],
          '    functools.partial(AXES.remove, "j")()', '    functools.partial(AXES.count, "j")()', imports="import functools\n")
list_prog("list_map_consumed", "list(map(AXES.remove, ['j'])) runs the removes.", '', ['list(map(AXES.remove, ["j"]))'],
          '    list(map(AXES.remove, ["j"]))', '    list(map(AXES.count, ["j"]))')
list_prog("list_changed_at_import_by_class_body", "A class body at import pops the module list.", '\n\nclass Registry:\n    AXES.pop()\n\n', [],
          '    AXES.pop()\n', '    AXES.copy()\n')

def cls_prog(name, doc, setup, lines, old, new, imports=""):
    prog(name, doc, '\n\nclass Plan:\n    AXES = ("i", "j")\n\n' + setup + '@REDUCE@\n\ndef main(mesh, x):\n' + "".join(f"    {l}\n" for l in lines)
         + '    return reduce_rows(mesh, x, Plan.AXES)\n', old, new, imports=imports)

cls_prog("class_exec_attribute_store", "exec('Plan.AXES = ...') stores the class attribute.", '', ['exec("Plan.AXES = (\'i\',)")'],
         '    exec("Plan.AXES = (\'i\',)")', '    exec("Plan.AXED = (\'i\',)")')
cls_prog("class_setattr_by_map", "list(map(setattr, ...)) runs setattr on the class.", '', ['list(map(setattr, [Plan], ["AXES"], [("i",)]))'],
         '    list(map(setattr, [Plan], ["AXES"], [("i",)]))', '    list(map(setattr, [Plan], ["AXED"], [("i",)]))')
cls_prog("class_setattr_by_partial", "functools.partial(setattr, Plan) sets the class attribute.", '', ['functools.partial(setattr, Plan)("AXES", ("i",))'],
         '    functools.partial(setattr, Plan)("AXES", ("i",))', '    functools.partial(setattr, Plan)("AXED", ("i",))', imports="import functools\n")
cls_prog("class_setattr_star_args", "setattr(*change) with the arguments in a tuple.", '\nCHANGE = (Plan, "AXES", ("i",))\n', ['setattr(*CHANGE)'],
         'CHANGE = (Plan, "AXES", ("i",))', 'CHANGE = (Plan, "AXED", ("i",))')
cls_prog("class_attr_via_vars_update_fails_then_setattr_loop", "A loop of setattr over a dict of overrides.", '\nOVERRIDES = {"AXES": ("i",)}\n',
         ['for key, value in OVERRIDES.items():', '    setattr(Plan, key, value)'], 'OVERRIDES = {"AXES": ("i",)}', 'OVERRIDES = {"AXED": ("i",)}')
cls_prog("class_attr_via_subclass_mro_write", "A classmethod called on the class stores through cls.", '\n\ndef narrow(kind):\n    type.__setattr__(kind, "AXES", ("i",))\n\n', ['narrow(Plan)'],
         '    narrow(Plan)', '    narrow(type("Other", (), {}))')

# -- environment, temp files, exceptions -----------------------------------------------------------
prog("environ_unsetenv_keeps_mapping", "os.unsetenv does not change os.environ: the program's value stays.",
     '@REDUCE@\n\ndef main(mesh, x):\n    os.environ["SHARD_SYNC"] = "i"\n    os.unsetenv("SHARD_SYNC")\n    return reduce_rows(mesh, x, tuple(os.environ.get("SHARD_SYNC", "i,j").split(",")))\n',
     '    os.unsetenv("SHARD_SYNC")', '    os.environ.pop("SHARD_SYNC")', imports="import os\n")
prog("environ_setdefault_existing", "setdefault keeps a value the program stored first.",
     '@REDUCE@\n\ndef main(mesh, x):\n    os.environ["SHARD_SYNC"] = "i"\n    os.environ.setdefault("SHARD_SYNC", "i,j")\n    return reduce_rows(mesh, x, tuple(os.environ["SHARD_SYNC"].split(",")))\n',
     '    os.environ["SHARD_SYNC"] = "i"', '    os.environ["SHARD_SINK"] = "i"', imports="import os\n")
prog("tempfile_written_twice", "A config file written twice holds the second text.",
     '@REDUCE@\n\ndef main(mesh, x):\n    path = os.path.join(tempfile.mkdtemp(), "plan.json")\n    with open(path, "w") as f:\n        json.dump({"sync": ["i", "j"]}, f)\n    with open(path, "w") as f:\n        json.dump({"sync": ["i"]}, f)\n    with open(path) as f:\n        return reduce_rows(mesh, x, tuple(json.load(f)["sync"]))\n',
     '        json.dump({"sync": ["i"]}, f)', '        json.dump({"sync": ["i", "j"]}, f)', imports="import json\nimport os\nimport tempfile\n")
prog("tempfile_pathlib_overwrite", "Path.write_text replaces the file's text.",
     '@REDUCE@\n\ndef main(mesh, x):\n    path = pathlib.Path(tempfile.mkdtemp()) / "plan.json"\n    path.write_text(json.dumps({"sync": ["i", "j"]}))\n    path.write_text(json.dumps({"sync": ["i"]}))\n    return reduce_rows(mesh, x, tuple(json.loads(path.read_text())["sync"]))\n',
     '    path.write_text(json.dumps({"sync": ["i"]}))', '    path.write_text(json.dumps({"sync": ["i", "j"]}))', imports="import json\nimport pathlib\nimport tempfile\n")
prog("tempfile_replace_moves", "os.replace moves the second file over the first.",
     '@REDUCE@\n\ndef main(mesh, x):\n    root = tempfile.mkdtemp()\n    with open(os.path.join(root, "plan.json"), "w") as f:\n        json.dump({"sync": ["i", "j"]}, f)\n    with open(os.path.join(root, "new.json"), "w") as f:\n        json.dump({"sync": ["i"]}, f)\n    os.replace(os.path.join(root, "new.json"), os.path.join(root, "plan.json"))\n    with open(os.path.join(root, "plan.json")) as f:\n        return reduce_rows(mesh, x, tuple(json.load(f)["sync"]))\n',
     '    os.replace(os.path.join(root, "new.json"), os.path.join(root, "plan.json"))', '    os.replace(os.path.join(root, "plan.json"), os.path.join(root, "new.json"))', imports="import json\nimport os\nimport tempfile\n")
prog("optional_import_missing", "An optional import that fails selects the fallback axes.",
     '\ntry:\n    import shardfix_fused_kernels  # noqa: F401  (not installed)\n    SYNC = ("i", "j")\nexcept ImportError:\n    SYNC = ("i",)\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, SYNC)\n',
     '    import shardfix_fused_kernels  # noqa: F401  (not installed)', '    import json  # noqa: F401  (installed)')
prog("except_value_error_parse", "int('i,j') raises ValueError: the handler picks the fallback.",
     '\nSPEC = "i,j"\n@REDUCE@\n\ndef main(mesh, x):\n    try:\n        int(SPEC)\n        axes = ("i", "j")\n    except ValueError:\n        axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     'SPEC = "i,j"', 'SPEC = "12"')
prog("except_key_error_in_helper", "A KeyError raised two calls down is caught in main.",
     '\nTABLE = {"rows": ("i",)}\n\n\ndef lookup(name):\n    return TABLE[name]\n\n\ndef plan(name):\n    return lookup(name) + ("j",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    try:\n        axes = plan("all")\n    except LookupError:\n        axes = TABLE["rows"]\n    return reduce_rows(mesh, x, axes)\n',
     '        axes = plan("all")', '        axes = plan("rows")')
prog("finally_return_overrides", "A return in finally overrides the try's return.",
     '\n\ndef plan():\n    try:\n        return ("i", "j")\n    finally:\n        return ("i",)  # noqa: B012\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, plan())\n',
     '        return ("i",)  # noqa: B012', '        pass  # noqa: B012')
prog("generator_return_value", "A generator's return value arrives as StopIteration.value.",
     '\n\ndef planner():\n    yield ("i", "j")\n    return ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    gen = planner()\n    next(gen)\n    try:\n        next(gen)\n    except StopIteration as stop:\n        axes = stop.value\n    return reduce_rows(mesh, x, axes)\n',
     '    return ("i",)\n', '    return ("i", "j")\n')
prog("yield_from_return_value", "`yield from` evaluates to the inner generator's return value.",
     '\n\ndef inner():\n    yield 1\n    return ("i",)\n\n\ndef outer(out):\n    out.append((yield from inner()))\n\n@REDUCE@\n\ndef main(mesh, x):\n    out = []\n    for _ in outer(out):\n        pass\n    return reduce_rows(mesh, x, out[0])\n',
     '    return ("i",)\n', '    return ("i", "j")\n')

# -- a jitted step called again --------------------------------------------------------------------
prog("jit_cache_hit_ignores_global", "A jitted step called again with the same shapes reuses its trace: the later change of the global is not read.",
     '\nSYNC = ("i",)\n\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    return jax.lax.psum(rows, SYNC)\n\n\ndef main(mesh, x):\n    global SYNC\n    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P()))\n    out = step(x)\n    SYNC = ("i", "j")\n    return step(x) + out\n',
     '    return step(x) + out', '    return step(x[:, :4]) + out')
prog("jit_cache_hit_ignores_attribute", "A config attribute changed between two calls of a jitted step: the trace is reused.",
     '\n\nclass Cfg:\n    sync = ("i",)\n\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    return jax.lax.psum(rows, Cfg.sync)\n\n\ndef main(mesh, x):\n    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P()))\n    outs = [step(x)]\n    Cfg.sync = ("i", "j")\n    outs.append(step(x))\n    return outs\n',
     '    outs.append(step(x))', '    outs.append(step(x[:, :4]))')
prog("jit_static_equal_string_key", "static argument 'rows' then an equal string built at run time: equal, one trace (the second reuses it).",
     '\nSTATE = {"sync": ("i",)}\n\n\ndef step(x, scale, mesh):\n    def body(block):\n        rows = jax.lax.psum(block, "j")\n        return jax.lax.psum(rows, STATE["sync"]) * len(scale)\n    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)\n\n\ndef main(mesh, x):\n    jitted = jax.jit(step, static_argnums=(1, 2))\n    out = jitted(x, "rows", mesh)\n    STATE["sync"] = ("i", "j")\n    return jitted(x, "".join(["ro", "ws"]), mesh) + out\n',
     '    return jitted(x, "".join(["ro", "ws"]), mesh) + out', '    return jitted(x, "".join(["ro", "w"]), mesh) + out')

# == second batch: designs the run follows (their twins are found), aimed deeper =====================
CV = '\nSYNC = contextvars.ContextVar("sync", default=("i",))\n'
prog("contextvar_asyncio_run_copies", "asyncio.run runs its coroutine in a task, in a copy of the context: a set inside is gone after it.",
     CV + '\n\nasync def configure():\n    SYNC.set(("i", "j"))\n\n@REDUCE@\n\ndef main(mesh, x):\n    asyncio.run(configure())\n    return reduce_rows(mesh, x, SYNC.get())\n',
     '    asyncio.run(configure())', '    SYNC.set(("i", "j"))', imports="import asyncio\nimport contextvars\n")
prog("contextvar_gather_copies", "gather wraps each coroutine in a task: a set in one is not seen by the caller.",
     CV + '\n\nasync def widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    await asyncio.gather(widen())\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.gather(widen())', '    await asyncio.gather(widen()) and await widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_taskgroup_copies", "A TaskGroup task runs in a copy of the context.",
     CV + '\n\nasync def widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    async with asyncio.TaskGroup() as group:\n        group.create_task(widen())\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '        group.create_task(widen())', '        await widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_task_sees_parent_set_before", "A task copies the context when it is created: a set after create_task is not seen by it.",
     CV + '\n\nasync def read():\n    return SYNC.get()\n\n\nasync def plan():\n    task = asyncio.create_task(read())\n    SYNC.set(("i", "j"))\n    return await task\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    task = asyncio.create_task(read())', '    task = read()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_wait_for_task", "wait_for wraps a coroutine in a task: its set stays in the task's context.",
     CV + '\n\nasync def widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    await asyncio.wait_for(widen(), 5)\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.wait_for(widen(), 5)', '    await widen()', imports="import asyncio\nimport contextvars\n")
prog("lru_cache_keyword_order_two_keys", "lru_cache keys keep keyword order: the reordered call is a new key and computes again.",
     '\nSTATE = {"wide": True}\n\n\n@functools.lru_cache\ndef plan(level, kind):\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan(level=1, kind="mesh")\n    STATE["wide"] = False\n    return reduce_rows(mesh, x, plan(kind="mesh", level=1))\n',
     '    return reduce_rows(mesh, x, plan(kind="mesh", level=1))', '    return reduce_rows(mesh, x, plan(level=1, kind="mesh"))', imports="import functools\n")
prog("lru_cache_positional_vs_keyword", "lru_cache: plan(1, 'mesh') and plan(1, kind='mesh') are two keys.",
     '\nSTATE = {"wide": True}\n\n\n@functools.lru_cache\ndef plan(level, kind):\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan(1, "mesh")\n    STATE["wide"] = False\n    return reduce_rows(mesh, x, plan(1, kind="mesh"))\n',
     '    return reduce_rows(mesh, x, plan(1, kind="mesh"))', '    return reduce_rows(mesh, x, plan(1, "mesh"))', imports="import functools\n")
prog("lru_cache_method_per_instance", "lru_cache on a method keys by self: a new instance computes again.",
     '\nSTATE = {"wide": True}\n\n\nclass Planner:\n    @functools.lru_cache\n    def plan(self, kind):\n        return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    first = Planner()\n    first.plan("mesh")\n    STATE["wide"] = False\n    return reduce_rows(mesh, x, Planner().plan("mesh"))\n',
     '    return reduce_rows(mesh, x, Planner().plan("mesh"))', '    return reduce_rows(mesh, x, first.plan("mesh"))', imports="import functools\n")
prog("lru_cache_fast_int_key_differs_from_float", "lru_cache: one int argument is its own key (1), not equal-keyed with (1.0,) -> computed again.",
     '\nSTATE = {"wide": True}\n\n\n@functools.lru_cache\ndef plan(level):\n    return ("i", "j") if STATE["wide"] else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan(1)\n    STATE["wide"] = False\n    return reduce_rows(mesh, x, plan(1.0))\n',
     '    return reduce_rows(mesh, x, plan(1.0))', '    return reduce_rows(mesh, x, plan(1))', imports="import functools\n")
prog("list_iterator_sees_clear", "A list iterator made before the list is cleared yields nothing.",
     '\nEXTRA = ["j"]\n@REDUCE@\n\ndef main(mesh, x):\n    pending = iter(EXTRA)\n    EXTRA.clear()\n    return reduce_rows(mesh, x, ("i",) + tuple(pending))\n',
     '    EXTRA.clear()', '    EXTRA.copy()')
prog("loop_sees_appended_item", "A for loop over a list sees items appended during the loop.",
     '@REDUCE@\n\ndef main(mesh, x):\n    names = ["j"]\n    keep = []\n    for name in names:\n        if name == "j":\n            names.append("i")\n        else:\n            keep.append(name)\n    return reduce_rows(mesh, x, tuple(keep))\n',
     '            names.append("i")', '            keep.append("i") or keep.append("j")')
prog("dict_reinsert_moves_last", "Popping a key and storing it again moves it to the end of the dict.",
     '\nPLAN = {"j": 4, "i": 2}\n@REDUCE@\n\ndef main(mesh, x):\n    PLAN["j"] = PLAN.pop("j")\n    first = next(iter(PLAN))\n    return reduce_rows(mesh, x, (first,))\n',
     '    PLAN["j"] = PLAN.pop("j")', '    PLAN["j"] = PLAN.get("j")')
prog("dict_update_keeps_position", "Updating an existing key keeps its place in the dict's order.",
     '\nPLAN = {"i": 2, "j": 4}\n@REDUCE@\n\ndef main(mesh, x):\n    PLAN.update({"j": 1, "i": 3})\n    first = next(iter(PLAN))\n    return reduce_rows(mesh, x, (first,))\n',
     'PLAN = {"i": 2, "j": 4}', 'PLAN = {"j": 4, "i": 2}')
prog("chain_lazy_sees_extend", "itertools.chain reads its lists lazily: an extend before the read is seen... and a clear too.",
     '\nHEAD = ["i"]\nTAIL_AXES = ["j"]\n@REDUCE@\n\ndef main(mesh, x):\n    names = itertools.chain(HEAD, TAIL_AXES)\n    TAIL_AXES.clear()\n    return reduce_rows(mesh, x, tuple(names))\n',
     '    TAIL_AXES.clear()', '    TAIL_AXES.copy()', imports="import itertools\n")
prog("map_two_iterables_shortest", "map over two iterables stops at the shorter.",
     '@REDUCE@\n\ndef main(mesh, x):\n    names = list(map(lambda a, b: a, ["i", "j"], [0]))\n    return reduce_rows(mesh, x, tuple(names))\n',
     '    names = list(map(lambda a, b: a, ["i", "j"], [0]))', '    names = list(map(lambda a, b: a, ["i", "j"], [0, 1]))')
prog("match_int_class_matches_bool", "case int() matches True (bool subclasses int), before case bool().",
     '\nFLAG = True\n@REDUCE@\n\ndef main(mesh, x):\n    match FLAG:\n        case int():\n            axes = ("i",)\n        case bool():\n            axes = ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '        case int():', '        case float():')
prog("match_defaultdict_no_default", "A mapping pattern uses get(): a defaultdict's factory is not called, the key is missing.",
     '@REDUCE@\n\ndef main(mesh, x):\n    cfg = collections.defaultdict(lambda: "all")\n    match cfg:\n        case {"sync": "all"}:\n            axes = ("i", "j")\n        case _:\n            axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '        case {"sync": "all"}:', '        case {}:', imports="import collections\n")
prog("match_custom_match_args", "__match_args__ names the positional sub-patterns' attributes.",
     '\n\nclass Plan:\n    __match_args__ = ("rows_only", "name")\n\n    def __init__(self, name, rows_only):\n        self.name, self.rows_only = name, rows_only\n\n@REDUCE@\n\ndef main(mesh, x):\n    match Plan("p", True):\n        case Plan(True):\n            axes = ("i",)\n        case _:\n            axes = ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    __match_args__ = ("rows_only", "name")', '    __match_args__ = ("name", "rows_only")')
prog("singledispatch_intenum_takes_int", "singledispatch on an IntEnum member: int comes before Enum in its MRO.",
     '\n\nclass Mode(enum.IntEnum):\n    ROWS = 1\n\n\n@functools.singledispatch\ndef to_axes(value):\n    return ("i", "j")\n\n\n@to_axes.register\ndef _(value: int):\n    return ("i",)\n\n\n@to_axes.register\ndef _(value: enum.Enum):\n    return ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, to_axes(Mode.ROWS))\n',
     'class Mode(enum.IntEnum):', 'class Mode(enum.Enum):', imports="import enum\nimport functools\n")
prog("singledispatch_later_register_wins", "Registering the same type again replaces the implementation.",
     '\n\n@functools.singledispatch\ndef to_axes(value):\n    return ("i", "j")\n\n\n@to_axes.register\ndef _(value: str):\n    return ("i", "j")\n\n\n@to_axes.register(str)\ndef _(value):\n    return (value,)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, to_axes("i"))\n',
     '@to_axes.register(str)', '@to_axes.register(bytes)', imports="import functools\n")
prog("singledispatchmethod_second_arg", "singledispatchmethod dispatches on the first argument after self.",
     '\n\nclass Planner:\n    @functools.singledispatchmethod\n    def axes(self, value):\n        return ("i", "j")\n\n    @axes.register\n    def _(self, value: tuple):\n        return value[:1]\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Planner().axes(("i", "j")))\n',
     '    def _(self, value: tuple):', '    def _(self, value: list):', imports="import functools\n")
prog("dir_subclass_overrides_base_option", "dir() lists a name once: the subclass's None hides the base's option.",
     '\n\nclass Param:\n    def __init__(self, axes):\n        self.axes = axes\n\n\nclass Base:\n    a_sync = Param(("i", "j"))\n\n\nclass Flow(Base):\n    a_sync = None\n    b_sync = Param(("i",))\n\n@REDUCE@\n\ndef main(mesh, x):\n    found = [getattr(Flow, k) for k in dir(Flow) if isinstance(getattr(Flow, k), Param)]\n    return reduce_rows(mesh, x, found[0].axes)\n',
     '    a_sync = None', '    c_sync = None')
prog("dir_params_sorted", "dir() sorted: a Param named 'axes' before one named 'sync'.",
     '\n\nclass Param:\n    def __init__(self, axes):\n        self.axes = axes\n\n\nclass Flow:\n    sync = Param(("i", "j"))\n    axes = Param(("i",))\n\n@REDUCE@\n\ndef main(mesh, x):\n    found = [getattr(Flow, k) for k in dir(Flow) if isinstance(getattr(Flow, k), Param)]\n    return reduce_rows(mesh, x, found[0].axes)\n',
     '    axes = Param(("i",))', '    zaxes = Param(("i",))')
prog("dataclass_own_init_kept", "@dataclass keeps an __init__ the class defines itself.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    axes: tuple = ("i", "j")\n\n    def __init__(self):\n        self.axes = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        self.axes = ("i",)', '        self.axes = ("i", "j")', imports="import dataclasses\n")
prog("dataclass_default_captured", "A dataclass default is captured when the class is made: a later class attribute change is not used.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    axes: tuple = ("i",)\n\n\nPlan.axes = ("i", "j")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '    return reduce_rows(mesh, x, Plan().axes)', '    return reduce_rows(mesh, x, Plan.axes)', imports="import dataclasses\n")
prog("dataclass_post_init_base_only", "A subclass __post_init__ without super() replaces the base's.",
     '\n\n@dataclasses.dataclass\nclass Base:\n    axes: tuple = ("i",)\n\n    def __post_init__(self):\n        self.axes = ("i", "j")\n\n\n@dataclasses.dataclass\nclass Plan(Base):\n    def __post_init__(self):\n        pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        pass\n', '        super().__post_init__()\n', imports="import dataclasses\n")
prog("init_subclass_mid_overrides_hook", "A middle class's own __init_subclass__ (no super()) stops the base's hook for its subclasses.",
     '\n\nclass Base:\n    def __init_subclass__(cls, **kwargs):\n        cls.AXES = ("i", "j")\n\n\nclass Mid(Base):\n    def __init_subclass__(cls, **kwargs):\n        pass\n\n\nclass Plan(Mid):\n    AXES = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan.AXES)\n',
     '        pass\n', '        super().__init_subclass__(**kwargs)\n')
prog("init_subclass_class_keyword", "Class keywords reach __init_subclass__.",
     '\n\nclass Base:\n    def __init_subclass__(cls, axes=("i", "j"), **kwargs):\n        cls.AXES = axes\n\n\nclass Plan(Base, axes=("i",)):\n    pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan.AXES)\n',
     'class Plan(Base, axes=("i",)):', 'class Plan(Base):')
prog("property_setter_normalises", "A property setter stores a narrowed value.",
     '\n\nclass Plan:\n    def __init__(self):\n        self._axes = ("i", "j")\n\n    @property\n    def axes(self):\n        return self._axes\n\n    @axes.setter\n    def axes(self, value):\n        self._axes = tuple(value)[:1]\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    plan.axes = ["i", "j"]\n    return reduce_rows(mesh, x, plan.axes)\n',
     '        self._axes = tuple(value)[:1]', '        self._axes = tuple(value)[:2]')
prog("getattr_fallback_only_missing", "__getattr__ is asked only for missing attributes: the instance field wins.",
     '\n\nclass Plan:\n    def __init__(self):\n        self.axes = ("i",)\n\n    def __getattr__(self, name):\n        return ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        self.axes = ("i",)', '        self.axis = ("i",)')
prog("getattribute_overrides_field", "__getattribute__ is asked for every attribute: it narrows the field.",
     '\n\nclass Plan:\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __getattribute__(self, name):\n        value = object.__getattribute__(self, name)\n        return value[:1] if name == "axes" else value\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        return value[:1] if name == "axes" else value', '        return value[:2] if name == "axes" else value')
prog("setattr_hook_narrows", "__setattr__ of the class narrows the stored value.",
     '\n\nclass Plan:\n    def __setattr__(self, name, value):\n        object.__setattr__(self, name, value[:1])\n\n    def __init__(self):\n        self.axes = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        object.__setattr__(self, name, value[:1])', '        object.__setattr__(self, name, value[:2])')
prog("slots_class_attribute_default", "A class attribute read through an instance of a slotted class that never set it.",
     '\n\nclass Base:\n    axes = ("i",)\n\n\nclass Plan(Base):\n    __slots__ = ("wide",)\n\n    def __init__(self):\n        self.wide = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        self.wide = ("i", "j")', '        self.wide = Base.axes = ("i", "j")')
prog("wraps_then_attribute_after", "An attribute set on the wrapper after functools.wraps is the wrapper's own.",
     '\n\ndef plan():\n    return None\n\n\nplan.axes = ("i", "j")\n\n\n@functools.wraps(plan)\ndef logged():\n    return plan()\n\n\nlogged.axes = ("i",)\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, logged.axes)\n',
     'logged.axes = ("i",)', 'logged.axis = ("i",)', imports="import functools\n")
prog("wrapped_attribute_reaches_original", "fn.__wrapped__ is the original function, with its own attribute.",
     '\n\ndef plan():\n    return None\n\n\nplan.axes = ("i",)\n\n\n@functools.wraps(plan)\ndef logged():\n    return plan()\n\n\nlogged.axes = ("i", "j")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, logged.__wrapped__.axes)\n',
     '    return reduce_rows(mesh, x, logged.__wrapped__.axes)', '    return reduce_rows(mesh, x, logged.axes)', imports="import functools\n")
prog("generator_close_runs_finally", "gen.close() runs the generator's finally block.",
     '\nSTATE = {"axes": ("i", "j")}\n\n\ndef steps():\n    try:\n        yield 1\n        yield 2\n    finally:\n        STATE["axes"] = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    gen = steps()\n    next(gen)\n    gen.close()\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '    gen.close()', '    next(gen)')
prog("generator_send_value", "send() hands the value to the paused yield expression.",
     '\n\ndef planner(out):\n    got = yield\n    out.append(got)\n    yield\n\n@REDUCE@\n\ndef main(mesh, x):\n    out = []\n    gen = planner(out)\n    next(gen)\n    gen.send(("i",))\n    return reduce_rows(mesh, x, out[0])\n',
     '    gen.send(("i",))', '    gen.send(("i", "j"))')
prog("context_manager_exit_suppresses", "An __exit__ returning True swallows the KeyError: the earlier value stays.",
     '\n\nclass Quiet:\n    def __enter__(self):\n        return self\n\n    def __exit__(self, kind, value, tb):\n        return kind is KeyError\n\n\nTABLE = {"rows": ("i",)}\n@REDUCE@\n\ndef main(mesh, x):\n    axes = TABLE["rows"]\n    with Quiet():\n        axes = TABLE["all"]\n    return reduce_rows(mesh, x, axes)\n',
     'TABLE = {"rows": ("i",)}', 'TABLE = {"rows": ("i",), "all": ("i", "j")}')
prog("suppress_keyerror", "contextlib.suppress(KeyError) leaves the earlier value.",
     '\nTABLE = {"rows": ("i",)}\n@REDUCE@\n\ndef main(mesh, x):\n    axes = TABLE["rows"]\n    with contextlib.suppress(KeyError):\n        axes = TABLE["all"]\n    return reduce_rows(mesh, x, axes)\n',
     'TABLE = {"rows": ("i",)}', 'TABLE = {"rows": ("i",), "all": ("i", "j")}', imports="import contextlib\n")
prog("exception_group_star", "except* KeyError catches the KeyError inside an ExceptionGroup.",
     '\n\ndef plan():\n    raise ExceptionGroup("plans", [KeyError("all")])\n\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j")\n    try:\n        plan()\n    except* KeyError:\n        axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '    except* KeyError:', '    except* IndexError:')
prog("nonlocal_closure_counter", "A closure's nonlocal store is seen by the enclosing function.",
     '@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j")\n\n    def narrow():\n        nonlocal axes\n        axes = axes[:1]\n\n    narrow()\n    return reduce_rows(mesh, x, axes)\n',
     '        axes = axes[:1]', '        axes = axes[:2]')
prog("class_var_shadowed_in_comprehension", "A comprehension's condition in a class body does not see the class's names: it reads the module's.",
     '\nAXES = ("i",)\n\n\nclass Plan:\n    AXES = ("i", "j")\n    NAMES = ["i", "j"]\n    PICKED = [a for a in NAMES if a in AXES]\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, tuple(Plan.PICKED))\n',
     '    PICKED = [a for a in NAMES if a in AXES]', '    PICKED = [a for a in NAMES if a in ("i", "j")]')
prog("default_arg_evaluated_once", "A default argument is evaluated once, at def: a later global change is not seen.",
     '\nSYNC = ("i",)\n\n\ndef plan(axes=SYNC):\n    return axes\n\n\nSYNC = ("i", "j")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, plan())\n',
     '    return reduce_rows(mesh, x, plan())', '    return reduce_rows(mesh, x, plan(SYNC))')
prog("enum_alias_value", "An enum member with a duplicate value is an alias of the first.",
     '\n\nclass Sync(enum.Enum):\n    ROWS = ("i",)\n    ALL = ("i", "j")\n    DEFAULT = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Sync.DEFAULT.value if Sync.DEFAULT is Sync.ROWS else ("i", "j"))\n',
     '    DEFAULT = ("i",)', '    DEFAULT = ("j", "i")', imports="import enum\n")

# == third batch: Python semantics a model may simplify ============================================
prog("contextvar_run_in_executor_thread", "run_in_executor runs the function on a worker thread: its set stays in that thread's context.",
     CV + '\n\ndef widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    await asyncio.get_running_loop().run_in_executor(None, widen)\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.get_running_loop().run_in_executor(None, widen)', '    widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_to_thread_copies", "asyncio.to_thread runs the function in a copy of the context.",
     CV + '\n\ndef widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    await asyncio.to_thread(widen)\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.to_thread(widen)', '    widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_ensure_future_copies", "ensure_future of a coroutine makes a task: a copy of the context.",
     CV + '\n\nasync def widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    await asyncio.ensure_future(widen())\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    await asyncio.ensure_future(widen())', '    await widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_set_before_asyncio_run_seen", "A set made before asyncio.run is copied into the task; the task's own set is not copied back.",
     CV + '\n\nasync def plan():\n    axes = SYNC.get()\n    SYNC.set(("i", "j"))\n    return axes\n\n@REDUCE@\n\ndef main(mesh, x):\n    SYNC.set(("i",))\n    asyncio.run(plan())\n    return reduce_rows(mesh, x, SYNC.get())\n',
     '    asyncio.run(plan())', '    SYNC.set(("i", "j"))', imports="import asyncio\nimport contextvars\n")
prog("dataclass_subclass_plain_attribute", "A subclass's un-annotated attribute is no field: the base's generated __init__ stores its own default.",
     '\n\n@dataclasses.dataclass\nclass Base:\n    axes: tuple = ("i",)\n\n\nclass Plan(Base):\n    axes = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '    return reduce_rows(mesh, x, Plan().axes)', '    return reduce_rows(mesh, x, Plan.axes)', imports="import dataclasses\n")
prog("dataclass_decorated_subclass_plain_attribute", "A decorated subclass with an un-annotated attribute keeps the base field's default in __init__.",
     '\n\n@dataclasses.dataclass\nclass Base:\n    axes: tuple = ("i",)\n\n\n@dataclasses.dataclass\nclass Plan(Base):\n    axes = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '    return reduce_rows(mesh, x, Plan().axes)', '    return reduce_rows(mesh, x, Plan.axes)', imports="import dataclasses\n")
prog("dataclass_default_changed_by_setattr", "setattr on the class after @dataclass does not change the generated default.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    axes: tuple = ("i",)\n\n\nsetattr(Plan, "axes", ("i", "j"))\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '    return reduce_rows(mesh, x, Plan().axes)', '    return reduce_rows(mesh, x, getattr(Plan, "axes"))', imports="import dataclasses\n")
prog("dataclass_field_default_changed", "Plan.axes changed after @dataclass with field(default=...): the default is still the old one.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    name: str = "p"\n    axes: tuple = dataclasses.field(default=("i",))\n\n@REDUCE@\n\ndef main(mesh, x):\n    Plan.axes = ("i", "j")\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '    return reduce_rows(mesh, x, Plan().axes)', '    return reduce_rows(mesh, x, Plan.axes)', imports="import dataclasses\n")
prog("sorted_reverse_stable", "sorted(reverse=True) keeps equal keys in their order.",
     '\nNAMES = ["i", "j"]\n@REDUCE@\n\ndef main(mesh, x):\n    first = sorted(NAMES, key=len, reverse=True)[0]\n    return reduce_rows(mesh, x, (first,))\n',
     'NAMES = ["i", "j"]', 'NAMES = ["j", "i"]')
prog("max_ties_first", "max with a key returns the first of equal items.",
     '\nNAMES = ["i", "j"]\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, (max(NAMES, key=len),))\n',
     'NAMES = ["i", "j"]', 'NAMES = ["j", "i"]')
prog("round_half_even", "round(0.5) is 0 (half to even).",
     '\nNAMES = ("i", "j")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, (NAMES[round(0.5)],))\n',
     '    return reduce_rows(mesh, x, (NAMES[round(0.5)],))', '    return reduce_rows(mesh, x, (NAMES[round(1.5) - 1],))')
prog("floor_div_negative", "-1 // 2 is -1: NAMES[-1 // 2 + 1] is NAMES[0].",
     '\nNAMES = ("i", "j")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, (NAMES[-1 // 2 + 1],))\n',
     '    return reduce_rows(mesh, x, (NAMES[-1 // 2 + 1],))', '    return reduce_rows(mesh, x, (NAMES[int(-1 / 2) + 1],))')
prog("tuple_slice_clipped_negative", "AXES[-5:1] clips the start to 0: ('i',).",
     '\nAXES = ("i", "j")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, AXES[-5:1])\n',
     '    return reduce_rows(mesh, x, AXES[-5:1])', '    return reduce_rows(mesh, x, AXES[-5:2])')
prog("tuple_negative_step_slice", "AXES[::-2] of a pair is its last item only.",
     '\nAXES = ("j", "i")\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, AXES[::-2])\n',
     '    return reduce_rows(mesh, x, AXES[::-2])', '    return reduce_rows(mesh, x, AXES[::-1])')
prog("dict_int_float_one_key", "1 and 1.0 are one dict key: the later value wins.",
     '\nTABLE = {1: ("i", "j"), 1.0: ("i",)}\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, TABLE[1])\n',
     'TABLE = {1: ("i", "j"), 1.0: ("i",)}', 'TABLE = {1: ("i", "j"), 1.5: ("i",)}')
prog("dict_true_one_key", "True and 1 are one dict key.",
     '\nTABLE = {}\n@REDUCE@\n\ndef main(mesh, x):\n    TABLE[True] = ("i", "j")\n    TABLE[1] = ("i",)\n    return reduce_rows(mesh, x, TABLE[True])\n',
     '    TABLE[1] = ("i",)', '    TABLE[2] = ("i",)')
prog("nan_in_list_identity", "`in` asks identity first: the same NaN object is found.",
     '\nNAN = float("nan")\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i",) if NAN in [NAN] else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    axes = ("i",) if NAN in [NAN] else ("i", "j")', '    axes = ("i",) if NAN in [float("nan")] else ("i", "j")')
prog("diamond_mro_attribute", "C3 order: D(B, C) reads C's AXES before A's.",
     '\n\nclass A:\n    AXES = ("i", "j")\n\n\nclass B(A):\n    pass\n\n\nclass C(A):\n    AXES = ("i",)\n\n\nclass D(B, C):\n    pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, D.AXES)\n',
     'class D(B, C):', 'class D(B, A):')
prog("diamond_super_next_in_mro", "super() in B goes to C, the next class in D's MRO, not to A.",
     '\n\nclass A:\n    def axes(self):\n        return ("i", "j")\n\n\nclass B(A):\n    def axes(self):\n        return super().axes()\n\n\nclass C(A):\n    def axes(self):\n        return ("i",)\n\n\nclass D(B, C):\n    pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, D().axes())\n',
     'class D(B, C):', 'class D(B):')
prog("len_zero_object_falsy", "An object whose __len__ is 0 is falsy.",
     '\n\nclass Extra:\n    def __len__(self):\n        return 0\n\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j") if Extra() else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '        return 0', '        return 1')
prog("bool_dunder_falsy", "An object whose __bool__ is False is falsy, whatever its __len__.",
     '\n\nclass Extra:\n    def __bool__(self):\n        return False\n\n    def __len__(self):\n        return 1\n\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j") if Extra() else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '        return False', '        return True')
prog("function_locals_write_ignored", "A write to locals() in a function does not change the local variable (3.11).",
     '@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i",)\n    locals()["axes"] = ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    locals()["axes"] = ("i", "j")', '    axes = ("i", "j")')
prog("function_exec_ignored", "exec of an assignment in a function does not change its local variable.",
     '@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i",)\n    exec("axes = (\'i\', \'j\')")\n    return reduce_rows(mesh, x, axes)\n',
     '    exec("axes = (\'i\', \'j\')")', '    axes = eval("(\'i\', \'j\')")')
prog("custom_contains", "`in` uses the class's __contains__.",
     '\n\nclass Rows:\n    def __contains__(self, name):\n        return name == "i"\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, tuple(a for a in ("i", "j") if a in Rows()))\n',
     '        return name == "i"', '        return name in "ij"')
prog("custom_iter", "tuple() of an object iterates its __iter__.",
     '\n\nclass Rows:\n    def __iter__(self):\n        yield "i"\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, tuple(Rows()))\n',
     '        yield "i"', '        yield from "ij"')
prog("radd_used_for_tuple", "tuple + object falls back to the object's __radd__.",
     '\n\nclass Narrow:\n    def __radd__(self, other):\n        return other[:1]\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, ("i", "j") + Narrow())\n',
     '        return other[:1]', '        return other[:2]')
prog("class_mutable_attr_shared", "A list class attribute is shared by all instances: one instance's append is seen by another.",
     '\n\nclass Plan:\n    extra = []\n\n@REDUCE@\n\ndef main(mesh, x):\n    Plan().extra.append("j")\n    return reduce_rows(mesh, x, ("i",) if Plan().extra else ("i", "j"))\n',
     '    Plan().extra.append("j")', '    Plan().extra.copy()')
prog("mutable_default_accumulates", "A list default argument keeps what earlier calls appended.",
     '\n\ndef plan(seen=[]):\n    seen.append(1)\n    return ("i",) if len(seen) > 1 else ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan()\n    return reduce_rows(mesh, x, plan())\n',
     '    plan()\n', '    plan([])\n')
prog("str_split_collapses_whitespace", "str.split() with no separator drops empty fields.",
     '\nSPEC = "  i  "\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, tuple(SPEC.split()))\n',
     'SPEC = "  i  "', 'SPEC = "  i  j "')
prog("str_split_maxsplit_keyword", "split(',', maxsplit=1) splits once; the head is 'i'.",
     '\nSPEC = "i,j,k"\n@REDUCE@\n\ndef main(mesh, x):\n    head, _ = SPEC.split(",", maxsplit=1)\n    return reduce_rows(mesh, x, (head,))\n',
     '    head, _ = SPEC.split(",", maxsplit=1)', '    head, _ = SPEC[2:].split(",", maxsplit=1)')

# == fourth batch: the module object and in-place changes reached by other spellings =================
sync_prog("importlib_main_module", "importlib.import_module(__name__) is the running module.", '',
          ['importlib.import_module(__name__).SYNC = ("i",)'], '    importlib.import_module(__name__).SYNC = ("i",)',
          '    importlib.import_module(__name__).SYNCED = ("i",)', imports="import importlib\n")
sync_prog("sys_modules_function_module", "sys.modules[main.__module__] is the running module.", '',
          ['sys.modules[main.__module__].SYNC = ("i",)'], '    sys.modules[main.__module__].SYNC = ("i",)',
          '    sys.modules[main.__module__].SYNCED = ("i",)', imports="import sys\n")
list_prog("list_getattr_method_called", "getattr(AXES, 'pop')() changes the list.", '', ['getattr(AXES, "pop")()'],
          '    getattr(AXES, "pop")()', '    getattr(AXES, "copy")()')
list_prog("list_methodcaller_pop", "operator.methodcaller('pop')(AXES) changes the list.", '', ['operator.methodcaller("pop")(AXES)'],
          '    operator.methodcaller("pop")(AXES)', '    operator.methodcaller("copy")(AXES)', imports="import operator\n")
list_prog("list_changed_in_with_body_helper", "A context manager's __enter__ pops the list it holds.",
          '\n\nclass Narrowed:\n    def __init__(self, names):\n        self.names = names\n\n    def __enter__(self):\n        self.names.pop()\n\n    def __exit__(self, *exc):\n        return False\n\n',
          ['with Narrowed(AXES):', '    pass'], '        self.names.pop()', '        self.names.copy()')

# == fifth batch: identity of strings a method hands back unchanged, copy hooks, dataclass equality ==
for _name, _doc, _expr, _twin in [
        ("is_strip_unchanged_same", "str.strip() with nothing to strip hands back the string itself.", 'MODE.strip()', 'MODE.upper().lower()'),
        ("is_fstring_single_same", "An f-string of one str field and nothing else is that str.", 'f"{MODE}"', 'f"{MODE}!"[:-1]'),
        ("is_join_single_same", "''.join of a one-item list hands back the item.", '"".join([MODE])', '"".join([MODE, ""])[:4]'),
        ("is_concat_empty_same", "s + '' is s.", 'MODE + ""', '(MODE + "!")[:-1]'),
        ("is_percent_format_same", "'%s' % s is s.", '"%s" % MODE', '"%s!" % MODE'),
        ("is_replace_noop_same", "s.replace of an absent substring hands back s.", 'MODE.replace("x", "y")', 'MODE.replace("x", "y").lower()')]:
    is_prog(_name, _doc, '\nMODE = "rows"\n', ['mode = ' + _expr, 'same = mode is MODE'], '    mode = ' + _expr, '    mode = ' + _twin)
is_prog("seen_is_not_stripped_value", "A join keeps a branch's value unless `seen[key] is not value`: the stripped value is the same object.",
        '\nCHOICES = {"mode": "rows"}\n', ['seen = dict(CHOICES)', 'value = CHOICES["mode"].strip()', 'same = not (seen["mode"] is not value)'],
        '    value = CHOICES["mode"].strip()', '    value = CHOICES["mode"].strip().title().lower()')
prog("copy_uses_dunder_copy", "copy.copy calls the class's __copy__.",
     '\n\nclass Plan:\n    def __init__(self, axes):\n        self.axes = axes\n\n    def __copy__(self):\n        return Plan(self.axes[:1])\n\n@REDUCE@\n\ndef main(mesh, x):\n    twin = copy.copy(Plan(("i", "j")))\n    return reduce_rows(mesh, x, twin.axes)\n',
     '        return Plan(self.axes[:1])', '        return Plan(self.axes[:2])', imports="import copy\n")
prog("copy_uses_setstate", "copy.copy restores the state through the class's __setstate__.",
     '\n\nclass Plan:\n    def __init__(self, axes):\n        self.axes = axes\n\n    def __setstate__(self, state):\n        self.__dict__.update(state, axes=state["axes"][:1])\n\n@REDUCE@\n\ndef main(mesh, x):\n    twin = copy.copy(Plan(("i", "j")))\n    return reduce_rows(mesh, x, twin.axes)\n',
     '        self.__dict__.update(state, axes=state["axes"][:1])', '        self.__dict__.update(state, axes=state["axes"][:2])', imports="import copy\n")
prog("dataclass_eq_false_identity", "@dataclass(eq=False): `in` compares by identity; an equal-looking trial is not found.",
     '\n\n@dataclasses.dataclass(eq=False)\nclass Trial:\n    name: str\n\n@REDUCE@\n\ndef main(mesh, x):\n    ranked = [Trial("a")]\n    axes = ("i", "j") if Trial("a") in ranked else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '@dataclasses.dataclass(eq=False)', '@dataclasses.dataclass(eq=True)', imports="import dataclasses\n")
prog("dataclass_compare_false_field", "A field with compare=False is left out of __eq__: the trials are equal.",
     '\n\n@dataclasses.dataclass\nclass Trial:\n    name: str\n    seed: int = dataclasses.field(default=0, compare=False)\n\n@REDUCE@\n\ndef main(mesh, x):\n    ranked = [Trial("a", 1)]\n    axes = ("i",) if Trial("a", 2) in ranked else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    seed: int = dataclasses.field(default=0, compare=False)', '    seed: int = dataclasses.field(default=0, compare=True)', imports="import dataclasses\n")
prog("dataclass_default_factory_captured", "A field's default_factory is kept by __init__: a later class attribute of that name is not used.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    axes: list = dataclasses.field(default_factory=lambda: ["i"])\n\n\nPlan.axes = ["i", "j"]\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, tuple(Plan().axes))\n',
     '    return reduce_rows(mesh, x, tuple(Plan().axes))', '    return reduce_rows(mesh, x, tuple(Plan.axes))', imports="import dataclasses\n")
prog("contextvar_call_soon_copies", "loop.call_soon runs its callback in a copy of the current context.",
     CV + '\n\ndef widen():\n    SYNC.set(("i", "j"))\n\n\nasync def plan():\n    asyncio.get_running_loop().call_soon(widen)\n    await asyncio.sleep(0)\n    return SYNC.get()\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    asyncio.get_running_loop().call_soon(widen)', '    widen()', imports="import asyncio\nimport contextvars\n")
prog("contextvar_thread_pool_submit", "A ThreadPoolExecutor worker runs in its own context.",
     CV + '\n\ndef widen():\n    SYNC.set(("i", "j"))\n\n@REDUCE@\n\ndef main(mesh, x):\n    with concurrent.futures.ThreadPoolExecutor(1) as pool:\n        pool.submit(widen).result()\n    return reduce_rows(mesh, x, SYNC.get())\n',
     '        pool.submit(widen).result()', '        widen()', imports="import concurrent.futures\nimport contextvars\n")
prog("contextvar_asyncio_runner_copies", "asyncio.Runner runs each coroutine in its own context copy.",
     CV + '\n\nasync def configure():\n    SYNC.set(("i", "j"))\n\n@REDUCE@\n\ndef main(mesh, x):\n    with asyncio.Runner() as runner:\n        runner.run(configure())\n    return reduce_rows(mesh, x, SYNC.get())\n',
     '        runner.run(configure())', '        SYNC.set(("i", "j"))', imports="import asyncio\nimport contextvars\n")

# == sixth batch: protocol data members, dataclass pseudo-fields, lazy iterators ===================
prog("protocol_annotated_member_missing", "A runtime Protocol's annotated data member must be present too: the object lacks it.",
     '\n\n@typing.runtime_checkable\nclass Sharded(typing.Protocol):\n    axes: tuple\n\n    def reduce(self): ...\n\n\nclass Plain:\n    kind = "plain"\n\n    def reduce(self):\n        return None\n\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j") if isinstance(Plain(), Sharded) else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '    kind = "plain"', '    axes = "plain"', imports="import typing\n")
prog("dataclass_fields_skip_classvar", "dataclasses.fields leaves out ClassVar pseudo-fields.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    WIDE: typing.ClassVar[tuple] = ("i", "j")\n    axes: tuple = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    first = dataclasses.fields(plan)[0].name\n    return reduce_rows(mesh, x, getattr(plan, first))\n',
     '    first = dataclasses.fields(plan)[0].name', '    first = "WIDE"', imports="import dataclasses\nimport typing\n")
prog("dataclass_asdict_skips_initvar", "asdict leaves out InitVar pseudo-fields (they are not stored).",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[tuple] = ("i", "j")\n    axes: tuple = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    values = list(dataclasses.asdict(Plan()).values())\n    return reduce_rows(mesh, x, values[0])\n',
     '    values = list(dataclasses.asdict(Plan()).values())', '    values = [("i", "j")] + list(dataclasses.asdict(Plan()).values())', imports="import dataclasses\n")
prog("zip_with_count_advances_extra", "zip pulls from count() before finding the list exhausted: next(c) is 2.",
     '@REDUCE@\n\ndef main(mesh, x):\n    c = itertools.count()\n    list(zip(c, ["a"]))\n    axes = ("i",) if next(c) == 2 else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n',
     '    list(zip(c, ["a"]))', '    list(zip(["a"], c))', imports="import itertools\n")
prog("islice_leaves_rest", "islice(it, 1) takes one item; the iterator keeps the rest.",
     '@REDUCE@\n\ndef main(mesh, x):\n    it = iter(["j", "i"])\n    list(itertools.islice(it, 1))\n    return reduce_rows(mesh, x, tuple(it))\n',
     '    list(itertools.islice(it, 1))', '    list(itertools.islice(it, 0))', imports="import itertools\n")
prog("cycle_islice_third", "islice(cycle(...), 2, 3) is the third item: the first again.",
     '\nNAMES = ["i", "j"]\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, tuple(itertools.islice(itertools.cycle(NAMES), 2, 3)))\n',
     '    return reduce_rows(mesh, x, tuple(itertools.islice(itertools.cycle(NAMES), 2, 3)))', '    return reduce_rows(mesh, x, tuple(itertools.islice(itertools.cycle(NAMES), 2, 4)))', imports="import itertools\n")
prog("accumulate_initial_first", "accumulate(initial=...) hands out the initial value first.",
     '@REDUCE@\n\ndef main(mesh, x):\n    groups = list(itertools.accumulate([("j",)], lambda acc, a: acc + a, initial=("i",)))\n    return reduce_rows(mesh, x, groups[0])\n',
     '    return reduce_rows(mesh, x, groups[0])', '    return reduce_rows(mesh, x, groups[1])', imports="import itertools\n")
prog("function_get_none_class", "f.__get__(None, cls) is f itself: calling it needs the argument given.",
     '\n\ndef axes_of(plan):\n    return plan[:1]\n\n\nclass Plan:\n    pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    same = axes_of.__get__(None, Plan)\n    return reduce_rows(mesh, x, same(("i", "j")))\n',
     '    return plan[:1]', '    return plan[:2]')
prog("dataclass_fields_skip_initvar", "dataclasses.fields leaves out InitVar pseudo-fields: the first field is axes.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[bool] = False\n    axes: tuple = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    first = dataclasses.fields(plan)[0].name\n    return reduce_rows(mesh, x, getattr(plan, first) or ("i", "j"))\n',
     '    first = dataclasses.fields(plan)[0].name', '    first = "wide"', imports="import dataclasses\n")

# == seventh batch: class annotations and dataclass field order =====================================
prog("annotations_not_inherited", "A class without annotations of its own has an empty __annotations__ (3.10+): the base's are not seen.",
     '\n\nclass Base:\n    axes: tuple = ("i", "j")\n\n\nclass Plan(Base):\n    pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    declared = list(Plan.__annotations__)\n    return reduce_rows(mesh, x, ("i", "j") if declared else ("i",))\n',
     '    declared = list(Plan.__annotations__)', '    declared = list(Base.__annotations__)')
prog("init_subclass_reads_own_annotations", "__init_subclass__ reading cls.__annotations__ sees only the subclass's own.",
     '\n\nclass Model:\n    def __init_subclass__(cls, **kwargs):\n        super().__init_subclass__(**kwargs)\n        cls.FIELDS = tuple(cls.__annotations__)\n\n\nclass Base(Model):\n    wide: tuple = ("i", "j")\n\n\nclass Plan(Base):\n    pass\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, ("i", "j") if Plan.FIELDS else ("i",))\n',
     '        cls.FIELDS = tuple(cls.__annotations__)', '        cls.FIELDS = tuple(Base.__annotations__) if cls.__name__ == "Plan" else ()')
prog("dataclass_redeclared_field_keeps_place", "A field redeclared by a subclass keeps its base position: the first positional argument fills it.",
     '\n\n@dataclasses.dataclass\nclass Base:\n    axes: tuple = ("i", "j")\n    extra: tuple = ()\n\n\n@dataclasses.dataclass\nclass Plan(Base):\n    axes: tuple = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan(("i",)).axes)\n',
     '    return reduce_rows(mesh, x, Plan(("i",)).axes)', '    return reduce_rows(mesh, x, Plan(("i", "j")).axes)', imports="import dataclasses\n")
prog("dataclass_plain_base_annotation_no_field", "Annotations of a base that is not a dataclass are no fields.",
     '\n\nclass Base:\n    wide: tuple = ("i", "j")\n\n\n@dataclasses.dataclass\nclass Plan(Base):\n    axes: tuple = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = Plan()\n    return reduce_rows(mesh, x, getattr(plan, dataclasses.fields(plan)[0].name))\n',
     '    return reduce_rows(mesh, x, getattr(plan, dataclasses.fields(plan)[0].name))', '    return reduce_rows(mesh, x, getattr(plan, "wide"))', imports="import dataclasses\n")
prog("dataclass_initvar_to_post_init", "An InitVar is handed to __post_init__ and not stored.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[bool] = True\n    axes: tuple = ()\n\n    def __post_init__(self, wide):\n        self.axes = ("i", "j") if wide else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan(False).axes)\n',
     '    return reduce_rows(mesh, x, Plan(False).axes)', '    return reduce_rows(mesh, x, Plan(True).axes)', imports="import dataclasses\n")
prog("dataclass_astuple_skips_initvar", "astuple leaves out InitVar pseudo-fields.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[tuple] = ("i", "j")\n    axes: tuple = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, dataclasses.astuple(Plan())[0])\n',
     '    return reduce_rows(mesh, x, dataclasses.astuple(Plan())[0])', '    return reduce_rows(mesh, x, Plan.wide)', imports="import dataclasses\n")
prog("dataclass_replace_with_initvar", "replace() of a dataclass with an InitVar field with a default: the default is used again.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[bool] = False\n    axes: tuple = ()\n\n    def __post_init__(self, wide):\n        self.axes = ("i", "j") if wide else ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    plan = dataclasses.replace(Plan(True), axes=())\n    return reduce_rows(mesh, x, plan.axes)\n',
     '    plan = dataclasses.replace(Plan(True), axes=())', '    plan = dataclasses.replace(Plan(True), axes=(), wide=True)', imports="import dataclasses\n")

# == eighth batch: argparse namespaces changed or filled otherwise =================================
def args_prog(name, doc, add, lines, old, new):
    prog(name, doc, '@REDUCE@\n\ndef main(mesh, x):\n    parser = argparse.ArgumentParser()\n    ' + add + '\n'
         + "".join(f"    {l}\n" for l in lines) + '    return reduce_rows(mesh, x, tuple(args.sync.split(",")))\n', old, new, imports="import argparse\n")

ADD = 'parser.add_argument("--sync", default="i,j")'
args_prog("args_vars_item_write", "vars(args)['sync'] = 'i' changes the namespace.", ADD,
          ['args = parser.parse_args([])', 'vars(args)["sync"] = "i"'], '    vars(args)["sync"] = "i"', '    vars(args)["sink"] = "i"')
args_prog("args_vars_update", "vars(args).update(sync='i') changes the namespace.", ADD,
          ['args = parser.parse_args([])', 'vars(args).update(sync="i")'], '    vars(args).update(sync="i")', '    vars(args).update(sink="i")')
args_prog("args_setattr_override", "setattr(args, 'sync', 'i') from an overrides table.", ADD,
          ['args = parser.parse_args([])', 'for key, value in {"sync": "i"}.items():', '    setattr(args, key, value)'],
          '    for key, value in {"sync": "i"}.items():', '    for key, value in {"sink": "i"}.items():')
args_prog("args_dict_write", "args.__dict__['sync'] = 'i' changes the namespace.", ADD,
          ['args = parser.parse_args([])', 'args.__dict__["sync"] = "i"'], '    args.__dict__["sync"] = "i"', '    args.__dict__["sink"] = "i"')
args_prog("args_type_applied_to_default", "argparse applies type= to a string default.",
          'parser.add_argument("--sync", type=lambda s: s.split(",")[0], default="i,j")',
          ['args = parser.parse_args([])'], '    parser.add_argument("--sync", type=lambda s: s.split(",")[0], default="i,j")',
          '    parser.add_argument("--sync", type=lambda s: s, default="i,j")')
args_prog("args_namespace_preset_kept", "parse_args(namespace=ns) keeps an attribute ns already has; the default is not stored.", ADD,
          ['args = parser.parse_args([], namespace=argparse.Namespace(sync="i"))'],
          '    args = parser.parse_args([], namespace=argparse.Namespace(sync="i"))', '    args = parser.parse_args([], namespace=argparse.Namespace(sink="i"))')
args_prog("args_suppress_default", "default=argparse.SUPPRESS leaves the attribute out: getattr's fallback is used.",
          'parser.add_argument("--sync", default=argparse.SUPPRESS)',
          ['args = parser.parse_args([])', 'args.sync = getattr(args, "sync", "i")'],
          '    parser.add_argument("--sync", default=argparse.SUPPRESS)', '    parser.add_argument("--sync", default="i,j")')

# == ninth batch: files as the OS holds them ========================================================
prog("tempfile_read_before_flush", "A small json.dump is still in the writer's buffer when the file is read inside the with: empty, so the fallback is used.",
     '@REDUCE@\n\ndef main(mesh, x):\n    path = os.path.join(tempfile.mkdtemp(), "plan.json")\n    with open(path, "w") as f:\n        json.dump({"sync": ["i", "j"]}, f)\n        try:\n            with open(path) as g:\n                sync = json.load(g)["sync"]\n        except json.JSONDecodeError:\n            sync = ["i"]\n    return reduce_rows(mesh, x, tuple(sync))\n',
     '        json.dump({"sync": ["i", "j"]}, f)', '        json.dump({"sync": ["i", "j"]}, f); f.flush()', imports="import json\nimport os\nimport tempfile\n")
prog("tempfile_exclusive_create_fails", "open(path, 'x') of an existing file raises FileExistsError: the first config stays.",
     '@REDUCE@\n\ndef main(mesh, x):\n    path = os.path.join(tempfile.mkdtemp(), "plan.json")\n    with open(path, "w") as f:\n        json.dump({"sync": ["i"]}, f)\n    try:\n        with open(path, "x") as f:\n            json.dump({"sync": ["i", "j"]}, f)\n    except FileExistsError:\n        pass\n    with open(path) as f:\n        return reduce_rows(mesh, x, tuple(json.load(f)["sync"]))\n',
     '        with open(path, "x") as f:', '        with open(path, "w") as f:', imports="import json\nimport os\nimport tempfile\n")

# == tenth batch: InitVar values are not stored on the instance ====================================
prog("dataclass_initvar_not_stored", "An InitVar argument is not stored: plan.wide reads the class attribute (its default).",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[bool] = False\n    name: str = "p"\n\n@REDUCE@\n\ndef main(mesh, x):\n    axes = ("i", "j") if Plan(True).wide else ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '    wide: dataclasses.InitVar[bool] = False', '    wide: bool = False', imports="import dataclasses\n")
prog("dataclass_initvar_match_args", "__match_args__ names the InitVar too; the class pattern reads its class default.",
     '\n\n@dataclasses.dataclass\nclass Plan:\n    wide: dataclasses.InitVar[bool] = False\n    name: str = "p"\n\n@REDUCE@\n\ndef main(mesh, x):\n    match Plan(True):\n        case Plan(True):\n            axes = ("i", "j")\n        case _:\n            axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
     '    wide: dataclasses.InitVar[bool] = False', '    wide: bool = False', imports="import dataclasses\n")
prog("init_subclass_sets_dataclass_default", "__init_subclass__ runs before @dataclass reads the defaults: the hook's value is the field's default.",
     '\n\nclass Base:\n    def __init_subclass__(cls, **kwargs):\n        super().__init_subclass__(**kwargs)\n        cls.axes = ("i",)\n\n\n@dataclasses.dataclass\nclass Plan(Base):\n    axes: tuple = ("i", "j")\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, Plan().axes)\n',
     '        cls.axes = ("i",)', '        cls.axes = ("i", "j")', imports="import dataclasses\n")

# == eleventh batch: what asyncio.run does when its coroutine returns ================================
prog("asyncio_run_cancels_pending_task", "asyncio.run cancels a task still pending when its coroutine returns: the task's finally runs.",
     '\nSTATE = {"axes": ("i", "j")}\n\n\nasync def heartbeat():\n    try:\n        await asyncio.sleep(30)\n    finally:\n        STATE["axes"] = ("i",)\n\n\nasync def serve():\n    asyncio.create_task(heartbeat())\n    await asyncio.sleep(0)\n\n@REDUCE@\n\ndef main(mesh, x):\n    asyncio.run(serve())\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")', imports="import asyncio\n")
prog("asyncio_run_closes_async_generator", "asyncio.run finalizes a suspended async generator: its finally runs.",
     '\nSTATE = {"axes": ("i", "j")}\n\n\nasync def batches():\n    try:\n        yield 1\n        yield 2\n    finally:\n        STATE["axes"] = ("i",)\n\n\nasync def serve():\n    stream = batches()\n    await stream.__anext__()\n\n@REDUCE@\n\ndef main(mesh, x):\n    asyncio.run(serve())\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")', imports="import asyncio\n")
prog("asyncio_task_cancelled_before_start", "A task cancelled before it first runs never runs its body.",
     '\nSTATE = {"axes": ("i",)}\n\n\nasync def widen():\n    STATE["axes"] = ("i", "j")\n\n\nasync def serve():\n    task = asyncio.create_task(widen())\n    task.cancel()\n    await asyncio.sleep(0)\n\n@REDUCE@\n\ndef main(mesh, x):\n    asyncio.run(serve())\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '    task.cancel()', '    task.done()', imports="import asyncio\n")
prog("asyncio_gather_return_exceptions", "gather(return_exceptions=True) hands a raised error back as a value.",
     '\n\nasync def wide():\n    raise KeyError("all")\n\n\nasync def rows():\n    return ("i",)\n\n\nasync def plan():\n    results = await asyncio.gather(wide(), rows(), return_exceptions=True)\n    return next(r for r in results if not isinstance(r, Exception))\n\n@REDUCE@\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, asyncio.run(plan()))\n',
     '    raise KeyError("all")', '    return ("i", "j")', imports="import asyncio\n")
prog("asyncio_run_finalizes_broken_async_for", "An `async for` left by break leaves its generator suspended; asyncio.run finalizes it: its finally runs.",
     '\nSTATE = {"axes": ("i", "j")}\n\n\nasync def batches():\n    try:\n        for k in range(3):\n            yield k\n    finally:\n        STATE["axes"] = ("i",)\n\n\nasync def serve():\n    async for _ in batches():\n        break\n\n@REDUCE@\n\ndef main(mesh, x):\n    asyncio.run(serve())\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")', imports="import asyncio\n")

# == twelfth batch: a generator freed while suspended is closed at once (CPython refcounting) ========
GEN = '\nSTATE = {"axes": ("i", "j")}\n\n\ndef batches():\n    try:\n        yield 1\n        yield 2\n    finally:\n        STATE["axes"] = ("i",)\n\n'
prog("generator_freed_after_next", "next(batches()) leaves a temporary generator suspended; freed at once, it is closed: its finally runs.",
     GEN + '\ndef first_batch():\n    return next(batches())\n\n@REDUCE@\n\ndef main(mesh, x):\n    first_batch()\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")')
prog("generator_freed_after_break", "A for loop left by break drops its generator, which is closed at once: its finally runs.",
     GEN + '@REDUCE@\n\ndef main(mesh, x):\n    for _ in batches():\n        break\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")')
prog("generator_freed_by_rebinding", "Rebinding the only name of a suspended generator closes it.",
     GEN + '@REDUCE@\n\ndef main(mesh, x):\n    stream = batches()\n    next(stream)\n    stream = None\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")')

# == thirteenth batch: finalizers CPython runs when the last reference goes ==========================
DEL = '\nSTATE = {"axes": ("i", "j")}\n\n\nclass Session:\n    def __del__(self):\n        STATE["axes"] = ("i",)\n\n'
prog("del_method_temporary", "A temporary object's __del__ runs as soon as the statement is done (refcounting).",
     DEL + '@REDUCE@\n\ndef main(mesh, x):\n    Session()\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")')
prog("del_method_del_statement", "`del` of the only name runs the object's __del__.",
     DEL + '@REDUCE@\n\ndef main(mesh, x):\n    session = Session()\n    del session\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")')
prog("weakref_finalize_runs", "weakref.finalize's callback runs when its object is freed.",
     '\nSTATE = {"axes": ("i", "j")}\n\n\nclass Session:\n    pass\n\n\ndef narrow():\n    STATE["axes"] = ("i",)\n\n@REDUCE@\n\ndef main(mesh, x):\n    session = Session()\n    weakref.finalize(session, narrow)\n    session = None\n    return reduce_rows(mesh, x, STATE["axes"])\n',
     '    session = None', '    session.name = None', imports="import weakref\n")

# == fourteenth batch: one list object under several names ===========================================
prog("tuple_item_iadd_changes_then_raises", "`HOLD[0] *= 0` empties the list in place, then the tuple store raises TypeError.",
     '\nHOLD = (["i", "j"],)\n@REDUCE@\n\ndef main(mesh, x):\n    try:\n        HOLD[0] *= 0\n    except TypeError:\n        pass\n    return reduce_rows(mesh, x, tuple(HOLD[0]) or ("i",))\n',
     '        HOLD[0] *= 0', '        HOLD[0] * 0')
prog("list_repeat_shares_inner", "[inner] * 2 holds one list twice: popping through the second changes the first.",
     '\nGROUPS = [["i", "j"]] * 2\n@REDUCE@\n\ndef main(mesh, x):\n    GROUPS[1].pop()\n    return reduce_rows(mesh, x, tuple(GROUPS[0]))\n',
     'GROUPS = [["i", "j"]] * 2', 'GROUPS = [["i", "j"] for _ in range(2)]')
prog("dict_fromkeys_shares_value", "dict.fromkeys(keys, []) holds one list under every key.",
     '\nTABLE = dict.fromkeys(["train", "eval"], ["i", "j"])\n@REDUCE@\n\ndef main(mesh, x):\n    TABLE["eval"].remove("j")\n    return reduce_rows(mesh, x, tuple(TABLE["train"]))\n',
     'TABLE = dict.fromkeys(["train", "eval"], ["i", "j"])', 'TABLE = {k: ["i", "j"] for k in ["train", "eval"]}')
