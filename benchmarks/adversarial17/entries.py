# Entries of gen_clean.py (exec'd there). Every program computes `axes` on the host by a Python
# construct that gives ("i",) at run time and hands it to reduce_rows (psum of a value varying on i
# only); read otherwise it gives a tuple naming "j", which raises SF105's error. probe() entries are
# shard_map bodies (`block` varies on i and j, `rows` on i only, `total` on neither).


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


# -- collections (script_collections.py) -----------------------------------------------------------
axes_prog("counter_subtract_keeps_zero", "Counter.subtract leaves a zero count; unary + drops it.", "",
          ['c = collections.Counter(["i", "j"])', 'c.subtract(["j"])', 'axes = tuple(+c)'],
          'axes = tuple(+c)', 'axes = tuple(c)', imports="import collections\n")
axes_prog("counter_missing_not_inserted", "Reading a missing Counter key gives 0 and inserts nothing; `del` of a key removes it.", "",
          ['c = collections.Counter(i=2, j=1)', 'del c["j"]', 'c["j"] > 0', 'axes = tuple(c)'],
          '    del c["j"]', '    c["j"] += 0', imports="import collections\n")
axes_prog("counter_update_mapping_adds", "Counter.update(mapping) adds counts (dict.update would replace them).", "",
          ['c = collections.Counter(i=1, j=3)', 'c.update({"i": 5})', 'axes = (c.most_common(1)[0][0],)'],
          'c.update({"i": 5})', 'c.update({"i": 1})', imports="import collections\n")
axes_prog("counter_and_min", "Counter & Counter keeps the minimum count, dropping keys not positive in both.", "",
          ['a = collections.Counter(i=2, j=1)', 'b = collections.Counter(i=1, j=0)', 'axes = tuple(a & b)'],
          "b = collections.Counter(i=1, j=0)", "b = collections.Counter(i=1, j=1)", imports="import collections\n")
axes_prog("defaultdict_get_no_insert", "defaultdict.get and `in` never call the factory; only d[k] inserts.", "",
          ['d = collections.defaultdict(list)', 'd["i"].append(0)', 'd.get("j")', '"j" in d', 'axes = tuple(d)'],
          '    d.get("j")', '    d["j"]', imports="import collections\n")
axes_prog("defaultdict_none_factory", "defaultdict(None) is a plain dict: d[k] raises KeyError, caught.", "",
          ['d = collections.defaultdict(None, i=1)', 'try:', '    d["j"]', 'except KeyError:', '    pass', 'axes = tuple(d)'],
          'd = collections.defaultdict(None, i=1)', 'd = collections.defaultdict(int, i=1)', imports="import collections\n")
axes_prog("deque_extendleft_reverses", "deque.extendleft adds items one at a time, so they come out reversed.", "",
          ['d = collections.deque()', 'd.extendleft(["j", "i"])', 'axes = (d[0],)'],
          'd.extendleft(["j", "i"])', 'd.extend(["j", "i"])', imports="import collections\n")
axes_prog("deque_maxlen_appendleft_drops_right", "appendleft past maxlen drops the rightmost item.", "",
          ['d = collections.deque(["i", "j"], maxlen=2)', 'd.appendleft("i")', 'axes = tuple(dict.fromkeys(d))'],
          'd.appendleft("i")', 'd.append("i")', imports="import collections\n")
axes_prog("deque_rotate_negative", "rotate(-1) moves the first item to the end.", "",
          ['d = collections.deque(["j", "i"])', 'd.rotate(-1)', 'axes = (d[0],)'],
          'd.rotate(-1)', 'd.rotate(-2)', imports="import collections\n")
axes_prog("chainmap_delete_first_only", "del on a ChainMap removes from the first map only; the lower value shows through.", "",
          ['cm = collections.ChainMap({"axes": ("i", "j")}, {"axes": ("i",)})', 'del cm["axes"]', 'axes = cm["axes"]'],
          '    del cm["axes"]', '    cm.maps[1].clear()', imports="import collections\n")
axes_prog("chainmap_write_first", "A ChainMap write goes to the first map; parents does not see it.", "",
          ['cm = collections.ChainMap({}, {"axes": ("i",)})', 'cm["axes"] = ("i", "j")', 'axes = cm.parents["axes"]'],
          'axes = cm.parents["axes"]', 'axes = cm["axes"]', imports="import collections\n")
axes_prog("ordereddict_popitem_first", "OrderedDict.popitem(last=False) removes the first item.", "",
          ['od = collections.OrderedDict(j=1, i=2)', 'od.popitem(last=False)', 'axes = tuple(od)'],
          'od.popitem(last=False)', 'od.popitem()', imports="import collections\n")
axes_prog("ordereddict_move_to_end_front", "move_to_end(k, last=False) puts k first.", "",
          ['od = collections.OrderedDict(j=1, i=2)', 'od.move_to_end("i", last=False)', 'axes = (next(iter(od)),)'],
          'od.move_to_end("i", last=False)', 'od.move_to_end("i")', imports="import collections\n")
axes_prog("dict_update_keeps_first_key_order", "Re-assigning an existing key keeps its place in the dict order.", "",
          ['d = {"i": 0, "j": 1}', 'd["i"] = 2', 'axes = (next(iter(d)),)'],
          "    d = {\"i\": 0, \"j\": 1}", "    d = {\"j\": 1, \"i\": 0}")

# -- object hashes / orderings / texts --------------------------------------------------------------
KEY = '''
class Ax:
    def __init__(self, name, rank):
        self.name, self.rank = name, rank

    def __eq__(self, other):
        return self.rank == other.rank

    def __hash__(self):
        return hash(self.rank)
'''
axes_prog("dict_keeps_first_equal_key", "A dict assignment with an equal key keeps the stored key object, replacing the value.", KEY,
          ['d = {Ax("i", 0): 1}', 'd[Ax("j", 0)] = 2', 'axes = tuple(k.name for k in d)'],
          'd[Ax("j", 0)] = 2', 'd[Ax("j", 1)] = 2')
axes_prog("set_add_equal_ignored", "set.add of an equal member leaves the stored member.", KEY,
          ['s = {Ax("i", 0)}', 's.add(Ax("j", 0))', 'axes = tuple(m.name for m in s)'],
          's.add(Ax("j", 0))', 's.add(Ax("j", 1))')
axes_prog("dict_fromkeys_equal_keys", "dict.fromkeys with equal keys keeps the first object.", KEY,
          ['d = dict.fromkeys([Ax("i", 0), Ax("j", 0)])', 'axes = tuple(k.name for k in d)'],
          'd = dict.fromkeys([Ax("i", 0), Ax("j", 0)])', 'd = dict.fromkeys([Ax("i", 0), Ax("j", 1)])')
ORD = '''
class Ax:
    def __init__(self, name, rank):
        self.name, self.rank = name, rank

    def __lt__(self, other):
        return self.rank < other.rank

    def __gt__(self, other):
        return self.name > other.name
'''
axes_prog("max_uses_gt", "max() compares with `>` (the class's __gt__, names reversed here); sorted() with `<` (ranks).", ORD.replace("return self.name > other.name", "return self.name < other.name"),
          ['best = max([Ax("j", 1), Ax("i", 0)])', 'axes = (best.name,)'],
          'best = max([Ax("j", 1), Ax("i", 0)])', 'best = sorted([Ax("j", 1), Ax("i", 0)])[-1]')
axes_prog("sorted_reverse_stable", "sorted(reverse=True) keeps equal items in their original order.", ORD.replace("return self.name > other.name", "return self.rank > other.rank"),
          ['ranked = sorted([Ax("i", 0), Ax("j", 0)], reverse=True)', 'axes = (ranked[0].name,)'],
          'ranked = sorted([Ax("i", 0), Ax("j", 0)], reverse=True)', 'ranked = sorted([Ax("i", 0), Ax("j", 0)], reverse=True)[::-1]')
axes_prog("sorted_key_reverse_stable", "sorted(key=..., reverse=True) is stable: the first of equal keys stays first.", "",
          ['ranked = sorted(["i", "j"], key=len, reverse=True)', 'axes = (ranked[0],)'],
          'ranked = sorted(["i", "j"], key=len, reverse=True)', 'ranked = sorted(["i", "j"], key=len, reverse=True)[::-1]')
TOT = '''
@functools.total_ordering
class Ax:
    def __init__(self, name, rank):
        self.name, self.rank = name, rank

    def __lt__(self, other):
        return self.rank < other.rank
'''
axes_prog("total_ordering_le_identity_eq", "total_ordering's __le__ is `<` or `==`; with no __eq__, == is identity.", TOT,
          ['a, b = Ax("i", 0), Ax("j", 0)', 'axes = ("i",) if not a <= b else ("i", "j")'],
          "axes = (\"i\",) if not a <= b else (\"i\", \"j\")", "axes = (\"i\",) if not a <= a else (\"i\", \"j\")", imports="import functools\n")
axes_prog("subclass_reflected_first", "For a < b with b's class a proper subclass defining __gt__, b.__gt__(a) is asked first.", '''
class Ax:
    def __init__(self, name):
        self.name = name

    def __lt__(self, other):
        return True


class Wide(Ax):
    def __gt__(self, other):
        return False
''', ['a, b = Ax("j"), Wide("i")', 'axes = ("i", "j") if a < b else ("i",)'],
          'a, b = Ax("j"), Wide("i")', 'a, b = Ax("j"), Ax("i")')
