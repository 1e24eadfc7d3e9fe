# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error. The probe
# programs are shard_map bodies (see gen_clean.probe).


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old, new, imports=""):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    if old in test:  # (the edit made inside the test's own line)
        old, new = f"if {test} else", f"if {test.replace(old, new, 1)} else"
    axes_prog(name, doc, pre, [f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old, new, imports=""):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j")."""
    if old in stmt:
        old, new = f"    {stmt}\n", f"    {stmt.replace(old, new, 1)}\n"
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              old, new, imports=imports)


# == A. mapping_proxies.py: keys()/values()/items() are one-shot iterators (Python: live, re-iterable views) =====
MP = 'import types\n'
BASE2 = 'D = {"a": 1, "b": 2}\nBASE = types.MappingProxyType(D)'
for view, test, old, new in (
        ("keys", 'len(list(KS)) + len(list(KS)) == 4', "== 4", "== 2"),
        ("keys", '"b" in KS and "a" in KS', '"a" in KS', '"z" in KS'),
        ("keys", 'len(KS) == 2', "== 2", "== 3"),
        ("keys", 'KS == {"a", "b"}', '{"a", "b"}', '{"a", "z"}'),
        ("keys", '(KS & {"a"}) == {"a"}', '== {"a"}', '== {"b"}'),
        ("keys", 'KS.isdisjoint({"z"})', '"z"', '"a"'),
        ("keys", 'list(reversed(KS)) == ["b", "a"]', '["b", "a"]', '["a", "b"]'),
        ("keys", 'sorted(KS) == sorted(KS) == ["a", "b"]', '== ["a", "b"]', '== ["b", "a"]'),
        ("values", 'sum(KS) + sum(KS) == 6', "== 6", "== 3"),
        ("values", 'len(KS) == 2', "== 2", "== 0"),
        ("values", 'max(KS) == 2 and min(KS) == 1', "min(KS) == 1", "min(KS) == 2"),
        ("items", 'len(list(KS)) == len(list(KS)) == 2', "== 2", "== 0"),
        ("items", '("b", 2) in KS and ("a", 1) in KS', '("a", 1) in KS', '("a", 3) in KS'),
        ("items", 'len(KS) == 2', "== 2", "== 1"),
        ("items", 'dict(KS) == dict(KS)', 'dict(KS) == dict(KS)', 'dict(KS) != dict(KS)'),
        ("items", 'KS == {("a", 1), ("b", 2)}', '("b", 2)}', '("b", 3)}')):
    n = sum(1 for k in P if k.startswith(f"proxy_{view}_view"))
    pick(f"proxy_{view}_view_{n}", f"mappingproxy.{view}() is a re-iterable, sized, set-like view (n={n}).",
         BASE2 + f"\nKS = BASE.{view}()", test, old, new, imports=MP)
pick("proxy_keys_live", "mappingproxy.keys() is a live view: a key added to the dict after is in it.",
     BASE2 + '\nKS = BASE.keys()\nD["c"] = 3', '"c" in KS', '"c" in KS', '"z" in KS', imports=MP)
pick("proxy_values_live", "mappingproxy.values() is a live view of the dict's values.",
     BASE2 + '\nVS = BASE.values()\nD["c"] = 30', '30 in VS', '30 in VS', '31 in VS', imports=MP)
pick("proxy_items_live_len", "len(mappingproxy.items()) follows the dict.",
     BASE2 + '\nIT = BASE.items()\nD["c"] = 3', 'len(IT) == 3', "== 3", "== 2", imports=MP)
pick("proxy_keys_empty_false", "The keys view of an empty mappingproxy is falsy.",
     'EMPTY = types.MappingProxyType({})', 'not EMPTY.keys()', 'not EMPTY', 'EMPTY', imports=MP)
pick("proxy_values_empty_false", "The values view of an empty mappingproxy is falsy.",
     'EMPTY = types.MappingProxyType({})', 'not EMPTY.values()', 'not EMPTY', 'EMPTY', imports=MP)
pick("proxy_keys_in_loop_twice", "Looping over one keys view twice sees both keys twice.",
     BASE2 + '\nKS = BASE.keys()\nSEEN = [k for k in KS] + [k for k in KS]', 'len(SEEN) == 4', "== 4", "== 2", imports=MP)
pick("proxy_keys_passed_twice", "A helper walking a keys view it is given twice.",
     BASE2 + '\n\n\ndef count_twice(view):\n    return sum(1 for _ in view) + sum(1 for _ in view)',
     'count_twice(BASE.keys()) == 4', "== 4", "== 2", imports=MP)
pick("proxy_items_in_dict_twice", "dict(view) twice from one items view gives two equal dicts.",
     BASE2 + '\nIT = BASE.items()\nFIRST = dict(IT)\nSECOND = dict(IT)', 'FIRST == SECOND', 'FIRST == SECOND', 'FIRST != SECOND', imports=MP)
# -- other mappingproxy behaviour
for test, old, new, what in (
        ('BASE == {"a": 1, "b": 2}', '"b": 2}', '"b": 3}', "equals the dict it shows"),
        ('BASE == types.MappingProxyType({"a": 1, "b": 2})', '"b": 2})', '"b": 5})', "equals another proxy of an equal dict"),
        ('not (BASE != D)', "not (BASE != D)", "(BASE != D)", "is not unequal to its dict"),
        ('BASE in [{"a": 1, "b": 2}]', '"b": 2}]', '"b": 0}]', "is found in a list of an equal dict"),
        ('[{"a": 1, "b": 2}].count(BASE) == 1', "== 1", "== 0", "is counted in a list by =="),
        ('isinstance(BASE, collections.abc.Mapping)', "isinstance(BASE", "not isinstance(BASE", "is a Mapping"),
        ('not isinstance(BASE, collections.abc.MutableMapping)', "not isinstance", "isinstance", "is no MutableMapping"),
        ('type(BASE).__name__ == "mappingproxy"', '"mappingproxy"', '"dict"', "is of type mappingproxy"),
        ('repr(BASE).startswith("mappingproxy(")', '"mappingproxy("', '"{"', "has a mappingproxy repr"),
        ('str(BASE) == "{\'a\': 1, \'b\': 2}"', "'b': 2}", "'b': 9}", "has its dict's str (only repr says mappingproxy)"),
        ('(BASE | {"c": 3})["c"] == 3', "== 3", "== 4", "supports | (a dict)"),
        ('len(BASE | {"c": 3}) == 3', "== 3", "== 2", "| gives a bigger dict"),
        ('type({"z": 0} | BASE) is dict', "is dict", "is not dict", "dict | proxy is a dict"),
        ('list(reversed(BASE)) == ["b", "a"]', '["b", "a"]', '["a", "b"]', "is reversible"),
        ('not hasattr(BASE, "setdefault")', "not hasattr", "hasattr", "has no setdefault"),
        ('not hasattr(BASE, "update")', "not hasattr", "hasattr", "has no update"),
        ('hasattr(BASE, "__getitem__")', "hasattr(BASE", "not hasattr(BASE", "has __getitem__"),
        ('f"{BASE}".startswith("{")', '"{"', '"m"', "formats as its dict"),
        ('BASE.get("a", 0) == 1 and BASE.get("z") is None', 'is None', 'is not None', "get as dict.get"),
        ('collections.Counter(BASE)["b"] == 2', "== 2", "== 1", "counts as a mapping"),
        ('sorted(BASE, reverse=True) == ["b", "a"]', '["b", "a"]', '["a", "b"]', "sorts its keys"),
        ('next(iter(BASE)) == "a"', '== "a"', '== "b"', "iterates its keys in order"),
        ('json.dumps(dict(BASE)) == \'{"a": 1, "b": 2}\'', '"b": 2}', '"b": 7}', "is dumped through dict()"),
        ('BASE.copy() is not D and BASE.copy() == D', "is not D", "is D", "copy is a new dict"),
        ('bool(BASE)', "bool(BASE)", "not bool(BASE)", "is truthy")):
    n = sum(1 for k in P if k.startswith("proxy_misc"))
    pick(f"proxy_misc_{n}", f"A mappingproxy {what}.", BASE2, test, old, new,
         imports=MP + "import collections\nimport collections.abc\nimport json\n")
