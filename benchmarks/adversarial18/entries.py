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
          ['cfg = Lower()', 'cfg.data["AXES"] = ("i", "j")', 'cfg["AXES2"] = ("i",)', 'axes = cfg.get("axes2", cfg.data.get("axes", ("i",)))'],
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
          '    double(x)\n    axes', '    double(x[:4])\n    axes')
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
          'x.reshape(3, -1)', 'x.reshape(4, -1)')
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