TXT = '''
class Ax:
    def __format__(self, spec):
        return "j"

    def __str__(self):
        return "i"
'''
axes_prog("fstring_conversion_s_uses_str", "f\"{a!s}\" calls __str__, not __format__.", TXT,
          ['a = Ax()', 'axes = (f"{a!s}",)'], 'axes = (f"{a!s}",)', 'axes = (f"{a}",)')
axes_prog("percent_s_uses_str", "\"%s\" % a calls __str__, not __format__.", TXT,
          ['a = Ax()', 'axes = ("%s" % a,)'], 'axes = ("%s" % a,)', 'axes = ("{}".format(a),)')
axes_prog("str_subclass_format_ignores_str", "f\"{s:1}\" of a str subclass formats the str value (str.__format__ with a spec), not __str__.", '''
class Name(str):
    def __str__(self):
        return "j"
''', ['n = Name("i")', 'axes = (f"{n:1}",)'], 'axes = (f"{n:1}",)', 'axes = (str(n),)')
axes_prog("repr_inside_list_text", "str() of a list shows its items' __repr__, not __str__.", '''
class Ax:
    def __repr__(self):
        return "i"

    def __str__(self):
        return "j"
''', ['text = str([Ax()])', 'axes = (text.strip("[]"),)'], 'text = str([Ax()])', 'text = str(Ax())')
axes_prog("format_spec_passed", "__format__ gets the spec after the colon.", '''
class Ax:
    def __format__(self, spec):
        return "i" if spec == "short" else "j"
''', ['a = Ax()', 'axes = (f"{a:short}",)'], 'axes = (f"{a:short}",)', 'axes = (f"{a:long}",)')

# -- attribute hooks, metaclass calls, __new__ ------------------------------------------------------
axes_prog("property_attributeerror_falls_to_getattr", "A property that raises AttributeError makes Python call __getattr__.", '''
class Cfg:
    def __init__(self):
        self.table = {"axes": ("i",)}

    @property
    def axes(self):
        raise AttributeError("filled lazily")

    def __getattr__(self, name):
        return self.__dict__["table"][name]
''', ['axes = Cfg().axes'], 'self.table = {"axes": ("i",)}', 'self.table = {"axes": ("i", "j")}')
axes_prog("getattr_not_called_for_class_attr", "__getattr__ is not asked for a name the class has.", '''
class Cfg:
    axes = ("i",)

    def __getattr__(self, name):
        return ("i", "j")
''', ['axes = Cfg().axes'], '    axes = ("i",)\n', '    wide = ("i",)\n')
axes_prog("getattribute_self_in_method", "Inside a method, self.x also goes through __getattribute__.", '''
class Cfg:
    def __init__(self):
        self.names = ("i", "j")

    def __getattribute__(self, name):
        if name == "names":
            return ("i",)
        return object.__getattribute__(self, name)

    def axes(self):
        return self.names
''', ['axes = Cfg().axes()'], 'return ("i",)', 'return object.__getattribute__(self, "names")')
axes_prog("getattribute_dict_read", "obj.__dict__ is read through __getattribute__ as well.", '''
class Cfg:
    def __init__(self):
        self.axes = ("i", "j")

    def __getattribute__(self, name):
        if name == "__dict__":
            return {"axes": ("i",)}
        return object.__getattribute__(self, name)
''', ['axes = Cfg().__dict__["axes"]'], 'axes = Cfg().__dict__["axes"]', 'axes = vars(Cfg())["axes"] + ("j",)')
axes_prog("new_other_class_skips_init", "__new__ returning an object of another class: __init__ is not called.", '''
class Flat:
    axes = ("i",)


class Plan:
    def __new__(cls, axes):
        return Flat()

    def __init__(self, axes):
        self.axes = axes
''', ['axes = Plan(("i", "j")).axes'], '        return Flat()', '        return super().__new__(cls)')
axes_prog("new_cached_instance_init_again", "__new__ handing back a cached instance: __init__ runs again on it.", '''
class Plan:
    _one = None

    def __new__(cls, axes):
        if cls._one is None:
            cls._one = super().__new__(cls)
        return cls._one

    def __init__(self, axes):
        self.axes = axes
''', ['first = Plan(("i", "j"))', 'Plan(("i",))', 'axes = first.axes'], '    Plan(("i",))', '    Plan(("i", "j"))')
axes_prog("metaclass_call_singleton", "A metaclass __call__ returns the first instance; later arguments are dropped.", '''
class Once(type):
    made = {}

    def __call__(cls, *args):
        if cls not in Once.made:
            Once.made[cls] = super().__call__(*args)
        return Once.made[cls]


class Cfg(metaclass=Once):
    def __init__(self, axes):
        self.axes = axes
''', ['Cfg(("i",))', 'axes = Cfg(("i", "j")).axes'], '    Cfg(("i",))', '    Cfg(("i", "j"))')
axes_prog("init_subclass_hook", "__init_subclass__ runs at class creation and may set class attributes.", '''
class Base:
    axes = ("i", "j")

    def __init_subclass__(cls, narrow=False, **kw):
        super().__init_subclass__(**kw)
        if narrow:
            cls.axes = ("i",)


class Rows(Base, narrow=True):
    pass
''', ['axes = Rows.axes'], 'class Rows(Base, narrow=True):', 'class Rows(Base, narrow=False):')
axes_prog("set_name_descriptor", "__set_name__ tells a descriptor its attribute name at class creation.", '''
class Field:
    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner):
        return (self.name,)


class Cfg:
    i = Field()
''', ['axes = Cfg().i'], '    i = Field()', '    i = j = Field()')
axes_prog("class_getitem_hook", "C[...] on a class calls __class_getitem__.", '''
class Axes:
    def __class_getitem__(cls, item):
        return item[:1]
''', ['axes = Axes["i", "j"]'], 'return item[:1]', 'return item[:2]')

# -- abc ------------------------------------------------------------------------------------------
axes_prog("abstract_method_added_later", "A method set on an abstract class after creation does not clear __abstractmethods__.", '''
class Base(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


class Impl(Base):
    pass


Impl.axes = lambda self: ("i", "j")
''', ['try:', '    axes = Impl().axes()', 'except TypeError:', '    axes = ("i",)'],
          'class Impl(Base):\n    pass', 'class Impl(Base):\n    axes = lambda self: ("i", "j")', imports="import abc\n")
axes_prog("abc_register_isinstance", "ABC.register makes isinstance true without inheriting methods.", '''
class Layout(abc.ABC):
    def axes(self):
        return ("i", "j")


class Rows:
    def axes(self):
        return ("i",)


Layout.register(Rows)
''', ['r = Rows()', 'axes = r.axes() if isinstance(r, Layout) else ("i", "j")'],
          'axes = r.axes() if isinstance(r, Layout) else ("i", "j")', 'axes = Layout.axes(r) if isinstance(r, Layout) else ("i", "j")', imports="import abc\n")
axes_prog("sequence_isinstance_str", "A str is a Sequence: the normaliser wraps only non-sequences.", "",
          ['spec = "i"', 'axes = tuple(spec) if isinstance(spec, collections.abc.Sequence) else (spec, "j")'],
          'spec = "i"', 'spec = ["i", "j"]', imports="import collections.abc\n")
axes_prog("mapping_isinstance_of_dict_keys", "dict keys views are Sets, not Sequences.", "",
          ['keys = {"i": 0}.keys()', 'axes = tuple(keys) if isinstance(keys, collections.abc.Set) else ("i", "j")'],
          'collections.abc.Set', 'collections.abc.Sequence', imports="import collections.abc\n")

# -- generators -------------------------------------------------------------------------------------
axes_prog("generator_del_runs_finally", "Dropping the last reference to a suspended generator closes it: its finally runs.", '''
NAMES = ["i", "j"]


def walker():
    try:
        yield 0
    finally:
        NAMES.pop()
''', ['g = walker()', 'next(g)', 'del g', 'axes = tuple(NAMES)'], '    del g', '    keep = g')
axes_prog("generator_close_finally", "gen.close() runs the finally at the yield.", '''
NAMES = ["i", "j"]


def walker():
    try:
        yield 0
        NAMES.append("j")
    finally:
        NAMES.remove("j")
''', ['g = walker()', 'next(g)', 'g.close()', 'axes = tuple(NAMES)'], '    g.close()', '    next(g, None)')
axes_prog("generator_throw_caught_yields", "gen.throw: the generator catches it and its next yield is throw's value.", '''
def picker():
    try:
        yield ("i", "j")
    except KeyError:
        yield ("i",)
''', ['g = picker()', 'next(g)', 'axes = g.throw(KeyError("narrow"))'], 'axes = g.throw(KeyError("narrow"))', 'axes = next(picker())')
axes_prog("generator_return_value", "A generator's return value is StopIteration.value.", '''
def picker():
    seen = yield ("i", "j")
    return seen
''', ['g = picker()', 'next(g)', 'try:', '    g.send(("i",))', 'except StopIteration as stop:', '    axes = stop.value'],
          '    g.send(("i",))', '    g.send(("i", "j"))')
axes_prog("yield_from_return", "`yield from` evaluates to the subgenerator's return value.", '''
def inner():
    yield 1
    return ("i",)


def outer(out):
    out.append((yield from inner()))
''', ['got = []', 'for _ in outer(got):', '    pass', 'axes = got[0]'], 'return ("i",)', 'return ("i", "j")')
axes_prog("generator_send_first_value", "The first value after priming is what send() returns (the next yield).", '''
def echo():
    value = None
    while True:
        value = yield value
''', ['g = echo()', 'next(g)', 'g.send(("i", "j"))', 'axes = g.send(("i",))'], '    axes = g.send(("i",))', '    axes = g.send(("i", "j"))')
axes_prog("generator_close_after_exhaust", "close() of a finished generator does nothing; its finally ran already.", '''
LOG = []


def walker():
    try:
        yield "i"
    finally:
        LOG.append("done")
''', ['g = walker()', 'names = list(g)', 'g.close()', 'axes = tuple(names) if LOG == ["done"] else ("i", "j")'],
          'axes = tuple(names) if LOG == ["done"] else ("i", "j")', 'axes = tuple(names) if LOG == ["done", "done"] else ("i", "j")')