for stmt, kind, old, new, what in (
        ("hash(BASE)", "TypeError", "hash(BASE)", "hash(D.get('a'))", "is unhashable"),
        ("{BASE}", "TypeError", "{BASE}", "{D.get('a')}", "cannot go in a set"),
        ("{BASE: 1}", "TypeError", "{BASE: 1}", "{D.get('a'): 1}", "cannot be a dict key"),
        ("del BASE['a']", "TypeError", "del BASE['a']", "del D['a']", "refuses a delete"),
        ("BASE['c'] = 3", "TypeError", "BASE['c'] = 3", "D['c'] = 3", "refuses a store"),
        ("BASE.update(c=3)", "AttributeError", "BASE.update(c=3)", "D.update(c=3)", "has no update"),
        ("BASE.setdefault('a', 0)", "AttributeError", "BASE.setdefault", "D.setdefault", "has no setdefault"),
        ("BASE.pop('a')", "AttributeError", "BASE.pop", "D.pop", "has no pop"),
        ("BASE.clear()", "AttributeError", "BASE.clear()", "D.clear()", "has no clear"),
        ("json.dumps(BASE)", "TypeError", "json.dumps(BASE)", "json.dumps(D)", "is not JSON serialisable"),
        ("copy.deepcopy(BASE)", "TypeError", "copy.deepcopy(BASE)", "copy.deepcopy(D)", "cannot be deep-copied"),
        ("pickle.dumps(BASE)", "TypeError", "pickle.dumps(BASE)", "pickle.dumps(D)", "cannot be pickled"),
        ("weakref.ref(BASE)", "TypeError", "weakref.ref(BASE)", "type(BASE)", "takes no weak reference"),
        ("BASE.keys().mapping['a'] = 0", "TypeError", "BASE.keys().mapping['a'] = 0", "BASE.keys()", "views' mapping is the proxy")):
    n = sum(1 for k in P if k.startswith("proxy_raises"))
    trying(f"proxy_raises_{n}", f"A mappingproxy {what} ({kind}).", BASE2, stmt, kind, old, new,
           imports=MP + "import copy\nimport json\nimport pickle\nimport weakref\n")

# == B. thread_locals.py: a module is read as one-threaded by the names it spells; a thread started
#    through a constant getattr, an aliased private starter, or a library that runs the program's
#    code on a thread of its own (logging's QueueListener) is not seen, and each thread has its own
#    attributes. Also: Python's own refusals (copy, pickle) of a threading.local ---------------------------
TH = "import threading\n"
WORKER = ('TL = threading.local()\nTL.axes = ("i",)\n\n\ndef worker():\n    TL.axes = ("i", "j")\n')
for n, (start, extra) in enumerate((
        ('getattr(threading, "Thread")(target=worker)', ""),
        ('getattr(sys.modules["threading"], "Thread")(target=worker)', "import sys\n"),
        ('getattr(threading, "Thread")(None, worker)', ""),
        ('getattr(threading, "Thread")(target=worker, daemon=True)', ""),
        ('getattr(threading, "Thread")(target=lambda: worker())', ""))):
    pre = WORKER + f'\n\nT = {start}\nT.start()\nT.join()'
    pick(f"thread_getattr_started_{n}", "A thread started through getattr(threading, 'Thread') sets its own TL.axes.",
         pre, 'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")', imports=TH + extra)
pick("thread_private_starter", "threading._start_new_thread (the _thread starter, aliased) runs worker on its own thread.",
     "import time\n" + WORKER + '\n\nDONE = []\n\n\ndef run():\n    worker()\n    DONE.append(1)\n\n\nspawn(run, ())\n'
     'while not DONE:\n    time.sleep(0.01)', 'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")',
     imports=TH + "from threading import _start_new_thread as spawn\n")
QL = ("import logging\nimport logging.handlers\nimport queue\n")
pick("thread_queue_listener_handler", "logging's QueueListener calls the handler on its own thread: TL.axes there is its own.",
     WORKER + '\n\nclass Setter(logging.Handler):\n    def emit(self, record):\n        worker()\n\n\nQ = queue.Queue()\n'
     'LISTENER = logging.handlers.QueueListener(Q, Setter())\nLISTENER.start()\nLOG = logging.getLogger("adv30")\n'
     'LOG.addHandler(logging.handlers.QueueHandler(Q))\nLOG.warning("go")\nLISTENER.stop()',
     'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")', imports=TH + QL)
pick("thread_queue_listener_unset", "On QueueListener's thread TL has no `axes` (hasattr False there).",
     'TL = threading.local()\nTL.axes = ("i",)\nSEEN = []\n\n\nclass Probe(logging.Handler):\n    def emit(self, record):\n'
     '        SEEN.append(hasattr(TL, "axes"))\n\n\nQ = queue.Queue()\nLISTENER = logging.handlers.QueueListener(Q, Probe())\n'
     'LISTENER.start()\nLOG = logging.getLogger("adv30b")\nLOG.addHandler(logging.handlers.QueueHandler(Q))\n'
     'LOG.warning("go")\nLISTENER.stop()', 'SEEN == [False]', 'SEEN == [False]', 'SEEN == [True]', imports=TH + QL)
pick("thread_subclass_getattr_started", "A threading.local subclass's __init__ runs anew on a getattr-started thread.",
     'class Rules(threading.local):\n    def __init__(self):\n        self.axes = ("i",)\n\n\nTL = Rules()\n\n\ndef worker():\n'
     '    TL.axes = ("i", "j")\n\n\nT = getattr(threading, "Thread")(target=worker)\nT.start()\nT.join()',
     'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")', imports=TH)
