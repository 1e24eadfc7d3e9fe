# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time and hands it to reduce_rows (psum of a value varying
# on i only); read otherwise it gives ("i", "j"), which raises SF105's error. probe() entries are
# shard_map bodies (`block` varies on i and j, `rows` on i only, `total` on neither).


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


# -- exit_hooks.py: signal handlers, atexit ------------------------------------------------------------
SIG = '''
STATE = {"axes": ("i", "j")}


def on_signal(signum, frame):
    STATE["axes"] = ("i",)
'''
axes_prog("signal_raise_runs_handler", "signal.raise_signal runs the installed Python handler in the main thread before it returns.", SIG,
          ['signal.signal(signal.SIGUSR1, on_signal)', 'signal.raise_signal(signal.SIGUSR1)', 'axes = STATE["axes"]'],
          'signal.raise_signal(signal.SIGUSR1)', 'signal.getsignal(signal.SIGUSR1)', imports="import signal\n")
axes_prog("os_kill_self_runs_handler", "os.kill of the process's own pid delivers the signal: its handler runs before the next line.", SIG,
          ['signal.signal(signal.SIGUSR2, on_signal)', 'os.kill(os.getpid(), signal.SIGUSR2)', 'axes = STATE["axes"]'],
          'os.kill(os.getpid(), signal.SIGUSR2)', 'os.getpid()', imports="import os\nimport signal\n")
axes_prog("sigterm_handler_test_call", "A job tests its SIGTERM handler by calling the installed handler directly.", SIG,
          ['signal.signal(signal.SIGTERM, on_signal)', 'signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)', 'axes = STATE["axes"]'],
          'signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)', 'signal.getsignal(signal.SIGTERM)', imports="import signal\n")
axes_prog("atexit_append_runs_at_exit", "A function registered with atexit runs after main, not at registration.", "AXES = [\"i\"]",
          ['atexit.register(AXES.append, "j")', 'axes = tuple(AXES)'],
          'atexit.register(AXES.append, "j")', 'AXES.append("j")', imports="import atexit\n")
axes_prog("previous_handler_default", "signal.signal returns the previous handler: SIG_DFL for SIGTERM in a fresh process.", SIG,
          ['prev = signal.signal(signal.SIGTERM, on_signal)', 'axes = ("i",) if prev is signal.SIG_DFL else ("i", "j")'],
          'axes = ("i",) if prev is signal.SIG_DFL else ("i", "j")', 'axes = ("i",) if prev is signal.SIG_IGN else ("i", "j")', imports="import signal\n")

# -- logging_setup.py / logging_config.py ----------------------------------------------------------------
axes_prog("logging_extra_reserved_key", "extra={'name': ...} overwrites a LogRecord attribute: makeRecord raises KeyError (level enabled).", "",
          ['log = logging.getLogger("job")', 'try:', '    log.warning("start", extra={"name": "job"})', '    axes = ("i", "j")', 'except KeyError:', '    axes = ("i",)'],
          'log.warning("start", extra={"name": "job"})', 'log.warning("start", extra={"job": "job"})', imports="import logging\n")
axes_prog("logging_extra_reserved_key_disabled", "log.info is below the root's WARNING level: no record is made, the reserved extra key raises nothing.", "",
          ['log = logging.getLogger("job")', 'try:', '    log.info("start", extra={"message": "job"})', '    axes = ("i",)', 'except KeyError:', '    axes = ("i", "j")'],
          'log.info("start", extra={"message": "job"})', 'log.error("start", extra={"message": "job"})', imports="import logging\n")