# -- except*, contexts --------------------------------------------------------------------------------
axes_prog("except_star_nested_groups_kept", "except* keeps the group's nesting: a nested group is an item, not flattened.", "",
          ['try:', '    raise ExceptionGroup("all", [KeyError("i"), ExceptionGroup("inner", [KeyError("j")])])',
           'except* KeyError as group:', '    axes = tuple(e.args[0] for e in group.exceptions if isinstance(e, KeyError))'],
          'raise ExceptionGroup("all", [KeyError("i"), ExceptionGroup("inner", [KeyError("j")])])',
          'raise ExceptionGroup("all", [KeyError("i"), KeyError("j")])')
axes_prog("except_star_second_handler_rest", "A second except* sees only what the first left.", "",
          ['axes = ("i", "j")', 'try:', '    raise ExceptionGroup("all", [KeyError("x"), ValueError("y")])',
           'except* KeyError:', '    axes = ("i",)', 'except* LookupError:', '    axes = ("i", "j")', 'except* ValueError:', '    pass'],
          'except* KeyError:', 'except* IndexError:')
axes_prog("exitstack_pop_all", "ExitStack.pop_all moves the callbacks out: the with exit runs none.", "",
          ['names = ["i"]', 'with contextlib.ExitStack() as stack:', '    stack.callback(names.append, "j")', '    later = stack.pop_all()', 'axes = tuple(names)'],
          '    later = stack.pop_all()', '    later = None', imports="import contextlib\n")
axes_prog("exitstack_lifo", "ExitStack runs callbacks last-in first-out.", "",
          ['names = []', 'with contextlib.ExitStack() as stack:', '    stack.callback(names.append, "i")', '    stack.callback(names.clear)', 'axes = tuple(names)'],
          '    stack.callback(names.clear)', '    stack.callback(names.append, "j")', imports="import contextlib\n")
axes_prog("suppress_no_args", "suppress() with no kinds swallows nothing; the handler outside catches.", "",
          ['axes = ("i", "j")', 'try:', '    with contextlib.suppress():', '        {}["k"]', 'except KeyError:', '    axes = ("i",)'],
          'with contextlib.suppress():', 'with contextlib.suppress(KeyError):', imports="import contextlib\n")
axes_prog("exit_returns_true_swallows", "An __exit__ returning a true value swallows the exception; the statement after runs.", '''
class Guard:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return "yes"
''', ['axes = ("i",)', 'with Guard():', '    raise KeyError("x")', '    axes = ("i", "j")'], 'axes = ("i",)\n    with Guard():', 'axes = ("i", "j")\n    with Guard():')
axes_prog("contextmanager_yield_in_try", "A @contextmanager generator that catches the body's error swallows it.", '''
@contextlib.contextmanager
def fallback(store):
    try:
        yield
    except KeyError:
        store.append("i")
''', ['names = []', 'with fallback(names):', '    names.append({}.get("j", "j")) if False else {}["j"]', 'axes = tuple(names)'],
          '        store.append("i")', '        store.extend(["i", "j"])', imports="import contextlib\n")
axes_prog("finally_return_overrides", "A return in finally overrides the try's return.", '''
def pick():
    try:
        return ("i", "j")
    finally:
        return ("i",)
''', ['axes = pick()'], '        return ("i",)', '        pass')
axes_prog("for_else_skipped_by_break", "A for loop's else runs only when no break happened.", "",
          ['axes = ("i",)', 'for n in ("j",):', '    break', 'else:', '    axes = ("i", "j")'],
          '    break', '    continue')
axes_prog("while_else_runs", "while-else runs when the condition turns false.", "",
          ['axes = ("i", "j")', 'n = 0', 'while n < 1:', '    n += 1', 'else:', '    axes = ("i",)'],
          '    axes = ("i",)', '    axes = ("j",)')

# -- threads, queues, streams, paths, configs ---------------------------------------------------------
axes_prog("thread_local_not_shared", "A threading.local attribute set in the worker is not seen by the main thread.", '''
LOCAL = threading.local()
LOCAL.axes = ("i",)


def build():
    LOCAL.axes = ("i", "j")
''', ['t = threading.Thread(target=build)', 't.start()', 't.join()', 'axes = LOCAL.axes'],
          '    t = threading.Thread(target=build)', '    t = threading.Thread(target=build); build()', imports="import threading\n")
axes_prog("thread_target_raises_early", "A target that raises ends its thread before the rest of it runs.", '''
NAMES = ["i"]


def build():
    int("wide")
    NAMES.append("j")
''', ['t = threading.Thread(target=build)', 't.start()', 't.join()', 'axes = tuple(NAMES)'],
          '    int("wide")', '    int("7")', imports="import threading\nthreading.excepthook = lambda args: None\n")
axes_prog("thread_subclass_run", "A Thread subclass's run() is what start() runs.", '''
class Builder(threading.Thread):
    def __init__(self):
        super().__init__()
        self.axes = ("i", "j")

    def run(self):
        self.axes = ("i",)
''', ['t = Builder()', 't.start()', 't.join()', 'axes = t.axes'], '        self.axes = ("i",)', '        pass', imports="import threading\n")
axes_prog("queue_inner_deque_cleared", "q.queue is the queue's deque: clearing it drops the items.", "",
          ['q = queue.Queue()', 'q.put(("i", "j"))', 'q.queue.clear()', 'q.put(("i",))', 'axes = q.get()'],
          '    q.queue.clear()', '    q.queue.rotate()', imports="import queue\n")
axes_prog("priority_queue_smallest", "PriorityQueue.get gives the smallest item.", "",
          ['q = queue.PriorityQueue()', 'q.put((2, ("i", "j")))', 'q.put((1, ("i",)))', 'axes = q.get()[1]'],
          "q.put((1, (\"i\",)))", "q.put((3, (\"i\",)))", imports="import queue\n")
axes_prog("queue_full_nowait", "put_nowait on a full bounded queue raises queue.Full.", "",
          ['q = queue.Queue(maxsize=1)', 'q.put(("i",))', 'try:', '    q.put_nowait(("i", "j"))', 'except queue.Full:', '    pass',
           'axes = q.get()'],
          'q = queue.Queue(maxsize=1)', 'q = queue.LifoQueue(maxsize=2)', imports="import queue\n")
axes_prog("stringio_write_overwrites", "StringIO(text) starts at position 0: write overwrites the start.", "",
          ['buf = io.StringIO("j")', 'buf.write("i")', 'axes = tuple(buf.getvalue())'],
          'buf = io.StringIO("j")', 'buf = io.StringIO("ij")', imports="import io\n")
axes_prog("stringio_read_after_write_empty", "After write, the position is at the end: read() is empty.", "",
          ['buf = io.StringIO()', 'buf.write("j")', 'rest = buf.read()', 'axes = ("i",) + tuple(rest)'],
          "    rest = buf.read()", "    rest = buf.getvalue()", imports="import io\n")