pick("thread_class_attr_getattr_started", "An instance attribute set on another thread leaves this thread's class default.",
     'class Rules(threading.local):\n    axes = ("i",)\n\n\nTL = Rules()\n\n\ndef worker():\n    TL.axes = ("i", "j")\n\n\n'
     'T = getattr(threading, "Thread")(target=worker)\nT.start()\nT.join()',
     'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")', imports=TH)
for n, (stmt, kind, extra) in enumerate((
        ("copy.copy(TL)", "TypeError", "import copy\n"), ("copy.deepcopy(TL)", "TypeError", "import copy\n"),
        ("pickle.dumps(TL)", "TypeError", "import pickle\n"), ("json.dumps(TL)", "TypeError", "import json\n"),
        ("TL.axes = TL.axes + TL.missing", "AttributeError", ""), ("del TL.missing", "AttributeError", ""),
        ("hash([TL])", "TypeError", ""), ("TL < TL", "TypeError", ""), ("len(TL)", "TypeError", ""),
        ("TL['axes']", "TypeError", ""), ("iter(TL)", "TypeError", ""), ("TL()", "TypeError", ""))):
    new = {"copy.copy(TL)": "copy.copy(TL.axes)", "copy.deepcopy(TL)": "copy.deepcopy(TL.axes)",
           "pickle.dumps(TL)": "pickle.dumps(TL.axes)", "json.dumps(TL)": "json.dumps(TL.axes)",
           "TL.axes = TL.axes + TL.missing": "TL.axes = TL.axes + TL.axes", "del TL.missing": "del TL.axes",
           "hash([TL])": "hash(TL)", "TL < TL": "TL == TL", "len(TL)": "len(TL.axes)", "TL['axes']": "TL.axes",
           "iter(TL)": "iter(TL.axes)", "TL()": "TL.axes"}[stmt]
    trying(f"thread_local_raises_{n}", f"`{stmt}` of a threading.local raises {kind}.",
           'TL = threading.local()\nTL.axes = ("i",)', stmt, kind, stmt, new, imports=TH + extra)
for n, (test, old, new) in enumerate((
        ('isinstance(TL, threading.local)', "isinstance(TL", "not isinstance(TL"),
        ('type(TL).__name__ == "_local"', '"_local"', '"local"'),
        ('"axes" in dir(TL)', '"axes" in', '"axes" not in'),
        ('vars(TL) == {"axes": ("i",)}', '== {"axes"', '!= {"axes"'),
        ('getattr(TL, "missing", None) is None', "is None", "is not None"),
        ('not hasattr(TL, "missing")', "not hasattr", "hasattr"),
        ('TL != threading.local()', "!=", "=="),
        ('str(TL).startswith("<_thread._local")', '"<_thread._local"', '"<local"'),
        ('bool(TL)', "bool(TL)", "not bool(TL)"))):
    pick(f"thread_local_reads_{n}", "A threading.local read as Python reads it.", 'TL = threading.local()\nTL.axes = ("i",)',
         test, old, new, imports=TH)

# == C. device_arrays.py: the layout of np.array(jax.devices()).reshape(..) is kept by id; an in-place
#    change of the array's shape (`.shape =`, `.resize`) is not a write exact_host_arrays sees -------------
for n, change in enumerate(('devs.shape = (4, 2)', 'devs.shape = 4, 2', 'setattr(devs, "shape", (4, 2))',
                            'devs.resize((4, 2), refcheck=False)', 'devs.resize(4, 2, refcheck=False)',
                            'devs.shape = devs.shape[::-1]', 'np.ndarray.resize(devs, (4, 2), refcheck=False)')):
    for m, (test, old, new) in enumerate((('grid.shape["i"] == 4', "== 4", "== 2"),
                                          ('grid.devices.shape == (4, 2)', "(4, 2)", "(2, 4)"),
                                          ('grid.axis_sizes == (4, 2)', "(4, 2)", "(2, 4)"))):
        if m and n > 2:
            continue
        axes_prog(f"device_array_shape_changed_{n}_{m}", "The device grid's shape is changed in place before the Mesh is made.",
                  "", ["devs = np.array(jax.devices()).reshape(2, 4)", change, 'grid = jax.sharding.Mesh(devs, ("i", "j"))',
                       f'axes = ("i",) if {test} else ("i", "j")'], f"if {test} else",
                  f"if {test.replace(old, new, 1)} else")
axes_prog("device_array_flat_shape_set", "A flat device array given a 2-D shape by `.shape =`, reshaped again by .reshape.",
          "", ["devs = np.array(jax.devices()).reshape(8)", "devs.shape = (4, 2)", "devs = devs.reshape(4, 2)",
               'grid = jax.sharding.Mesh(devs, ("i", "j"))', 'axes = ("i",) if grid.shape["i"] == 4 else ("i", "j")'],
          'grid.shape["i"] == 4', 'grid.shape["i"] == 2')

# == D. device_placed.py: jnp.zeros/ones/empty/full with a NamedSharding `device=`: JAX raises where the
#    sharding does not fit the shape -------------------------------------------------------------------------
NS = "from jax.sharding import NamedSharding\n"
for n, (call, fixed, kind) in enumerate((
        ('jnp.zeros((5, 8), device=NamedSharding(mesh, P("i", "j")))', "(8, 8)", "Exception"),
        ('jnp.ones((8,), device=NamedSharding(mesh, P("i", "j")))', "(8, 8)", "IndexError"),
        ('jnp.full((6, 8), 1.0, device=NamedSharding(mesh, P("j")))', "(8, 8)", "Exception"),
        ('jnp.empty((2, 3), device=NamedSharding(mesh, P(None, "j")))', "(2, 4)", "Exception"),
        ('jnp.zeros((8, 8), device=NamedSharding(mesh, P("k")))', '"i"', "ValueError"),
        ('jnp.zeros((2, 8), jnp.float32, device=NamedSharding(mesh, P(("i", "j"))))', "(8, 8)", "Exception"),
        ('jnp.ones((8, 6), device=NamedSharding(mesh, P("i", "j")))', "(8, 8)", "Exception"),
        ('jnp.full((8, 2), 0.5, jnp.float32, device=NamedSharding(mesh, P(None, ("i", "j"))))', "(8, 8)", "Exception"))):
    bad = '"k"' if n == 4 else "(" + call.split("((", 1)[1].split(")")[0] + ")"
    trying(f"placed_unfit_{n}", "A NamedSharding given as device= that does not fit the shape: JAX raises at the call.",
           "", call, kind, bad, fixed, imports=NS)
axes_prog("placed_spec_read", "The placed array's spec read back (JAX keeps the spec as given).", "",
          ['z = jnp.zeros((8, 8), device=jax.sharding.NamedSharding(mesh, P("i", None)))',
           'axes = tuple(a for a in z.sharding.spec if a is not None)'], 'P("i", None)', 'P("i", "j")')

