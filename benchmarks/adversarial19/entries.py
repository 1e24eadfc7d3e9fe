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
axes_prog("rank0_max_under_grad", "max() of the rank-0 argument under jax.grad: a tracer.", VNOTE,
          ['jax.grad(note)(jnp.float32(2.0))', 'axes = PICKED[0]'],
          'jax.grad(note)(jnp.float32(2.0))', 'note(jnp.float32(2.0))')
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