axes_prog("redirect_stdout_bound_stream", "A stream bound before redirect_stdout is not redirected.", '''
OUT = sys.stdout


def show():
    print("j", file=OUT)
    print("i")
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    show()', 'axes = tuple(buf.getvalue().split())'],
          'print("j", file=OUT)', 'print("j", file=sys.stdout)', imports="import contextlib\nimport io\nimport sys\n")
axes_prog("print_sep_end", "print's sep and end go into the stream.", "",
          ['buf = io.StringIO()', 'print("i", "j", sep="", end="", file=buf)', 'axes = (buf.getvalue()[:1],)'],
          'axes = (buf.getvalue()[:1],)', 'axes = tuple(buf.getvalue())', imports="import io\n")
axes_prog("csv_quoted_comma", "csv reads a quoted field with a comma as one field.", "",
          ['rows = list(csv.reader(io.StringIO(\'"i,j",k\\n\')))', 'axes = (rows[0][0][:1],)'],
          'axes = (rows[0][0][:1],)', 'axes = tuple(rows[0][0].split(","))', imports="import csv\nimport io\n")
axes_prog("csv_dictreader_short_row", "DictReader fills a short row's missing fields with restval (None).", "",
          ['rows = list(csv.DictReader(io.StringIO("a,b\\ni\\n")))', 'axes = tuple(v for v in rows[0].values() if v)'],
          'axes = tuple(v for v in rows[0].values() if v)', 'axes = tuple(v or "j" for v in rows[0].values())', imports="import csv\nimport io\n")
axes_prog("path_absolute_join", "Path / an absolute part replaces what came before.", "",
          ['p = pathlib.PurePosixPath("j") / "/i"', 'axes = tuple(x for x in p.parts if x != "/")'],
          'p = pathlib.PurePosixPath("j") / "/i"', 'p = pathlib.PurePosixPath("j") / "i"', imports="import pathlib\n")
axes_prog("path_stem_last_suffix", "Path.stem drops only the last suffix.", "",
          ['p = pathlib.Path("runs/i.j")', 'axes = (p.suffix[1:],) if p.stem == "i.j" else (p.stem,)'],
          'p = pathlib.Path("runs/i.j")', 'p = pathlib.Path("runs/i.j.j")', imports="import pathlib\n")
axes_prog("config_vars_override", "ConfigParser.get(vars=...) takes precedence over the section.", "",
          ['cfg = configparser.ConfigParser()', 'cfg.read_string("[mesh]\\naxes = i j\\n")', 'axes = tuple(cfg.get("mesh", "axes", vars={"axes": "i"}).split())'],
          'vars={"axes": "i"}', 'vars={"other": "i"}', imports="import configparser\n")
axes_prog("config_default_section", "A section inherits DEFAULT's options; its own value wins.", "",
          ['cfg = configparser.ConfigParser()', 'cfg.read_string("[DEFAULT]\\naxes = i j\\n[mesh]\\naxes = i\\n")', 'axes = tuple(cfg["mesh"]["axes"].split())'],
          'cfg.read_string("[DEFAULT]\\naxes = i j\\n[mesh]\\naxes = i\\n")', 'cfg.read_string("[DEFAULT]\\naxes = i j\\n[mesh]\\nrows = i\\n")', imports="import configparser\n")
axes_prog("config_getboolean_off", "getboolean reads 'off' as False.", "",
          ['cfg = configparser.ConfigParser()', 'cfg.read_string("[mesh]\\nwide = off\\n")', 'axes = ("i", "j") if cfg.getboolean("mesh", "wide") else ("i",)'],
          'wide = off', 'wide = on', imports="import configparser\n")
axes_prog("config_interpolation", "BasicInterpolation fills %(name)s from the section.", "",
          ['cfg = configparser.ConfigParser()', 'cfg.read_string("[mesh]\\nrow = i\\naxes = %(row)s\\n")', 'axes = tuple(cfg.get("mesh", "axes").split())'],
          'axes = tuple(cfg.get("mesh", "axes").split())', 'axes = tuple(cfg.get("mesh", "axes", raw=True).replace("%(row)s", "i j").split())', imports="import configparser\n")

# -- host calls in try blocks (unchecked_calls.py) ------------------------------------------------------
axes_prog("callee_make_mesh_too_big", "make_mesh((4, 4)) needs 16 devices: it raises in a helper the caller guards with `except Exception`.", '''
def wide_mesh():
    return jax.make_mesh((4, 4), ("i", "j"))
''', ['try:', '    wide_mesh()', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'return jax.make_mesh((4, 4), ("i", "j"))', 'return jax.make_mesh((2, 4), ("i", "j"))')
axes_prog("callee_reshape_bad", "A reshape to a size that does not divide raises in a helper; the caller's except Exception falls back.", '''
def as_blocks(a):
    return a.reshape(3, -1)
''', ['try:', '    as_blocks(jnp.ones(64))', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'return a.reshape(3, -1)', 'return a.reshape(4, -1)')
axes_prog("callee_gpu_devices", "jax.devices('gpu') raises on a CPU-only machine; a bare except in the caller falls back.", '''
def accelerators():
    return jax.devices("gpu")
''', ['try:', '    accelerators()', '    axes = ("i", "j")', 'except:', '    axes = ("i",)'],
          'return jax.devices("gpu")', 'return jax.devices("cpu")')
axes_prog("callee_float_of_vector", "float() of a 2-element array raises TypeError in a helper.", '''
def scalar(a):
    return float(a)
''', ['try:', '    scalar(jnp.ones(2))', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'scalar(jnp.ones(2))', 'scalar(jnp.ones(()))')
axes_prog("callee_broadcast_error", "Adding shapes (3,) and (4,) raises in a helper.", '''
def combine(a, b):
    return a + b
''', ['try:', '    combine(jnp.ones(3), jnp.ones(4))', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'combine(jnp.ones(3), jnp.ones(4))', 'combine(jnp.ones(4), jnp.ones(4))')
axes_prog("callee_device_put_uneven", "device_put of 6 rows over an axis of 4 raises in a helper.", '''
def place(mesh):
    return jax.device_put(np.zeros((6, 8)), jax.sharding.NamedSharding(mesh, P("j")))
''', ['try:', '    place(mesh)', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'np.zeros((6, 8))', 'np.zeros((8, 8))')
axes_prog("callee_int_parse", "int('i') raises ValueError in a helper.", '''
def parse(text):
    return int(text)
''', ['try:', '    parse("i")', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'parse("i")', 'parse("2")')
axes_prog("nested_helper_index_error", "An index out of range two calls deep, caught by the caller.", '''
def first(names):
    return names[2]


def pick(names):
    return first(names)
''', ['try:', '    axes = (pick(["i", "j"]),)', 'except Exception:', '    axes = ("i",)'],
          'return names[2]', 'return names[1]')

# -- other Python: default args, closures, class vars --------------------------------------------------
axes_prog("mutable_default_shared", "A mutable default is shared between calls.", '''
def collect(name, acc=[]):
    acc.append(name)
    return acc
''', ['collect("i")', 'axes = tuple(collect("j")[:1])'], "    collect(\"i\")", "    collect(\"j\")")
axes_prog("default_evaluated_once", "A default is evaluated once, at def time.", '''
NAME = "i"


def pick(name=NAME):
    return (name,)


NAME = "j"
''', ['axes = pick()'], '    return (name,)', '    return (NAME,)')
axes_prog("closure_late_binding", "Closures read the loop variable when called: all see the last value.", "",
          ['makers = [lambda: n for n in ("j", "i")]', 'axes = (makers[0](),)'],
          'makers = [lambda: n for n in ("j", "i")]', 'makers = [lambda n=n: n for n in ("j", "i")]')
axes_prog("class_body_comprehension_scope", "A comprehension in a class body does not see class names; it reads the global.", '''
NAMES = ("i",)


class Cfg:
    NAMES = ("i", "j")
    axes = tuple(n for n in NAMES)
    rows = [n for n in NAMES if n in NAMES]
''', ['axes = tuple(Cfg.rows)'], '    rows = [n for n in NAMES if n in NAMES]', '    rows = [n for n in NAMES]')
axes_prog("augassign_tuple_rebinds", "t += ... on a tuple rebinds the name; an alias keeps the old tuple.", "",
          ['names = ("i",)', 'alias = names', 'names += ("j",)', 'axes = alias'],
          'axes = alias', 'axes = names')
axes_prog("list_iadd_alias", "l += ... extends in place; the alias sees it. Here a copy is taken first.", "",
          ['names = ["i"]', 'alias = names[:]', 'names += ["j"]', 'axes = tuple(alias)'],
          'alias = names[:]', 'alias = names')
axes_prog("walrus_in_comprehension_leaks", "An assignment expression in a comprehension binds in the enclosing scope.", "",
          ['last = "j"', 'found = [last := n for n in ("i",)]', 'axes = (last,)'],
          'found = [last := n for n in ("i",)]', 'found = [n for n in ("i",)]')
axes_prog("match_class_pattern", "match with a mapping pattern takes the first case that fits.", "",
          ['cfg = {"axes": ("i",), "wide": False}', 'match cfg:', '    case {"wide": True}:', '        axes = ("i", "j")', '    case {"axes": found}:', '        axes = found'],
          'cfg = {"axes": ("i",), "wide": False}', 'cfg = {"axes": ("i",), "wide": True}')
axes_prog("dict_or_merge_right_wins", "d1 | d2: the right side's values win.", "",
          ['cfg = {"axes": ("i", "j")} | {"axes": ("i",)}', 'axes = cfg["axes"]'],
          'cfg = {"axes": ("i", "j")} | {"axes": ("i",)}', 'cfg = {"axes": ("i",)} | {"axes": ("i", "j")}')
axes_prog("setdefault_existing", "setdefault returns the existing value and changes nothing.", "",
          ['cfg = {"axes": ("i",)}', 'axes = cfg.setdefault("axes", ("i", "j"))'],
          'cfg = {"axes": ("i",)}', 'cfg = {"rows": ("i",)}')
axes_prog("str_partition_missing", "partition without the separator gives the whole text first.", "",
          ['head, _, tail = "i".partition(",")', 'axes = (head,) + ((tail,) if tail else ())'],
          'head, _, tail = "i".partition(",")', 'head, _, tail = "i,j".partition(",")')
axes_prog("split_maxsplit", "str.split(maxsplit=1) keeps the rest together.", "",
          ['first, rest = "i j k".split(maxsplit=1)', 'axes = (first,) if " " in rest else (first, rest)'],
          'first, rest = "i j k".split(maxsplit=1)', 'first, rest = "i j".split(maxsplit=1)')
axes_prog("env_var_set_in_program", "os.environ set by the program itself is read back.", "",
          ['os.environ["MESH_AXES"] = "i"', 'axes = tuple(os.environ.get("MESH_AXES", "i j").split())'],
          'os.environ["MESH_AXES"] = "i"', 'os.environ["MESH_AXES"] = "i j"', imports="import os\n")
axes_prog("env_var_popped", "os.environ.pop removes the variable; the default is used.", "",
          ['os.environ["MESH_AXES"] = "i j"', 'os.environ.pop("MESH_AXES")', 'axes = tuple(os.environ.get("MESH_AXES", "i").split())'],
          '    os.environ.pop("MESH_AXES")', '    os.environ.get("MESH_AXES")', imports="import os\n")
axes_prog("argv_set_in_program", "sys.argv replaced by the program before argparse reads it.", "",
          ['sys.argv = ["prog", "--axes", "i"]', 'parser = argparse.ArgumentParser()', 'parser.add_argument("--axes", nargs="+", default=["i", "j"])',
           'axes = tuple(parser.parse_args().axes)'],
          'sys.argv = ["prog", "--axes", "i"]', 'sys.argv = ["prog"]', imports="import argparse\nimport sys\n")
axes_prog("argparse_append_default_extended", "action='append' appends to a copy of the default list.", "",
          ['parser = argparse.ArgumentParser()', 'parser.add_argument("--axis", action="append", default=[])', 'axes = tuple(parser.parse_args(["--axis", "i"]).axis)'],
          'axes = tuple(parser.parse_args(["--axis", "i"]).axis)', 'axes = tuple(parser.parse_args(["--axis", "i", "--axis", "j"]).axis)', imports="import argparse\n")
axes_prog("partial_keyword_override", "functools.partial keywords are overridden by the call's.", '''
def layout(axes=("i", "j")):
    return axes
''', ['narrow = functools.partial(layout, axes=("i", "j"))', 'axes = narrow(axes=("i",))'],
          'axes = narrow(axes=("i",))', 'axes = narrow()', imports="import functools\n")
axes_prog("cmp_to_key_reverse", "cmp_to_key with a comparison that orders descending.", '''
def by_name_desc(a, b):
    return (a < b) - (a > b)
''', ['ordered = sorted(["j", "i"], key=functools.cmp_to_key(by_name_desc))', 'axes = (ordered[-1],)'],
          'return (a < b) - (a > b)', 'return (a > b) - (a < b)', imports="import functools\n")
axes_prog("typed_dict_plain_dict", "A TypedDict call makes a plain dict: extra keys are kept, none checked.", '''
class MeshCfg(typing.TypedDict):
    axes: tuple
''', ['cfg = MeshCfg(axes=("i", "j"), narrow=("i",))', 'axes = cfg.get("narrow", cfg["axes"])'],
          'cfg = MeshCfg(axes=("i", "j"), narrow=("i",))', 'cfg = MeshCfg(axes=("i", "j"))', imports="import typing\n")
axes_prog("iter_sentinel_callable", "iter(f, sentinel) stops at the sentinel.", '''
ITEMS = ["i", "", "j"]


def read_next():
    return ITEMS.pop(0)
''', ['axes = tuple(iter(read_next, ""))'], 'ITEMS = ["i", "", "j"]', 'ITEMS = ["i", "j", ""]')
axes_prog("getitem_iteration_stops_indexerror", "Old sequence protocol: iteration stops at IndexError.", '''
class Names:
    def __getitem__(self, k):
        return ("i",)[k]
''', ['axes = tuple(Names())'], 'return ("i",)[k]', 'return ("i", "j")[k]')
axes_prog("len_hook_not_iter", "len() asks __len__, not the items __iter__ gives.", '''
class Names:
    def __iter__(self):
        return iter(("i", "j"))

    def __len__(self):
        return 1
''', ['axes = tuple(Names())[:len(Names())]'], '        return 1', '        return 2')
axes_prog("bool_uses_len", "bool(obj) without __bool__ uses __len__.", '''
class Extra:
    def __len__(self):
        return 0
''', ['axes = ("i", "j") if Extra() else ("i",)'], '        return 0', '        return 3')
axes_prog("contains_hook", "`in` asks __contains__ when the class defines it.", '''
class Names:
    def __iter__(self):
        return iter(("i", "j"))

    def __contains__(self, item):
        return False
''', ['axes = ("i", "j") if "j" in Names() else ("i",)'], '        return False', '        return True')
axes_prog("reversed_hook", "reversed() asks __reversed__.", '''
class Names(list):
    def __reversed__(self):
        return iter(["i"])
''', ['axes = tuple(reversed(Names(["i", "j"])))'], 'return iter(["i"])', 'return iter(["i", "j"])')
axes_prog("list_subclass_iter_override_tuple", "tuple() of a list subclass with __iter__ uses the override.", '''
class Names(list):
    def __iter__(self):
        return iter(["i"])
''', ['axes = tuple(Names(["i", "j"]))'], 'return iter(["i"])', 'return iter(["i", "j"])')
axes_prog("dict_subclass_getitem_ignored_by_get", "dict.get on a dict subclass does not call its __getitem__.", '''
class Cfg(dict):
    def __getitem__(self, key):
        return ("i", "j")
''', ['axes = Cfg(axes=("i",)).get("axes")'], 'axes = Cfg(axes=("i",)).get("axes")', 'axes = Cfg(axes=("i",))["axes"]')

# -- JAX states in bodies ------------------------------------------------------------------------------
probe("sort_key_val_values_invariant", "lax.sort_key_val(rows, iota)[1] is typed invariant on jax 0.10.2: out_specs=P() accepts it.",
      ['order = jax.lax.sort_key_val(rows, jnp.broadcast_to(jnp.arange(2.0), rows.shape))[1]', 'return jnp.sum(order)'],
      'rows.shape))[1]', 'rows.shape))[0]', rule="SF103")
probe("histogram_edges_invariant", "jnp.histogram's bin edges with a fixed range are invariant.",
      ['edges = jnp.histogram(rows, bins=2, range=(0.0, 1.0))[1]', 'return edges'],
      'range=(0.0, 1.0))[1]', 'range=(0.0, 1.0))[0]', rule="SF103")
probe("grad_wrt_invariant_scalar", "The gradient for an invariant scalar of a varying product is invariant (the transpose sums).",
      ['g = jax.grad(lambda t: jnp.sum(t * rows))(jnp.float32(1.0))', 'return g'],
      'return g', 'return g * rows[0, 0]', rule="SF103")
probe("argsort_descending_invariant", "argsort(descending=True) is invariant too.",
      ['order = jnp.argsort(rows, axis=0, descending=True)', 'return jax.lax.psum(order, ("i", "j"))'],
      'order = jnp.argsort(rows, axis=0, descending=True)', 'order = jnp.sort(rows, axis=0, descending=True)')
probe("random_constant_key_invariant", "jax.random with a constant key gives an invariant value.",
      ['noise = jax.random.normal(jax.random.key(0), (2,))', 'return noise'],
      'jax.random.key(0)', 'jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i"))', rule="SF103")
probe("size_of_varying_invariant", "jnp.size of a varying array is a Python int: invariant.",
      ['n = jnp.float32(jnp.size(rows))', 'return n'], 'n = jnp.float32(jnp.size(rows))', 'n = jnp.float32(jnp.sum(rows))', rule="SF103")
probe("all_gather_stays_varying", "all_gather (to='varying') leaves the value varying on i: psum over i runs.",
      ['full = jax.lax.all_gather(rows, "i", tiled=True)', 'return jax.lax.psum(full, "i").sum()'],
      'return jax.lax.psum(full, "i").sum()', 'return jax.lax.psum(full, ("i", "j")).sum()')
probe("pcast_then_psum_both", "pcast(rows, 'j', to='varying') makes it vary on j: psum over both runs.",
      ['wide = jax.lax.pcast(rows, "j", to="varying")', 'return jax.lax.psum(wide, ("i", "j")).sum()'],
      'wide = jax.lax.pcast(rows, "j", to="varying")', 'wide = rows')
probe("where_axis_index_j", "jnp.where on axis_index('j') makes rows vary on j.",
      ['mixed = jnp.where(jax.lax.axis_index("j") == 0, rows, 0.0)', 'return jax.lax.psum(mixed, ("i", "j")).sum()'],
      'mixed = jnp.where(jax.lax.axis_index("j") == 0, rows, 0.0)', 'mixed = jnp.where(True, rows, 0.0)')
probe("scan_carry_pcast", "A scan carry made varying on j before the loop keeps its type.",
      ['init = jax.lax.pcast(jnp.zeros(rows.shape), ("i", "j"), to="varying")', 'out, _ = jax.lax.scan(lambda c, _: (c + block, None), init, None, length=2)',
       'return jax.lax.psum(out, ("i", "j")).sum()'],
      'init = jax.lax.pcast(jnp.zeros(rows.shape), ("i", "j"), to="varying")', 'init = jnp.zeros(rows.shape)', rule="SF105")
probe("cond_branch_varying_join", "cond with one branch varying on j: the result varies on j.",
      ['pick = jax.lax.cond(total[0, 0] > 0, lambda: block, lambda: jnp.zeros_like(block))', 'return jax.lax.psum(pick, ("i", "j")).sum()'],
      'lambda: block, lambda: jnp.zeros_like(block)', 'lambda: rows, lambda: jnp.zeros_like(rows)')
probe("vmap_spmd_axis", "vmap over a varying batch keeps the state; psum over i inside runs.",
      ['per = jax.vmap(lambda r: jax.lax.psum(r, "i"))(rows)', 'return per.sum()'],
      'per = jax.vmap(lambda r: jax.lax.psum(r, "i"))(rows)', 'per = jax.vmap(lambda r: jax.lax.psum(r, ("i", "j")))(rows)')

# -- second round: variants of the first round's findings ------------------------------------------------
axes_prog("isinstance_real_subclass", "isinstance of a subclass instance against its base is True.", '''
class Layout:
    def axes(self):
        return ("i", "j")


class Rows(Layout):
    def axes(self):
        return ("i",)
''', ['r = Rows()', 'axes = r.axes() if isinstance(r, Layout) else ("i", "j")'],
          'axes = r.axes() if isinstance(r, Layout) else ("i", "j")', 'axes = Layout.axes(r) if isinstance(r, Layout) else ("i", "j")')
axes_prog("issubclass_registered", "issubclass(C, ABC) is True after ABC.register(C).", '''
class Layout(abc.ABC):
    pass


class Rows:
    pass


Layout.register(Rows)
''', ['axes = ("i",) if issubclass(Rows, Layout) else ("i", "j")'],
          'axes = ("i",) if issubclass(Rows, Layout) else ("i", "j")', 'axes = ("i",) if issubclass(Layout, Rows) else ("i", "j")', imports="import abc\n")
axes_prog("register_as_decorator", "@ABC.register over a class makes isinstance true.", '''
class Layout(abc.ABC):
    pass


@Layout.register
class Rows:
    pass
''', ['axes = ("i",) if isinstance(Rows(), Layout) else ("i", "j")'],
          '@Layout.register', '@staticmethod', imports="import abc\n")
axes_prog("subclasshook_isinstance", "__subclasshook__ answers isinstance for an unrelated class.", '''
class Layout(abc.ABC):
    @classmethod
    def __subclasshook__(cls, other):
        return hasattr(other, "rows")


class Rows:
    rows = 1
''', ['axes = ("i",) if isinstance(Rows(), Layout) else ("i", "j")'],
          '    rows = 1', '    cols = 1', imports="import abc\n")
axes_prog("instancecheck_metaclass", "A metaclass __instancecheck__ answers isinstance.", '''
class Any(type):
    def __instancecheck__(cls, obj):
        return True


class Layout(metaclass=Any):
    pass
''', ['axes = ("i",) if isinstance(3, Layout) else ("i", "j")'],
          '        return True', '        return False')
axes_prog("list_copy_method_alias", "names.copy() is a new list: += on names leaves it.", "",
          ['names = ["i"]', 'alias = names.copy()', 'names += ["j"]', 'axes = tuple(alias)'], 'alias = names.copy()', 'alias = names')
axes_prog("list_ctor_alias", "list(names) is a new list.", "",
          ['names = ["i"]', 'alias = list(names)', 'names.append("j")', 'axes = tuple(alias)'], 'alias = list(names)', 'alias = names')
axes_prog("list_slice_append", "names[:] is a copy: append on names leaves it.", "",
          ['names = ["i"]', 'alias = names[:]', 'names.append("j")', 'axes = tuple(alias)'], 'alias = names[:]', 'alias = names')
axes_prog("list_star_copy_iadd", "[*names] is a new list.", "",
          ['names = ["i"]', 'alias = [*names]', 'names += ["j"]', 'axes = tuple(alias)'], 'alias = [*names]', 'alias = names')
axes_prog("copy_copy_iadd", "copy.copy(names) is a new list.", "",
          ['names = ["i"]', 'alias = copy.copy(names)', 'names += ["j"]', 'axes = tuple(alias)'], 'alias = copy.copy(names)', 'alias = names', imports="import copy\n")
axes_prog("list_plus_rebinds", "names = names + [...] makes a new list; the alias keeps the old.", "",
          ['names = ["i"]', 'alias = names', 'names = names + ["j"]', 'axes = tuple(alias)'], 'names = names + ["j"]', 'names += ["j"]')
axes_prog("dict_copy_update", "cfg.copy() is a new dict: update on cfg leaves it.", "",
          ['cfg = {"axes": ("i",)}', 'old = cfg.copy()', 'cfg |= {"axes": ("i", "j")}', 'axes = old["axes"]'], 'old = cfg.copy()', 'old = cfg')
axes_prog("slice_copy_in_helper", "A helper that copies with [:] then extends its copy.", '''
def widened(names):
    names = names[:]
    names += ["j"]
    return names
''', ['names = ["i"]', 'widened(names)', 'axes = tuple(names)'], '    names = names[:]', '    names = names')
axes_prog("new_returns_tuple", "__new__ returning a tuple: the call gives the tuple, __init__ never runs.", '''
class Axes:
    def __new__(cls, *names):
        return names[:1]

    def __init__(self, *names):
        raise RuntimeError("never")
''', ['axes = Axes("i", "j")'], 'return names[:1]', 'return names[:2]')
axes_prog("new_sets_attr_init_overrides", "__new__ sets an attribute; __init__ runs after and overrides it.", '''
class Plan:
    def __new__(cls, axes):
        self = super().__new__(cls)
        self.axes = axes
        return self

    def __init__(self, axes):
        self.axes = axes[:1]
''', ['axes = Plan(("i", "j")).axes'], 'self.axes = axes[:1]', 'pass')
axes_prog("classmethod_factory_cached", "A classmethod factory that returns a cached instance.", '''
class Plan:
    cache = {}

    def __init__(self, axes):
        self.axes = axes

    @classmethod
    def make(cls, key, axes):
        return cls.cache.setdefault(key, cls(axes))
''', ['Plan.make("k", ("i",))', 'axes = Plan.make("k", ("i", "j")).axes'], '    Plan.make("k", ("i",))', '    Plan.make("other", ("i",))')
axes_prog("init_called_twice_by_hand", "Calling __init__ again by hand resets the fields.", '''
class Plan:
    def __init__(self, axes):
        self.axes = axes
''', ['p = Plan(("i", "j"))', 'p.__init__(("i",))', 'axes = p.axes'], "p.__init__((\"i\",))", "p.__init__((\"i\", \"j\"))")
axes_prog("stdout_default_argument", "A default of sys.stdout is bound at def time: redirect_stdout does not reach it.", '''
def show(out=sys.stdout):
    print("j", file=out)
    print("i")
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    show()', 'axes = tuple(buf.getvalue().split())'],
          'def show(out=sys.stdout):', 'def show(out=None):', imports="import contextlib\nimport io\nimport sys\n")