STRICT = '''
class Strict(logging.Handler):
    def emit(self, record):
        raise ValueError(record.getMessage())
'''
axes_prog("handler_emit_raises", "A Handler subclass's emit is called by Handler.handle without a try: its exception reaches the log call.", STRICT,
          ['log = logging.getLogger("job")', 'log.addHandler(Strict())', 'try:', '    log.warning("start")', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          '    log.warning("start")', '    log.info("start")', imports="import logging\n")
axes_prog("dictconfig_disables_existing", "dictConfig disables loggers made before it (disable_existing_loggers defaults to True): no handler runs.", "log = logging.getLogger(\"job\")\n" + STRICT,
          ['log.addHandler(Strict())', 'logging.config.dictConfig({"version": 1, "root": {"level": "INFO"}})', 'try:', '    log.warning("start")', '    axes = ("i",)', 'except ValueError:', '    axes = ("i", "j")'],
          'logging.config.dictConfig({"version": 1, "root": {"level": "INFO"}})', 'logging.config.dictConfig({"version": 1, "disable_existing_loggers": False})',
          imports="import logging\nimport logging.config\n")
axes_prog("logging_disable_silences", "logging.disable(CRITICAL) drops every record before any handler runs.", STRICT,
          ['log = logging.getLogger("job")', 'log.addHandler(Strict())', 'logging.disable(logging.CRITICAL)', 'try:', '    log.error("start")', '    axes = ("i",)', 'except ValueError:', '    axes = ("i", "j")'],
          'logging.disable(logging.CRITICAL)', 'logging.disable(logging.NOTSET)', imports="import logging\n")
COUNT = '''
class Counting(logging.Handler):
    def __init__(self):
        super().__init__()
        self.count = 0

    def emit(self, record):
        self.count += 1
'''
axes_prog("counting_handler_level", "Only the WARNING record reaches the handler (root level WARNING): its count is 1.", COUNT,
          ['log = logging.getLogger("job")', 'handler = Counting()', 'log.addHandler(handler)', 'log.info("a")', 'log.warning("b")', 'axes = ("i", "j")[:handler.count]'],
          'log.info("a")', 'log.error("a")', imports="import logging\n")
axes_prog("handler_level_filters", "A handler's own level drops records below it before emit runs.", STRICT,
          ['log = logging.getLogger("job")', 'handler = Strict(level=logging.CRITICAL)', 'log.addHandler(handler)', 'try:', '    log.error("start")', '    axes = ("i",)', 'except ValueError:', '    axes = ("i", "j")'],
          "handler = Strict(level=logging.CRITICAL)", "handler = Strict(level=logging.ERROR)", imports="import logging\n")
axes_prog("filter_false_drops_record", "A logger filter returning False drops the record: the raising handler never runs.", STRICT,
          ['log = logging.getLogger("job")', 'log.addHandler(Strict())', 'log.addFilter(lambda record: "quiet" not in record.getMessage())', 'try:', '    log.warning("quiet start")', '    axes = ("i",)', 'except ValueError:', '    axes = ("i", "j")'],
          '    log.warning("quiet start")', '    log.warning("loud start")', imports="import logging\n")
axes_prog("propagate_false_skips_root", "propagate = False keeps the record from the root's handlers.", STRICT,
          ['log = logging.getLogger("job.step")', 'logging.getLogger("job").addHandler(Strict())', 'log.propagate = False', 'try:', '    log.warning("start")', '    axes = ("i",)', 'except ValueError:', '    axes = ("i", "j")'],
          'log.propagate = False', 'log.propagate = True', imports="import logging\n")

# -- thread_pools.py -------------------------------------------------------------------------------------
axes_prog("threading_local_in_worker", "A threading.local attribute set in the main thread is not set in a pool worker.",
          'state = threading.local()\n\n\ndef job():\n    return getattr(state, "axes", ("i",))',
          ['state.axes = ("i", "j")', 'with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    axes = pool.submit(job).result()'],
          '    axes = pool.submit(job).result()', '    axes = job()', imports="import concurrent.futures\nimport threading\n")
axes_prog("worker_not_main_thread", "A pool job runs outside the main thread.",
          'def job():\n    return ("i",) if threading.current_thread() is not threading.main_thread() else ("i", "j")',
          ['with concurrent.futures.ThreadPoolExecutor(2) as pool:', '    axes = pool.submit(job).result()'],
          '    axes = pool.submit(job).result()', '    axes = job()', imports="import concurrent.futures\nimport threading\n")
axes_prog("worker_thread_name_prefix", "Worker threads are named after thread_name_prefix.",
          'def job():\n    return ("i",) if threading.current_thread().name.startswith("plan") else ("i", "j")',
          ['with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="plan") as pool:', '    axes = next(pool.map(lambda _: job(), [0]))'],
          'with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="plan") as pool:', 'with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="step") as pool:',
          imports="import concurrent.futures\nimport threading\n")
axes_prog("worker_get_ident_differs", "A worker's thread ident differs from the main thread's.",
          'MAIN = threading.get_ident()\n\n\ndef job():\n    return ("i",) if threading.get_ident() != MAIN else ("i", "j")',
          ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    axes = pool.submit(job).result()'],
          '    axes = pool.submit(job).result()', '    axes = job()', imports="import concurrent.futures\nimport threading\n")
axes_prog("future_exception_read", "future.exception() hands back the job's exception without raising it.",
          'def job():\n    return {"axes": ("i",)}["mesh"]',
          ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    fut = pool.submit(job)', 'axes = ("i",) if fut.exception() is not None else ("i", "j")'],
          'axes = ("i",) if fut.exception() is not None else ("i", "j")', 'axes = ("i",) if fut.exception() is None else ("i", "j")', imports="import concurrent.futures\n")

# -- user_collections.py ---------------------------------------------------------------------------------
GROUPS = '''
GROUPS = {"i": ("i", "j")}


class Axes(collections.UserList):
    def append(self, axis):
        self.data.extend(GROUPS.get(axis, (axis,)))
'''
axes_prog("userlist_extend_skips_append", "UserList.extend extends self.data: the subclass's append is not called.", GROUPS,
          ['names = Axes()', 'names.extend(["i"])', 'axes = tuple(names)'],
          'names.extend(["i"])', 'names.append("i")', imports="import collections\n")
axes_prog("userlist_init_skips_append", "UserList(initlist) copies into self.data: append is not called.", GROUPS,
          ['names = Axes(["i"])', 'axes = tuple(names)'],
          'names = Axes(["i"])', 'names = Axes(); names.append("i")', imports="import collections\n")
axes_prog("userlist_iadd_skips_append", "UserList += extends self.data directly.", GROUPS,
          ['names = Axes()', 'names += ["i"]', 'axes = tuple(names)'],
          'names += ["i"]', 'names.append("i")', imports="import collections\n")
axes_prog("userlist_insert_skips_append", "UserList.insert inserts into self.data.", GROUPS,
          ['names = Axes()', 'names.insert(0, "i")', 'axes = tuple(names)'],
          'names.insert(0, "i")', 'names.append("i")', imports="import collections\n")
MISS = '''
class Config(collections.UserDict):
    def __missing__(self, key):
        return ("i", "j")
'''
axes_prog("userdict_contains_ignores_missing", "UserDict.__contains__ asks self.data: __missing__ is not consulted.", MISS,
          ['cfg = Config()', 'axes = cfg["axes"] if "axes" in cfg else ("i",)'],
          'axes = cfg["axes"] if "axes" in cfg else ("i",)', 'axes = cfg["axes"] if "axes" not in cfg else ("i",)', imports="import collections\n")
axes_prog("userdict_setdefault_missing_no_store", "MutableMapping.setdefault returns __missing__'s value (self[key] succeeds) and stores nothing.", MISS,
          ['cfg = Config()', 'cfg.setdefault("axes", ("i",))', 'axes = cfg.data.get("axes", ("i",))'],
          'cfg.setdefault("axes", ("i",))', 'cfg["axes"] = cfg["axes"]', imports="import collections\n")
axes_prog("userdict_len_ignores_missing", "A __missing__ answer is not stored: len(self.data) stays 0.", MISS,
          ['cfg = Config()', 'cfg["axes"]', 'axes = ("i", "j")[: len(cfg) + 1]'],
          "    cfg[\"axes\"]\n", "    cfg[\"axes\"] = 1\n", imports="import collections\n")
UPPER = '''
class Lower(collections.UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)
'''
axes_prog("userdict_data_store_bypasses", "A store into cfg.data bypasses the subclass's __setitem__.", UPPER,
          ['cfg = Lower()', 'cfg.data["AXES"] = ("i", "j")', 'axes = cfg.data.get("axes", ("i",))'],
          'cfg.data["AXES"] = ("i", "j")', 'cfg["AXES"] = ("i", "j")', imports="import collections\n")

# -- repr_enums.py ---------------------------------------------------------------------------------------
axes_prog("intenum_auto_starts_at_one", "auto() in an IntEnum starts at 1.",
          'class Ax(enum.IntEnum):\n    DATA = enum.auto()\n    MODEL = enum.auto()',
          ['axes = ("j", "i")[Ax.DATA:]'],
          'axes = ("j", "i")[Ax.DATA:]', 'axes = ("j", "i")[Ax.DATA - 1:]', imports="import enum\n")
axes_prog("intflag_invert_in_range", "~ of an IntFlag member (3.11) is the complement within the class's bits, not -(v+1).",
          'class Ax(enum.IntFlag):\n    I = 1\n    J = 2',
          ['mask = ~Ax.J', 'axes = ("i",) if mask > 0 else ("i", "j")'],
          'mask = ~Ax.J', 'mask = ~int(Ax.J)', imports="import enum\n")
axes_prog("intflag_iter_members", "Iterating an IntFlag value (3.11) yields its member flags.",
          'class Ax(enum.IntFlag):\n    I = 1\n    J = 2',
          ['mask = Ax.I | Ax.J', 'mask &= ~Ax.J', 'axes = tuple(m.name.lower() for m in mask)'],
          'mask &= ~Ax.J', 'mask &= ~Ax(0)', imports="import enum\n")
axes_prog("intenum_format_spec", "format(IntEnum member, '>2') formats the int (3.11).",
          'class Ax(enum.IntEnum):\n    DATA = 1\n    MODEL = 2',
          ['label = f"{Ax.DATA:>2}"', 'axes = ("i",) if label == " 1" else ("i", "j")'],
          'label = f"{Ax.DATA:>2}"', 'label = f"{Ax.DATA!r:>2}"', imports="import enum\n")
axes_prog("intenum_value_lookup", "Ax(1) looks the member up by value; int arithmetic on members gives plain ints.",
          'class Ax(enum.IntEnum):\n    DATA = 1\n    MODEL = 2',
          ['member = Ax(Ax.MODEL - 1)', 'axes = ("i",) if member.name == "DATA" else ("i", "j")'],
          'member = Ax(Ax.MODEL - 1)', 'member = Ax(Ax.MODEL)', imports="import enum\n")

# -- partial_methods.py ----------------------------------------------------------------------------------
PM = '''
class Base:
    def pick(self, *names):
        return names

    first = functools.partialmethod(pick, "i")


class Wide(Base):
    def pick(self, *names):
        return names + ("j",)
'''
axes_prog("partialmethod_binds_base_function", "A partialmethod holds the function object of its class body: a subclass's override of that name is not called.", PM,
          ['axes = Wide().first()'],
          'axes = Wide().first()', 'axes = Wide().pick("i")', imports="import functools\n")
axes_prog("partialmethod_positional_order", "partialmethod's own arguments come before the caller's.",
          'class Plan:\n    def pick(self, first, *rest):\n        return (first,)\n\n    lead = functools.partialmethod(pick, "i")',
          ['axes = Plan().lead("j")'],
          'axes = Plan().lead("j")', 'axes = Plan().pick("j", "i") + ("i",)', imports="import functools\n")

# -- deleted_attributes.py -------------------------------------------------------------------------------
axes_prog("dataclass_default_after_del", "A dataclass field's default stays a class attribute: after del, the instance reads it.",
          '@dataclasses.dataclass\nclass Plan:\n    axes: tuple = ("i",)',
          ['plan = Plan(("i", "j"))', 'del plan.axes', 'axes = plan.axes'],
          '    del plan.axes', '    plan.axes', imports="import dataclasses\n")
CLS = 'class Plan:\n    axes = ("i",)\n\n    def __init__(self):\n        self.axes = ("i", "j")'
axes_prog("delattr_builtin", "delattr(obj, name) removes the instance value like del.", CLS,
          ['plan = Plan()', 'delattr(plan, "axes")', 'axes = plan.axes'],
          'delattr(plan, "axes")', 'getattr(plan, "axes")')
axes_prog("vars_pop_removes", "vars(obj).pop(name) removes the instance value: the class's shows again.", CLS,
          ['plan = Plan()', 'vars(plan).pop("axes")', 'axes = plan.axes'],
          'vars(plan).pop("axes")', 'vars(plan).get("axes")')
axes_prog("dict_clear_removes", "obj.__dict__.clear() removes every instance value.", CLS,
          ['plan = Plan()', 'plan.__dict__.clear()', 'axes = plan.axes'],
          'plan.__dict__.clear()', 'plan.__dict__.copy()')
axes_prog("getattr_after_del", "After del, a missing attribute goes to __getattr__.",
          'class Plan:\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __getattr__(self, name):\n        return ("i",)',
          ['plan = Plan()', 'del plan.axes', 'axes = plan.axes'],
          '    del plan.axes', '    plan.axes')

# -- custom_derivatives.py: rules run only under differentiation -----------------------------------------
prog("custom_jvp_rule_not_run", "A custom_jvp rule runs only when the function is differentiated; here it is only called.", '''

@jax.custom_jvp
def scaled(v):
    return v * 2


@scaled.defjvp
def scaled_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return scaled(v), jax.lax.psum(t, ("i", "j"))


def body(block):
    rows = jax.lax.psum(block, "j")
    out = scaled(rows)
    return jax.lax.psum(out, "i")
''' + MAIN, "    out = scaled(rows)", "    out = jax.jvp(scaled, (rows,), (rows,))[1]")
prog("custom_vjp_bwd_not_run", "A custom_vjp's fwd and bwd run only under differentiation.", '''

@jax.custom_vjp
def clip(v):
    return jnp.clip(v, 0, 100)


def clip_fwd(v):
    return clip(v), v


def clip_bwd(v, g):
    return (jax.lax.psum(g, ("i", "j")),)


clip.defvjp(clip_fwd, clip_bwd)


def body(block):
    rows = jax.lax.psum(block, "j")
    out = clip(rows)
    return jax.lax.psum(out, "i")
''' + MAIN, "    out = clip(rows)", "    out = jax.grad(lambda r: jnp.sum(clip(r)))(rows)")
prog("custom_vjp_fwd_not_run", "A custom_vjp's fwd rule runs only under differentiation.", '''

@jax.custom_vjp
def clip(v):
    return jnp.clip(v, 0, 100)


def clip_fwd(v):
    return clip(v), jax.lax.psum(v, ("i", "j"))


def clip_bwd(res, g):
    return (g,)


clip.defvjp(clip_fwd, clip_bwd)


def body(block):
    rows = jax.lax.psum(block, "j")
    out = clip(rows)
    return jax.lax.psum(out, "i")
''' + MAIN, "    out = clip(rows)", "    out = jax.grad(lambda r: jnp.sum(clip(r)))(rows)")
prog("custom_jvp_nondiff_rule", "custom_jvp with nondiff_argnums: the rule runs only under jvp/grad.", '''

@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def reduce_to(v, axes):
    return v * 1.0


@reduce_to.defjvp
def reduce_to_jvp(axes, primals, tangents):
    (v,), (t,) = primals, tangents
    return reduce_to(v, axes), jax.lax.psum(t, axes)


def body(block):
    rows = jax.lax.psum(block, "j")
    out = reduce_to(rows, ("i", "j"))
    return jax.lax.psum(out, "i")
''' + MAIN, '    out = reduce_to(rows, ("i", "j"))', '    out = jax.jvp(lambda r: reduce_to(r, ("i", "j")), (rows,), (rows,))[1]', imports="import functools\n")

# -- key_paths.py / pytree orders ------------------------------------------------------------------------
axes_prog("tree_leaves_sorts_dict_keys", "JAX flattens a dict in sorted key order, not insertion order.", "",
          ['leaves = jax.tree.leaves({"second": "j", "first": "i"})', 'axes = ("i",) if leaves[0] == "i" else ("i", "j")'],
          'leaves = jax.tree.leaves({"second": "j", "first": "i"})', 'leaves = jax.tree.leaves({"second": "i", "first": "j"})')
axes_prog("flatten_with_path_sorted", "tree_flatten_with_path lists dict keys sorted.", "",
          ['flat, _ = jax.tree_util.tree_flatten_with_path({"model": 1, "data": 0})', 'first = flat[0][0][0].key', 'axes = ("i",) if first == "data" else ("i", "j")'],
          'flat, _ = jax.tree_util.tree_flatten_with_path({"model": 1, "data": 0})', 'flat, _ = jax.tree_util.tree_flatten_with_path({"model": 1, "zdata": 0})')
axes_prog("none_is_not_a_leaf", "None is a pytree node with no children: it is no leaf.", "",
          ['n = len(jax.tree.leaves({"axis": "i", "extra": None}))', 'axes = ("i", "j")[:n]'],
          'n = len(jax.tree.leaves({"axis": "i", "extra": None}))', 'n = len(jax.tree.leaves({"axis": "i", "extra": 0}))')
axes_prog("tree_map_returns_sorted_dict", "tree.map rebuilds a dict in sorted key order.", "",
          ['out = jax.tree.map(str, {"j": 1, "i": 2})', 'axes = (next(iter(out)),) if next(iter(out)) == "i" else ("i", "j")'],
          'out = jax.tree.map(str, {"j": 1, "i": 2})', 'out = jax.tree.map(str, collections.OrderedDict(j=1, i=2))', imports="import collections\n")
axes_prog("keystr_of_sorted_first", "keystr of the first path names the smallest key.", "",
          ['flat = jax.tree_util.tree_leaves_with_path({"b": 0, "a": 1})', 'axes = ("i",) if jax.tree_util.keystr(flat[0][0]) == "[\'a\']" else ("i", "j")'],
          'flat = jax.tree_util.tree_leaves_with_path({"b": 0, "a": 1})', 'flat = jax.tree_util.tree_leaves_with_path({"b": 0, "c": 1})')
REGDC = '''
@dataclasses.dataclass
class Pair:
    a: str
    b: str


jax.tree_util.register_dataclass(Pair, data_fields=["b", "a"], meta_fields=[])
'''
axes_prog("register_dataclass_field_order", "register_dataclass flattens in data_fields' order, not the class's field order.", REGDC,
          ['leaves = jax.tree.leaves(Pair("j", "i"))', 'axes = ("i",) if leaves[0] == "i" else ("i", "j")'],
          'leaves = jax.tree.leaves(Pair("j", "i"))', 'leaves = jax.tree.leaves(Pair("i", "j"))', imports="import dataclasses\n")
REGMETA = '''
@dataclasses.dataclass
class Cfg:
    scale: float
    axis: str = dataclasses.field(metadata=dict(static=True))


jax.tree_util.register_dataclass(Cfg)
'''
axes_prog("register_dataclass_static_not_leaf", "A static field is part of the structure, not a leaf.", REGMETA,
          ['n = len(jax.tree.leaves(Cfg(1.0, "i")))', 'axes = ("i", "j")[:n]'],
          'n = len(jax.tree.leaves(Cfg(1.0, "i")))', 'n = len(jax.tree.leaves(Cfg(1.0, "i"))) + 1', imports="import dataclasses\n")

# -- jit / eval_shape traces: Python side effects run once per trace --------------------------------------
axes_prog("jit_traces_once", "A jitted function's Python body runs once per trace: the second call hits the cache.",
          'TRACES = []\n\n\n@jax.jit\ndef double(v):\n    TRACES.append("i")\n    return v * 2',
          ['double(x)', 'double(x)', 'axes = ("i", "j")[: len(TRACES)]'],
          '    double(x)\n    axes', '    double(np.ones(3))\n    axes')
axes_prog("jit_static_same_value_cached", "Equal static arguments reuse the trace.",
          'TRACES = []\n\n\n@functools.partial(jax.jit, static_argnums=1)\ndef scale(v, k):\n    TRACES.append(k)\n    return v * k',
          ['scale(x, 2)', 'scale(x, 2)', 'axes = ("i", "j")[: len(TRACES)]'],
          '    scale(x, 2)\n    axes', '    scale(x, 3)\n    axes', imports="import functools\n")
axes_prog("eval_shape_runs_python_once", "eval_shape traces the function: its Python side effects run.",
          'CFG = {"axes": ("i", "j")}\n\n\ndef plan(v):\n    CFG["axes"] = ("i",)\n    return v',
          ['jax.eval_shape(plan, x)', 'axes = CFG["axes"]'],
          'jax.eval_shape(plan, x)', 'jax.eval_shape(jnp.sin, x)')
axes_prog("functools_cache_runs_once", "functools.cache runs the body once per argument.",
          'CALLS = []\n\n\n@functools.cache\ndef axes_for(name):\n    CALLS.append(name)\n    return name',
          ['axes_for("data")', 'axes_for("data")', 'axes = ("i", "j")[: len(CALLS)]'],
          '    axes_for("data")\n    axes', '    axes_for("model")\n    axes', imports="import functools\n")
axes_prog("generator_call_runs_nothing", "Calling a generator function runs none of its body.",
          'STATE = {"axes": ("i",)}\n\n\ndef widen():\n    STATE["axes"] = ("i", "j")\n    yield',
          ['widen()', 'axes = STATE["axes"]'],
          '    widen()', '    next(widen())')
axes_prog("any_short_circuits_walrus", "any() stops at the first true item: the walrus keeps that item.", "",
          ['any((hit := a) == "i" for a in ("j", "i", "j"))', 'axes = ("i",) if hit == "i" else ("i", "j")'],
          'any((hit := a) == "i" for a in ("j", "i", "j"))', 'all((hit := a) == "i" for a in ("i", "i", "j"))')
axes_prog("comprehension_var_does_not_leak", "A comprehension's loop variable does not leak into the function.", "",
          ['axis = "i"', 'names = [axis for axis in ("i", "j")]', 'axes = ("i",) if axis == "i" and len(names) == 2 else ("i", "j")'],
          'names = [axis for axis in ("i", "j")]', 'names = [axis for axis in ("i", "j")] and ["j", "j"]; axis = "j"')

# -- unchecked_calls.py: a caller's handler that only records the error --------------------------------------
GPU = '''
def gpu_axes():
    jax.devices("gpu")
    return ("i", "j")
'''
axes_prog("recorded_gpu_probe_list", "jax.devices('gpu') raises on a CPU host; the caller records the error and keeps its default.", GPU,
          ['failures = []', 'axes = ("i",)', 'try:', '    axes = gpu_axes()', 'except RuntimeError as exc:', '    failures.append(exc)'],
          'jax.devices("gpu")', 'jax.devices("cpu")')
axes_prog("logged_gpu_probe", "The caller logs the probe's failure; axes keeps its earlier value.", GPU,
          ['axes = ("i",)', 'try:', '    axes = gpu_axes()', 'except Exception as exc:', '    logging.getLogger("job").warning("no gpu: %s", exc)'],
          'jax.devices("gpu")', 'jax.devices("cpu")', imports="import logging\n")
axes_prog("reraise_then_outer_fallback", "A helper logs and re-raises; its caller's caller falls back.", GPU + '''

def probe():
    try:
        return gpu_axes()
    except RuntimeError:
        print("no gpu")
        raise
''',
          ['try:', '    axes = probe()', 'except RuntimeError:', '    axes = ("i",)'],
          'jax.devices("gpu")', 'jax.devices("cpu")')
axes_prog("result_dict_records_error", "A runner stores the exception in its result dict and goes on with its default.", GPU,
          ['result = {"axes": ("i",), "error": None}', 'try:', '    result["axes"] = gpu_axes()', 'except RuntimeError as exc:', '    result["error"] = exc', 'axes = result["axes"]'],
          'jax.devices("gpu")', 'jax.devices("cpu")')
axes_prog("warnings_warn_records", "The handler only warns; the assignment in the try never happened.", GPU,
          ['axes = ("i",)', 'try:', '    axes = gpu_axes()', 'except RuntimeError as exc:', '    warnings.warn(str(exc))'],
          'jax.devices("gpu")', 'jax.devices("cpu")', imports="import warnings\n")
SPLIT = '''
def split_axes(x):
    jnp.split(x, 3)
    return ("i", "j")
'''
axes_prog("recorded_uneven_split", "Splitting 8 rows in 3 raises; the caller records it.", SPLIT,
          ['errors = []', 'axes = ("i",)', 'try:', '    axes = split_axes(x)', 'except ValueError as exc:', '    errors.append(exc)'],
          'jnp.split(x, 3)', 'jnp.split(x, 4)')
axes_prog("recorded_reshape_error", "A reshape to a size that does not divide raises TypeError; recorded.",
          'def plan(x):\n    x.reshape(3, -1)\n    return ("i", "j")',
          ['errors = []', 'axes = ("i",)', 'try:', '    axes = plan(x)', 'except TypeError as exc:', '    errors.append(exc)'],
          'x.reshape(3, -1)', 'np.ones(64).reshape(4, -1)')
axes_prog("broadcast_ok_not_fallback", "(8, 1) + (8,) broadcasts to (8, 8): no error, the fallback is not taken.",
          'def plan(x):\n    jnp.ones((8, 1)) + jnp.ones(8)\n    return ("i",)',
          ['try:', '    axes = plan(x)', 'except Exception:', '    axes = ("i", "j")'],
          'jnp.ones((8, 1)) + jnp.ones(8)', 'jnp.ones((8, 3)) + jnp.ones(8)')

# -- misc: SystemExit, numpy views, x64, percent formats, Annotated ---------------------------------------
axes_prog("sys_exit_not_caught_by_exception", "SystemExit is no Exception: `except Exception` lets sys.exit(0) end the program cleanly.",
          'def finish(code):\n    sys.exit(code)',
          ['try:', '    finish(0)', 'except Exception:', '    pass', 'axes = ("i", "j")'],
          '    finish(0)', '    print(0)', imports="import sys\n")
axes_prog("numpy_view_write", "A basic slice of a NumPy array is a view: writing it changes the array.", "",
          ['names = np.array(["i", "j"])', 'use = np.array([True, True])', 'tail = use[1:]', 'tail[0] = False', 'axes = tuple(str(n) for n in names[use])'],
          'tail = use[1:]', 'tail = use[1:].copy()')
axes_prog("numpy_fancy_index_copy", "Indexing with a list copies: writing the copy leaves the array.", "",
          ['names = np.array(["i", "j"])', 'use = np.array([True, False])', 'part = use[[0, 1]]', 'part[1] = True', 'axes = tuple(str(n) for n in names[use])'],
          'part = use[[0, 1]]', 'part = use[0:2]')
axes_prog("x64_disabled_float32", "With x64 off, jnp.zeros(dtype=float64) is float32.", "",
          ['dt = jnp.zeros(1, jnp.float64).dtype', 'axes = ("i",) if dt == jnp.float32 else ("i", "j")'],
          'dt = jnp.zeros(1, jnp.float64).dtype', 'dt = np.zeros(1, np.float64).dtype')
axes_prog("percent_tuple_typeerror", "'%s' % a two-item tuple raises TypeError (not all arguments converted).", "",
          ['wanted = ("i", "j")', 'try:', '    print("reduce over %s" % wanted)', '    axes = wanted', 'except TypeError:', '    axes = ("i",)'],
          '    print("reduce over %s" % wanted)', '    print("reduce over %s" % (wanted,))')
axes_prog("percent_dict_mapping", "'%(a)s' % mapping formats by key.", "",
          ['label = "%(axis)s" % {"axis": "i", "other": "j"}', 'axes = (label,) if label == "i" else ("i", "j")'],
          'label = "%(axis)s" % {"axis": "i", "other": "j"}', 'label = "%(other)s" % {"axis": "i", "other": "j"}')
ANN = '''
def step(v: Annotated[Annotated[jax.Array, ("i",)], ("i", "j")]):
    return v
'''
axes_prog("annotated_nested_flattens", "Annotated[Annotated[T, a], b] is Annotated[T, a, b]: metadata[0] is the inner one.", ANN,
          ['hint = typing.get_type_hints(step, include_extras=True)["v"]', 'axes = hint.__metadata__[0]'],
          'axes = hint.__metadata__[0]', 'axes = hint.__metadata__[-1]', imports="import typing\nfrom typing import Annotated\n")
ANN2 = '''
def step(v: Annotated[jax.Array, ("i", "j")]):
    return v
'''
axes_prog("get_type_hints_strips_annotated", "get_type_hints without include_extras drops Annotated metadata.", ANN2,
          ['hint = typing.get_type_hints(step)["v"]', 'axes = getattr(hint, "__metadata__", (("i",),))[0]'],
          'hint = typing.get_type_hints(step)["v"]', 'hint = typing.get_type_hints(step, include_extras=True)["v"]', imports="import typing\nfrom typing import Annotated\n")
axes_prog("future_annotations_are_strings", "Under `from __future__ import annotations`, __annotations__ holds strings.", ANN2,
          ['hint = step.__annotations__["v"]', 'axes = ("i",) if isinstance(hint, str) else hint.__metadata__[0]'],
          'hint = step.__annotations__["v"]', 'hint = typing.get_type_hints(step, include_extras=True)["v"]',
          imports="from __future__ import annotations\nimport typing\nfrom typing import Annotated\n")
axes_prog("get_args_annotated", "typing.get_args(Annotated[T, a, b]) gives (T, a, b).", "",
          ['hint = Annotated[jax.Array, ("i",), ("i", "j")]', 'axes = typing.get_args(hint)[1]'],
          'axes = typing.get_args(hint)[1]', 'axes = typing.get_args(hint)[2]', imports="import typing\nfrom typing import Annotated\n")
axes_prog("device_count_per_device_batch", "The per-device batch (64 // device_count) is 8 on this 8-device host.", "",
          ['per_device = 64 // jax.device_count()', 'axes = ("i",) if per_device >= 8 else ("i", "j")'],
          'axes = ("i",) if per_device >= 8 else ("i", "j")', 'axes = ("i",) if per_device > 8 else ("i", "j")')
axes_prog("addressable_shard_index", "Device 1 of the (2, 4) mesh holds rows 0:4 (i = 0).", "",
          ['shard = x.addressable_shards[1]', 'axes = ("i",) if shard.index[0].start in (0, None) else ("i", "j")'],
          'shard = x.addressable_shards[1]', 'shard = x.addressable_shards[5]')
axes_prog("addressable_shard_data_shape", "Each shard of an 8x8 array on a (2, 4) mesh is 4x2.", "",
          ['shape = x.addressable_shards[0].data.shape', 'axes = ("i",) if shape == (4, 2) else ("i", "j")'],
          'axes = ("i",) if shape == (4, 2) else ("i", "j")', 'axes = ("i",) if shape == (2, 4) else ("i", "j")')
axes_prog("shape_dtype_struct_sharding", "eval_shape keeps the input's sharding spec on its output struct.", "",
          ['out = jax.eval_shape(lambda v: v * 2, x)', 'axes = ("i",) if out.shape == (8, 8) else ("i", "j")'],
          'axes = ("i",) if out.shape == (8, 8) else ("i", "j")', 'axes = ("i",) if out.shape == (8,) else ("i", "j")')


# -- body states (the transfer tables): `v` varies on both axes or on none, so psum over ("i", "j") runs --
def body_probe(name, doc, line, new, pre="", imports=""):
    text = (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        '\n\ndef body(block):\n    rows = jax.lax.psum(block, "j")\n    total = jax.lax.psum(block, ("i", "j"))\n' + \
        f"    {line}\n" + '    return jnp.sum(jax.lax.psum(v, ("i", "j"))) + 0 * jnp.sum(total)\n' + MAIN
    P[name] = (f'"""{doc}"""', imports + text, line, new, "SF105")


body_probe("ppermute_over_j_varies", "ppermute over j makes its result vary on j (rows already varies on i).",
           'v = jax.lax.ppermute(rows, "j", [(0, 1), (1, 0), (2, 3), (3, 2)])', 'v = jax.lax.ppermute(rows, "i", [(0, 1), (1, 0)])')
body_probe("all_to_all_over_j_varies", "all_to_all over j gives a value varying on j.",
           'v = jax.lax.all_to_all(rows, "j", 0, 0, tiled=True)', 'v = jax.lax.all_to_all(rows, "i", 0, 0, tiled=True)')
body_probe("axis_index_j_added", "Adding axis_index('j') makes the value vary on j.",
           'v = rows + jax.lax.axis_index("j")', 'v = rows + jax.lax.axis_index("i")')
body_probe("where_mask_j", "jnp.where with a j-varying mask varies on j.",
           'v = jnp.where(jax.lax.axis_index("j") == 0, rows, 0.0)', 'v = jnp.where(jax.lax.axis_index("i") == 0, rows, 0.0)')
body_probe("dynamic_row_index_j", "Indexing with a j-varying integer varies on j.",
           'v = rows[jax.lax.axis_index("j")]', 'v = rows[jax.lax.axis_index("i")]')
body_probe("dynamic_slice_in_dim_j", "dynamic_slice_in_dim at a j-varying start varies on j.",
           'v = jax.lax.dynamic_slice_in_dim(rows, jax.lax.axis_index("j"), 1)', 'v = jax.lax.dynamic_slice_in_dim(rows, jax.lax.axis_index("i"), 1)')
body_probe("all_gather_default_stays_varying", "all_gather (to='varying', the default) keeps the input's varying axes.",
           'v = jax.lax.all_gather(block, "j", tiled=True, axis=1)', 'v = jax.lax.all_gather(block, "j", tiled=True, axis=1, to="invarying")')
body_probe("pmax_over_i_invariant", "pmax over i of a value varying on i only is invariant everywhere: psum over both runs.",
           'v = jax.lax.pmax(rows, "i")', 'v = jax.lax.pmax(block, "j")')
body_probe("pmean_over_i_invariant", "pmean over i of a value varying on i only is invariant.",
           'v = jax.lax.pmean(rows, "i")', 'v = jax.lax.pmean(block, "j")')
body_probe("scatter_set_from_block", "rows.at[0].set(block[0]) varies on j (the update does).",
           'v = rows.at[0].set(block[0])', 'v = rows.at[0].set(rows[1])')
body_probe("concatenate_with_block", "A concatenation with block varies on j.",
           'v = jnp.concatenate([rows, block])', 'v = jnp.concatenate([rows, rows])')
body_probe("matmul_with_block", "rows @ block.T varies on j.",
           'v = rows @ block.T', 'v = rows @ rows.T')
body_probe("einsum_with_block", "An einsum with block varies on j.",
           'v = jnp.einsum("ab,cb->ac", rows, block)', 'v = jnp.einsum("ab,cb->ac", rows, rows)')
body_probe("fold_in_noise_j", "Noise drawn from a key folded with axis_index('j') varies on j.",
           'v = rows + jax.random.normal(jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("j")), rows.shape)',
           'v = rows + jax.random.normal(jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i")), rows.shape)')
body_probe("psum_over_i_of_block", "psum(block, 'i') varies on j: added to rows, both.",
           'v = rows + jax.lax.psum(block, "i")', 'v = rows + jax.lax.psum(block, ("i", "j"))')
body_probe("vmap_pair_block", "vmap of a + b over (rows, block) varies on j.",
           'v = jax.vmap(lambda a, b: a + b)(rows, block)', 'v = jax.vmap(lambda a, b: a + b)(rows, rows)')
body_probe("tree_map_pair_block", "tree.map(jnp.add) over dicts of rows and block varies on j.",
           'v = jax.tree.map(jnp.add, {"a": rows}, {"a": block})["a"]', 'v = jax.tree.map(jnp.add, {"a": rows}, {"a": rows})["a"]')
body_probe("checkpoint_product", "A checkpointed product with block varies on j.",
           'v = jax.checkpoint(lambda a, b: a * b)(rows, block)', 'v = jax.checkpoint(lambda a, b: a * b)(rows, rows)')
body_probe("one_hot_axis_index_j", "one_hot(axis_index('j')) times a column varies on j.",
           'v = rows[:, :1] * jax.nn.one_hot(jax.lax.axis_index("j"), 4)', 'v = rows[:, :1] * jax.nn.one_hot(jax.lax.axis_index("i"), 4)')
body_probe("take_axis_index_j", "jnp.take at a j-varying index varies on j.",
           'v = jnp.take(rows, jax.lax.axis_index("j"), axis=1, mode="clip")', 'v = jnp.take(rows, jax.lax.axis_index("i"), axis=1, mode="clip")')
body_probe("scan_ys_from_block", "scan's stacked outputs over block vary on j (the carry stays invariant).",
           'v = jax.lax.scan(lambda c, b: (c, b + c), jnp.zeros(2), block)[1]', 'v = jax.lax.scan(lambda c, b: (c, b + c), jnp.zeros(2), rows)[1]')
body_probe("cond_returns_block", "A cond whose branches return block varies on j.",
           'v = jax.lax.cond(jnp.sum(total) > 0, lambda: block, lambda: block * 2)', 'v = jax.lax.cond(jnp.sum(total) > 0, lambda: rows, lambda: rows * 2)')
body_probe("switch_returns_block", "A switch whose branches return block varies on j.",
           'v = jax.lax.switch(0, [lambda: block, lambda: block + 1])', 'v = jax.lax.switch(0, [lambda: rows, lambda: rows + 1])')
body_probe("fori_carry_block", "A fori_loop carrying block keeps it varying on j.",
           'v = jax.lax.fori_loop(0, 2, lambda k, c: c + 1, block)', 'v = jax.lax.fori_loop(0, 2, lambda k, c: c + 1, rows)')
body_probe("psum_scatter_over_j", "psum_scatter over j gives a value varying on j.",
           'v = jax.lax.psum_scatter(block, "j", tiled=True)', 'v = jax.lax.psum(block, "j")')
body_probe("select_pred_block", "lax.select with a block-derived predicate varies on j.",
           'v = jax.lax.select(block > 0, rows, rows * 2)', 'v = jax.lax.select(rows > 0, rows, rows * 2)')
body_probe("maximum_with_block", "jnp.maximum(rows, block) varies on j.",
           'v = jnp.maximum(rows, block)', 'v = jnp.maximum(rows, rows)')
body_probe("stop_gradient_block_product", "stop_gradient(block) * rows varies on j.",
           'v = jax.lax.stop_gradient(block) * rows', 'v = jax.lax.stop_gradient(rows) * rows')
body_probe("sum_broadcast_block", "rows.sum() + block varies on j.",
           'v = rows.sum() + block', 'v = rows.sum() + rows')
body_probe("grad_wrt_block", "The gradient with respect to block varies like block.",
           'v = jax.grad(lambda b: jnp.sum(b * rows))(block)', 'v = jax.grad(lambda r: jnp.sum(r * block))(rows)')
body_probe("norm_axis_block", "A row norm of block plus a column of rows varies on j.",
           'v = jnp.linalg.norm(block, axis=1) + rows[:, 0]', 'v = jnp.linalg.norm(rows, axis=1) + rows[:, 0]')
body_probe("cumsum_block", "jax.lax.cumsum of block varies on both.",
           'v = jax.lax.cumsum(block, axis=1) + rows', 'v = jax.lax.cumsum(rows, axis=1) + rows')
body_probe("sort_block_axis0", "Sorting block keeps its varying axes.",
           'v = jnp.sort(block, axis=0) + rows', 'v = jnp.sort(rows, axis=0) + rows')
body_probe("lax_map_block", "lax.map over block varies on j.",
           'v = jax.lax.map(lambda b: b * 2, block)', 'v = jax.lax.map(lambda b: b * 2, rows)')
body_probe("custom_jvp_call_block", "A custom_jvp function of block (no differentiation) varies like block.",
           'v = smooth(block) + rows', 'v = smooth(rows) + rows',
           pre='@jax.custom_jvp\ndef smooth(a):\n    return jnp.tanh(a)\n\n\n@smooth.defjvp\ndef smooth_jvp(primals, tangents):\n    (a,), (t,) = primals, tangents\n    return smooth(a), t')
body_probe("reduce_precision_block", "reduce_precision keeps block's state.",
           'v = jax.lax.reduce_precision(block, exponent_bits=5, mantissa_bits=10) + rows', 'v = jax.lax.reduce_precision(rows, exponent_bits=5, mantissa_bits=10) + rows')
body_probe("while_carry_block", "A while_loop carrying block keeps it varying on j.",
           'v = jax.lax.while_loop(lambda c: jnp.sum(c) < -1.0, lambda c: c + 1, block)', 'v = jax.lax.while_loop(lambda c: jnp.sum(c) < -1.0, lambda c: c + 1, rows)')
body_probe("pcast_rows_to_varying_j", "pcast(rows, 'j', to='varying') varies on both.",
           'v = jax.lax.pcast(rows, "j", to="varying")', 'v = jax.lax.pcast(total, "i", to="varying")')
body_probe("argmax_block_axis1", "argmax over block's axis 1 varies on both.",
           'v = jnp.argmax(block, axis=1) + rows[:, 0]', 'v = jnp.argmax(rows, axis=1) + rows[:, 0]')

# -- more host-side programs ---------------------------------------------------------------------------
axes_prog("retry_loop_records_error", "The first attempt probes a GPU and fails (recorded); the second gives ('i',).",
          'def attempt(k):\n    if k == 0:\n        jax.devices("gpu")\n        return ("i", "j")\n    return ("i",)',
          ['last = None', 'for k in range(2):', '    try:', '        axes = attempt(k)', '        break', '    except RuntimeError as exc:', '        last = exc'],
          'jax.devices("gpu")', 'jax.devices("cpu")')
axes_prog("printed_probe_error", "The caller prints the probe's error and keeps its default.", GPU,
          ['axes = ("i",)', 'try:', '    axes = gpu_axes()', 'except RuntimeError as exc:', '    print("falling back:", exc)'],
          'jax.devices("gpu")', 'jax.devices("cpu")')
axes_prog("traceback_print_exc_probe", "traceback.print_exc() records; the program goes on with its default.", GPU,
          ['axes = ("i",)', 'try:', '    axes = gpu_axes()', 'except Exception:', '    traceback.print_exc(limit=0)'],
          'jax.devices("gpu")', 'jax.devices("cpu")', imports="import traceback\n")
axes_prog("make_mesh_too_big_recorded", "make_mesh of 16 devices fails on 8; the caller records it.",
          'def big_axes():\n    jax.make_mesh((4, 4), ("i", "j"))\n    return ("i", "j")',
          ['errors = []', 'axes = ("i",)', 'try:', '    axes = big_axes()', 'except ValueError as exc:', '    errors.append(exc)'],
          'jax.make_mesh((4, 4), ("i", "j"))', 'jax.make_mesh((2, 4), ("i", "j"))')
axes_prog("jit_scalar_args_cached", "Python scalars passed to jit are traced as weak-typed arrays: another value reuses the trace.",
          'TRACES = []\n\n\n@jax.jit\ndef scale(v, k):\n    TRACES.append(k)\n    return v * k',
          ['scale(x, 2.0)', 'scale(x, 3.0)', 'axes = ("i", "j")[: len(TRACES)]'],
          '    scale(x, 3.0)', '    scale(x, 3)')
axes_prog("jit_trace_logger", "A jitted step that records its input shape does so once per trace.",
          'SHAPES = {}\n\n\n@jax.jit\ndef step(v):\n    SHAPES.setdefault("n", 0)\n    SHAPES["n"] += 1\n    return v + 1',
          ['for _ in range(3):', '    step(x)', 'axes = ("i",) if SHAPES["n"] == 1 else ("i", "j")'],
          '    step(x)', '    step(np.ones(_ + 1))')
axes_prog("raise_systemexit_in_helper", "A helper raising SystemExit(0) ends the program; the later call is never reached.",
          'def done():\n    raise SystemExit(0)',
          ['axes = ("i", "j")', 'done()'],
          '    done()', '    str()')

# -- known_shapes.py: shapes the run believes it knows -------------------------------------------------------
def shape_prog(name, doc, helper_lines, old, new, fallback_bug=False, imports="", errors="(ValueError, TypeError)"):
    """A helper makes arrays and returns ("i", "j") (or ("i",) when fallback_bug); the caller's handler
    does other work (returns the other tuple)."""
    ok, other = ('("i",)', '("i", "j")') if fallback_bug else ('("i", "j")', '("i",)')
    pre = "def plan():\n" + "".join(f"    {line}\n" for line in helper_lines) + f"    return {ok}"
    axes_prog(name, doc, pre, ['try:', '    axes = plan()', f'except {errors}:', f'    axes = {other}'],
              old, new, imports=imports)


shape_prog("numpy_shape_attr_set", "Setting a.shape reshapes a NumPy array in place: np.split(a, 4) of 2 rows raises.",
           ['a = np.zeros(8)', 'a.shape = (2, 4)', 'np.split(a, 4)'], 'a.shape = (2, 4)', 'a.shape = (8,)')
shape_prog("numpy_shape_attr_alias", "b = a shares the array object: b.shape = ... reshapes a too.",
           ['a = np.zeros(8)', 'b = a', 'b.shape = (2, 4)', 'a + np.zeros(8)'], 'b.shape = (2, 4)', 'b = b.reshape(2, 4)')
shape_prog("concatenate_axis1_mismatch", "concatenate(axis=1) needs equal sizes on axis 0: (2, 3) with (3, 3) raises.",
           ['jnp.concatenate([jnp.ones((2, 3)), jnp.ones((3, 3))], axis=1)'], 'jnp.ones((3, 3))], axis=1)', 'jnp.ones((2, 3))], axis=1)')
shape_prog("concatenate_axis1_ok", "concatenate(axis=1) of (2, 3) and (2, 4) works.",
           ['jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))], axis=1)'], 'jnp.ones((2, 4))], axis=1)', 'jnp.ones((3, 4))], axis=1)', fallback_bug=True)
shape_prog("split_axis1_divides", "split(a, 3, axis=1) of (8, 6) divides axis 1.",
           ['jnp.split(jnp.ones((8, 6)), 3, axis=1)'], 'jnp.split(jnp.ones((8, 6)), 3, axis=1)', 'jnp.split(jnp.ones((8, 7)), 3, axis=1)', fallback_bug=True)
shape_prog("split_axis1_uneven", "split(a, 3, axis=1) of (6, 8) does not divide axis 1.",
           ['jnp.split(jnp.ones((6, 8)), 3, axis=1)'], 'jnp.split(jnp.ones((6, 8)), 3, axis=1)', 'jnp.split(jnp.ones((6, 9)), 3, axis=1)')
shape_prog("split_indices_list", "split at a list of indices never needs to divide.",
           ['np.split(np.ones(8), [3, 5])'], 'np.split(np.ones(8), [3, 5])', 'np.split(np.ones(8), 3)', fallback_bug=True)
shape_prog("reshape_order_keyword", "reshape(4, -1) of 64 items works whatever the order.",
           ['np.arange(64).reshape(4, -1, order="F")'], 'np.arange(64).reshape(4, -1, order="F")', 'np.arange(64).reshape(5, -1, order="F")', fallback_bug=True)
shape_prog("resize_then_split", "ndarray.resize changes the shape in place: 9 items do not split in 2.",
           ['a = np.zeros(8)', 'a.resize(9, refcheck=False)', 'np.split(a, 2)'], 'a.resize(9, refcheck=False)', 'a.resize(8, refcheck=False)')
shape_prog("broadcast_trailing_mismatch", "(2, 3) + (2,) does not broadcast.",
           ['jnp.ones((2, 3)) + jnp.ones(2)'], 'jnp.ones((2, 3)) + jnp.ones(2)', 'jnp.ones((2, 3)) + jnp.ones(3)')
shape_prog("matmul_2d_1d_mismatch", "(2, 3) @ (2,) raises.",
           ['jnp.ones((2, 3)) @ jnp.ones(2)'], 'jnp.ones((2, 3)) @ jnp.ones(2)', 'jnp.ones((2, 3)) @ jnp.ones(3)')
shape_prog("device_put_uneven_rows", "device_put of 6 rows onto a sharding over j (4) raises.",
           ['mesh = jax.make_mesh((2, 4), ("i", "j"))', 'jax.device_put(np.zeros((6, 8)), jax.sharding.NamedSharding(mesh, P("j")))'],
           'jax.device_put(np.zeros((6, 8)), jax.sharding.NamedSharding(mesh, P("j")))', 'jax.device_put(np.zeros((8, 8)), jax.sharding.NamedSharding(mesh, P("j")))')
shape_prog("device_put_second_dim", "device_put of (8, 6) onto P(None, 'j') raises: 6 rows on 4 devices.",
           ['mesh = jax.make_mesh((2, 4), ("i", "j"))', 'jax.device_put(np.zeros((8, 6)), jax.sharding.NamedSharding(mesh, P(None, "j")))'],
           'jax.device_put(np.zeros((8, 6)), jax.sharding.NamedSharding(mesh, P(None, "j")))', 'jax.device_put(np.zeros((8, 8)), jax.sharding.NamedSharding(mesh, P(None, "j")))')
shape_prog("ones_like_keeps_shape", "ones_like of a (2, 4) array is (2, 4): adding a (4, 2) one raises.",
           ['a = jnp.ones((2, 4))', 'jnp.ones_like(a) + jnp.ones((4, 2))'], 'jnp.ones_like(a) + jnp.ones((4, 2))', 'jnp.ones_like(a) + jnp.ones((2, 4))')
shape_prog("transpose_then_add", "a.T of (2, 4) is (4, 2): adding (2, 4) raises.",
           ['a = jnp.ones((2, 4))', 'a.T + jnp.ones((2, 4))'], 'a.T + jnp.ones((2, 4))', 'a.T + jnp.ones((4, 2))')
shape_prog("squeeze_then_add", "squeeze drops the size-1 axis: (3,) + (2,) raises.",
           ['a = jnp.ones((3, 1)).squeeze()', 'a + jnp.ones(2)'], 'a + jnp.ones(2)', 'a + jnp.ones(3)')
shape_prog("numpy_inplace_add_shape", "In-place a += b with b of a wider shape raises (the output cannot broadcast).",
           ['a = np.zeros(4)', 'a += np.zeros((2, 4))'], 'a += np.zeros((2, 4))', 'a = a + np.zeros((2, 4))')

# -- retry decorators and registries ----------------------------------------------------------------------
axes_prog("retry_decorator_second_attempt", "A retry decorator calls again after the GPU probe fails; the second attempt answers ('i',).", '''
ATTEMPTS = []


def retry(exceptions, tries=2):
    def deco(f):
        def wrapper(*args):
            for t in range(tries):
                try:
                    return f(*args)
                except exceptions:
                    if t == tries - 1:
                        raise
        return wrapper
    return deco


@retry((RuntimeError,))
def pick():
    ATTEMPTS.append(1)
    if len(ATTEMPTS) == 1:
        jax.devices("gpu")
        return ("i", "j")
    return ("i",)
''', ['axes = pick()'], 'jax.devices("gpu")', 'jax.devices("cpu")')
REG = '''
PLANS = {}


def register(name):
    def deco(f):
        PLANS[name] = f
        return f
    return deco


@register("plan")
def wide():
    return ("i", "j")


@register("plan")
def narrow():
    return ("i",)
'''
axes_prog("registry_last_registration_wins", "A second registration under the same name replaces the first.", REG,
          ['axes = PLANS["plan"]()'], 'axes = PLANS["plan"]()', 'axes = wide()')
REG2 = REG.replace("PLANS[name] = f", "PLANS.setdefault(name, f)").replace('def wide():\n    return ("i", "j")', 'def narrow():\n    return ("i",)', 1).replace('def narrow():\n    return ("i",)\n', 'def wide():\n    return ("i", "j")\n', 0)
axes_prog("registry_setdefault_first_wins", "A registry filled with setdefault keeps the first function.", REG.replace("PLANS[name] = f", "PLANS.setdefault(name, f)").replace('@register("plan")\ndef wide', '@register("plan")\ndef wide_', 1).replace('def wide_():\n    return ("i", "j")', 'def first():\n    return ("i",)').replace('def narrow():\n    return ("i",)', 'def narrow():\n    return ("i", "j")'),
          ['axes = PLANS["plan"]()'], 'axes = PLANS["plan"]()', 'axes = narrow()')
axes_prog("init_subclass_registry_override", "__init_subclass__ files each subclass by its name: the later class replaces the earlier.", '''
LAYOUTS = {}


class Layout:
    axes = ("i", "j")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        LAYOUTS[cls.key] = cls


class Wide(Layout):
    key = "rows"


class Rows(Layout):
    key = "rows"
    axes = ("i",)
''', ['axes = LAYOUTS["rows"].axes'], 'axes = LAYOUTS["rows"].axes', 'axes = Wide.axes')

# -- transfer_keys.py: dynamic_slice / dynamic_update_slice with tuple starts ---------------------------------
body_probe("dynamic_slice_tuple_start_j", "dynamic_slice at a j-varying start varies on j.",
           'v = jax.lax.dynamic_slice(rows, (jax.lax.axis_index("j"), 0), (1, 2))', 'v = jax.lax.dynamic_slice(rows, (jax.lax.axis_index("i"), 0), (1, 2))')
body_probe("dynamic_update_slice_block_update", "dynamic_update_slice with an update from block varies on j.",
           'v = jax.lax.dynamic_update_slice(rows, block[:1], (0, 0))', 'v = jax.lax.dynamic_update_slice(rows, rows[:1], (0, 0))')
body_probe("dynamic_update_slice_start_j", "dynamic_update_slice at a j-varying start varies on j.",
           'v = jax.lax.dynamic_update_slice(rows, rows[:1] * 0, (jax.lax.axis_index("j") % 2, 0))', 'v = jax.lax.dynamic_update_slice(rows, rows[:1] * 0, (jax.lax.axis_index("i") % 2, 0))')
body_probe("lax_slice_block", "lax.slice of block keeps both axes varying.",
           'v = jax.lax.slice(block, (0, 0), (2, 2)) + rows[:2]', 'v = jax.lax.slice(rows, (0, 0), (2, 2)) + rows[:2]')

# -- class_facts / object_reads: a field the construction set, changed before the read ------------------------
PLAN = '''
class Plan:
    def __init__(self):
        self.axes = ("i", "j")
        self.names = ["i", "j"]
        self.cfg = {"axes": ("i", "j")}

    def narrow(self):
        me = self
        me.axes = ("i",)
'''
def plan_prog(name, doc, lines, old, new, read="plan.axes", pre_extra="", imports=""):
    axes_prog(name, doc, PLAN + pre_extra, ['plan = Plan()', *lines, f'axes = {read}'], old, new, imports=imports)


plan_prog("method_store_through_alias", "narrow() stores through `me = self`.", ['plan.narrow()'], '    plan.narrow()', '    plan.__class__')
plan_prog("module_function_store", "A module function stores the field on the object it is given.", ['shrink(plan)'], '    shrink(plan)', '    len([plan])',
          pre_extra='\n\ndef shrink(p):\n    p.axes = ("i",)\n')
plan_prog("loop_store", "A loop over [plan] stores the field.", ['for p in [plan]:', '    p.axes = ("i",)'], '    p.axes = ("i",)', '    p.axes')
plan_prog("dict_item_store", "A store through a dict holding the object.", ['plans = {"a": plan}', 'plans["a"].axes = ("i",)'], 'plans["a"].axes = ("i",)', 'plans["a"].axes')
plan_prog("getattr_method_call", "getattr(plan, 'narrow')() runs the method.", ['getattr(plan, "narrow")()'], 'getattr(plan, "narrow")()', 'getattr(plan, "narrow")')
plan_prog("owner_method_store", "Another object's method stores the field of the plan it holds.", ['Owner(plan).shrink()'], 'Owner(plan).shrink()', 'Owner(plan)',
          pre_extra='\n\nclass Owner:\n    def __init__(self, plan):\n        self.plan = plan\n\n    def shrink(self):\n        self.plan.axes = ("i",)\n')
plan_prog("list_field_remove", "list.remove on the list field changes it in place.", ['plan.names.remove("j")'], 'plan.names.remove("j")', 'plan.names.count("j")', read="tuple(plan.names)")
plan_prog("list_field_slice_assign", "Slice assignment replaces the list field's items.", ['plan.names[:] = ["i"]'], 'plan.names[:] = ["i"]', 'plan.names[:1] = ["i"]', read="tuple(plan.names)")
plan_prog("list_field_pop_alias", "pop through an alias of the list field changes it.", ['names = plan.names', 'names.pop()'], '    names.pop()', '    names.copy()', read="tuple(plan.names)")
plan_prog("dict_field_item_store", "A store into the dict field.", ['plan.cfg["axes"] = ("i",)'], 'plan.cfg["axes"] = ("i",)', 'plan.cfg["other"] = ("i",)', read='plan.cfg["axes"]')
plan_prog("dict_field_update", "dict.update on the dict field.", ['plan.cfg.update(axes=("i",))'], 'plan.cfg.update(axes=("i",))', 'plan.cfg.update(other=("i",))', read='plan.cfg["axes"]')
plan_prog("property_setter_store", "A property setter stores the field.", ['plan.narrowed = True'], 'plan.narrowed = True', 'plan.narrowed = False',
          pre_extra='\n\nclass Plan(Plan):\n    @property\n    def narrowed(self):\n        return self.axes == ("i",)\n\n    @narrowed.setter\n    def narrowed(self, flag):\n        if flag:\n            self.axes = ("i",)\n')
plan_prog("with_enter_self_store", "A with block's target is the plan (__enter__ returns self).", ['with plan as p:', '    p.axes = ("i",)'], '    p.axes = ("i",)', '    p.axes',
          pre_extra='\n\nclass Plan(Plan):\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n        return False\n')
plan_prog("map_method_store", "map(Plan.narrow, ...) runs the method on each plan.", ['list(map(Plan.narrow, [plan]))'], 'list(map(Plan.narrow, [plan]))', 'list(map(id, [plan]))')
plan_prog("methodcaller_store", "operator.methodcaller('narrow') calls the method.", ['operator.methodcaller("narrow")(plan)'], 'operator.methodcaller("narrow")(plan)', 'operator.methodcaller("narrow")', imports="import operator\n")
plan_prog("object_delattr_class_value", "object.__delattr__ removes the instance value; the class attribute shows.", ['object.__delattr__(plan, "axes")'], 'object.__delattr__(plan, "axes")', 'object.__getattribute__(plan, "axes")',
          pre_extra='\n\nclass Plan(Plan):\n    axes = ("i",)\n')
plan_prog("thread_job_stores", "A pool job stores the field (result awaited).", ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    pool.submit(plan.narrow).result()'], '    pool.submit(plan.narrow).result()', '    pool.submit(id, plan).result()',
          imports="import concurrent.futures\n")
plan_prog("signal_handler_stores", "A signal handler raised by the program stores the field.", ['signal.signal(signal.SIGUSR1, lambda *a: plan.narrow())', 'signal.raise_signal(signal.SIGUSR1)'], 'signal.raise_signal(signal.SIGUSR1)', 'signal.getsignal(signal.SIGUSR1)',
          imports="import signal\n")
plan_prog("atexit_not_yet", "An atexit hook that would widen the plan runs only after main.", ['plan.narrow()', 'atexit.register(Plan.__init__, plan)'], 'atexit.register(Plan.__init__, plan)', 'Plan.__init__(plan)',
          imports="import atexit\n")
plan_prog("weakref_finalize_not_yet", "weakref.finalize runs only when the object dies (or at exit).", ['plan.narrow()', 'weakref.finalize(plan, Plan.__init__, plan)'], 'weakref.finalize(plan, Plan.__init__, plan)', 'Plan.__init__(plan)',
          imports="import weakref\n")

# -- index bounds of a NumPy array resized in place -----------------------------------------------------------
shape_prog("resize_then_index", "After a.resize(3), a[5] is out of bounds (IndexError).",
           ['a = np.zeros(8)', 'a.resize(3, refcheck=False)', 'a[5]'], 'a.resize(3, refcheck=False)', 'a.resize(8, refcheck=False)', errors="IndexError")
shape_prog("device_put_str_dtype", "device_put of a NumPy string array raises TypeError.",
           ['mesh = jax.make_mesh((2, 4), ("i", "j"))', 'jax.device_put(np.zeros((8, 8), dtype=np.str_), jax.sharding.NamedSharding(mesh, P("j")))'],
           'jax.device_put(np.zeros((8, 8), dtype=np.str_), jax.sharding.NamedSharding(mesh, P("j")))', 'jax.device_put(np.zeros((8, 8), dtype=np.int32), jax.sharding.NamedSharding(mesh, P("j")))')
shape_prog("numpy_str_add", "NumPy has no subtract for string arrays: a - a raises (UFuncTypeError, a TypeError).",
           ['a = np.zeros(3, dtype=np.str_)', 'a - a'], 'a = np.zeros(3, dtype=np.str_)', 'a = np.zeros(3, dtype=np.int32)')
shape_prog("numpy_inplace_mul_shape", "In-place a *= b with b of a wider shape raises.",
           ['a = np.ones(4)', 'a *= np.ones((3, 4))'], 'a *= np.ones((3, 4))', 'a = a * np.ones((3, 4))')
shape_prog("numpy_int_inplace_float", "In-place a += 0.5 on an int array raises (casting rule same_kind).",
           ['a = np.zeros(4, dtype=np.int64)', 'a += np.ones(4) * 0.5'], 'a += np.ones(4) * 0.5', 'a = a + np.ones(4) * 0.5')

# -- callers.py / filled_lists.py: the value a call passes, changed by code the reading may skip -------------------
def list_prog(name, doc, lines, old, new, pre="", imports=""):
    axes_prog(name, doc, pre, ['names = ["i", "j"]', *lines, 'axes = tuple(names)'], old, new, imports=imports)


list_prog("helper_pops_list", "A module helper pops the list it is given.", ['trim(names)'], '    trim(names)', '    len(names)',
          pre='def trim(seq):\n    seq.pop()')
list_prog("del_slice_of_list", "del names[1:] removes the tail.", ['del names[1:]'], '    del names[1:]', '    names[1:]')
list_prog("list_reverse_then_keep_last", "reverse() then pop(0) leaves ['i'].", ['names.reverse()', 'names.pop(0)'], '    names.pop(0)', '    names.reverse()')
list_prog("dict_alias_pop", "A dict holding the list pops it in place.", ['cfg = {"axes": names}', 'cfg["axes"].pop()'], 'cfg["axes"].pop()', 'cfg["axes"].copy()')
list_prog("bound_clear_then_append", "A bound clear kept earlier empties the list.", ['clear = names.clear', 'clear()', 'names.append("i")'], '    clear()', '    clear')
list_prog("listcomp_side_effect_remove", "A list comprehension calls remove for its side effect.", ['[names.remove(a) for a in ("j",)]'], '[names.remove(a) for a in ("j",)]', '[names.count(a) for a in ("j",)]')
list_prog("list_of_map_remove", "list(map(names.remove, ...)) removes.", ['list(map(names.remove, ["j"]))'], 'list(map(names.remove, ["j"]))', 'list(map(names.count, ["j"]))')
list_prog("operator_delitem", "operator.delitem removes the item at 1.", ['operator.delitem(names, 1)'], 'operator.delitem(names, 1)', 'operator.getitem(names, 1)', imports="import operator\n")
list_prog("imul_zero_then_append", "names *= 0 empties the list in place.", ['names *= 0', 'names.append("i")'], '    names *= 0', '    names *= 1')
list_prog("nested_def_pops", "A nested function closes over the list and pops it.", ['def trim():', '    names.pop()', 'trim()'], '    trim()\n', '    trim\n')
list_prog("method_of_holder_pops", "An object holding the list pops it in its method.", ['Holder(names).drop_last()'], 'Holder(names).drop_last()', 'Holder(names)',
          pre='class Holder:\n    def __init__(self, seq):\n        self.seq = seq\n\n    def drop_last(self):\n        self.seq.pop()')
list_prog("sort_key_then_slice", "sort(key=...) orders in place; the slice keeps the first.", ['names.sort(key=lambda a: a != "i")', 'del names[1:]'], '    del names[1:]', '    names[1:]')
list_prog("setitem_slice_empty", "Assigning an empty list to the tail slice removes it.", ['names[1:] = []'], 'names[1:] = []', 'names[2:] = []')
list_prog("remove_in_thread", "A pool job removes an item (waited for).", ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    pool.submit(names.remove, "j").result()'],
          'pool.submit(names.remove, "j").result()', 'pool.submit(names.count, "j").result()', imports="import concurrent.futures\n")
axes_prog("globals_store_changes_constant", "globals()['AXES'] = ... rebinds the module constant.", 'AXES = ("i", "j")',
          ['globals()["AXES"] = ("i",)', 'axes = AXES'], 'globals()["AXES"] = ("i",)', 'globals().get("AXES")')
axes_prog("module_setattr_changes_constant", "setattr on the module object rebinds the constant.", 'AXES = ("i", "j")',
          ['setattr(sys.modules[__name__], "AXES", ("i",))', 'axes = AXES'], 'setattr(sys.modules[__name__], "AXES", ("i",))', 'getattr(sys.modules[__name__], "AXES")', imports="import sys\n")
axes_prog("global_changed_by_helper", "A helper declares the constant global and rebinds it.", 'AXES = ("i", "j")\n\n\ndef narrow():\n    global AXES\n    AXES = ("i",)',
          ['narrow()', 'axes = AXES'], '    narrow()', '    narrow')
prog("decorator_trims_axes", "A decorator hands the function only the first axis: the call's ('i', 'j') never reaches the body.", '''

def first_axis_only(f):
    @functools.wraps(f)
    def wrapper(mesh, x, axes):
        return f(mesh, x, axes[:1])
    return wrapper


@first_axis_only
def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))
''', "        return f(mesh, x, axes[:1])", "        return f(mesh, x, axes)", imports="import functools\n")
prog("class_decorator_trims_axes", "A callable-object decorator changes the argument.", '''

class FirstAxis:
    def __init__(self, f):
        self.f = f

    def __call__(self, mesh, x, axes):
        return self.f(mesh, x, axes[:1])


@FirstAxis
def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))
''', "        return self.f(mesh, x, axes[:1])", "        return self.f(mesh, x, axes)")
prog("rebound_function_name", "The module name is rebound to a wrapper before main runs.", '''
@REDUCE@

_reduce = reduce_rows


def reduce_rows(mesh, x, axes):
    return _reduce(mesh, x, tuple(a for a in axes if a == "i"))


def main(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))
''', '    return _reduce(mesh, x, tuple(a for a in axes if a == "i"))', '    return _reduce(mesh, x, tuple(a for a in axes))')

# -- more decorated helpers (callers.py) -------------------------------------------------------------------
prog("explicit_wrap_rebinding", "reduce_rows = first_axis_only(reduce_rows): the name now calls the wrapper.", '''

def first_axis_only(f):
    def wrapper(mesh, x, axes):
        return f(mesh, x, axes[:1])
    return wrapper
@REDUCE@

reduce_rows = first_axis_only(reduce_rows)


def main(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))
''', "        return f(mesh, x, axes[:1])", "        return f(mesh, x, axes)")
prog("decorator_filters_known_axes", "A decorator keeps only the axes a config allows.", '''
ALLOWED = ("i",)


def allowed_axes(f):
    @functools.wraps(f)
    def wrapper(mesh, x, axes):
        return f(mesh, x, tuple(a for a in axes if a in ALLOWED))
    return wrapper


@allowed_axes
def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, ("i", "j"))
''', 'ALLOWED = ("i",)', 'ALLOWED = ("i", "j")', imports="import functools\n")
prog("decorator_keyword_override", "A decorator passes axes by keyword, overriding the caller's.", '''

def rows_only(f):
    def wrapper(mesh, x, *args, **kwargs):
        kwargs["axes"] = ("i",)
        return f(mesh, x, **kwargs)
    return wrapper


@rows_only
def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, axes=("i", "j"))
''', '        kwargs["axes"] = ("i",)', '        kwargs["axes"] = kwargs["axes"]')
prog("method_decorator_trims", "A decorated method: the wrapper hands the method the first axis only.", '''

def first_axis_only(f):
    @functools.wraps(f)
    def wrapper(self, x, axes):
        return f(self, x, axes[:1])
    return wrapper


class Reducer:
    def __init__(self, mesh):
        self.mesh = mesh

    @first_axis_only
    def reduce(self, x, axes):
        def body(block):
            rows = jax.lax.psum(block, "j")
            return jax.lax.psum(rows, axes)
        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return Reducer(mesh).reduce(x, ("i", "j"))
''', "        return f(self, x, axes[:1])", "        return f(self, x, axes)", imports="import functools\n")
prog("exit_helper_before_wide_call", "main's helper exits the process (os._exit is not used; SystemExit(0)) before the wide call.", '''
@REDUCE@


def finish(result):
    jax.block_until_ready(result)
    raise SystemExit(0)


def main(mesh, x):
    finish(reduce_rows(mesh, x, ("i",)))
    return reduce_rows(mesh, x, ("i", "j"))
''', "    raise SystemExit(0)", "    return None")

# -- shard_map spellings: specs matched to arguments by key ---------------------------------------------------
prog("in_specs_dict_matched_by_key", "Dict in_specs are matched to the argument's keys (sorted), not by writing order.", '''

def body(d):
    return jnp.sum(jax.lax.psum(d["b"], ("i", "j"))) + 0 * jnp.sum(jax.lax.psum(d["a"], "i"))


def main(mesh, x):
    a = jax.device_put(np.ones((8, 8), np.float32), jax.sharding.NamedSharding(mesh, P("i")))
    specs = {"b": P("i", "j"), "a": P("i")}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())({"a": a, "b": x})
''', '    return jnp.sum(jax.lax.psum(d["b"], ("i", "j"))) + 0 * jnp.sum(jax.lax.psum(d["a"], "i"))',
     '    return jnp.sum(jax.lax.psum(d["a"], ("i", "j"))) + 0 * jnp.sum(jax.lax.psum(d["a"], "i"))')
prog("in_specs_tuple_prefix", "One spec for a tuple argument applies to every leaf.", '''

def body(pair):
    first, second = pair
    return jnp.sum(jax.lax.psum(second, ("i", "j")))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"),), out_specs=P())((x, x))
''', '    return jnp.sum(jax.lax.psum(second, ("i", "j")))', '    return jnp.sum(jax.lax.psum(jax.lax.psum(second, "j"), ("i", "j")))')
prog("partial_body_keyword", "shard_map of functools.partial(body, axes=...): the partial's axes are used.", '''

def body(block, axes):
    rows = jax.lax.psum(block, "j")
    return jax.lax.psum(rows, axes)


def main(mesh, x):
    f = functools.partial(body, axes=("i", "j"))
    f = functools.partial(f, axes=("i",))
    return jax.shard_map(f, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    f = functools.partial(f, axes=("i",))', '    f = functools.partial(f, axes=("i", "j"))', imports="import functools\n")

# -- comprehensions.py / loops: elements a filter, a break or laziness never reach -----------------------------
def loop_prog(name, doc, lines, old, new, imports="", pre=""):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        '\nCHOICES = (("i",), ("i", "j"))\n\n\ndef main(mesh, x):\n' + "".join(f"    {line}\n" for line in lines)
    prog(name, doc, text, old, new, imports=imports)


loop_prog("listcomp_if_filters_wide", "The comprehension's `if` drops the two-axis choice.",
          ['return [reduce_rows(mesh, x, a) for a in CHOICES if len(a) == 1]'],
          'if len(a) == 1]', 'if len(a) >= 1]')
loop_prog("next_of_generator_first_only", "next() of a generator evaluates its first element only.",
          ['return next(reduce_rows(mesh, x, a) for a in CHOICES)'],
          'return next(reduce_rows(mesh, x, a) for a in CHOICES)', 'return list(reduce_rows(mesh, x, a) for a in CHOICES)')
loop_prog("for_break_after_first", "The loop breaks after the first choice.",
          ['for a in CHOICES:', '    out = reduce_rows(mesh, x, a)', '    break', 'return out'],
          '    break', '    pass')
loop_prog("for_continue_skips_wide", "`continue` skips the two-axis choice before the call.",
          ['outs = []', 'for a in CHOICES:', '    if "j" in a:', '        continue', '    outs.append(reduce_rows(mesh, x, a))', 'return outs'],
          '        continue', '        pass')
loop_prog("zip_truncates", "zip stops at the shorter iterable: only the first choice is used.",
          ['return [reduce_rows(mesh, x, a) for a, _ in zip(CHOICES, range(1))]'],
          'range(1))]', 'range(2))]')
loop_prog("islice_first", "itertools.islice(CHOICES, 1) yields the first choice only.",
          ['return [reduce_rows(mesh, x, a) for a in itertools.islice(CHOICES, 1)]'],
          'itertools.islice(CHOICES, 1)]', 'itertools.islice(CHOICES, 2)]', imports="import itertools\n")
loop_prog("any_short_circuit_calls", "any() stops at the first true element: the second call never runs.",
          ['return any(reduce_rows(mesh, x, a) is not None for a in CHOICES)'],
          'is not None for a in CHOICES)', 'is None for a in CHOICES)')
loop_prog("dictcomp_filter", "A dict comprehension filters the choices by length.",
          ['return {a: reduce_rows(mesh, x, a) for a in CHOICES if len(a) < 2}'],
          'if len(a) < 2}', 'if len(a) < 3}')
loop_prog("takewhile_stops", "takewhile stops at the first two-axis choice.",
          ['return [reduce_rows(mesh, x, a) for a in itertools.takewhile(lambda a: len(a) == 1, CHOICES)]'],
          'lambda a: len(a) == 1, CHOICES)]', 'lambda a: len(a) >= 1, CHOICES)]', imports="import itertools\n")
loop_prog("filter_builtin", "filter() drops the choices naming j.",
          ['return [reduce_rows(mesh, x, a) for a in filter(lambda a: "j" not in a, CHOICES)]'],
          'filter(lambda a: "j" not in a, CHOICES)]', 'filter(lambda a: "k" not in a, CHOICES)]')
loop_prog("while_index_bound", "The while loop runs for index 0 only.",
          ['k, outs = 0, []', 'while k < 1:', '    outs.append(reduce_rows(mesh, x, CHOICES[k]))', '    k += 1', 'return outs'],
          '    while k < 1:', '    while k < 2:')
loop_prog("return_inside_loop", "The loop returns from main in its first round.",
          ['for a in CHOICES:', '    return reduce_rows(mesh, x, a)'],
          '        return reduce_rows(mesh, x, a)', '        reduce_rows(mesh, x, a)')
loop_prog("map_lazy_first", "map is lazy: next() runs the first call only.",
          ['return next(map(lambda a: reduce_rows(mesh, x, a), CHOICES))'],
          'return next(map(lambda a: reduce_rows(mesh, x, a), CHOICES))', 'return list(map(lambda a: reduce_rows(mesh, x, a), CHOICES))')
loop_prog("enumerate_index_guard", "The index guard keeps round 0 only.",
          ['return [reduce_rows(mesh, x, a) for k, a in enumerate(CHOICES) if k == 0]'],
          'if k == 0]', 'if k >= 0]')

# -- key_paths.py: a tree_map_with_path branch for a key the tree does not have ---------------------------------
def path_prog(name, doc, cond, tree, old, new):
    text = "@REDUCE@\n\n\ndef main(mesh, x):\n    def visit(path, leaf):\n" + \
        f"        if {cond}:\n            return reduce_rows(mesh, leaf, (\"i\", \"j\"))\n" + \
        "        return reduce_rows(mesh, leaf, (\"i\",))\n" + \
        f"    return jax.tree_util.tree_map_with_path(visit, {tree})\n"
    prog(name, doc, text, old, new)


path_prog("path_key_absent", "No leaf has the key 'w': the two-axis branch never runs.", 'path[0].key == "w"', '{"b": x, "c": x}', '{"b": x, "c": x}', '{"b": x, "w": x}')
path_prog("keystr_absent", "keystr of no path is \"['w']\".", 'jax.tree_util.keystr(path) == "[\'w\']"', '{"b": x}', '{"b": x}', '{"w": x}')
path_prog("sequence_index_absent", "A 2-tuple has no index 2.", 'path[0].idx == 2', '(x, x)', '(x, x)', '(x, x, x)')
path_prog("path_depth_two_absent", "A flat dict's paths have length 1.", 'len(path) == 2', '{"b": x}', '{"b": x}', '{"b": {"c": x}}')

# -- logging into a stream the program reads back; warnings filters ------------------------------------------------
axes_prog("log_stream_level_filtered", "The INFO record is below the root's WARNING level: only 'i' reaches the stream.", "",
          ['buf = io.StringIO()', 'log = logging.getLogger("job.stream")', 'log.addHandler(logging.StreamHandler(buf))', 'log.info("i j")', 'log.warning("i")', 'axes = tuple(buf.getvalue().split()[-1:]) if len(buf.getvalue().split()) == 1 else ("i", "j")'],
          'log.info("i j")', 'log.error("i j")', imports="import io\nimport logging\n")
axes_prog("log_stream_logger_level", "setLevel(ERROR) drops the WARNING record.", "",
          ['buf = io.StringIO()', 'log = logging.getLogger("job.level")', 'log.addHandler(logging.StreamHandler(buf))', 'log.setLevel(logging.ERROR)', 'log.warning("j")', 'log.error("i")', 'axes = tuple(buf.getvalue().split())'],
          'log.setLevel(logging.ERROR)', 'log.setLevel(logging.WARNING)', imports="import io\nimport logging\n")
axes_prog("log_stream_formatter", "The handler's formatter writes only the message.", "",
          ['buf = io.StringIO()', 'handler = logging.StreamHandler(buf)', 'handler.setFormatter(logging.Formatter("%(message)s"))', 'log = logging.getLogger("job.fmt")', 'log.addHandler(handler)', 'log.warning("i")', 'axes = tuple(buf.getvalue().split())'],
          'handler.setFormatter(logging.Formatter("%(message)s"))', 'handler.setFormatter(logging.Formatter("%(message)s j"))', imports="import io\nimport logging\n")
axes_prog("warnings_ignore_inside_error", "An inner 'ignore' filter wins over the outer 'error' one.", "",
          ['warnings.simplefilter("error")', 'with warnings.catch_warnings():', '    warnings.simplefilter("ignore")', '    try:', '        warnings.warn("deprecated layout")', '        axes = ("i",)', '    except UserWarning:', '        axes = ("i", "j")'],
          '    warnings.simplefilter("ignore")', '    warnings.simplefilter("error")', imports="import warnings\n")
axes_prog("warnings_category_mismatch", "An 'error' filter for DeprecationWarning lets a UserWarning through as a warning.", "",
          ['with warnings.catch_warnings():', '    warnings.simplefilter("ignore")', '    warnings.simplefilter("error", DeprecationWarning)', '    try:', '        warnings.warn("layout")', '        axes = ("i",)', '    except Warning:', '        axes = ("i", "j")'],
          '    warnings.simplefilter("error", DeprecationWarning)', '    warnings.simplefilter("error", UserWarning)', imports="import warnings\n")

# -- trace-time side effects: JAX runs a function's Python once per trace, and traces every branch ------------------
TRACE_PRE = 'CFG = {"axes": ("i", "j")}\nTRACES = []\n'
axes_prog("vmap_body_traced_once", "vmap runs the function's Python once, not once per row.", TRACE_PRE,
          ['jax.vmap(lambda r: TRACES.append(1) or r)(np.ones((8, 2)))', 'axes = ("i", "j")[: len(TRACES)]'],
          'jax.vmap(lambda r: TRACES.append(1) or r)(np.ones((8, 2)))', 'list(map(lambda r: TRACES.append(1) or r, np.ones((2, 2))))')
axes_prog("scan_body_traced_once", "scan traces its body once, whatever the length.", TRACE_PRE,
          ['jax.lax.scan(lambda c, r: (TRACES.append(1) or c, r), 0.0, np.ones((8, 2)))', 'axes = ("i", "j")[: len(TRACES)]'],
          'jax.lax.scan(lambda c, r: (TRACES.append(1) or c, r), 0.0, np.ones((8, 2)))', '[TRACES.append(1) for _ in np.ones((2, 2))]')
axes_prog("fori_body_traced_once", "fori_loop traces its body once.", TRACE_PRE,
          ['jax.lax.fori_loop(0, 3, lambda k, c: TRACES.append(k) or c, 0.0)', 'axes = ("i", "j")[: len(TRACES)]'],
          'jax.lax.fori_loop(0, 3, lambda k, c: TRACES.append(k) or c, 0.0)', '[TRACES.append(k) for k in range(2)]')
axes_prog("cond_traces_both_branches", "lax.cond traces both branches, even for a concrete predicate.", TRACE_PRE,
          ['jax.lax.cond(True, lambda v: v, lambda v: CFG.update(axes=("i",)) or v, 1.0)', 'axes = CFG["axes"]'],
          'jax.lax.cond(True, lambda v: v, lambda v: CFG.update(axes=("i",)) or v, 1.0)', '(lambda v: v)(1.0)')
axes_prog("switch_traces_all_branches", "lax.switch traces every branch.", TRACE_PRE,
          ['jax.lax.switch(0, [lambda v: v, lambda v: CFG.update(axes=("i",)) or v], 1.0)', 'axes = CFG["axes"]'],
          'jax.lax.switch(0, [lambda v: v, lambda v: CFG.update(axes=("i",)) or v], 1.0)', '[lambda v: v, lambda v: CFG.update(axes=("i",)) or v][0](1.0)')
axes_prog("make_jaxpr_runs_python", "make_jaxpr traces the function: its Python runs once.", TRACE_PRE,
          ['jax.make_jaxpr(lambda v: CFG.update(axes=("i",)) or v)(1.0)', 'axes = CFG["axes"]'],
          'jax.make_jaxpr(lambda v: CFG.update(axes=("i",)) or v)(1.0)', 'jax.make_jaxpr(lambda v: v)(1.0)')
axes_prog("grad_traces_once", "grad runs the function's Python once.", TRACE_PRE,
          ['jax.grad(lambda v: TRACES.append(1) or v * v)(1.0)', 'axes = ("i", "j")[: len(TRACES)]'],
          'jax.grad(lambda v: TRACES.append(1) or v * v)(1.0)', 'jax.grad(lambda v: TRACES.append(1) or TRACES.append(2) or v * v)(1.0)')
axes_prog("while_cond_traced_once", "while_loop traces cond and body once each.", TRACE_PRE,
          ['jax.lax.while_loop(lambda c: TRACES.append(1) or c < 3, lambda c: c + 1, 0)', 'axes = ("i", "j")[: len(TRACES)]'],
          'jax.lax.while_loop(lambda c: TRACES.append(1) or c < 3, lambda c: c + 1, 0)', 'jax.lax.while_loop(lambda c: TRACES.append(1) or c < 3, lambda c: TRACES.append(2) or c + 1, 0)')
axes_prog("lower_traces_once", "jit(f).lower(x) traces; a later call of the same jit reuses that trace.", TRACE_PRE,
          ['f = jax.jit(lambda v: TRACES.append(1) or v * 2)', 'f.lower(x)', 'f(x)', 'axes = ("i", "j")[: len(TRACES)]'],
          '    f(x)\n', '    f(np.ones(3))\n')

# -- an exception of the program's own that always stops the job before the wide call --------------------------------
prog("early_stop_exception", "run() raises StopJob before the wide call; main catches it.", '''
@REDUCE@


class StopJob(Exception):
    pass


def checkpoint_and_stop(result):
    jax.block_until_ready(result)
    raise StopJob


def run(mesh, x):
    checkpoint_and_stop(reduce_rows(mesh, x, ("i",)))
    return reduce_rows(mesh, x, ("i", "j"))


def main(mesh, x):
    try:
        return run(mesh, x)
    except StopJob:
        return None
''', "    raise StopJob", "    return None")
prog("early_stop_single_call", "A helper always raises StopJob before the only call; main catches it.", '''
@REDUCE@


class StopJob(Exception):
    pass


def stop():
    raise StopJob


def run(mesh, x):
    axes = ("i", "j")
    stop()
    return reduce_rows(mesh, x, axes)


def main(mesh, x):
    try:
        return run(mesh, x)
    except StopJob:
        return None
''', "    raise StopJob", "    return None")
axes_prog("switch_tuple_branches_traced", "lax.switch with a tuple of branches traces each of them.", TRACE_PRE + '\n\ndef narrow(v):\n    CFG["axes"] = ("i",)\n    return v',
          ['jax.lax.switch(1, (lambda v: v, narrow), 1.0)', 'axes = CFG["axes"]'],
          'jax.lax.switch(1, (lambda v: v, narrow), 1.0)', '(lambda v: v)(1.0)')
axes_prog("piecewise_traces_functions", "jnp.piecewise traces every function it is given.", TRACE_PRE + '\n\ndef narrow(v):\n    CFG["axes"] = ("i",)\n    return v',
          ['jnp.piecewise(jnp.arange(3.0), [jnp.arange(3.0) < 1], [narrow, lambda v: v])', 'axes = CFG["axes"]'],
          'jnp.piecewise(jnp.arange(3.0), [jnp.arange(3.0) < 1], [narrow, lambda v: v])', 'jnp.piecewise(jnp.arange(3.0), [jnp.arange(3.0) < 1], [0.0, lambda v: v])')

# -- callers.py: what reaches the parameter, by default, spread dict or spread list -------------------------------
prog("default_bound_at_def_time", "A default is evaluated when the def runs: the later rebinding of AXES does not change it.", '''
AXES = ("i",)


def reduce_rows(mesh, x, axes=AXES):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


AXES = ("i", "j")


def main(mesh, x):
    return reduce_rows(mesh, x)
''', 'AXES = ("i",)\n\n\ndef reduce_rows', 'AXES = ("i", "j")\n\n\ndef reduce_rows')
axes_prog("spread_dict_updated", "The keyword dict is updated before it is spread into the call.", "",
          ['opts = {"axes": ("i", "j")}', 'opts.update(axes=("i",))', 'axes = opts["axes"]'],
          'opts.update(axes=("i",))', 'opts.update(other=("i",))')
prog("spread_kwargs_updated", "reduce_rows(mesh, x, **opts) with opts updated first.", '''
@REDUCE@


def main(mesh, x):
    opts = {"axes": ("i", "j")}
    opts.update(axes=("i",))
    return reduce_rows(mesh, x, **opts)
''', '    opts.update(axes=("i",))', '    opts.update(axes=("i", "j"))')
prog("spread_args_list_item_set", "reduce_rows(*args) with the list's item replaced first.", '''
@REDUCE@


def main(mesh, x):
    args = [mesh, x, ("i", "j")]
    args[2] = ("i",)
    return reduce_rows(*args)
''', '    args[2] = ("i",)', '    args[1] = x')
prog("spread_kwargs_setdefault_kept", "setdefault keeps the value the dict already has.", '''
@REDUCE@


def main(mesh, x):
    opts = {"axes": ("i",)}
    opts.setdefault("axes", ("i", "j"))
    return reduce_rows(mesh, x, **opts)
''', '    opts = {"axes": ("i",)}', '    opts = {}')
prog("spread_kwargs_del_key_default", "del of the key lets the parameter's default in.", '''

def reduce_rows(mesh, x, axes=("i",)):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    opts = {"axes": ("i", "j")}
    del opts["axes"]
    return reduce_rows(mesh, x, **opts)
''', '    del opts["axes"]', '    opts["axes"]')
prog("spread_kwargs_pop_key", "opts.pop removes the key: the default is used.", '''

def reduce_rows(mesh, x, axes=("i",)):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    opts = {"axes": ("i", "j")}
    opts.pop("axes")
    return reduce_rows(mesh, x, **opts)
''', '    opts.pop("axes")', '    opts.get("axes")')
prog("spread_kwargs_helper_fills", "A helper overwrites the key in the dict it is given.", '''
@REDUCE@


def narrow(opts):
    opts["axes"] = ("i",)


def main(mesh, x):
    opts = {"axes": ("i", "j")}
    narrow(opts)
    return reduce_rows(mesh, x, **opts)
''', '    narrow(opts)', '    len(opts)')

# -- script_stores.py: NumPy arrays JAX hands back read-only ----------------------------------------------------------
axes_prog("asarray_readonly_store", "np.asarray of a jax.Array is read-only: the store raises ValueError, caught here.", "",
          ['host = np.asarray(x)', 'try:', '    host[0, 0] = 0.0', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'host = np.asarray(x)', 'host = np.array(x)')
axes_prog("device_get_readonly_store", "jax.device_get gives a read-only NumPy array.", "",
          ['host = jax.device_get(x)', 'try:', '    host[0] = 0.0', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'host = jax.device_get(x)', 'host = jax.device_get(x).copy()')
axes_prog("asarray_readonly_inplace_add", "In-place += on the read-only host copy raises ValueError.", "",
          ['host = np.asarray(x)', 'try:', '    host += 1.0', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'host = np.asarray(x)', 'host = np.array(x)')
axes_prog("asarray_readonly_sort", "ndarray.sort in place on the read-only host copy raises ValueError.", "",
          ['host = np.asarray(x)', 'try:', '    host.sort(axis=1)', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'host = np.asarray(x)', 'host = np.asarray(x).copy()')
shape_prog("helper_readonly_store", "A helper writes into np.asarray(x); the caller falls back on the ValueError.",
           ['host = np.asarray(jnp.ones(4))', 'host[0] = 0.0'], 'host = np.asarray(jnp.ones(4))', 'host = np.array(jnp.ones(4))')