# == E. nn_initializers.py: the initializer's array is a random draw of the key's state and shape only ====
INIT = "jax.nn.initializers"
for n, (fac, shape) in enumerate((("lecun_normal()", "(0, 4)"), ("glorot_normal()", "(0, 4)"), ("he_uniform()", "(4, 0)"),
                                  ('variance_scaling(1.0, "fan_in", "normal")', "(0, 3)"), ("glorot_normal()", "(2, 0, 4)"),
                                  ("xavier_uniform()", "(0, 3)"), ("kaiming_normal()", "(0, 2)"), ("lecun_uniform()", "(3, 0)"),
                                  ('variance_scaling(2.0, "fan_avg", "uniform")', "(0, 0)"), ("he_normal(in_axis=0, out_axis=1)", "(0, 5)"))):
    trying(f"init_zero_fan_{n}", f"{INIT}.{fac} on a shape with a zero fan divides by zero (ZeroDivisionError).",
           "", f"W = {INIT}.{fac}(jax.random.key(0), {shape})", "ZeroDivisionError", shape, "(2, 4)")
for n, (fac, fix) in enumerate((("normal(jnp.ones(3))", "normal(1.0)"), ("uniform(jnp.ones(3))", "uniform(1.0)"),
                                ("truncated_normal(jnp.ones(3))", "truncated_normal(1.0)"), ("constant(jnp.ones(3))", "constant(1.0)"),
                                ('normal("a")', "normal(0.5)"), ("normal([1.0, 2.0])", "normal(2.0)"),
                                ("constant(np.ones((2, 2)))", "constant(3.0)"), ("uniform(np.ones(5))", "uniform(5.0)"))):
    trying(f"init_bad_option_{n}", f"{INIT}.{fac}: the option does not broadcast to the shape (ValueError when it runs).",
           "", f"W = {INIT}.{fac}(jax.random.key(0), (4, 4))", "ValueError", fac, fix)
for n, (fac, twin) in enumerate((("normal(block[0, 0])", "normal(rows[0, 0])"), ("uniform(block[0, 0])", "uniform(rows[0, 0])"),
                                 ("truncated_normal(block[0, 0])", "truncated_normal(rows[0, 0])"),
                                 ("constant(block[0, 0])", "constant(rows[0, 0])"),
                                 ('variance_scaling(block[0, 0], "fan_in", "normal")', 'variance_scaling(rows[0, 0], "fan_in", "normal")'),
                                 ("normal(1.0 + block[0, 0])", "normal(1.0 + rows[0, 0])"))):
    probe(f"init_varying_option_{n}", "The initializer's array varies where its option does (i and j), not only where the key does (i).",
          ['key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i"))', f"init = {INIT}.{fac}",
           "w = init(key, (2, 2))", 'return jax.lax.psum(w, ("i", "j"))'], fac, twin)
for n, (fac, twin) in enumerate((("normal(block[0, 0])", "normal(1.0)"), ("constant(block[0, 0])", "constant(2.0)"))):
    probe(f"init_varying_option_gather_{n}", "An initializer with an invariant key and a varying option: its array varies on i and j.",
          [f"w = {INIT}.{fac}(jax.random.key(0), (2, 2))", 'return jax.lax.psum(jax.lax.psum(w, "j"), "i")'],
          'psum(jax.lax.psum(w, "j"), "i")', 'psum(jax.lax.psum(w, "j"), ("i", "j"))')