axes_prog("stdout_read_inside_redirect", "sys.stdout read inside redirect_stdout is the buffer.", '''
def show():
    out = sys.stdout
    print("i", file=out)
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    show()', 'axes = tuple(buf.getvalue().split())'],
          '    print("i", file=out)', '    print("i j", file=out)', imports="import contextlib\nimport io\nimport sys\n")
axes_prog("stderr_not_captured", "print(file=sys.stderr) is not captured by redirect_stdout.", '''
def show():
    print("j", file=sys.stderr)
    print("i")
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    show()', 'axes = tuple(buf.getvalue().split())'],
          'print("j", file=sys.stderr)', 'print("j", file=sys.stdout)', imports="import contextlib\nimport io\nimport sys\n")
axes_prog("callee_probe_baseexception", "A helper's make_mesh raises; the caller's `except BaseException` falls back.", '''
def wide_mesh():
    return jax.make_mesh((8, 2), ("i", "j"))
''', ['try:', '    wide_mesh()', '    axes = ("i", "j")', 'except BaseException:', '    axes = ("i",)'],
          'return jax.make_mesh((8, 2), ("i", "j"))', 'return jax.make_mesh((4, 2), ("i", "j"))')
axes_prog("method_probe_caller_except", "A method that concatenates mismatched arrays; the caller's except Exception falls back.", '''
class Packer:
    def pack(self):
        return jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))])
''', ['try:', '    Packer().pack()', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'jnp.ones((2, 4))', 'jnp.ones((2, 3))')
axes_prog("lambda_probe_caller_except", "A lambda doing a bad matmul, called in a try with except Exception.", "",
          ['probe = lambda: jnp.ones((2, 3)) @ jnp.ones((2, 3))', 'try:', '    probe()', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'probe = lambda: jnp.ones((2, 3)) @ jnp.ones((2, 3))', 'probe = lambda: jnp.ones((2, 3)) @ jnp.ones((3, 2))')
axes_prog("callee_numpy_index_error", "NumPy indexing out of bounds raises IndexError in a helper; caller catches Exception.", '''
def third(a):
    return a[3]
''', ['try:', '    third(np.zeros(2))', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'third(np.zeros(2))', 'third(np.zeros(4))')
axes_prog("callee_warning_as_error", "A float64 request warns with x64 off; an error filter raises it in a helper; caller catches Exception.", '''
def wide_zeros():
    return jnp.zeros(2, jnp.float64)
''', ['with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    try:', '        wide_zeros()', '        axes = ("i", "j")', '    except Exception:', '        axes = ("i",)'],
          'return jnp.zeros(2, jnp.float64)', 'return jnp.zeros(2, jnp.float32)', imports="import warnings\n")

# -- third round ------------------------------------------------------------------------------------------
axes_prog("tuple_snapshot_before_append", "tuple(names) taken before an append is a snapshot.", "",
          ['names = ["i"]', 'snap = tuple(names)', 'names.append("j")', 'axes = snap'], 'snap = tuple(names)', 'snap = names')
axes_prog("len_before_append", "len(names) read before an append counts the items then.", "",
          ['names = ["i"]', 'n = len(names)', 'names.append("j")', 'axes = tuple(names[:n])'], 'n = len(names)', 'n = 2')
axes_prog("first_item_before_insert", "names[0] read before insert(0, ...) is the old first item.", "",
          ['names = ["i"]', 'head = names[0]', 'names.insert(0, "j")', 'axes = (head,)'], 'head = names[0]', 'head = "j"')
axes_prog("loop_reads_before_extend", "A for loop over the list before extend sees the items then.", "",
          ['names = ["i"]', 'seen = []', 'for n in names:', '    seen.append(n)', 'names.extend(["j"])', 'axes = tuple(seen)'],
          '    seen.append(n)', '    seen.extend(["i", "j"])')
axes_prog("sorted_before_append", "sorted(names) before an append is a new list.", "",
          ['names = ["i"]', 'ordered = sorted(names)', 'names.append("j")', 'axes = tuple(ordered)'], 'ordered = sorted(names)', 'ordered = names')
axes_prog("in_test_before_append", "`\"j\" in names` before the append is False.", "",
          ['names = ["i"]', 'wide = "j" in names', 'names.append("j")', 'axes = ("i", "j") if wide else ("i",)'],
          'wide = "j" in names', 'wide = "i" in names')
axes_prog("plus_list_before_append", "names + [] makes a new list before the append.", "",
          ['names = ["i"]', 'other = names + []', 'names.append("j")', 'axes = tuple(other)'], 'other = names + []', 'other = names')
axes_prog("generator_expr_late", "A generator expression over the list runs when consumed: it sees the append.", "",
          ['names = ["i", "j"]', 'gen = (n for n in names)', 'names.pop()', 'axes = tuple(gen)'], '    names.pop()', '    names.count("j")')
axes_prog("abc_instantiation_caught", "An abstract class with an unimplemented method cannot be instantiated.", '''
class Base(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        return ("i", "j")


class Half(Base):
    pass
''', ['try:', '    axes = Half().axes()', 'except TypeError:', '    axes = ("i",)'],
          'class Half(Base):\n    pass', 'class Half(Base):\n    def axes(self): return ("i", "j")', imports="import abc\n")
axes_prog("abc_abstract_property", "An abstract property makes the subclass abstract too: instantiation raises.", '''
class Base(abc.ABC):
    @property
    @abc.abstractmethod
    def axes(self):
        ...


class Rows(Base):
    wide = ("i", "j")
''', ['try:', '    axes = Rows().wide', 'except TypeError:', '    axes = ("i",)'],
          '    wide = ("i", "j")', '    wide = axes = ("i", "j")', imports="import abc\n")
axes_prog("protocol_runtime_checkable", "isinstance against a runtime_checkable Protocol checks the method names.", '''
@typing.runtime_checkable
class HasRows(typing.Protocol):
    def rows(self): ...


class Cfg:
    def rows(self):
        return ("i",)
''', ['c = Cfg()', 'axes = c.rows() if isinstance(c, HasRows) else ("i", "j")'],
          '    def rows(self):\n        return ("i",)', '    def cols(self):\n        return ("i",)', imports="import typing\n")
axes_prog("callee_try_finally_reraises", "A helper's jnp call raises through its finally; caller's except Exception falls back.", '''
LOG = []


def probe():
    try:
        return jnp.ones((2, 3)).reshape(4, 4)
    finally:
        LOG.append("tried")
''', ['try:', '    probe()', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'return jnp.ones((2, 3)).reshape(4, 4)', 'return jnp.ones((2, 3)).reshape(3, 2)')
axes_prog("callee_split_uneven", "jnp.split into unequal parts raises in a helper.", '''
def halves(a):
    return jnp.split(a, 3)
''', ['try:', '    halves(jnp.ones(8))', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'return jnp.split(a, 3)', 'return jnp.split(a, 2)')
axes_prog("own_function_handler_probe", "The probe and its handler in one function: except Exception right there.", "",
          ['try:', '    jnp.ones((2, 3)) @ jnp.ones((2, 3))', '    axes = ("i", "j")', 'except Exception:', '    axes = ("i",)'],
          'jnp.ones((2, 3)) @ jnp.ones((2, 3))', 'jnp.ones((2, 3)) @ jnp.ones((3, 2))')
axes_prog("stdout_module_alias", "`out = sys.stdout` at import, used in a helper's print: goes to the real stdout.", '''
import sys as _sys

LOGGER_STREAM = _sys.stdout


def report(names):
    for n in names:
        print(n, file=LOGGER_STREAM)
    print(names[0])
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    report(["j", "i"][::-1])', 'axes = tuple(buf.getvalue().split())'],
          'print(n, file=LOGGER_STREAM)', 'print(n)', imports="import contextlib\nimport io\n")
axes_prog("write_method_bound_before", "sys.stdout.write bound before redirect writes to the real stdout.", '''
WRITE = sys.stdout.write
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    WRITE("j\\n")', '    print("i")', 'axes = tuple(buf.getvalue().split())'],
          '    WRITE("j\\n")', '    sys.stdout.write("j\\n")', imports="import contextlib\nimport io\nimport sys\n")

# -- fourth round ------------------------------------------------------------------------------------------
axes_prog("nested_reader_called_before_append", "A nested function that reads the list, called before the append.", "",
          ['names = ["i"]', 'def snap():', '    return tuple(names)', 'axes = snap()', 'names.append("j")'],
          'axes = snap()', 'axes = ("i", "j")')
axes_prog("module_helper_reads_before_append", "A module helper that only reads the list, called before the append.", '''
def frozen(names):
    return tuple(names)
''', ['names = ["i"]', 'axes = frozen(names)', 'names.append("j")'], 'axes = frozen(names)', 'axes = frozen(names + ["j"])')
axes_prog("enumerate_before_extend", "dict(enumerate(names)) before extend is a snapshot.", "",
          ['names = ["i"]', 'table = dict(enumerate(names))', 'names.extend(["j"])', 'axes = tuple(table.values())'],
          'table = dict(enumerate(names))', 'table = dict(enumerate(names + ["j"]))')
axes_prog("inherited_new_other_class", "__new__ inherited from a base returns another class's object: __init__ never runs.", '''
class Flat:
    axes = ("i",)


class Base:
    def __new__(cls, *args):
        return Flat()


class Plan(Base):
    def __init__(self, axes):
        self.axes = axes
''', ['axes = Plan(("i", "j")).axes'], '        return Flat()', '        return super().__new__(cls)')
axes_prog("init_called_on_class", "Plan.__init__(p, ...) re-initialises p.", '''
class Plan:
    def __init__(self, axes):
        self.axes = axes
''', ['p = Plan(("i", "j"))', 'Plan.__init__(p, ("i",))', 'axes = p.axes'], 'Plan.__init__(p, ("i",))', 'Plan.__init__(p, ("i", "j"))')
axes_prog("abc_register_tuple_kinds", "isinstance against a tuple holding a registered ABC.", '''
class Layout(abc.ABC):
    pass


class Rows:
    axes = ("i",)


Layout.register(Rows)
''', ['r = Rows()', 'axes = r.axes if isinstance(r, (Layout, int)) else ("i", "j")'],
          'Layout.register(Rows)', 'Layout.register(int)', imports="import abc\n")
axes_prog("abcmeta_metaclass_register", "metaclass=ABCMeta registers the same way.", '''
class Layout(metaclass=abc.ABCMeta):
    pass


class Rows:
    axes = ("i",)


Layout.register(Rows)
''', ['r = Rows()', 'axes = r.axes if isinstance(r, Layout) else ("i", "j")'],
          'Layout.register(Rows)', 'Layout.register(int)', imports="import abc\n")
axes_prog("callee_retry_loop", "A retry loop in the caller: the first mesh shape fails in a helper, the second is used.", '''
def build(shape):
    return jax.make_mesh(shape, ("i", "j"))
''', ['axes = ("i", "j")', 'for shape, names in (((4, 4), ("i", "j")), ((2, 4), ("i",))):', '    try:', '        build(shape)',
      '    except Exception:', '        continue', '    axes = names', '    break'],
          "for shape, names in (((4, 4), (\"i\", \"j\")), ((2, 4), (\"i\",))):", "for shape, names in (((2, 4), (\"i\", \"j\")), ((2, 4), (\"i\",))):")
axes_prog("stdout_in_class_attr", "A class attribute bound to sys.stdout at class creation is the real stdout.", '''
class Reporter:
    stream = sys.stdout

    def show(self):
        print("j", file=self.stream)
        print("i")
''', ['buf = io.StringIO()', 'with contextlib.redirect_stdout(buf):', '    Reporter().show()', 'axes = tuple(buf.getvalue().split())'],
          '        print("j", file=self.stream)', '        print("j", file=sys.stdout)', imports="import contextlib\nimport io\nimport sys\n")

# -- fifth round -----------------------------------------------------------------------------------------
axes_prog("enum_alias_not_iterated", "An Enum member with an existing value is an alias: iteration skips it.", '''
class Axis(enum.Enum):
    I = "i"
    J = "i"
''', ['axes = tuple(m.name.lower() for m in Axis)'], '    J = "i"', '    J = "j"', imports="import enum\n")
axes_prog("enum_members_mapping_has_alias", "Enum.__members__ lists aliases, iteration does not: the program uses iteration.", '''
class Axis(enum.Enum):
    I = 1
    J = 1
''', ['axes = tuple(m.name.lower() for m in Axis)'], '    J = 1', '    J = 2', imports="import enum\n")
axes_prog("property_setter_normalises", "A property setter keeps only the first axis.", '''
class Cfg:
    def __init__(self, axes):
        self.axes = axes

    @property
    def axes(self):
        return self._axes

    @axes.setter
    def axes(self, value):
        self._axes = tuple(value)[:1]
''', ['axes = Cfg(("i", "j")).axes'], 'self._axes = tuple(value)[:1]', 'self._axes = tuple(value)')
axes_prog("setattr_hook_normalises", "__setattr__ rewrites the value stored.", '''
class Cfg:
    def __init__(self, axes):
        self.axes = axes

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value[:1])
''', ['axes = Cfg(("i", "j")).axes'], 'object.__setattr__(self, name, value[:1])', 'object.__setattr__(self, name, value)')
axes_prog("post_init_trims", "A dataclass __post_init__ trims the field.", '''
@dataclasses.dataclass
class Cfg:
    axes: tuple

    def __post_init__(self):
        self.axes = self.axes[:1]
''', ['axes = Cfg(("i", "j")).axes'], 'self.axes = self.axes[:1]', 'self.axes = self.axes[:2]', imports="import dataclasses\n")
axes_prog("class_attr_shadowed_by_instance", "a.names = a.names + [...] makes an instance attribute; another instance still sees the class list.", '''
class Cfg:
    names = ["i"]
''', ['a, b = Cfg(), Cfg()', 'a.names = a.names + ["j"]', 'axes = tuple(b.names)'], 'a.names = a.names + ["j"]', 'a.names += ["j"]')
axes_prog("stdout_assigned_directly", "sys.stdout assigned by hand: print goes to the buffer until it is restored.", '''
def show():
    print("i")
''', ['buf = io.StringIO()', 'old, sys.stdout = sys.stdout, buf', 'show()', 'sys.stdout = old', 'print("j")', 'axes = tuple(buf.getvalue().split())'],
          '    print("j")', '    print("j", file=buf)', imports="import io\nimport sys\n")
axes_prog("descriptor_set_hook", "A data descriptor's __set__ decides what is stored.", '''
class First:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner):
        return getattr(obj, self.key)

    def __set__(self, obj, value):
        setattr(obj, self.key, value[:1])


class Cfg:
    axes = First()

    def __init__(self, axes):
        self.axes = axes
''', ['axes = Cfg(("i", "j")).axes'], 'setattr(obj, self.key, value[:1])', 'setattr(obj, self.key, value)')
axes_prog("hasattr_property_raises", "hasattr is False when the property raises AttributeError.", '''
class Cfg:
    @property
    def wide(self):
        raise AttributeError("no")
''', ['axes = ("i", "j") if hasattr(Cfg(), "wide") else ("i",)'], '        raise AttributeError("no")', '        return True')
axes_prog("zip_strict_raises", "zip(strict=True) of unequal lengths raises ValueError, caught.", "",
          ['try:', '    pairs = list(zip(("i", "j"), (1,), strict=True))', '    axes = tuple(a for a, _ in pairs)', 'except ValueError:', '    axes = ("i",)'],
          'pairs = list(zip(("i", "j"), (1,), strict=True))', 'pairs = list(zip(("i", "j"), (1, 2), strict=True))')
axes_prog("namedtuple_replace_new", "_replace returns a new tuple; the original is unchanged.", '''
Cfg = collections.namedtuple("Cfg", "axes")
''', ['c = Cfg(("i",))', 'wide = c._replace(axes=("i", "j"))', 'axes = c.axes'], 'axes = c.axes', 'axes = wide.axes', imports="import collections\n")
axes_prog("filled_list_in_branch_not_taken", "An append under an if whose test is false at run time.", "",
          ['names = ["i"]', 'wide = len(names) > 1', 'if wide:', '    names.append("j")', 'axes = tuple(names)'],
          'wide = len(names) > 1', 'wide = len(names) > 0')
axes_prog("filled_list_remove_first_only", "list.remove removes the first match only.", "",
          ['names = ["j", "i", "j"]', 'names.remove("j")', 'names.remove("j")', 'axes = tuple(names)'],
          '    names.remove("j")\n    names.remove("j")', '    names.remove("j")\n    names.remove("i")')

# -- sixth round: JAX states in bodies ------------------------------------------------------------------------
probe("cond_on_axis_index_j", "lax.cond on a predicate varying on j: the result varies on j, psum over j runs.",
      ['pick = jax.lax.cond(jax.lax.axis_index("j") == 0, lambda t: t, lambda t: t * 2.0, total)', 'return jax.lax.psum(pick, "j").sum()'],
      'return jax.lax.psum(pick, "j").sum()', 'return jax.lax.psum(pick + rows, ("i", "j")).sum()')

probe("switch_on_axis_index_j", "lax.switch on axis_index('j'): the result varies on j.",
      ['pick = jax.lax.switch(jax.lax.axis_index("j") % 2, [lambda t: t, lambda t: -t], total)', 'return jax.lax.psum(pick, "j").sum()'],
      'return jax.lax.psum(pick, "j").sum()', 'return jax.lax.psum(pick + rows, ("i", "j")).sum()')

probe("select_on_axis_index_j", "lax.select with a predicate varying on j.",
      ['pred = jnp.broadcast_to(jax.lax.axis_index("j") == 0, total.shape)', 'pick = jax.lax.select(pred, total, -total)', 'return jax.lax.psum(pick, "j").sum()'],
      'return jax.lax.psum(pick, "j").sum()', 'return jax.lax.psum(pick, ("i", "j")).sum()')

probe("index_invariant_by_axis_index", "Indexing an invariant array by axis_index('j') gives a value varying on j.",
      ['row = total[jax.lax.axis_index("j") % total.shape[0]]', 'return jax.lax.psum(row, "j").sum()'],
      'return jax.lax.psum(row, "j").sum()', 'return jax.lax.psum(row, ("i", "j")).sum()')

probe("ppermute_of_invariant", "ppermute of an invariant value over i: the result varies on i.",
      ['moved = jax.lax.ppermute(total, "i", [(0, 1), (1, 0)])', 'return jax.lax.psum(moved, "i").sum()'],
      'return jax.lax.psum(moved, "i").sum()', 'return jax.lax.psum(moved, ("i", "j")).sum()')
probe("fold_in_axis_index_j", "A key folded with axis_index('j') varies on j; the noise too.",
      ['key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("j"))', 'noise = jax.random.normal(key, (2,))', 'return jax.lax.psum(noise, "j").sum()'],
      'return jax.lax.psum(noise, "j").sum()', 'return jax.lax.psum(noise, ("i", "j")).sum()')

probe("fori_loop_adds_block", "A fori_loop carry pcast to varying on both axes keeps its type; psum over both runs.",
      ['init = jax.lax.pcast(jnp.zeros(block.shape), ("i", "j"), to="varying")', 'out = jax.lax.fori_loop(0, 2, lambda k, c: c + block, init)', 'return jax.lax.psum(out, ("i", "j")).sum()'],
      'out = jax.lax.fori_loop(0, 2, lambda k, c: c + block, init)', 'out = jax.lax.fori_loop(0, 2, lambda k, c: c + rows, rows)')
probe("dynamic_slice_invariant_by_j", "dynamic_slice of an invariant vector at axis_index('j') varies on j.",
      ['flat = total.reshape(-1)', 'part = jax.lax.dynamic_slice_in_dim(flat, jax.lax.axis_index("j"), 2)', 'return jax.lax.psum(part, "j").sum()'],
      'return jax.lax.psum(part, "j").sum()', 'return jax.lax.psum(part, ("i", "j")).sum()')

probe("while_loop_pcast_carry", "A while_loop whose carry is made varying on j before the loop.",
      ['init = jax.lax.pcast(rows, "j", to="varying")', 'out = jax.lax.while_loop(lambda c: c.sum() < -1.0, lambda c: c + 1.0, init)', 'return jax.lax.psum(out, ("i", "j")).sum()'],
      'init = jax.lax.pcast(rows, "j", to="varying")', 'init = rows')
probe("vmap_spmd_axis_name_j", "vmap with spmd_axis_name='j' over a value varying on j.",
      ['per = jax.vmap(lambda r: r * 2.0, spmd_axis_name="j")(block)', 'return jax.lax.psum(per, ("i", "j")).sum()'],
      'per = jax.vmap(lambda r: r * 2.0, spmd_axis_name="j")(block)', 'per = jax.vmap(lambda r: r * 2.0)(rows)')
probe("where_select_varying_mask", "jnp.where with a mask from axis_index('j') varies on j.",
      ['mask = jax.lax.axis_index("j") < 2', 'pick = jnp.where(mask, total, 0.0)', 'return jax.lax.psum(pick, "j").sum()'],
      "mask = jax.lax.axis_index(\"j\") < 2", "mask = jax.lax.axis_index(\"i\") < 2")
probe("grad_through_psum", "grad through psum over j of block: the cotangent varies on i and j.",
      ['g = jax.grad(lambda b: jax.lax.psum(b, "j").sum())(block)', 'return jax.lax.psum(g, ("i", "j")).sum()'],
      'g = jax.grad(lambda b: jax.lax.psum(b, "j").sum())(block)', 'g = jax.grad(lambda b: jax.lax.psum(b, "j").sum())(rows)')

# -- seventh round: conversions the run believes pass ------------------------------------------------------
axes_prog("int_of_nan_array", "int() of a 0-d NaN array raises ValueError, caught in the same function.", "",
          ['try:', '    int(jnp.asarray(float("nan")))', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'int(jnp.asarray(float("nan")))', 'int(jnp.asarray(1.5))')
axes_prog("int_of_inf_array", "int() of a 0-d infinite array raises OverflowError.", "",
          ['try:', '    int(jnp.asarray(1e39))', '    axes = ("i", "j")', 'except OverflowError:', '    axes = ("i",)'],
          'int(jnp.asarray(1e39))', 'int(jnp.asarray(1e3))')
axes_prog("item_of_nan_to_int", "int(x.item()) of a NaN 0-d array raises ValueError (Python's int of nan).", "",
          ['try:', '    int(jnp.asarray(float("nan")).item())', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          'int(jnp.asarray(float("nan")).item())', 'int(jnp.asarray(2.0).item())')
axes_prog("numpy_index_negative_out", "A NumPy index below -len raises IndexError, caught in the same function.", "",
          ['try:', '    np.zeros(2)[-3]', '    axes = ("i", "j")', 'except IndexError:', '    axes = ("i",)'],
          'np.zeros(2)[-3]', 'np.zeros(2)[-2]')
axes_prog("jnp_asarray_big_int", "jnp.asarray(2**40) with x64 off raises OverflowError.", "",
          ['try:', '    jnp.asarray(2 ** 40)', '    axes = ("i", "j")', 'except OverflowError:', '    axes = ("i",)'],
          'jnp.asarray(2 ** 40)', 'jnp.asarray(2 ** 20)')
