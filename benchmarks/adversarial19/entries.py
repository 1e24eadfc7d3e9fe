# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


# -- guard_clauses.py: `if unknown: raise` swallowed on its way out ---------------------------------------
axes_prog("suppress_guard_count", "contextlib.suppress swallows the guard's ValueError on 8 devices: axes stays ('i',).", "",
          ['axes = ("i",)', 'with contextlib.suppress(ValueError):', '    if jax.device_count() < 16:', '        raise ValueError("wide reduce needs 16 devices")',
           '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import contextlib\n")
axes_prog("finally_return_guard", "A `return` in `finally` swallows the guard's raise: the helper gives ('i',).",
          'def pick_axes():\n    axes = ("i",)\n    try:\n        if jax.device_count() < 16:\n            raise RuntimeError("small host")\n        axes = ("i", "j")\n    finally:\n        return axes',
          ['axes = pick_axes()'],
          '        if jax.device_count() < 16:', '        if jax.device_count() < 4:')
axes_prog("suppress_assert_count", "An assert on the device count inside suppress(AssertionError): it fails on 8 devices, swallowed.", "",
          ['axes = ("i",)', 'with contextlib.suppress(AssertionError):', '    assert jax.device_count() >= 16, "needs 16 devices"', '    axes = ("i", "j")'],
          '    assert jax.device_count() >= 16, "needs 16 devices"', '    assert jax.device_count() >= 4, "needs 16 devices"', imports="import contextlib\n")
CM = '''
@contextlib.contextmanager
def tolerant(what):
    try:
        yield
    except ValueError as exc:
        print(f"{what} skipped: {exc}")
'''
axes_prog("contextmanager_swallows_guard", "A @contextmanager whose generator catches the guard's ValueError and prints it.", CM,
          ['axes = ("i",)', 'with tolerant("wide reduce"):', '    if jax.device_count() % 16:', '        raise ValueError("needs a multiple of 16 devices")', '    axes = ("i", "j")'],
          '    if jax.device_count() % 16:', '    if jax.device_count() % 8:', imports="import contextlib\n")
EXITCLS = '''
class Optional:
    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        return kind is not None and issubclass(kind, RuntimeError)
'''
axes_prog("exit_true_swallows_guard", "A class whose __exit__ returns True for RuntimeError swallows the guard.", EXITCLS,
          ['axes = ("i",)', 'with Optional():', '    if jax.device_count() != 32:', '        raise RuntimeError("tuned for 32 devices")', '    axes = ("i", "j")'],
          '    if jax.device_count() != 32:', '    if jax.device_count() != 8:')
axes_prog("suppress_assert_generic", "suppress(Exception) around an assert on the device count (an ExitStack-free optional step).", "",
          ['axes = ("i",)', 'with contextlib.suppress(Exception):', '    assert jax.device_count() > 8', '    axes = ("i", "j")'],
          '    assert jax.device_count() > 8', '    assert jax.device_count() > 4', imports="import contextlib\n")
axes_prog("finally_return_assert", "A `return` in `finally` swallows a failed assert on the device count.",
          'def pick_axes():\n    axes = ("i",)\n    try:\n        assert jax.device_count() >= 16\n        axes = ("i", "j")\n    finally:\n        return axes',
          ['axes = pick_axes()'],
          '        assert jax.device_count() >= 16', '        assert jax.device_count() >= 8')
axes_prog("finally_break_guard", "A `break` in `finally` inside a loop swallows the guard's raise.", "",
          ['axes = ("i",)', 'for _ in range(1):', '    try:', '        if jax.device_count() < 16:', '            raise RuntimeError("small host")', '        axes = ("i", "j")', '    finally:', '        break'],
          '        if jax.device_count() < 16:', '        if jax.device_count() < 2:')
axes_prog("exitstack_suppress_guard", "ExitStack.enter_context(suppress(ValueError)) swallows the guard's raise.", "",
          ['axes = ("i",)', 'with contextlib.ExitStack() as stack:', '    stack.enter_context(contextlib.suppress(ValueError))', '    if jax.device_count() < 16:', '        raise ValueError("small")', '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 1:', imports="import contextlib\n")
axes_prog("suppress_guard_local_count", "suppress around a guard on jax.local_device_count.", "",
          ['axes = ("i",)', 'with contextlib.suppress(RuntimeError):', '    if jax.local_device_count() not in (16, 32):', '        raise RuntimeError("needs a full pod slice")', '    axes = ("i", "j")'],
          '    if jax.local_device_count() not in (16, 32):', '    if jax.local_device_count() not in (8, 32):', imports="import contextlib\n")
axes_prog("suppress_guard_in_helper", "A helper's guard raises; the caller runs the helper inside suppress(ValueError).",
          'def wide_axes():\n    if len(jax.devices()) < 16:\n        raise ValueError("needs 16 devices")\n    return ("i", "j")',
          ['axes = ("i",)', 'with contextlib.suppress(ValueError):', '    axes = wide_axes()'],
          '    if len(jax.devices()) < 16:', '    if len(jax.devices()) < 8:', imports="import contextlib\n")

# -- unchecked_calls.py: retry handlers that re-raise only on the last attempt ------------------------------
PLAN = '''
def plan(attempt):
    if attempt == 0:
        jax.devices("gpu")  # no GPU backend here: RuntimeError
        return ("i", "j")
    return ("i",)
'''
axes_prog("retry_reraise_last_attempt", "The retry handler re-raises only on the third attempt; the first attempt's GPU probe fails.", PLAN,
          ['for attempt in range(3):', '    try:', '        axes = plan(attempt)', '        break', '    except RuntimeError:', '        if attempt == 2:', '            raise'],
          '        jax.devices("gpu")  # no GPU backend here: RuntimeError', '        jax.devices("cpu")  # no GPU backend here: RuntimeError')
axes_prog("retry_while_tries_left", "A while loop counts tries down and re-raises when none are left; the first try's probe fails.", PLAN,
          ['tries, attempt = 3, 0', 'while True:', '    try:', '        axes = plan(attempt)', '        break', '    except RuntimeError:', '        tries, attempt = tries - 1, attempt + 1',
           '        if not tries:', '            raise'],
          '        jax.devices("gpu")  # no GPU backend here: RuntimeError', '        jax.devices("cpu")  # no GPU backend here: RuntimeError')
SHAPES = '''
SHAPES = [(4, 4), (2, 4)]


def next_axes():
    shape = SHAPES.pop(0)
    jax.make_mesh(shape, ("i", "j"))  # (4, 4) needs 16 devices: ValueError
    return ("i", "j") if shape[0] == 4 else ("i",)
'''
axes_prog("retry_pops_mesh_shape", "Each attempt pops the next mesh shape; (4, 4) fails on 8 devices, the handler re-raises only when none are left.", SHAPES,
          ['while True:', '    try:', '        axes = next_axes()', '        break', '    except ValueError:', '        if not SHAPES:', '            raise'],
          '    jax.make_mesh(shape, ("i", "j"))  # (4, 4) needs 16 devices: ValueError', '    jax.make_mesh((2, 4), ("i", "j"))  # (4, 4) needs 16 devices: ValueError')
BACKENDS = '''
BACKENDS = iter(["tpu", "cpu"])


def backend_axes():
    name = next(BACKENDS)
    jax.devices(name)
    return ("i", "j") if name == "tpu" else ("i",)
'''
axes_prog("retry_next_backend_iterator", "Each attempt takes the next backend from an iterator; tpu fails, cpu works.", BACKENDS,
          ['for attempt in range(2):', '    try:', '        axes = backend_axes()', '        break', '    except RuntimeError as exc:', '        print(f"attempt {attempt}: {exc}")',
           '        if attempt == 1:', '            raise'],
          '    jax.devices(name)', '    jax.devices("cpu")')
axes_prog("handler_reraises_other_errors", "The handler re-raises anything but the RuntimeError it expects, and falls back on that.",
          'def gpu_axes():\n    jax.devices("gpu")\n    return ("i", "j")',
          ['try:', '    axes = gpu_axes()', 'except Exception as exc:', '    if not isinstance(exc, RuntimeError):', '        raise', '    axes = ("i",)'],
          '    jax.devices("gpu")', '    jax.devices("cpu")')
axes_prog("handler_reraises_oom_only", "The handler re-raises only out-of-memory errors; the missing backend falls back.",
          'def gpu_axes():\n    jax.devices("gpu")\n    return ("i", "j")',
          ['try:', '    axes = gpu_axes()', 'except RuntimeError as exc:', '    if "RESOURCE_EXHAUSTED" in str(exc):', '        raise', '    axes = ("i",)'],
          '    jax.devices("gpu")', '    jax.devices("cpu")')
RESULT = '''
def attempt(fn):
    try:
        return {"ok": True, "value": fn()}
    except Exception as exc:
        return {"ok": False, "error": exc}


def gpu_axes():
    jax.devices("gpu")
    return ("i", "j")
'''
axes_prog("result_dict_carries_error", "A runner returns {'ok': False, 'error': exc}; the caller falls back when not ok.", RESULT,
          ['result = attempt(gpu_axes)', 'axes = result["value"] if result["ok"] else ("i",)'],
          '    jax.devices("gpu")', '    jax.devices("cpu")')
FUT = '''
class Future:
    def __init__(self):
        self.error = None
        self.value = None

    def set_exception(self, exc):
        self.error = exc


def submit(fn):
    fut = Future()
    try:
        fut.value = fn()
    except Exception as exc:
        fut.set_exception(exc)
    return fut


def tpu_axes():
    jax.devices("tpu")
    return ("i", "j")
'''
axes_prog("own_future_set_exception", "A home-made future records the exception; the caller checks it and falls back.", FUT,
          ['fut = submit(tpu_axes)', 'axes = ("i",) if fut.error is not None else fut.value'],
          '    jax.devices("tpu")', '    jax.devices("cpu")')
axes_prog("retry_reshape_attempt_rows", "Each attempt tries a row count; reshape(3, -1) of 64 values fails, the last attempt's error is re-raised.",
          'def rows_axes(x, rows):\n    np.asarray(x).reshape(rows, -1)\n    return ("i", "j") if rows == 3 else ("i",)',
          ['for rows in (3, 4):', '    try:', '        axes = rows_axes(x, rows)', '        break', '    except ValueError:', '        if rows == 4:', '            raise'],
          "    np.asarray(x).reshape(rows, -1)", "    np.asarray(x).reshape(-1, 8)")

# -- concrete_scalars.py: comparisons of rank-0 arrays that raise ------------------------------------------
axes_prog("rank0_min_across_devices", "min of rank-0 scores committed to different devices raises ValueError (incompatible devices).", "",
          ['devs = jax.devices()', 'scores = [jax.device_put(jnp.float32(s), d) for s, d in zip([0.3, 0.1], devs)]', 'try:',
           '    best = min(range(2), key=lambda k: scores[k])', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'scores = [jax.device_put(jnp.float32(s), d) for s, d in zip([0.3, 0.1], devs)]', 'scores = [jax.device_put(jnp.float32(s), devs[0]) for s in [0.3, 0.1]]')
axes_prog("rank0_lt_across_devices", "`<` of two rank-0 arrays on different devices raises ValueError before Python takes its truth.", "",
          ['devs = jax.devices()', 'a = jax.device_put(jnp.float32(0.3), devs[0])', 'b = jax.device_put(jnp.float32(0.1), devs[1])', 'try:',
           '    axes = ("i", "j") if a < b else ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          "b = jax.device_put(jnp.float32(0.1), devs[1])", "b = jax.device_put(jnp.float32(0.1), devs[0])")
VNOTE = '''
PICKED = []


def note(loss):
    try:
        PICKED.append(("i", "j") if max(loss, 0.0) > 1.0 else ("i", "j"))
    except TypeError:  # a tracer under vmap: its truth raises
        PICKED.append(("i",))
    return loss
'''
axes_prog("rank0_max_under_vmap", "max() of a rank-0 value under vmap: a tracer, whose truth raises TypeError.", VNOTE,
          ['jax.vmap(note)(jnp.ones(3))', 'axes = PICKED[0]'],
          'jax.vmap(note)(jnp.ones(3))', 'note(jnp.ones(3)[0])')
axes_prog("rank0_max_under_lax_map", "max() of a rank-0 value under lax.map: a tracer.", VNOTE,
          ['jax.lax.map(note, jnp.ones(3))', 'axes = PICKED[0]'],
          'jax.lax.map(note, jnp.ones(3))', 'note(jnp.ones(3)[0])')
axes_prog("rank0_max_under_scan", "max() of the rank-0 carry under lax.scan: a tracer.", VNOTE,
          ['jax.lax.scan(lambda c, _: (note(c), None), jnp.float32(2.0), None, length=2)', 'axes = PICKED[0]'],
          'jax.lax.scan(lambda c, _: (note(c), None), jnp.float32(2.0), None, length=2)', 'note(jnp.float32(2.0))')
axes_prog("rank0_max_under_eval_shape", "max() of the rank-0 argument under jax.eval_shape: a tracer.", VNOTE,
          ['jax.eval_shape(note, jnp.float32(2.0))', 'axes = PICKED[0]'],
          'jax.eval_shape(note, jnp.float32(2.0))', 'note(jnp.float32(2.0))')
axes_prog("rank0_max_under_checkpoint", "max() of the rank-0 argument in a jax.checkpoint function differentiated: a tracer.", VNOTE,
          ['jax.grad(jax.checkpoint(note))(jnp.float32(2.0))', 'axes = PICKED[0]'],
          'jax.grad(jax.checkpoint(note))(jnp.float32(2.0))', 'note(jnp.float32(2.0))')
axes_prog("rank0_sorted_none_loss", "sorted by a loss that is None for a failed trial raises TypeError (None < array).", "",
          ['losses = [jnp.float32(0.2), None]', 'try:', '    order = sorted(range(2), key=lambda k: losses[k])', '    axes = ("i", "j")', 'except TypeError:', '    axes = ("i",)'],
          "losses = [jnp.float32(0.2), None]", "losses = [jnp.float32(0.2), jnp.float32(0.1)]")

# -- jit_retraces.py: calls JAX answers from its cache -----------------------------------------------------
COMB = '''
TRACES = []


@jax.jit
def combine(parts):
    TRACES.append(1)
    return parts["a"] + parts["b"]
'''
axes_prog("jit_dict_key_order_cached", "JAX sorts dict keys: {'a','b'} and {'b','a'} are one tree, one trace.", COMB,
          ['v = jnp.ones(4)', 'combine({"a": v, "b": v})', 'combine({"b": v, "a": v})', 'axes = ("i", "j")[:len(TRACES)]'],
          'combine({"b": v, "a": v})', 'combine({"b": v, "a": jnp.ones((2, 4))})')
axes_prog("jit_dict_kwargs_order_cached", "dict(b=..., a=...) and a display {'a','b'} flatten alike: one trace.", COMB,
          ['v = jnp.ones(4)', 'combine({"a": v, "b": v})', 'combine(dict(b=v, a=v))', 'axes = ("i", "j")[:len(TRACES)]'],
          'combine(dict(b=v, a=v))', 'combine(dict(b=v, a=jnp.ones((2, 4))))')
axes_prog("jit_dict_merge_order_cached", "A dict merged in another order is the same tree: one trace.", COMB,
          ['v = jnp.ones(4)', 'base = {"b": v}', 'combine({"a": v, **base})', 'combine({**base, "a": v})', 'axes = ("i", "j")[:len(TRACES)]'],
          'combine({**base, "a": v})', 'combine({**base, "a": jnp.ones((2, 4))})')
JF = '''
TRACES = []


def double(v):
    TRACES.append(1)
    return v * 2
'''
axes_prog("jit_wrapped_twice_one_trace", "jax.jit(f) made again per call shares f's trace cache: one trace.", JF,
          ['v = jnp.ones(4)', 'for _ in range(2):', '    jax.jit(double)(v)', 'axes = ("i", "j")[:len(TRACES)]'],
          '    jax.jit(double)(v)', '    jax.jit(double)(v if _ else v[None])')
STAT = '''
TRACES = []


@functools.partial(jax.jit, static_argnums=1)
def scaled(v, sizes):
    TRACES.append(sizes)
    return v * len(sizes)
'''
axes_prog("jit_static_tuple_equal_values", "Static (1, 2) and (1, 2.0) are equal and hash alike: one trace.", STAT,
          ['v = jnp.ones(4)', 'scaled(v, (1, 2))', 'scaled(v, (1, 2.0))', 'axes = ("i", "j")[:len(TRACES)]'],
          'scaled(v, (1, 2.0))', 'scaled(v, (1, 3.0))', imports="import functools\n")
axes_prog("jit_static_negative_zero", "Static 0.0 and -0.0 are equal floats: one trace.", STAT.replace("len(sizes)", "(1 + sizes)"),
          ['v = jnp.ones(4)', 'scaled(v, 0.0)', 'scaled(v, -0.0)', 'axes = ("i", "j")[:len(TRACES)]'],
          'scaled(v, -0.0)', 'scaled(v, -1.0)', imports="import functools\n")

# -- caching decorators: a body run once --------------------------------------------------------------------
axes_prog("lru_cache_runs_once", "functools.lru_cache answers the second call: the body appends once.",
          'CALLS = []\n\n\n@functools.lru_cache(maxsize=None)\ndef setup(name):\n    CALLS.append(name)\n    return name',
          ['setup("mesh")', 'setup("mesh")', 'axes = ("i", "j")[:len(CALLS)]'],
          'setup("mesh")\n    axes', 'setup("mesh2")\n    axes', imports="import functools\n")
axes_prog("functools_cache_shared_list", "functools.cache hands back the same list: the caller's removal stays.",
          '@functools.cache\ndef plan():\n    return ["i", "j"]',
          ['plan().remove("j")', 'axes = tuple(plan())'],
          'plan().remove("j")', 'plan().copy().remove("j")', imports="import functools\n")
CP = '''
class Plan:
    def __init__(self):
        self.wide = False

    @functools.cached_property
    def axes(self):
        return ("i", "j") if self.wide else ("i",)
'''
axes_prog("cached_property_kept", "cached_property computes once: a later change of `wide` is not seen.", CP,
          ['plan = Plan()', 'plan.axes', 'plan.wide = True', 'axes = plan.axes'],
          '    plan.axes\n', '    plan.wide\n', imports="import functools\n")

# -- classes / delattr, own module ------------------------------------------------------------------------
axes_prog("delattr_custom_resets", "A class's own __delattr__ resets the field to its default instead of uncovering the class value.",
          'class Cfg:\n    axes = ("i", "j")\n\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __delattr__(self, name):\n        object.__setattr__(self, name, ("i",))',
          ['cfg = Cfg()', 'delattr(cfg, "axes")', 'axes = cfg.axes'],
          '        object.__setattr__(self, name, ("i",))', '        object.__delattr__(self, name)')
axes_prog("del_custom_delattr_ignores", "`del cfg.axes` calls the class's __delattr__, which keeps frozen fields.",
          'class Cfg:\n    axes = ("i", "j")\n\n    def __init__(self):\n        self.axes = ("i",)\n\n    def __delattr__(self, name):\n        print("frozen field kept:", name)',
          ['cfg = Cfg()', 'del cfg.axes', 'axes = cfg.axes'],
          '        print("frozen field kept:", name)', '        object.__delattr__(self, name)')
axes_prog("module_getattr_pep562", "A module-level __getattr__ answers names the module lacks (PEP 562).",
          'def __getattr__(name):\n    if name == "AXES":\n        return ("i",)\n    raise AttributeError(name)',
          ['axes = getattr(sys.modules[__name__], "AXES", ("i", "j"))'],
          '    if name == "AXES":', '    if name == "AXES_":', imports="import sys\n")
axes_prog("globals_store_seen_by_module", "globals()[...] = stores into the module namespace sys.modules[__name__] reads.",
          'AXES = ("i", "j")',
          ['globals()["AXES"] = ("i",)', 'axes = sys.modules[__name__].AXES'],
          'globals()["AXES"] = ("i",)', 'globals()["AXES_"] = ("i",)', imports="import sys\n")
axes_prog("main_module_setattr_global", "setattr on __main__ rebinds the global the function then reads.",
          'AXES = ("i", "j")',
          ['import __main__', 'setattr(__main__, "AXES", ("i",))', 'axes = AXES'],
          'setattr(__main__, "AXES", ("i",))', 'setattr(__main__, "AXES_", ("i",))')

# -- set_methods.py ----------------------------------------------------------------------------------------
axes_prog("set_union_not_in_place", "set.union returns a new set: `names` keeps one axis.", "",
          ['names = {"i"}', 'names.union({"j"})', 'axes = tuple(sorted(names))'],
          'names.union({"j"})', 'names.update({"j"})')
axes_prog("set_ior_list_raises", "`s |= [...]` of a list raises TypeError (only update takes any iterable).", "",
          ['names = {"i"}', 'try:', '    names |= ["j"]', 'except TypeError:', '    pass', 'axes = tuple(sorted(names))'],
          '    names |= ["j"]', '    names |= {"j"}')
axes_prog("set_copy_add", "Adding to a copy leaves the set.", "",
          ['names = {"i"}', 'names.copy().add("j")', 'axes = tuple(sorted(names))'],
          'names.copy().add("j")', 'names.add("j")')
axes_prog("set_intersection_update", "intersection_update keeps only the shared names.", "",
          ['names = {"i", "j"}', 'names.intersection_update(["i", "k"])', 'axes = tuple(sorted(names))'],
          'names.intersection_update(["i", "k"])', 'names.intersection_update(["i", "j"])')
axes_prog("set_symmetric_difference_update", "symmetric_difference_update drops the names both hold.", "",
          ['names = {"i", "j"}', 'names.symmetric_difference_update({"j", "k"})', 'names.discard("k")', 'axes = tuple(sorted(names))'],
          'names.symmetric_difference_update({"j", "k"})', 'names.symmetric_difference_update({"k"})')
axes_prog("frozenset_add_raises", "A frozenset has no add: AttributeError, caught.", "",
          ['names = frozenset({"i"})', 'try:', '    names.add("j")', 'except AttributeError:', '    pass', 'axes = tuple(sorted(names))'],
          'names = frozenset({"i"})', 'names = set({"i"})')
axes_prog("set_isub_list_raises", "`s -= [...]` of a list raises TypeError; `difference_update` would take it.", "",
          ['names = {"i", "j"}', 'try:', '    names -= ["k"]', 'except TypeError:', '    names.discard("j")', 'axes = tuple(sorted(names))'],
          '    names -= ["k"]', '    names -= {"k"}')
axes_prog("set_update_str_chars", "set.update of a str adds its characters: 'ij' is not one name.", "",
          ['names = {"i"}', 'names.update("ij")', 'axes = ("i",) if "ij" not in names else ("i", "j")'],
          'names.update("ij")', 'names.update(["ij"])')

# -- body states: `v` varies on both axes or on none, so psum over ("i", "j") runs ---------------------------
MAIN = '''

def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''


def body_probe(name, doc, line, new, pre="", imports=""):
    text = (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        '\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    total = jax.lax.psum(block, ("i", "j"))\n' + \
        f"    {line}\n" + '    return jnp.sum(jax.lax.psum(v, ("i", "j"))) + 0 * jnp.sum(total)\n' + MAIN
    P[name] = (f'"""{doc}"""', imports + text, line, new, "SF105")


body_probe("index_rows_by_j_rank", "Indexing rows by axis_index('j') gives a value varying on j too.",
           'v = rows[jax.lax.axis_index("j") % 4]', 'v = rows[jax.lax.axis_index("i") % 4]')
body_probe("take_rows_by_j_rank", "jnp.take of rows at a j-varying index varies on j.",
           'v = jnp.take(rows, jax.lax.axis_index("j"), axis=1)', 'v = jnp.take(rows, jax.lax.axis_index("i"), axis=1)')
body_probe("dynamic_slice_j_start", "dynamic_slice_in_dim of rows at a j-varying start varies on j.",
           'v = jax.lax.dynamic_slice_in_dim(rows, jax.lax.axis_index("j") % 2, 1, axis=1)', 'v = jax.lax.dynamic_slice_in_dim(rows, jax.lax.axis_index("i") % 2, 1, axis=1)')
body_probe("at_set_block_row", "rows.at[0].set(block[0]) varies on both axes.",
           'v = rows.at[0].set(block[0])', 'v = rows.at[0].set(rows[1])')
body_probe("grad_wrt_block_of_rows_product", "The gradient with respect to block has block's type: varying on both.",
           'v = jax.grad(lambda b: jnp.sum(b * rows))(block)', 'v = jax.grad(lambda r: jnp.sum(r * block))(rows)')
body_probe("all_gather_invarying_over_i", "all_gather(to='invarying') over i of rows (varying on i only) is invariant everywhere.",
           'v = jax.lax.all_gather(rows, "i", to="invarying")', 'v = jax.lax.all_gather(rows, "i")')
body_probe("psum_scatter_over_j", "psum_scatter over j of rows (invariant on j) varies on j.",
           'v = jax.lax.psum_scatter(rows, "j", scatter_dimension=0, tiled=True)', 'v = jax.lax.psum_scatter(rows, "i", scatter_dimension=0, tiled=True)')
body_probe("random_normal_invariant_key", "A draw from an invariant key is invariant on both axes.",
           'v = jax.random.normal(jax.random.key(0), rows.shape)', 'v = jax.random.normal(jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i")), rows.shape)')
body_probe("select_block_mask", "lax.select with a mask from block varies on both axes.",
           'v = jax.lax.select(block > 0, rows, rows * 2)', 'v = jax.lax.select(rows > 0, rows, rows * 2)')
body_probe("einsum_rows_block_scalar", "einsum of rows and block to a scalar varies on both axes.",
           'v = jnp.einsum("ab,ab->", rows, block)', 'v = jnp.einsum("ab,ab->", rows, rows)')
body_probe("scan_carry_block", "A scan over the rows of block: its ys vary on both axes.",
           'v = jax.lax.scan(lambda c, r: (c, r + c), jnp.zeros(block.shape[1]), block)[1]', 'v = jax.lax.scan(lambda c, r: (c, r + c), jnp.zeros(block.shape[1]), rows)[1]')
body_probe("cond_same_types", "lax.cond whose branches both give values varying on both axes.",
           'v = jax.lax.cond(jnp.sum(total) > 0, lambda: block + rows, lambda: block - rows)', 'v = jax.lax.cond(jnp.sum(total) > 0, lambda: rows + rows, lambda: rows - rows)')
body_probe("vmap_over_block_rows", "vmap of a function of a row of block: varies on both axes.",
           'v = jax.vmap(lambda r: r * 2)(block)', 'v = jax.vmap(lambda r: r * 2)(rows)')
body_probe("zeros_like_block", "jnp.zeros_like(block): check what JAX gives.",
           'v = jnp.zeros_like(block) + block', 'v = jnp.zeros_like(rows) + rows')
body_probe("where_scalar_j", "jnp.where of a j-varying scalar condition varies on j.",
           'v = jnp.where(jax.lax.axis_index("j") == 0, rows, 0.0)', 'v = jnp.where(jax.lax.axis_index("i") == 0, rows, 0.0)')
body_probe("pmean_over_i_of_rows", "pmean over i of rows is invariant on both axes.",
           'v = jax.lax.pmean(rows, "i")', 'v = jax.lax.pmean(rows, "j")')
body_probe("fori_loop_adds_block", "fori_loop whose carry starts as block (varying on both) keeps that type.",
           'v = jax.lax.fori_loop(0, 2, lambda k, c: c + rows, block)', 'v = jax.lax.fori_loop(0, 2, lambda k, c: c + rows, rows)')
body_probe("custom_jvp_primal_block", "A custom_jvp function's primal on block: varies on both axes.",
           'v = softclip(block) + rows', 'v = softclip(rows) + rows',
           pre='@jax.custom_jvp\ndef softclip(a):\n    return jnp.tanh(a)\n\n\n@softclip.defjvp\ndef softclip_jvp(primals, tangents):\n    (a,), (t,) = primals, tangents\n    return jnp.tanh(a), t * (1 - jnp.tanh(a) ** 2)')
body_probe("checkpoint_of_block", "jax.checkpoint of a function of block keeps block's type.",
           'v = jax.checkpoint(lambda b: b * rows)(block)', 'v = jax.checkpoint(lambda b: b * rows)(rows)')
body_probe("stop_gradient_block", "stop_gradient keeps block's type.",
           'v = jax.lax.stop_gradient(block) + rows', 'v = jax.lax.stop_gradient(rows) + rows')
body_probe("sort_block_row", "jnp.sort along rows of block varies on both.",
           'v = jnp.sort(block, axis=0)', 'v = jnp.sort(rows, axis=0)')
body_probe("argmax_to_onehot", "one_hot of block's argmax varies on both axes.",
           'v = jax.nn.one_hot(jnp.argmax(block, axis=1), 4)', 'v = jax.nn.one_hot(jnp.argmax(rows, axis=1), 4)')
body_probe("reshape_block_flat", "reshape of block varies on both axes.",
           'v = block.reshape(-1)', 'v = rows.reshape(-1)')
body_probe("matmul_rows_block_T", "rows @ block.T varies on both axes.",
           'v = rows @ block.T', 'v = rows @ rows.T')

# -- array_shapes.py / shaped_values.py: shapes the run computes -----------------------------------------------
def shape_check(name, doc, expr, want, wrong, imports=""):
    axes_prog(name, doc, "", [f"blk = {expr}", f'axes = ("i",) if blk.shape == {want} else ("i", "j")'],
              f'axes = ("i",) if blk.shape == {want} else ("i", "j")', f'axes = ("i",) if blk.shape == {wrong} else ("i", "j")', imports=imports)


shape_check("slice_negative_step_stop", "a[7:2:-2] of 8 rows holds rows 7, 5, 3.", "np.zeros((8, 4))[7:2:-2]", "(3, 4)", "(2, 4)")
shape_check("slice_start_clamped", "a[-100:3] clamps the start: 3 rows.", "np.zeros((8, 4))[-100:3]", "(3, 4)", "(0, 4)")
shape_check("slice_reverse_step3", "a[::-3] of 8 rows: rows 7, 4, 1.", "np.zeros((8, 4))[::-3]", "(3, 4)", "(2, 4)")
shape_check("slice_empty_stop_before_start", "a[5:2] is empty.", "np.zeros((8, 4))[5:2]", "(0, 4)", "(3, 4)")
shape_check("concatenate_axis_none", "np.concatenate(..., axis=None) flattens first.", "np.concatenate([np.zeros((8, 4)), np.zeros((8, 4))], axis=None)", "(64,)", "(16, 4)")
shape_check("jnp_concatenate_axis_none", "jnp.concatenate(..., axis=None) flattens first.", "jnp.concatenate([jnp.zeros((8, 4)), jnp.zeros((8, 4))], axis=None)", "(64,)", "(16, 4)")
shape_check("zeros_like_shape_kw", "jnp.zeros_like(a, shape=(2,)) takes the given shape.", "jnp.zeros_like(jnp.zeros((8, 4)), shape=(2,))", "(2,)", "(8, 4)")
shape_check("ones_like_shape_kw_np", "np.ones_like(a, shape=(3, 4)) takes the given shape.", "np.ones_like(np.zeros((8, 4)), shape=(3, 4))", "(3, 4)", "(8, 4)")
shape_check("full_like_shape_kw", "jnp.full_like(a, 1.0, shape=(2, 2)) takes the given shape.", "jnp.full_like(jnp.zeros((8, 4)), 1.0, shape=(2, 2))", "(2, 2)", "(8, 4)")
shape_check("matmul_vector_batched", "1-d @ 3-d: the vector is a row, broadcast over the batch.", "np.zeros(4) @ np.zeros((2, 4, 3))", "(2, 3)", "(3,)")
shape_check("stack_axis_positional", "np.stack(arrays, 1) takes the axis by position.", "np.stack([np.zeros((8, 4)), np.zeros((8, 4))], 1)", "(8, 2, 4)", "(2, 8, 4)")
shape_check("expand_dims_tuple_axes", "jnp.expand_dims with a tuple of axes inserts each.", "jnp.expand_dims(jnp.zeros((8, 4)), (0, 2))", "(1, 8, 1, 4)", "(1, 8, 4)")
shape_check("reshape_order_f_same_shape", "reshape(..., order='F') has the shape asked.", "np.zeros((8, 4)).reshape((4, 8), order='F')", "(4, 8)", "(8, 4)")
shape_check("transpose_3d_T", ".T of a 3-d array reverses all axes.", "np.zeros((2, 3, 4)).T", "(4, 3, 2)", "(3, 2, 4)")
shape_check("sum_axis_negative_keepdims", "sum over axis -1 with keepdims.", "np.zeros((8, 4)).sum(-1, keepdims=True)", "(8, 1)", "(8,)")
shape_check("broadcast_column_row", "(8, 1) + (4,) broadcasts to (8, 4).", "np.zeros((8, 1)) + np.zeros(4)", "(8, 4)", "(8, 1)")
shape_check("index_ellipsis_newaxis", "a[..., None, 0] of (8, 4): (8, 1).", "np.zeros((8, 4))[..., None, 0]", "(8, 1)", "(8, 4, 1)")
shape_check("index_int_then_none", "a[0, None] of (8, 4): (1, 4).", "np.zeros((8, 4))[0, None]", "(1, 4)", "(4,)")
shape_check("squeeze_tuple_axes", "squeeze of two size-1 axes by tuple.", "np.zeros((1, 8, 1, 4)).squeeze((0, 2))", "(8, 4)", "(8, 1, 4)")
shape_check("swapaxes_negative", "swapaxes(0, -1) of (2, 3, 4).", "np.swapaxes(np.zeros((2, 3, 4)), 0, -1)", "(4, 3, 2)", "(2, 3, 4)")
shape_check("mean_axis_tuple", "mean over a tuple of axes drops both.", "jnp.mean(jnp.zeros((2, 3, 4)), axis=(0, 2))", "(3,)", "(2, 4)")
shape_check("einsum_outer", "einsum 'i,j->ij'.", "jnp.einsum('i,j->ij', jnp.zeros(3), jnp.zeros(5))", "(3, 5)", "(5, 3)")
shape_check("repeat_axis0", "np.repeat(a, 2, axis=0) doubles the rows.", "np.repeat(np.zeros((8, 4)), 2, axis=0)", "(16, 4)", "(8, 4)")
shape_check("tile_reps", "np.tile(a, (1, 2)) doubles the columns.", "np.tile(np.zeros((8, 4)), (1, 2))", "(8, 8)", "(8, 4)")
shape_check("atleast_2d_vector", "np.atleast_2d of a vector is (1, n).", "np.atleast_2d(np.zeros(4))", "(1, 4)", "(4, 1)")
shape_check("diag_of_vector", "np.diag of a vector makes a square matrix.", "np.diag(np.zeros(4))", "(4, 4)", "(4,)")

# -- float_dtypes.py / number_attributes.py: dtypes and numbers -------------------------------------------------
def dtype_check(name, doc, expr, want, wrong, imports=""):
    axes_prog(name, doc, "", [f"v = {expr}", f'axes = ("i",) if v.dtype == {want} else ("i", "j")'],
              f'axes = ("i",) if v.dtype == {want} else ("i", "j")', f'axes = ("i",) if v.dtype == {wrong} else ("i", "j")', imports=imports)


dtype_check("jnp_exp_of_float64_host", "jnp.exp of a NumPy float64 array gives float32 (x64 off).", "jnp.exp(np.zeros(4))", "jnp.float32", "np.float64")
dtype_check("device_put_float64_host", "device_put of a float64 NumPy array gives float32 (x64 off).", "jax.device_put(np.zeros(4))", "jnp.float32", "np.float64")
dtype_check("np_float32_times_np_float64_scalar", "A NumPy float64 scalar is not weak: float32 array * np.float64 is float64.", "np.zeros(4, np.float32) * np.float64(2.0)", "np.float64", "np.float32")
dtype_check("jnp_sum_float64_host", "jnp.sum of a NumPy float64 array: float32.", "jnp.sum(np.ones(3))", "jnp.float32", "np.float64")
dtype_check("np_mean_float16", "np.mean of float16 stays float16.", "np.mean(np.zeros(4, np.float16))", "np.float16", "np.float32")
dtype_check("jnp_float16_plus_np_float32_scalar", "jnp float16 + np.float32 scalar (not weak) promotes to float32.", "jnp.zeros(4, jnp.float16) + np.float32(1.0)", "jnp.float32", "jnp.float16")
dtype_check("bf16_matmul_f32", "bfloat16 @ float32 promotes to float32.", "jnp.zeros((2, 2), jnp.bfloat16) @ jnp.zeros((2, 2), jnp.float32)", "jnp.float32", "jnp.bfloat16")
dtype_check("np_float32_array_plus_np_float64_array0d", "float32 array + 0-d float64 array: NumPy 2 promotes to float64.", "np.zeros(4, np.float32) + np.array(1.0)", "np.float64", "np.float32")
axes_prog("float_times_np_float32_has_shape", "float(...) * np.float32(...) is a NumPy float32 scalar: it has a shape.", "",
          ['scale = float(jnp.sum(x)) * np.float32(0.5)', 'axes = ("i",) if hasattr(scale, "shape") else ("i", "j")'],
          'axes = ("i",) if hasattr(scale, "shape") else ("i", "j")', 'axes = ("i",) if not hasattr(scale, "shape") else ("i", "j")')
axes_prog("rng_integers_has_dtype", "rng.integers gives a NumPy int64 scalar: it has a dtype.", "",
          ['draw = np.random.default_rng(0).integers(4)', 'axes = ("i",) if hasattr(draw, "dtype") else ("i", "j")'],
          'axes = ("i",) if hasattr(draw, "dtype") else ("i", "j")', 'axes = ("i",) if not hasattr(draw, "dtype") else ("i", "j")')
axes_prog("float_item_is_integer", "float(...).is_integer() of a whole sum.", "",
          ['total = float(jnp.sum(jnp.ones(4)))', 'axes = ("i",) if total.is_integer() else ("i", "j")'],
          'axes = ("i",) if total.is_integer() else ("i", "j")', 'axes = ("i",) if not total.is_integer() else ("i", "j")')
axes_prog("np_sum_item_has_shape", "np.sum of a host array gives a NumPy scalar with a shape.", "",
          ['total = np.sum(np.ones(4)) * 2', 'axes = ("i",) if getattr(total, "shape", None) == () else ("i", "j")'],
          'axes = ("i",) if getattr(total, "shape", None) == () else ("i", "j")', 'axes = ("i",) if getattr(total, "shape", None) != () else ("i", "j")')

# -- passed_steps.py / guard_clauses.py: failures that end a thread, a task or a suppressed block -------------
THR = '''
RESULT = {}


def build():
    if jax.device_count() < 16:
        raise RuntimeError("wide layout needs 16 devices")
    RESULT["axes"] = ("i", "j")
'''
axes_prog("thread_guard_ends_thread", "The worker's guard raises on 8 devices: the exception ends the thread only, join returns.", THR,
          ['worker = threading.Thread(target=build)', 'worker.start()', 'worker.join()', 'axes = RESULT.get("axes", ("i",))'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import threading\n")
THA = '''
RESULT = {}


def build():
    assert jax.device_count() >= 16, "wide layout needs 16 devices"
    RESULT["axes"] = ("i", "j")
'''
axes_prog("thread_assert_ends_thread", "The worker's assert fails on 8 devices: only the thread ends.", THA,
          ['worker = threading.Thread(target=build)', 'worker.start()', 'worker.join()', 'axes = RESULT.get("axes", ("i",))'],
          '    assert jax.device_count() >= 16, "wide layout needs 16 devices"', '    assert jax.device_count() >= 4, "wide layout needs 16 devices"', imports="import threading\n")
axes_prog("thread_run_guard_caught", "Thread.run() calls the target in this thread; the caller's handler takes its guard's error.", THR,
          ['worker = threading.Thread(target=build)', 'try:', '    worker.run()', 'except RuntimeError:', '    pass', 'axes = RESULT.get("axes", ("i",))'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import threading\n")
ASY = '''
async def wide_axes():
    if jax.device_count() < 16:
        raise RuntimeError("needs 16 devices")
    return ("i", "j")


async def plan():
    return await asyncio.gather(wide_axes(), return_exceptions=True)
'''
axes_prog("asyncio_gather_return_exceptions", "gather(return_exceptions=True) hands the guard's error back as a value.", ASY,
          ['found = asyncio.run(plan())[0]', 'axes = ("i",) if isinstance(found, Exception) else found'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import asyncio\n")
axes_prog("suppress_allclose_assert", "An np.allclose assert that fails (the sums differ) inside suppress(AssertionError).", "",
          ['axes = ("i",)', 'with contextlib.suppress(AssertionError):', '    assert np.allclose(np.asarray(x).sum(), 0.0), "not centred"', '    axes = ("i", "j")'],
          '    assert np.allclose(np.asarray(x).sum(), 0.0), "not centred"', '    assert np.allclose(np.asarray(x).sum(), 2016.0), "not centred"', imports="import contextlib\n")
axes_prog("suppress_testing_assert_allclose", "np.testing.assert_allclose fails inside suppress(AssertionError).", "",
          ['axes = ("i",)', 'with contextlib.suppress(AssertionError):', '    np.testing.assert_allclose(np.asarray(x).sum(), 0.0)', '    axes = ("i", "j")'],
          '    np.testing.assert_allclose(np.asarray(x).sum(), 0.0)', '    np.testing.assert_allclose(np.asarray(x).sum(), 2016.0)', imports="import contextlib\n")
axes_prog("suppress_guard_env_unknown", "A guard on an environment variable the run does not know, inside suppress.", "",
          ['axes = ("i",)', 'with contextlib.suppress(KeyError):', '    if os.environ.get("ADV19_WIDE") != "1":', '        raise KeyError("ADV19_WIDE")', '    axes = ("i", "j")'],
          '    if os.environ.get("ADV19_WIDE") != "1":', '    if os.environ.get("ADV19_WIDE") != None:', imports="import contextlib\nimport os\n")
axes_prog("suppress_guard_float_loss", "A guard on a float of a computed array, inside suppress(FloatingPointError).", "",
          ['axes = ("i",)', 'with contextlib.suppress(FloatingPointError):', '    if float(jnp.sum(x)) > 100.0:', '        raise FloatingPointError("loss too large")', '    axes = ("i", "j")'],
          '    if float(jnp.sum(x)) > 100.0:', '    if float(jnp.sum(x)) > 1e9:', imports="import contextlib\n")
axes_prog("nested_suppress_inner_function", "A helper's assert fails; the caller's `with suppress(AssertionError)` keeps the narrow axes.",
          'def checked_wide():\n    assert jax.device_count() % 16 == 0\n    return ("i", "j")',
          ['axes = ("i",)', 'with contextlib.suppress(AssertionError):', '    axes = checked_wide()'],
          '    assert jax.device_count() % 16 == 0', '    assert jax.device_count() % 8 == 0', imports="import contextlib\n")
axes_prog("generator_manager_swallows_assert", "A @contextmanager that catches AssertionError around its yield.", CM.replace("ValueError", "AssertionError"),
          ['axes = ("i",)', 'with tolerant("wide"):', '    assert jax.device_count() >= 16', '    axes = ("i", "j")'],
          '    assert jax.device_count() >= 16', '    assert jax.device_count() >= 8', imports="import contextlib\n")

# -- user_decorators.py: decorators read as keeping the call ---------------------------------------------------
DEF = '''
def narrow_default(fn):
    fn.__defaults__ = (("i",),)
    return fn


@narrow_default
def reduce_rows(mesh, x, axes=("i", "j")):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x)
'''
prog("decorator_sets_defaults", "The decorator replaces the def's defaults: axes is ('i',) when callers pass none.", DEF,
     '    fn.__defaults__ = (("i",),)', '    fn.__defaults__ = (("i", "j"),)')
MUT = '''
SKIP = {"j"}


def drop_skipped(fn):
    @functools.wraps(fn)
    def wrapper(mesh, x, axes):
        for name in list(axes):
            if name in SKIP:
                axes.remove(name)
        return fn(mesh, x, axes)
    return wrapper


@drop_skipped
def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(axes))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, ["i", "j"])
'''
prog("wrapper_removes_in_place", "The wrapper removes skipped axes from the caller's list in place, then calls with the same list.", MUT,
     'SKIP = {"j"}', 'SKIP = {"k"}', imports="import functools\n")
KW = '''
def narrow(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        kwargs.update(axes=("i",))
        return fn(*args, **kwargs)
    return wrapper


@narrow
def reduce_rows(mesh, x, axes=("i", "j")):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, axes=("i", "j"))
'''
prog("wrapper_kwargs_update", "The wrapper's kwargs.update replaces the axes the caller passed.", KW,
     '        kwargs.update(axes=("i",))', '        kwargs.update(axes=("i", "j"))', imports="import functools\n")
prog("wrapper_kwargs_setdefault", "The wrapper's kwargs.setdefault gives ('i',) where the caller passes no axes.",
     KW.replace('kwargs.update(axes=("i",))', 'kwargs.setdefault("axes", ("i",))').replace('return reduce_rows(mesh, x, axes=("i", "j"))', 'return reduce_rows(mesh, x)'),
     '        kwargs.setdefault("axes", ("i",))', '        kwargs.setdefault("axes", ("i", "j"))', imports="import functools\n")
KWDEF = '''
def narrow_kw(fn):
    fn.__kwdefaults__ = {"axes": ("i",)}
    return fn


@narrow_kw
def reduce_rows(mesh, x, *, axes=("i", "j")):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x)
'''
prog("decorator_sets_kwdefaults", "The decorator replaces the keyword-only default.", KWDEF,
     '    fn.__kwdefaults__ = {"axes": ("i",)}', '    fn.__kwdefaults__ = {"axes": ("i", "j")}')
DEFAULT_MUT = '''
def reduce_rows(mesh, x, axes=["i", "j"]):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(axes))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    reduce_rows.__defaults__[0].remove("j")
    return reduce_rows(mesh, x)
'''
prog("mutable_default_changed", "The list default is changed in place through __defaults__ before the call.", DEFAULT_MUT,
     '    reduce_rows.__defaults__[0].remove("j")', '    reduce_rows.__defaults__[0].remove("k") if 0 else None')

# -- device_counts.py: programs that check the count themselves ------------------------------------------------
axes_prog("count_skip_systemexit_zero", "On fewer than 16 devices the job prints a note and ends with SystemExit(0) (status 0) before the wide reduce.", "",
          ['if jax.device_count() < 16:', '    print("wide reduce needs 16 devices: skipped")', '    raise SystemExit(0)', 'axes = ("i", "j")'],
          'if jax.device_count() < 16:', 'if jax.device_count() < 8:')
axes_prog("count_fallback_mesh", "make_mesh((4, 4)) fails on 8 devices; the job falls back to the (2, 4) mesh and the narrow axes.", "",
          ['n = jax.device_count()', 'try:', '    jax.make_mesh((4, n // 4), ("i", "j"))', '    axes = ("i", "j") if n >= 16 else ("i",)', 'except ValueError:', '    axes = ("i",)'],
          '    axes = ("i", "j") if n >= 16 else ("i",)', '    axes = ("i", "j") if n >= 8 else ("i",)')
axes_prog("count_accepts_8_and_16", "The job accepts 8 or 16 devices (else raises) and reduces over both axes only on 16.", "",
          ['n = jax.device_count()', 'if n not in (8, 16):', '    raise ValueError(f"unsupported device count {n}")', 'axes = ("i", "j")[: n // 8]'],
          'axes = ("i", "j")[: n // 8]', 'axes = ("i", "j")[: n // 4]')
axes_prog("count_accepts_8_and_32_suppress", "The job accepts 8 or 32 devices; the 32-device extras are skipped under suppress.", "",
          ['n = jax.device_count()', 'if n not in (8, 32):', '    raise ValueError(f"unsupported device count {n}")', 'axes = ("i",)', 'with contextlib.suppress(RuntimeError):',
           '    if n != 32:', '        raise RuntimeError("extras need 32 devices")', '    axes = ("i", "j")'],
          '    if n != 32:', '    if n != 8:', imports="import contextlib\n")

# -- more handlers that hand the error back as a value -------------------------------------------------------
axes_prog("handler_returns_exception", "The probe returns the exception object; the caller falls back when it got one.",
          'def probe():\n    try:\n        return gpu_axes()\n    except RuntimeError as exc:\n        return exc\n\n\ndef gpu_axes():\n    jax.devices("gpu")\n    return ("i", "j")',
          ['found = probe()', 'axes = ("i",) if isinstance(found, Exception) else found'],
          '    jax.devices("gpu")', '    jax.devices("cpu")')
axes_prog("handler_go_style_pair", "A Go-style (value, error) pair: the caller takes the fallback when err is set.",
          'def probe():\n    try:\n        return gpu_axes(), None\n    except RuntimeError as exc:\n        return None, exc\n\n\ndef gpu_axes():\n    jax.devices("gpu")\n    return ("i", "j")',
          ['found, err = probe()', 'axes = ("i",) if err else found'],
          '    jax.devices("gpu")', '    jax.devices("cpu")')
CLI = '''
STATE = {}


@click.command()
def wide():
    jax.devices("gpu")
    STATE["axes"] = ("i", "j")
'''
axes_prog("cli_runner_keeps_exception", "click's CliRunner.invoke catches the command's RuntimeError into result.exception.", CLI,
          ['result = CliRunner().invoke(wide, [])', 'axes = STATE.get("axes", ("i",)) if result.exit_code == 0 else ("i",)'],
          '    jax.devices("gpu")', '    jax.devices("cpu")', imports="import click\nfrom click.testing import CliRunner\n")
axes_prog("exitstack_push_suppresses", "An exit callback pushed on an ExitStack that returns True suppresses the guard's raise.", "",
          ['axes = ("i",)', 'with contextlib.ExitStack() as stack:', '    stack.push(lambda *exc: True)', '    if jax.device_count() < 16:', '        raise RuntimeError("small host")', '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 1:', imports="import contextlib\n")
axes_prog("future_exception_guard", "A pool job's guard raises; the caller reads fut.exception() and falls back.",
          'def wide_axes():\n    if jax.device_count() < 16:\n        raise RuntimeError("needs 16 devices")\n    return ("i", "j")',
          ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    fut = pool.submit(wide_axes)', 'axes = ("i",) if fut.exception() is not None else fut.result()'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import concurrent.futures\n")
UT = '''
STATE = {}


class WideTest(unittest.TestCase):
    def test_wide(self):
        if jax.device_count() < 16:
            raise RuntimeError("needs 16 devices")
        STATE["axes"] = ("i", "j")
'''
axes_prog("unittest_runner_records_error", "TextTestRunner.run records the test's error and returns: STATE stays empty.", UT,
          ['suite = unittest.TestSuite([WideTest("test_wide")])', 'unittest.TextTestRunner(stream=io.StringIO()).run(suite)', 'axes = STATE.get("axes", ("i",))'],
          '        if jax.device_count() < 16:', '        if jax.device_count() < 4:', imports="import io\nimport unittest\n")
axes_prog("unittest_assert_in_runner", "A failed assertGreaterEqual on the count is recorded by the runner; STATE stays empty.",
          UT.replace('        if jax.device_count() < 16:\n            raise RuntimeError("needs 16 devices")\n', '        self.assertGreaterEqual(jax.device_count(), 16)\n'),
          ['suite = unittest.TestSuite([WideTest("test_wide")])', 'unittest.TextTestRunner(stream=io.StringIO()).run(suite)', 'axes = STATE.get("axes", ("i",))'],
          '        self.assertGreaterEqual(jax.device_count(), 16)', '        self.assertGreaterEqual(jax.device_count(), 4)', imports="import io\nimport unittest\n")
ASYT = '''
async def wide_axes():
    assert jax.device_count() >= 16, "needs 16 devices"
    return ("i", "j")


async def plan():
    task = asyncio.ensure_future(wide_axes())
    await asyncio.wait([task])
    return ("i",) if task.exception() is not None else task.result()
'''
axes_prog("asyncio_task_exception_read", "asyncio.wait returns with the task failed; task.exception() is read, not raised.", ASYT,
          ['axes = asyncio.run(plan())'],
          '    assert jax.device_count() >= 16, "needs 16 devices"', '    assert jax.device_count() >= 4, "needs 16 devices"', imports="import asyncio\n")
axes_prog("jit_static_tuple_bool_int", "Static (True,) and (1,) compare and hash equal: one trace.", STAT,
          ['v = jnp.ones(4)', 'scaled(v, (True,))', 'scaled(v, (1,))', 'axes = ("i", "j")[:len(TRACES)]'],
          'scaled(v, (1,))', 'scaled(v, (2,))', imports="import functools\n")
axes_prog("jit_static_nested_tuple_float", "Static ((2, 4),) and ((2.0, 4),) are equal: one trace.", STAT,
          ['v = jnp.ones(4)', 'scaled(v, ((2, 4),))', 'scaled(v, ((2.0, 4),))', 'axes = ("i", "j")[:len(TRACES)]'],
          'scaled(v, ((2.0, 4),))', 'scaled(v, ((3.0, 4),))', imports="import functools\n")
shape_check("vector_dot_vector_rank0", "1-d @ 1-d is a scalar: shape ().", "np.zeros(4) @ np.zeros(4)", "()", "(4,)")
shape_check("matrix_at_vector_rank1", "2-d @ 1-d drops the vector's dimension: (8,).", "np.zeros((8, 4)) @ np.zeros(4)", "(8,)", "(8, 4)")
shape_check("jnp_vector_at_matrix", "jnp 1-d @ 2-d: (3,).", "jnp.zeros(4) @ jnp.zeros((4, 3))", "(3,)", "(4, 3)")
axes_prog("matmul_vector_rank_ndim", "x.ndim of a matrix-vector product is 1.", "",
          ['proj = jnp.ones((8, 4)) @ jnp.ones(4)', 'axes = ("i", "j")[: proj.ndim]'],
          'proj = jnp.ones((8, 4)) @ jnp.ones(4)', 'proj = jnp.ones((8, 4)) @ jnp.ones((4, 4))')

# -- the same swallowing constructs around a feature gate that fails on every machine with jax 0.10.2 -----------
GATE = 'not hasattr(jax.lax, "ragged_all_to_all_v2")'
GATE_T = 'not hasattr(jax.lax, "psum")'
axes_prog("gate_suppress", "A feature gate raises (jax 0.10.2 lacks the function) inside suppress(RuntimeError).", "",
          ['axes = ("i",)', 'with contextlib.suppress(RuntimeError):', f'    if {GATE}:', '        raise RuntimeError("wide reduce needs ragged_all_to_all_v2")', '    axes = ("i", "j")'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import contextlib\n")
axes_prog("gate_contextmanager", "A feature gate's raise caught by a @contextmanager around its yield.", CM,
          ['axes = ("i",)', 'with tolerant("wide reduce"):', f'    if {GATE}:', '        raise ValueError("needs ragged_all_to_all_v2")', '    axes = ("i", "j")'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import contextlib\n")
axes_prog("gate_exit_true", "A feature gate's raise suppressed by a class whose __exit__ returns True.", EXITCLS,
          ['axes = ("i",)', 'with Optional():', f'    if {GATE}:', '        raise RuntimeError("needs ragged_all_to_all_v2")', '    axes = ("i", "j")'],
          f'    if {GATE}:', f'    if {GATE_T}:')
axes_prog("gate_assert_suppress", "An assert on a feature fails inside suppress(AssertionError).", "",
          ['axes = ("i",)', 'with contextlib.suppress(AssertionError):', '    assert hasattr(jax.lax, "ragged_all_to_all_v2"), "old jax"', '    axes = ("i", "j")'],
          '    assert hasattr(jax.lax, "ragged_all_to_all_v2"), "old jax"', '    assert hasattr(jax.lax, "psum"), "old jax"', imports="import contextlib\n")
axes_prog("gate_thread", "A worker thread's feature gate raises: only the thread ends.",
          f'RESULT = {{}}\n\n\ndef build():\n    if {GATE}:\n        raise RuntimeError("needs ragged_all_to_all_v2")\n    RESULT["axes"] = ("i", "j")',
          ['worker = threading.Thread(target=build)', 'worker.start()', 'worker.join()', 'axes = RESULT.get("axes", ("i",))'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import threading\n")
axes_prog("gate_asyncio_gather", "gather(return_exceptions=True) hands the gate's error back as a value.",
          f'async def wide_axes():\n    if {GATE}:\n        raise RuntimeError("needs ragged_all_to_all_v2")\n    return ("i", "j")\n\n\nasync def plan():\n    return await asyncio.gather(wide_axes(), return_exceptions=True)',
          ['found = asyncio.run(plan())[0]', 'axes = ("i",) if isinstance(found, Exception) else found'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import asyncio\n")
axes_prog("gate_helper_under_suppress", "A helper's feature gate raises; the caller's suppress keeps the narrow axes.",
          f'def wide_axes():\n    if {GATE}:\n        raise NotImplementedError("needs ragged_all_to_all_v2")\n    return ("i", "j")',
          ['axes = ("i",)', 'with contextlib.suppress(NotImplementedError):', '    axes = wide_axes()'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import contextlib\n")
axes_prog("gate_exitstack_push", "An ExitStack exit callback returning True swallows the gate's raise.", "",
          ['axes = ("i",)', 'with contextlib.ExitStack() as stack:', '    stack.push(lambda *exc: True)', f'    if {GATE}:', '        raise RuntimeError("needs ragged_all_to_all_v2")', '    axes = ("i", "j")'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import contextlib\n")
axes_prog("gate_finally_return", "A `return` in `finally` swallows the gate's raise.",
          f'def pick_axes():\n    axes = ("i",)\n    try:\n        if {GATE}:\n            raise RuntimeError("old jax")\n        axes = ("i", "j")\n    finally:\n        return axes',
          ['axes = pick_axes()'], f'        if {GATE}:', f'        if {GATE_T}:')

# -- handlers that hand the error back, around a call that fails on every machine (64 values into 3 rows) -------
ROWS3 = 'def rows3_axes(x):\n    np.asarray(x).reshape(3, -1)  # 64 values: ValueError\n    return ("i", "j")'
ROWS3_OLD, ROWS3_NEW = '    np.asarray(x).reshape(3, -1)  # 64 values: ValueError', '    np.asarray(x).reshape(-1, 8)  # 64 values: ValueError'
axes_prog("reshape_handler_reraises_others", "The caller's handler re-raises anything but ValueError and falls back on it.", ROWS3,
          ['try:', '    axes = rows3_axes(x)', 'except Exception as exc:', '    if not isinstance(exc, ValueError):', '        raise', '    axes = ("i",)'], ROWS3_OLD, ROWS3_NEW)
axes_prog("reshape_result_dict", "A runner hands back {'ok': False, 'error': exc}; the caller falls back.",
          ROWS3 + '\n\n\ndef attempt(fn, *args):\n    try:\n        return {"ok": True, "value": fn(*args)}\n    except Exception as exc:\n        return {"ok": False, "error": exc}',
          ['result = attempt(rows3_axes, x)', 'axes = result["value"] if result["ok"] else ("i",)'], ROWS3_OLD, ROWS3_NEW)
axes_prog("reshape_go_style_pair", "A (value, error) pair; the caller falls back when err is set.",
          ROWS3 + '\n\n\ndef probe(x):\n    try:\n        return rows3_axes(x), None\n    except ValueError as exc:\n        return None, exc',
          ['found, err = probe(x)', 'axes = ("i",) if err else found'], ROWS3_OLD, ROWS3_NEW)
axes_prog("reshape_retry_last_attempt", "A retry loop re-raises only on its last attempt; the second attempt uses the narrow plan.",
          ROWS3 + '\n\n\ndef plan(x, attempt):\n    return rows3_axes(x) if attempt == 0 else ("i",)',
          ['for attempt in range(3):', '    try:', '        axes = plan(x, attempt)', '        break', '    except ValueError:', '        if attempt == 2:', '            raise'], ROWS3_OLD, ROWS3_NEW)
axes_prog("reshape_set_exception_future", "A home-made future's set_exception; the caller checks it.",
          ROWS3 + '\n' + FUT.replace('def tpu_axes():\n    jax.devices("tpu")\n    return ("i", "j")\n', ''),
          ['fut = submit(lambda: rows3_axes(x))', 'axes = ("i",) if fut.error is not None else fut.value'], ROWS3_OLD, ROWS3_NEW)
axes_prog("reshape_handler_returns_exc", "The probe returns the exception; the caller falls back.",
          ROWS3 + '\n\n\ndef probe(x):\n    try:\n        return rows3_axes(x)\n    except ValueError as exc:\n        return exc',
          ['found = probe(x)', 'axes = ("i",) if isinstance(found, Exception) else found'], ROWS3_OLD, ROWS3_NEW)

# -- grad transposes: a gradient has its primal's type ----------------------------------------------------------
body_probe("grad_wrt_invariant_total", "The gradient with respect to total (invariant) is invariant, though block varies.",
           'v = jax.grad(lambda t: jnp.sum(t * block))(total)', 'v = jax.grad(lambda t: jnp.sum(t * block))(rows)')
body_probe("value_and_grad_wrt_total", "value_and_grad's gradient with respect to total is invariant.",
           'v = jax.value_and_grad(lambda t: jnp.sum(jnp.tanh(t) * block))(total)[1]', 'v = jax.value_and_grad(lambda t: jnp.sum(jnp.tanh(t) * block))(rows)[1]')
body_probe("vjp_wrt_total", "jax.vjp's cotangent for total (invariant) is invariant.",
           'v = jax.vjp(lambda t: t * block, total)[1](block)[0]', 'v = jax.vjp(lambda t: t * block, rows)[1](block)[0]')

# -- exact_host_arrays.py: NumPy 2 integer arithmetic that raises --------------------------------------------------
axes_prog("numpy_int8_add_out_of_bounds", "NumPy 2: int8 array + 300 raises OverflowError (the Python int does not fit int8).", "",
          ['codes = np.zeros(3, np.int8)', 'try:', '    codes = codes + 300', '    axes = ("i", "j")', 'except OverflowError:', '    axes = ("i",)'],
          '    codes = codes + 300', '    codes = codes + 100')
axes_prog("numpy_int64_add_2pow63", "np.arange(3) + 2**63 raises OverflowError.", "",
          ['steps = np.arange(3)', 'try:', '    steps = steps + 2**63', '    axes = ("i", "j")', 'except OverflowError:', '    axes = ("i",)'],
          '    steps = steps + 2**63', '    steps = steps + 2**62')
axes_prog("numpy_arange_mul_big", "np.arange(3) * 2**64 raises OverflowError.", "",
          ['steps = np.arange(3)', 'try:', '    steps = steps * 2**64', '    axes = ("i", "j")', 'except OverflowError:', '    axes = ("i",)'],
          '    steps = steps * 2**64', '    steps = steps * 2**10')

# -- script_custom_rules.py: under differentiation only fwd runs --------------------------------------------------
CV = '''
CALLS = []


@jax.custom_vjp
def clip(v):
    CALLS.append("primal")
    return v


def clip_fwd(v):
    return v, None


def clip_bwd(_, g):
    return (g,)


clip.defvjp(clip_fwd, clip_bwd)
'''
axes_prog("custom_vjp_primal_not_run_under_grad", "Under jax.grad JAX traces clip_fwd only: the primal's append never runs.", CV,
          ['jax.grad(lambda v: clip(v).sum())(jnp.ones(3))', 'axes = ("i", "j")[: 1 + CALLS.count("primal")]'],
          'jax.grad(lambda v: clip(v).sum())(jnp.ones(3))', 'clip(jnp.ones(3)).sum()')
axes_prog("custom_vjp_primal_not_run_under_vjp", "Under jax.vjp JAX traces clip_fwd only.", CV,
          ['jax.vjp(clip, jnp.ones(3))', 'axes = ("i", "j")[: 1 + CALLS.count("primal")]'],
          'jax.vjp(clip, jnp.ones(3))', 'jax.jit(clip)(jnp.ones(3))')
axes_prog("custom_vjp_primal_not_run_value_and_grad", "Under value_and_grad JAX traces clip_fwd only (the value comes from fwd).", CV,
          ['jax.value_and_grad(lambda v: clip(v).sum())(jnp.ones(3))', 'axes = ("i", "j")[: 1 + len(CALLS)]'],
          'jax.value_and_grad(lambda v: clip(v).sum())(jnp.ones(3))', 'clip(jnp.ones(3))')
CVF = '''
CALLS = []


@jax.custom_vjp
def clip(v):
    return v


def clip_fwd(v):
    CALLS.append("fwd")
    return v, None


def clip_bwd(_, g):
    return (g,)


clip.defvjp(clip_fwd, clip_bwd)
'''
axes_prog("custom_vjp_fwd_not_run_plain", "Called plainly (no differentiation) JAX runs the primal only: fwd's append never runs.", CVF,
          ['clip(jnp.ones(3))', 'axes = ("i", "j")[: 1 + len(CALLS)]'],
          'clip(jnp.ones(3))', 'jax.grad(lambda v: clip(v).sum())(jnp.ones(3))')
axes_prog("custom_vjp_fwd_not_run_jit", "Under jit without differentiation only the primal is traced.", CVF,
          ['jax.jit(clip)(jnp.ones(3))', 'axes = ("i", "j")[: 1 + len(CALLS)]'],
          'jax.jit(clip)(jnp.ones(3))', 'jax.jit(jax.grad(lambda v: clip(v).sum()))(jnp.ones(3))')

# -- handlers that end the job cleanly, and guards raising what a narrow handler catches ---------------------------
RUN3 = '''
def run(mesh, x):
    np.asarray(x)[8, 0]  # 8 rows: IndexError
    return reduce_rows(mesh, x, ("i", "j"))
'''
prog("handler_raises_systemexit_zero", "The caller's handler prints and ends the job with SystemExit(0): the wide reduce is never reached.",
     "@REDUCE@\n" + RUN3 + '''

def main(mesh, x):
    try:
        return run(mesh, x)
    except IndexError as exc:
        print(f"input layout not supported: {exc}")
        raise SystemExit(0)
''', '    np.asarray(x)[8, 0]  # 8 rows: IndexError', '    np.asarray(x)[7, 0]  # 8 rows: IndexError')
prog("handler_raises_own_skip", "The handler raises the job's own Skip, which main's caller catches: the wide reduce is never reached.",
     "@REDUCE@\n" + RUN3 + '''

class Skip(Exception):
    pass


def guarded(mesh, x):
    try:
        return run(mesh, x)
    except IndexError as exc:
        raise Skip(str(exc)) from exc


def main(mesh, x):
    try:
        return guarded(mesh, x)
    except Skip:
        return None
''', '    np.asarray(x)[8, 0]  # 8 rows: IndexError', '    np.asarray(x)[7, 0]  # 8 rows: IndexError')
axes_prog("guard_raises_skiptest_caught", "The gate raises unittest.SkipTest; the caller's `except unittest.SkipTest` takes it.",
          f'def wide_axes():\n    if {GATE}:\n        raise unittest.SkipTest("needs ragged_all_to_all_v2")\n    return ("i", "j")',
          ['try:', '    axes = wide_axes()', 'except unittest.SkipTest:', '    axes = ("i",)'],
          f'    if {GATE}:', f'    if {GATE_T}:', imports="import unittest\n")
axes_prog("guard_raises_own_class_caught", "The gate raises the module's own exception; the caller's handler of that class takes it.",
          f'class NeedsNewJax(Exception):\n    pass\n\n\ndef wide_axes():\n    if {GATE}:\n        raise NeedsNewJax("ragged_all_to_all_v2")\n    return ("i", "j")',
          ['try:', '    axes = wide_axes()', 'except NeedsNewJax:', '    axes = ("i",)'],
          f'    if {GATE}:', f'    if {GATE_T}:')
axes_prog("guard_count_own_class_caught", "The count check raises the module's own exception; the caller falls back to the narrow axes.",
          'class TooFewDevices(Exception):\n    pass\n\n\ndef wide_axes():\n    if jax.device_count() < 16:\n        raise TooFewDevices("needs 16")\n    return ("i", "j")',
          ['try:', '    axes = wide_axes()', 'except TooFewDevices:', '    axes = ("i",)'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:')
axes_prog("assert_own_class_handler", "An assert fails inside a try whose handler names AssertionError in a tuple with the module's class.",
          'class Skip(Exception):\n    pass',
          ['try:', '    assert hasattr(jax.lax, "ragged_all_to_all_v2")', '    axes = ("i", "j")', 'except (Skip, AssertionError):', '    axes = ("i",)'],
          '    assert hasattr(jax.lax, "ragged_all_to_all_v2")', '    assert hasattr(jax.lax, "psum")')

# -- feature detection on library modules: hasattr / getattr with a default ------------------------------------------
axes_prog("hasattr_lax_missing_function", "jax 0.10.2 has no lax.ragged_all_to_all_v2: hasattr is False.", "",
          ['axes = ("i", "j") if hasattr(jax.lax, "ragged_all_to_all_v2") else ("i",)'],
          'axes = ("i", "j") if hasattr(jax.lax, "ragged_all_to_all_v2") else ("i",)', 'axes = ("i", "j") if hasattr(jax.lax, "psum") else ("i",)')
axes_prog("getattr_default_lax_missing", "getattr(jax.lax, missing, None) gives the default None.", "",
          ['fn = getattr(jax.lax, "ragged_all_to_all_v2", None)', 'axes = ("i",) if fn is None else ("i", "j")'],
          'fn = getattr(jax.lax, "ragged_all_to_all_v2", None)', 'fn = getattr(jax.lax, "psum", None)')
axes_prog("hasattr_numpy_missing", "numpy has no `ragged_sum`: hasattr is False.", "",
          ['axes = ("i", "j") if hasattr(np, "ragged_sum") else ("i",)'],
          'axes = ("i", "j") if hasattr(np, "ragged_sum") else ("i",)', 'axes = ("i", "j") if hasattr(np, "sum") else ("i",)')
axes_prog("hasattr_array_method_missing", "A jax Array has no `.ragged` attribute.", "",
          ['axes = ("i", "j") if hasattr(x, "ragged") else ("i",)'],
          'axes = ("i", "j") if hasattr(x, "ragged") else ("i",)', 'axes = ("i", "j") if hasattr(x, "sharding") else ("i",)')
axes_prog("try_attribute_error_lax", "Reading a missing lax function raises AttributeError: the fallback runs.", "",
          ['try:', '    jax.lax.ragged_all_to_all_v2', '    axes = ("i", "j")', 'except AttributeError:', '    axes = ("i",)'],
          '    jax.lax.ragged_all_to_all_v2', '    jax.lax.psum')
axes_prog("optional_import_missing", "An optional package that is not installed: ImportError, the fallback runs.", "",
          ['try:', '    import jax_ragged_kernels_v3  # noqa: F401', '    axes = ("i", "j")', 'except ImportError:', '    axes = ("i",)'],
          '    import jax_ragged_kernels_v3  # noqa: F401', '    import jax.numpy  # noqa: F401')
axes_prog("import_module_missing", "importlib.import_module of a missing package raises ModuleNotFoundError.", "",
          ['try:', '    importlib.import_module("jax_ragged_kernels_v3")', '    axes = ("i", "j")', 'except ModuleNotFoundError:', '    axes = ("i",)'],
          '    importlib.import_module("jax_ragged_kernels_v3")', '    importlib.import_module("jax.numpy")', imports="import importlib\n")
axes_prog("jax_config_x64_off", "jax_enable_x64 is off by default: the flag reads False.", "",
          ['axes = ("i", "j") if jax.config.jax_enable_x64 else ("i",)'],
          'axes = ("i", "j") if jax.config.jax_enable_x64 else ("i",)', 'axes = ("i", "j") if not jax.config.jax_enable_x64 else ("i",)')
axes_prog("python_version_gate", "Python 3.11 runs the job: sys.version_info >= (3, 12) is False.", "",
          ['axes = ("i", "j") if sys.version_info >= (3, 12) else ("i",)'],
          'axes = ("i", "j") if sys.version_info >= (3, 12) else ("i",)', 'axes = ("i", "j") if sys.version_info >= (3, 10) else ("i",)', imports="import sys\n")
axes_prog("typing_override_missing", "typing.override is new in 3.12: hasattr is False on 3.11.", "",
          ['axes = ("i", "j") if hasattr(typing, "override") else ("i",)'],
          'axes = ("i", "j") if hasattr(typing, "override") else ("i",)', 'axes = ("i", "j") if hasattr(typing, "cast") else ("i",)', imports="import typing\n")
axes_prog("callable_getattr_jax_missing", "callable(getattr(jax, missing, None)) is False.", "",
          ['axes = ("i", "j") if callable(getattr(jax, "shard_map_v2", None)) else ("i",)'],
          'axes = ("i", "j") if callable(getattr(jax, "shard_map_v2", None)) else ("i",)', 'axes = ("i", "j") if callable(getattr(jax, "shard_map", None)) else ("i",)')