# == F. jax_options.py: options the run goes past, read back -------------------------------------------------------
for n, (setup, test, restore, old, new) in enumerate((
        ('jax.config.update("jax_threefry_partitionable", False)', "not jax.config.jax_threefry_partitionable",
         'jax.config.update("jax_threefry_partitionable", True)', "not jax.config", "jax.config"),
        ('jax.config.update("jax_default_prng_impl", "rbg")', 'jax.config.jax_default_prng_impl == "rbg"',
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', '== "rbg"', '== "threefry2x32"'),
        ('jax.config.update("jax_default_prng_impl", "rbg")', "jax.random.PRNGKey(0).shape == (4,)",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "(4,)", "(2,)"),
        ('jax.config.update("jax_default_prng_impl", "unsafe_rbg")', "jax.random.PRNGKey(0).shape[0] == 4",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "== 4", "== 2"),
        ('jax.config.update("jax_default_prng_impl", "rbg")', "len(jax.random.PRNGKey(1)) == 4",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "== 4", "== 2"),
        ('jax.config.update("jax_default_prng_impl", "rbg")', "jax.random.PRNGKey(2).size == 4",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "== 4", "== 2"),
        ('jax.config.update("jax_default_prng_impl", "rbg")', "jax.random.key_data(jax.random.key(0)).shape == (4,)",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "(4,)", "(2,)"),
        ('jax.config.update("jax_default_prng_impl", "rbg")', "jax.random.split(jax.random.PRNGKey(0)).shape == (2, 4)",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "(2, 4)", "(2, 2)"),
        ('jax.config.update("jax_default_matmul_precision", "highest")', 'jax.config.jax_default_matmul_precision == "highest"',
         'jax.config.update("jax_default_matmul_precision", None)', '== "highest"', '== "high"'),
        ('jax.config.update("jax_traceback_filtering", "off")', 'jax.config.jax_traceback_filtering == "off"',
         'jax.config.update("jax_traceback_filtering", "auto")', '== "off"', '== "auto"'),
        ('jax.config.update("jax_log_compiles", False)', "jax.config.jax_log_compiles is False",
         'jax.config.update("jax_log_compiles", False)', "is False", "is True"),
        ('jax.config.update("jax_default_prng_impl", "rbg")', "jax.random.PRNGKey(0).shape[-1] != 2",
         'jax.config.update("jax_default_prng_impl", "threefry2x32")', "!= 2", "== 2"))):
    axes_prog(f"option_read_{n}", "A JAX option set by jax.config.update, then read back (restored after).", "",
              [setup, f'axes = ("i",) if {test} else ("i", "j")', restore], f"if {test} else", f"if {test.replace(old, new, 1)} else")

# == G. closure_cells.py: a made function changing its cell by a spelling not listed (dict.update(state),
#    a list display, getattr(..)(..), methodcaller, object.__setattr__, a nested object's method) -----------------
CHANGERS = (
    ('{"axes": ("i", "j")}', 'state["axes"]', 'dict.update(state, axes=axes)'),
    ('{"axes": ("i", "j")}', 'state["axes"]', '[state][0]["axes"] = axes'),
    ('{"axes": ("i", "j")}', 'state["axes"]', 'getattr(state, "update")(axes=axes)'),
    ('{"axes": ("i", "j")}', 'state["axes"]', 'operator.methodcaller("update", axes=axes)(state)'),
    ('{"axes": ("i", "j")}', 'state["axes"]', 'state.__setitem__("axes", axes)'),
    ('{"axes": ("i", "j")}', 'state["axes"]', 'dict.__setitem__(state, "axes", axes)'),
    ('[("i", "j")]', 'state[-1]', 'list.append(state, axes)'),
    ('{"axes": [("i", "j")]}', 'state["axes"][-1]', 'state.get("axes").append(axes)'),
    ('types.SimpleNamespace(axes=("i", "j"))', 'state.axes', 'vars(state)["axes"] = axes'),
    ('types.SimpleNamespace(axes=("i", "j"))', 'state.axes', 'object.__setattr__(state, "axes", axes)'),
    ('{"axes": ("i", "j")}', 'state["axes"]', '(state,)[0]["axes"] = axes'),
    ('{"axes": ("i", "j")}', 'state["axes"]', 'state.__ior__({"axes": axes})'),
    ('[("i", "j")]', 'state[0]', 'state.__setitem__(0, axes)'),
    ('[("i", "j")]', 'state[-1]', 'state.__iadd__([axes])'),
)
for n, (made, read, change) in enumerate(CHANGERS):
    for stop in (False, True):
        pre = (f"def make():\n    state = {made}\n\n    def get():\n        return {read}\n\n    def put(axes):\n"
               f"        {change}\n    return get, put\n\n\nGET, PUT = make()\n")
        pre += "ctypes.sizeof(ctypes.c_double)\n" if stop else ""
        pre += 'PUT(("i",))'
        axes_prog(f"cell_changed_{n}{'_stop' if stop else ''}", f"A made function changes its closure cell by `{change}`.",
                  pre, ["axes = GET()"], 'PUT(("i",))', 'PUT(("i", "j"))', imports="import ctypes\nimport operator\nimport types\n")

# == H. state_transforms.cast_reduced: grad through arithmetic on all_gather(to='reduced') -----------------------------
for n, (expr, twin) in enumerate((
        ("jnp.sum(w) * p", None), ("p * jnp.sum(w)", None), ("jnp.sum(w) + p", None),
        ("jnp.where(p > 0, jnp.sum(w), p)", None), ("jnp.einsum('ij,->ij', p, jnp.sum(w))", None),
        ("jnp.maximum(jnp.sum(w), p)", None))):
    probe(f"grad_reduced_cast_{n}", f"grad of a loss through w = all_gather(p, 'i', to='reduced') (form {n}): the cotangent comes back unreduced.",
          ["def loss(p):", '    w = jax.lax.all_gather(p, "i", axis=0, tiled=True, to="reduced")', f"    return jnp.sum({expr})",
           "g = jax.grad(loss)(block)", 'return jax.lax.psum(g, ("i", "j"))'], 'psum(g, ("i", "j"))', 'psum(jax.lax.psum(g, "j"), ("i", "j"))')

# ===================== batch 2: variants around the first findings =====================
# -- A. mappingproxy: views' truth, == through containers, hashing
for n, (test, old, new) in enumerate((
        ("bool(EMPTY.keys()) is False", "is False", "is True"), ("not EMPTY.items()", "not EMPTY", "EMPTY"),
        ("(EMPTY.keys() or None) is None", "is None", "is not None"), ("not any([EMPTY.values()])", "not any", "any"),
        ("len(EMPTY.keys()) == 0", "== 0", "== 1"), ("list(EMPTY.items()) == []", "== []", "!= []"),
        ("BASE.keys() == BASE.keys()", "==", "!="), ("BASE.items() == BASE.items()", "==", "!="),
        ("BASE.values() != BASE.values()", "!=", "=="))):
    pick(f"proxy_view_truth_{n}", "Views of a mappingproxy are sized, falsy when empty, and compare as sets (values by identity).",
         BASE2 + "\nEMPTY = types.MappingProxyType({})", test, old, new, imports=MP)
for n, (test, old, new) in enumerate((
        ("[D].index(BASE) == 0", "[D]", "[None, D]"), ("(D,).count(BASE) == 1", "== 1", "== 0"),
        ("[BASE, D].count(D) == 2", "== 2", "== 1"), ("collections.Counter(BASE).total() == 3", "== 3", "== 2"),
        ("collections.Counter(BASE).most_common(1)[0] == ('b', 2)", "('b', 2)", "('b', 1)"),
        ("sum(collections.Counter(BASE).values()) == 3", "== 3", "== 2"),
        ("collections.Counter(BASE) == collections.Counter(D)", "==", "!="),
        ("collections.ChainMap(BASE)['b'] == 2", "== 2", "== 1"), ("[D, D].count(BASE) == 2", "== 2", "== 0"),
        ("sorted([BASE, BASE], key=len) == [D, D]", "== [D, D]", "!= [D, D]"), ("operator.eq(BASE, D)", "operator.eq", "operator.ne"),
        ("BASE.__eq__(D) is True", "is True", "is False"), ("max([BASE], key=len) == D", "== D", "!= D"))):
    pick(f"proxy_equal_{n}", "A mappingproxy compares equal to its dict (==, count, index), and Counter reads it as a mapping.",
         BASE2, test, old, new, imports=MP + "import collections\nimport operator\n")
for n, (stmt, fix) in enumerate((("frozenset([BASE])", "frozenset(BASE)"), ("set([BASE])", "set(BASE)"), ("dict.fromkeys([BASE])", "dict.fromkeys(BASE)"),
                                 ("BASE in {1, 2}", "'a' in {1, 2}"), ("BASE in {'a': 1}", "'a' in {'a': 1}"), ("{}.get(BASE)", "{}.get('a')"),
                                 ("collections.Counter([BASE])", "collections.Counter(BASE)"), ("D[BASE]", "D['a']"),
                                 ("set().add(BASE)", "set().add('a')"), ("{(1, BASE)}", "{(1, 'a')}"), ("{BASE} | {1}", "{1} | {1}"),
                                 ("functools.lru_cache()(len)(BASE)", "functools.lru_cache()(len)(tuple(D))"))):
    trying(f"proxy_unhashable_{n}", "A mappingproxy is unhashable (TypeError) wherever Python hashes it.", BASE2, stmt,
           "TypeError", stmt, fix, imports=MP + "import collections\nimport functools\n")
# -- B. threading.local: more starters through a constant getattr, and reads on the other thread
for n, (start, extra) in enumerate((
        ('getattr(threading, "Timer")(0.0, worker)', ""),
        ('getattr(threading, "Thread")(target=worker, name="adv30")', ""),
        ('getattr(threading, "Thread")(target=functools.partial(worker))', "import functools\n"),
        ('getattr(threading, "Thread")(target=worker, args=())', ""))):
    pre = WORKER + f'\n\nT = {start}\nT.start()\nT.join()'
    pick(f"thread_getattr_started_more_{n}", "A thread started through a getattr of threading sets its own TL.axes.",
         pre, 'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")', imports=TH + extra)
for n, (probe_line, test, old, new) in enumerate((
        ('SEEN.append(hasattr(TL, "axes"))', "SEEN == [False]", "[False]", "[True]"),
        ('SEEN.append(getattr(TL, "axes", None))', "SEEN == [None]", "[None]", '[("i",)]'),
        ('SEEN.append(vars(TL))', "SEEN == [{}]", "[{}]", '[{"axes": ("i",)}]'),
        ('SEEN.append("axes" in dir(TL))', "SEEN == [False]", "[False]", "[True]"))):
    pre = ('TL = threading.local()\nTL.axes = ("i",)\nSEEN = []\n\n\ndef look():\n    ' + probe_line +
           '\n\n\nT = getattr(threading, "Thread")(target=look)\nT.start()\nT.join()')
    pick(f"thread_other_thread_reads_{n}", "A thread started through getattr sees no attribute the main thread set.",
         pre, test, f"if {test} else", f"if {test.replace(old, new, 1)} else", imports=TH)
pick("thread_helper_starts", "A helper function starts the thread through getattr; the worker's store is its own.",
     WORKER + '\n\ndef start(fn):\n    t = getattr(threading, "Thread")(target=fn)\n    t.start()\n    return t\n\n\nstart(worker).join()',
     'TL.axes == ("i",)', 'TL.axes == ("i",)', 'TL.axes == ("i", "j")', imports=TH)
# -- E. nn_initializers: a varying option under an invariant key, then a reduced gather (JAX wants a varying input)
for n, (fac, twin) in enumerate((("normal(block[0, 0])", "normal(2.0)"), ("uniform(block[0, 0])", "uniform(2.0)"),
                                 ("constant(block[0, 0])", "constant(2.0)"), ("truncated_normal(block[0, 0])", "truncated_normal(2.0)"))):
    probe(f"init_varying_option_reduced_{n}", "An initializer whose option varies on i and j (the key is invariant): the reduced gather over i passes.",
          [f"w = {INIT}.{fac}(jax.random.key(0), (2, 2))", 'g = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")',
           'return jax.lax.psum(jax.lax.pcast(g, "i", to="varying"), ("i", "j"))'], fac, twin, rule="SF101")
for n, (fac, shape) in enumerate((("glorot_uniform()", "(0, 6)"), ('variance_scaling(1.0, "fan_out", "truncated_normal")', "(3, 0)"),
                                  ('variance_scaling(1.0, "fan_geo_avg", "normal")', "(0, 4)"), ("lecun_normal(batch_axis=0)", "(2, 0, 3)"),
                                  ("xavier_normal()", "(4, 0)"), ("kaiming_uniform()", "(0, 0)"))):
    trying(f"init_zero_fan_more_{n}", "An initializer on a shape with a zero fan divides by zero (ZeroDivisionError).",
           "", f"W = {INIT}.{fac}(jax.random.key(0), {shape})", "ZeroDivisionError", shape, "(2, 4)")
# -- F. more closure-cell spellings (a made function's change the reading does not list)
for n, (made, read, change) in enumerate((
        ('{"axes": ("i", "j")}', 'state.get("axes", ("i",))', 'dict.pop(state, "axes")'),
        ('{"axes": ("i", "j")}', 'state.get("axes", ("i",))', 'dict.clear(state)'),
        ('[("i", "j")]', 'state[-1]', 'list.extend(state, [axes])'),
        ('[("i", "j")]', 'state[0]', 'list.insert(state, 0, axes)'),
        ('[("i", "j")]', 'state[-1]', 'list.__setitem__(state, -1, axes)'),
        ('{"axes": ("i", "j")}', 'state["axes"]', '{"s": state}["s"]["axes"] = axes'),
        ('{"axes": ("i", "j")}', 'state["axes"]', '(lambda s: s.update(axes=axes))(state)'),
        ('{"axes": ("i", "j")}', 'state["axes"]', 'functools.partial(dict.update, state)(axes=axes)'),
        ('{"axes": ("i", "j")}', 'state["axes"]', 'collections.deque([state])[0]["axes"] = axes'),
        ('{"axes": ("i", "j")}', 'state["axes"]', 'next(iter([state]))["axes"] = axes'),
        ('{"axes": ("i", "j")}', 'state["axes"]', '[s.update(axes=axes) for s in (state,)]'),
        ('[("i", "j")]', 'state[-1]', 'state.__iadd__([axes])'),
        ('{"axes": ("i", "j")}', 'state["axes"]', 'dict.setdefault(state, "other", 0); dict.update(state, axes=axes)'),
        ('types.SimpleNamespace(axes=("i", "j"))', 'state.axes', 'state.__dict__.update(axes=axes)'),
        ('types.SimpleNamespace(axes=("i", "j"))', 'state.axes', 'type(state).__setattr__(state, "axes", axes)'),
)):
    pre = (f"def make():\n    state = {made}\n\n    def get():\n        return {read}\n\n    def put(axes):\n"
           f"        {change}\n    return get, put\n\n\nGET, PUT = make()\n" + 'PUT(("i",))')
    axes_prog(f"cell_changed_more_{n}", "A made function changes its closure cell by a spelling the reading does not list.",
              pre, ["axes = GET()"], 'PUT(("i",))', 'PUT  # (not called)',
              imports="import collections\nimport functools\nimport operator\nimport types\n")

# ===================== batch 3 =====================
# -- A4. script_collections._counted: Counter(x) / counter.update(x) of a mapping that is not a dict reads its keys
for n, (made, test, old, new) in enumerate((
        ("types.MappingProxyType({'a': 3, 'b': 4})", "C.total() == 7", "== 7", "== 2"),
        ("types.MappingProxyType({'a': 3})", "C['a'] == 3", "== 3", "== 1"),
        ("collections.defaultdict(int, a=3, b=4)", "C.total() == 7", "== 7", "== 2"),
        ("collections.defaultdict(list, a=2)", "C['a'] == 2", "== 2", "== 1"),
        ("collections.ChainMap({'a': 3}, {'b': 4})", "C.total() == 7", "== 7", "== 2"),
        ("collections.ChainMap({'a': 5})", "C.most_common(1) == [('a', 5)]", "5)]", "1)]"),
        ("collections.Counter(a=3, b=4)", "C.total() == 7", "== 7", "== 2"))):
    pick(f"counter_of_mapping_{n}", "Counter(m) of a mapping counts its values (Python asks isinstance(m, Mapping)).",
         f"C = collections.Counter({made})", test, old, new, imports="import collections\nimport types\n")
for n, (made, test, old, new) in enumerate((
        ("types.MappingProxyType({'a': 3, 'b': 4})", "C.total() == 8", "== 8", "== 3"),
        ("collections.defaultdict(int, a=3, b=4)", "C['a'] == 4", "== 4", "== 2"),
        ("collections.ChainMap({'a': 3}, {'b': 4})", "C['a'] == 4", "== 4", "== 2"))):
    pick(f"counter_update_mapping_{n}", "counter.update(m) of a mapping adds its values.",
         f"C = collections.Counter(['a'])\nC.update({made})", test, old, new, imports="import collections\nimport types\n")
# -- A5. a mappingproxy handed where Python reads a mapping (two-letter keys: read as pairs they would make another dict)
PAIRS = 'TWO = types.MappingProxyType({"ab": 1, "cd": 2})'
for n, (pre, test, old, new) in enumerate((
        ("NEW = {}\nNEW.update(TWO)", 'NEW == {"ab": 1, "cd": 2}', '"cd": 2}', '"c": "d"}'),
        ("NEW = dict(TWO)", 'NEW == {"ab": 1, "cd": 2}', '"cd": 2}', '"cd": 3}'),
        ("NEW = dict(TWO, ef=3)", 'len(NEW) == 3', "== 3", "== 2"),
        ("NEW = collections.OrderedDict(TWO)", 'list(NEW.values()) == [1, 2]', "[1, 2]", '["b", "d"]'),
        ("NEW = collections.defaultdict(int, TWO)", 'NEW["cd"] == 2', "== 2", "== 0"),
        ("NEW = {**TWO}", 'NEW["ab"] == 1', "== 1", "== 0"),
        ("NEW = collections.ChainMap({}, TWO)", 'NEW["cd"] == 2', "== 2", "== 0"),
        ("NEW = types.SimpleNamespace(**TWO)", 'NEW.cd == 2', "== 2", "== 0"),
        ("NEW = '{ab}-{cd}'.format_map(TWO)", 'NEW == "1-2"', '"1-2"', '"b-d"'),
        ("NEW = '%(ab)s' % TWO", 'NEW == "1"', '"1"', '"b"'),
        ("NEW = dict(TWO.items())", 'NEW == {"ab": 1, "cd": 2}', '"cd": 2}', '"cd": 0}'),
        ("NEW = {}\nNEW |= TWO", 'NEW == {"ab": 1, "cd": 2}', '"cd": 2}', '"c": "d"}'),
        ("NEW = dict.fromkeys(TWO, 0)", 'NEW == {"ab": 0, "cd": 0}', '"cd": 0}', '"cd": 1}'))):
    pick(f"proxy_as_mapping_{n}", "A mappingproxy of two-letter keys handed where Python reads a mapping: its items are taken, not pairs of letters.",
         PAIRS + "\n" + pre, test, old, new, imports="import collections\nimport types\n")
# -- E3. zeros / ones / constant ignore the key: the array is invariant wherever the key varies
for n, (call, twin) in enumerate((("jax.nn.initializers.zeros(key, (2, 2))", "jax.random.normal(key, (2, 2))"),
                                  ("jax.nn.initializers.ones(key, (2, 2))", "jax.random.uniform(key, (2, 2))"),
                                  ("jax.nn.initializers.constant(2.0)(key, (2, 2))", "jax.random.normal(key, (2, 2)) + 2.0"),
                                  ("jax.nn.initializers.zeros(key, (2, 2), jnp.float32)", "jax.random.normal(key, (2, 2), jnp.float32)"),
                                  ("jax.nn.initializers.constant(0.5, jnp.float32)(key, (2, 2))", "jax.random.normal(key, (2, 2)) * 0.5"),
                                  ("jax.nn.initializers.ones(key, shape=(2, 2))", "jax.random.bernoulli(key, 0.5, (2, 2)).astype(jnp.float32)"))):
    probe(f"init_key_ignored_{n}", "zeros/ones/constant ignore the key: the array is invariant though the key varies on i.",
          ['key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i"))', f"w = {call}",
           'return jax.lax.psum(w, ("i", "j"))'], call, twin)
# -- I. dataclass conversions Python refuses (a mutable or unhashable default: ValueError)
DC = "import dataclasses\n"
for n, (field, kind) in enumerate((("xs: list = []", "ValueError"), ("table: dict = {}", "ValueError"), ("seen: set = set()", "ValueError"),
                                   ("box: object = Box()", "ValueError"), ("a: int = 1\n        b: int", "TypeError"),
                                   ("xs: list = list()", "ValueError"), ("box: Box = Box()", "ValueError"))):
    body = "    try:\n        @dataclasses.dataclass\n        class Cfg:\n            " + field.replace("\n        ", "\n            ") + \
           '\n        axes = ("i", "j")\n    except ' + kind + ':\n        axes = ("i",)\n'
    fix = {"xs: list = []": "xs: tuple = ()", "table: dict = {}": "table: tuple = ()", "seen: set = set()": "seen: frozenset = frozenset()",
           "box: object = Box()": "box: object = None", "a: int = 1\n        b: int": "b: int", "xs: list = list()": "xs: tuple = tuple()",
           "box: Box = Box()": "box: Box = None"}[field]
    first = field.split("\n")[0]
    newfirst = fix.split("\n")[0] if n != 4 else "a: int"
    prog(f"dataclass_refused_{n}", f"dataclasses refuses this field ({kind}) when the class is made.",
         "@REDUCE@\n\nclass Box:\n    def __eq__(self, other):\n        return self is other\n\n\ndef main(mesh, x):\n" + body +
         "    return reduce_rows(mesh, x, axes)\n", f"            {first}\n", f"            {newfirst}\n", imports=DC)

# -- I2. more unhashable defaults CPython 3.11 refuses (its test: the default's class has __hash__ None)
for n, (pre, field, fix) in enumerate((
        ("@dataclasses.dataclass\nclass Sub:\n    n: int = 1", "sub: Sub = Sub()", "sub: Sub = None"),
        ("@dataclasses.dataclass(eq=True)\nclass Sub:\n    n: int = 2", "sub: object = Sub(3)", "sub: object = 3"),
        ("", "buf: bytearray = bytearray(2)", "buf: bytes = bytes(2)"),
        ("class Rules(dict):\n    pass", "rules: dict = Rules()", "rules: tuple = ()"),
        ("class Axes(list):\n    pass", "axes: list = Axes()", "axes: tuple = ()"),
        ("import collections\n", "seen: collections.Counter = collections.Counter()", "seen: int = 0"),
        ("class Grid:\n    __hash__ = None", "grid: Grid = Grid()", "grid: Grid = None"),
        ("import types\n", "ns: object = types.SimpleNamespace(a=1)", "ns: object = None"))):
    prog(f"dataclass_unhashable_default_{n}", "dataclasses refuses a default whose class is unhashable (ValueError, Python 3.11).",
         "@REDUCE@\n\n" + pre + "\n\n\ndef main(mesh, x):\n    try:\n        @dataclasses.dataclass\n        class Cfg:\n            " + field +
         '\n        axes = ("i", "j")\n    except ValueError:\n        axes = ("i",)\n    return reduce_rows(mesh, x, axes)\n',
         f"            {field}\n", f"            {fix}\n", imports=DC)
# -- A6. the type of a mappingproxy
for n, (test, old, new) in enumerate((
        ("isinstance(BASE, types.MappingProxyType)", "isinstance(BASE", "not isinstance(BASE"),
        ("type(BASE) is types.MappingProxyType", " is types", " is not types"),
        ("issubclass(type(BASE), collections.abc.Mapping)", "issubclass(", "not issubclass("),
        ("isinstance(BASE, (dict, types.MappingProxyType))", "isinstance(BASE", "not isinstance(BASE"),
        ("not isinstance(BASE, collections.abc.Hashable)", "not isinstance", "isinstance"),
        ("isinstance(BASE, collections.abc.Collection)", "isinstance(BASE", "not isinstance(BASE"),
        ("isinstance(BASE.keys(), collections.abc.KeysView)", "isinstance(BASE", "not isinstance(BASE"),
        ("isinstance(BASE.keys(), collections.abc.Set)", "isinstance(BASE", "not isinstance(BASE"))):
    pick(f"proxy_type_{n}", "The type of a mappingproxy and of its views, as Python gives it.", BASE2, test, old, new,
         imports=MP + "import collections.abc\n")
# -- H2. grads through all_gather(to='reduced') cast by a varying partner (the qi2 form), used correctly after
FSDP = '''

def body(p, x):
    def loss_fn(p):
        w = jax.lax.all_gather(p, "i", axis=0, tiled=True, to="reduced")
        y = @EXPR@
        return jnp.mean(y ** 2)

    loss, g = jax.value_and_grad(loss_fn)(p)
    return p - 0.1 * @GRAD@, jax.lax.pmean(loss, @AXES@)


def main(mesh, x):
    p = jax.device_put(jnp.ones((8, 8)), jax.sharding.NamedSharding(mesh, P("i", None)))
    xs = jax.device_put(jnp.ones((8, 8)), jax.sharding.NamedSharding(mesh, P("i", None)))
    step = jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P("i", None)), out_specs=(P("i", None), P()))
    return step(p, xs)
'''
for n, (expr, grad, axes) in enumerate((("x @ w", "g", '"i"'), ("w @ x.T", "g", '("i",)'), ("x * w[:4]", "g", '"i"'),
                                        ("jnp.einsum('ij,jk->ik', x, w)", "g", '"i"'), ("x @ w", "jax.lax.psum(g, \"j\") / 4", '"i"'),
                                        ("jnp.where(x > 0, w[:4], x)", "g", '"i"'),
                                        ("x @ w.astype(jnp.float32)", "g", '"i"'))):
    text = FSDP.replace("@EXPR@", expr).replace("@GRAD@", grad).replace("@AXES@", axes)
    prog(f"grad_reduced_fsdp_{n}", "The loss multiplies the reduced gather by a batch varying on i; grad and pmean over i are right.",
         text, f"jax.lax.pmean(loss, {axes})", 'jax.lax.pmean(loss, ("i", "j"))')
# -- J. dataclass_namespaces: vars(C) / C.__dict__ of a class dataclass(C) converted by a call
DN = "import abc\nimport dataclasses\nimport typing\n"
for n, (pre, test, old, new) in enumerate((
        ("class Cfg:\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", '"__match_args__" in vars(Cfg)', '" in vars', '" not in vars'),
        ("class Cfg:\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", 'vars(Cfg)["__hash__"] is None', "is None", "is not None"),
        ("class Cfg:\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", 'list(vars(Cfg))[-1] == "__match_args__"', '"__match_args__"', '"__init__"'),
        ("class Cfg:\n    pass\n\n\ndataclasses.dataclass(Cfg)", '"__annotations__" not in vars(Cfg)', "not in", " in"),
        ("class Cfg(abc.ABC):\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", '"_abc_impl" in vars(Cfg)', '" in vars', '" not in vars'),
        ("class Cfg(abc.ABC):\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", '"__abstractmethods__" in Cfg.__dict__', '" in Cfg', '" not in Cfg'),
        ("class Cfg(typing.NamedTuple):\n    n: int = 1", '"_fields" in vars(Cfg)', '" in vars', '" not in vars'),
        ("class Base:\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        dataclasses.dataclass(cls)\n\n\n"
         "class Cfg(Base):\n    n: int = 1\n\n    def __call__(self):\n        return self.n", '"__call__" in Cfg.__dict__', '" in Cfg', '" not in Cfg'),
        ("class Base:\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        dataclasses.dataclass(cls)\n\n\n"
         "class Cfg(Base):\n    n: int = 1", '"__call__" not in Cfg.__dict__ and "__init__" in Cfg.__dict__', "not in Cfg", "in Cfg"),
        ("class Cfg:\n    ''\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", 'Cfg.__doc__ != ""', "!=", "=="),
        ("class Cfg:\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg, kw_only=True)", 'len(vars(Cfg)) == 13', "== 13", "== 12"),
        ("class Cfg:\n    n: int = 1\n    m: int = 2\n\n\ndataclasses.dataclass(Cfg)", 'len(vars(Cfg)["__dataclass_fields__"]) == 2', "== 2", "== 1"))):
    pick(f"dataclass_vars_{n}", "vars(C) of a class a dataclass(C) call converted, as CPython 3.11 gives it.", pre, test, old, new, imports=DN)
# -- F. class_descriptors.class_vars of a converted class: `__dict__` / `__weakref__` (type.__new__ made them)
SUBCONV = ("class Base:\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        dataclasses.dataclass(cls)\n\n\n"
           "class Cfg(Base):\n    n: int = 1")
PLAIN = "class Cfg:\n    n: int = 1\n    m: str = 'a'\n\n\ndataclasses.dataclass(Cfg)"
for n, (pre, test, old, new) in enumerate((
        (PLAIN, '"__dict__" in vars(Cfg)', '" in vars', '" not in vars'),
        (PLAIN, '"__weakref__" in Cfg.__dict__', '" in Cfg', '" not in Cfg'),
        (PLAIN, 'list(vars(Cfg)).index("__doc__") == 6', "== 6", "== 4"),
        (PLAIN, 'vars(Cfg).get("__dict__") is not None', "is not None", "is None"),
        (PLAIN, 'len(Cfg.__dict__) == 14', "== 14", "== 12"),
        (PLAIN, 'list(vars(Cfg))[4:6] == ["__dict__", "__weakref__"]', '["__dict__", "__weakref__"]', '["__doc__", "__dataclass_params__"]'),
        (PLAIN, 'sum(1 for k in vars(Cfg) if k.startswith("__w")) == 1', "== 1", "== 0"),
        (PLAIN.replace("dataclasses.dataclass(Cfg)", "dataclasses.dataclass(Cfg, kw_only=True)"), '"__weakref__" in vars(Cfg)', '" in vars', '" not in vars'),
        (PLAIN.replace("dataclasses.dataclass(Cfg)", "Cfg = dataclasses.dataclass(Cfg)"), '"__dict__" in vars(Cfg)', '" in vars', '" not in vars'),
        (SUBCONV, '"__weakref__" not in vars(Cfg)', '" not in vars', '" in vars'),
        (SUBCONV, '"__dict__" not in vars(Cfg) and "__dict__" in vars(Base)', 'not in vars(Cfg)', 'in vars(Cfg)'),
        ("class Cfg:\n    '''Config.'''\n    n: int = 1\n\n\ndataclasses.dataclass(Cfg)", '"__dict__" in vars(Cfg)', '" in vars', '" not in vars'))):
    pick(f"dataclass_vars_slots_{n}", "vars(C) of a class dataclass(C) converted keeps type.__new__'s __dict__ / __weakref__ entries (a root class).",
         pre, test, old, new, imports=DN)
