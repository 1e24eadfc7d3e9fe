# Entries of gen_clean.py (exec'd there). Every program computes `axes` on the host by a Python
# construct that gives ("i",) at run time and hands it to reduce_rows (psum of a value varying on i
# only); read otherwise it gives another tuple ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    """`pre`: module-level code after reduce_rows; `lines`: main's body before `return reduce_rows(...)`."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


# -- shared iterators (shared_iterators.py, stdlib_pure.py's zip_longest) ---------------------------
axes_prog("zip_longest_list_shrunk", "zip_longest over a list is lazy: a pop after it is made, before it is walked, is seen.",
          "", ['names = ["i", "j"]', 'pairs = itertools.zip_longest(names, ("x",))', 'names.pop()',
               'axes = tuple(a for a, _ in pairs)'],
          "    names.pop()", "    names.count(\"i\")", imports="import itertools\n")
axes_prog("zip_longest_fill_after_pop", "zip_longest with a fill value over a list popped after it was made: one pair.",
          "", ['names = ["i"]', 'marks = ["x", "y"]', 'pairs = itertools.zip_longest(marks, names, fillvalue="j")', 'marks.pop()',
               'axes = tuple(b for _, b in pairs)'],
          "    marks.pop()", "    marks.count(\"y\")", imports="import itertools\n")
axes_prog("in_operator_consumes_iterator", "`\"j\" in it` consumes the iterator through the match; the rest is ('i',).",
          "", ['names = iter(("j", "i"))', 'found = "j" in names', 'axes = tuple(names) if found else ("i", "j")'],
          "    found = \"j\" in names", "    found = \"j\" in (\"j\", \"i\")")
axes_prog("zip_same_iterator_pairs", "zip(it, it) pairs consecutive items of one iterator.",
          "", ['flat = iter(["i", None, "j", "x"])', 'table = dict(zip(flat, flat))', 'axes = tuple(k for k, v in table.items() if v is None)'],
          '    table = dict(zip(flat, flat))', '    table = dict(zip(flat, [None, None]))')
axes_prog("for_break_then_rest", "A for loop that breaks leaves the iterator where it stopped: tuple(it) is the rest.",
          "", ['names = iter(("j", "i"))', 'for name in names:', '    if name == "j":', '        break',
               'axes = tuple(names)'],
          '    names = iter(("j", "i"))', '    names = iter(("j", "i", "j"))')
axes_prog("any_consumes_generator", "any() over a generator stops at the first true item; the generator goes on from there.",
          "", ['names = (n for n in ("j", "i"))', 'wide = any(n == "j" for n in names)', 'axes = tuple(names) if wide else ("i", "j")'],
          '    wide = any(n == "j" for n in names)', '    wide = any(n == "j" for n in ("j", "i"))')
axes_prog("map_same_iterator_twice", "map(f, it, it) takes two items of one iterator per call.",
          "", ['flat = iter(("i", "i", "j", "x"))', 'kept = [a for a, b in map(lambda a, b: (a, b), flat, flat) if a == b]',
               'axes = tuple(kept)'],
          '    flat = iter(("i", "i", "j", "x"))', '    flat = iter(("i", "i", "j", "j"))')
axes_prog("next_default_after_exhaust", "next(it, default) after the iterator is exhausted gives the default.",
          "", ['names = iter(["i"])', 'first = next(names)', 'second = next(names, None)',
               'axes = (first,) if second is None else (first, second)'],
          '    names = iter(["i"])', '    names = iter(["i", "j"])')
axes_prog("list_iterator_sees_append", "A list iterator made before an append walks the appended item too.",
          "", ['names = ["j"]', 'walk = iter(names)', 'names.append("i")', 'next(walk)', 'axes = tuple(walk)'],
          '    names.append("i")', '    names.insert(0, "i")')
axes_prog("tee_shares_source", "itertools.tee copies: each copy walks every item; the source is consumed.",
          "", ['src = iter(("j", "i"))', 'a, b = itertools.tee(src)', 'next(a)', 'axes = tuple(a)'],
          "    next(a)", "    next(b)", imports="import itertools\n")

# -- with statements (entered_objects.py) ------------------------------------------------------------
STAGE = '''
STATE = {"axes": ("i", "j")}


class Stage:
    def __init__(self, axes):
        self.axes = axes

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        STATE["axes"] = self.axes
        return False
'''
axes_prog("with_two_items_exit_order", "`with A, B:` exits B first, then A: A's value is the one left.",
          STAGE, ['with Stage(("i",)), Stage(("i", "j")):', '    pass', 'axes = STATE["axes"]'],
          'with Stage(("i",)), Stage(("i", "j")):', 'with Stage(("i", "j")), Stage(("i",)):')
axes_prog("with_nested_inner_swallows", "The inner __exit__ swallows the KeyError: the outer one sees no exception.",
          '''
STATE = {"axes": ("i", "j")}


class Quiet:
    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        return True


class Mark:
    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        STATE["axes"] = ("i",) if kind is None else ("i", "j")
        return True
''', ['with Mark():', '    with Quiet():', '        raise KeyError("plan")', 'axes = STATE["axes"]'],
          '        STATE["axes"] = ("i",) if kind is None else ("i", "j")', '        STATE["axes"] = ("i", "j") if kind is None else ("i",)')
axes_prog("with_enter_raises_no_exit", "An __enter__ that raises: __exit__ is never called.",
          '''
STATE = {"axes": ("i",)}


class Widen:
    def __enter__(self):
        raise RuntimeError("busy")

    def __exit__(self, kind, exc, tb):
        STATE["axes"] = ("i", "j")
        return True
''', ['try:', '    with Widen():', '        pass', 'except RuntimeError:', '    pass', 'axes = STATE["axes"]'],
          '        raise RuntimeError("busy")', '        return self')
axes_prog("exitstack_callbacks_lifo", "ExitStack runs its callbacks last-in first-out: the first one registered runs last.",
          'STATE = {"axes": ("i", "j")}', ['with contextlib.ExitStack() as stack:', '    stack.callback(STATE.__setitem__, "axes", ("i",))',
                                           '    stack.callback(STATE.__setitem__, "axes", ("i", "j"))', 'axes = STATE["axes"]'],
          '    stack.callback(STATE.__setitem__, "axes", ("i",))', '    stack.callback(STATE.__setitem__, "axes", ("i", "j", "i")[:2])',
          imports="import contextlib\n")
axes_prog("contextmanager_finally_restores", "A @contextmanager's finally restores the value after the block.",
          '''
STATE = {"axes": ("i",)}


@contextlib.contextmanager
def widened():
    saved = STATE["axes"]
    STATE["axes"] = ("i", "j")
    try:
        yield
    finally:
        STATE["axes"] = saved
''', ['with widened():', '    pass', 'axes = STATE["axes"]'],
          '        STATE["axes"] = saved', '        STATE["axes"] = STATE["axes"]', imports="import contextlib\n")
axes_prog("with_instance_exit_ignored", "__exit__ set on the instance is ignored: the class's runs.",
          STAGE, ['stage = Stage(("i",))', 'stage.__exit__ = lambda *exc: STATE.update(axes=("i", "j"))', 'with stage:', '    pass',
                  'axes = STATE["axes"]'],
          '    stage = Stage(("i",))', '    stage = Stage(("i", "j"))')

# -- try statements (try_blocks.py, script_functions.try_finally) -----------------------------------
axes_prog("return_value_before_finally", "A return's value is computed before the finally block changes the state.",
          '''
STATE = {"axes": ("i",)}


def current():
    try:
        return STATE["axes"]
    finally:
        STATE["axes"] = ("i", "j")
''', ['axes = current()'], '    axes = current()', '    axes = current() and current()')
axes_prog("break_runs_finally", "A break out of a try runs its finally block first.",
          "", ['axes = ("i", "j")', 'for name in ("i", "j"):', '    try:', '        break', '    finally:', '        axes = (name,)'],
          '        axes = (name,)', '        axes = axes')
axes_prog("else_raise_not_caught_by_sibling", "An exception raised in a try's else block is not caught by that try's handlers.",
          "", ['try:', '    try:', '        axes = ("i",)', '    except KeyError:', '        axes = ("i", "j")', '    else:',
               '        raise KeyError("done")', 'except KeyError:', '    pass'],
          '        axes = ("i",)', '        axes = ("i",) if {}.get(0) else {}["k"]')
axes_prog("exception_subclass_of_builtin", "A module exception deriving from KeyError is caught by `except LookupError`.",
          '''
class PlanError(KeyError):
    pass


def pick():
    raise PlanError("wide")
''', ['try:', '    pick()', '    axes = ("i", "j")', 'except LookupError:', '    axes = ("i",)'],
          '    axes = ("i",)', '    axes = ("i", "j")')
axes_prog("continue_in_finally_skips_rest", "A continue inside a loop's try: the finally runs, then the next round.",
          "", ['axes = ()', 'for name in ("i", "j"):', '    try:', '        if name == "j":', '            continue', '        axes += (name,)',
               '    finally:', '        pass'],
          '            continue', '            pass')
axes_prog("finally_return_swallows", "A return in finally swallows the exception and replaces the try's return value.",
          '''
def pick():
    try:
        raise ValueError("wide")
    finally:
        return ("i",)
''', ['axes = pick()'], '        return ("i",)', '        return ("i", "j")')
axes_prog("except_star_group", "except* splits an ExceptionGroup: the KeyError part is handled.",
          '''
STATE = {"axes": ("i", "j")}


def run():
    try:
        raise ExceptionGroup("plan", [KeyError("wide")])
    except* KeyError:
        STATE["axes"] = ("i",)
''', ['run()', 'axes = STATE["axes"]'], '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")')
axes_prog("handler_name_unbound_after", "The handler's name is deleted at the handler's end: the module global of that name is gone.",
          '''
err = ("i", "j")


def drop():
    global err
    try:
        raise KeyError("x")
    except KeyError as err:
        pass
''', ['drop()', 'axes = globals().get("err", ("i",))'], '    drop()', '    axes = None')

# -- operators and truth (script_dunders.py) -------------------------------------------------------
axes_prog("ne_inverts_eq", "Without __ne__, != inverts __eq__: two equal axes are not unequal.",
          '''
class Axis:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Axis) and self.name == other.name
''', ['axes = ("i", "j") if Axis("j") != Axis("j") else ("i",)'],
          '    axes = ("i", "j") if Axis("j") != Axis("j") else ("i",)', '    axes = ("i", "j") if Axis("j") != Axis("i") else ("i",)')
axes_prog("eq_notimplemented_identity", "Both sides answer NotImplemented: == falls back to identity (False).",
          '''
class Axis:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        if not isinstance(other, Axis):
            return NotImplemented
        return self.name == other.name
''', ['axes = ("i", "j") if Axis("j") == "j" else ("i",)'],
          '    axes = ("i", "j") if Axis("j") == "j" else ("i",)', '    axes = ("i", "j") if Axis("j") == Axis("j") else ("i",)')
axes_prog("contains_via_getitem", "`in` on a class with only __getitem__ walks it until IndexError.",
          '''
class Group:
    def __init__(self, *names):
        self.names = names

    def __getitem__(self, k):
        return self.names[k]
''', ['axes = ("i", "j") if "j" in Group("i") else ("i",)'],
          '    axes = ("i", "j") if "j" in Group("i") else ("i",)', '    axes = ("i", "j") if "j" in Group("i", "j") else ("i",)')
axes_prog("tuple_of_getitem_sequence", "tuple() of a class with only __getitem__ uses the old sequence protocol.",
          '''
class Group:
    def __init__(self, *names):
        self.names = names

    def __getitem__(self, k):
        return self.names[k]
''', ['axes = tuple(Group("i"))'], '    axes = tuple(Group("i"))', '    axes = tuple(Group("i", "j"))')
axes_prog("list_subclass_empty_falsy", "An empty instance of a list subclass is falsy (list's __len__).",
          '''
class Extra(list):
    pass
''', ['extra = Extra()', 'axes = ("i", "j") if extra else ("i",)'], '    extra = Extra()', '    extra = Extra(["j"])')
axes_prog("str_subclass_empty_falsy", "A str subclass of '' is falsy.",
          '''
class Name(str):
    pass
''', ['wide = Name("")', 'axes = ("i", "j") if wide else ("i",)'], '    wide = Name("")', '    wide = Name("j")')
axes_prog("int_subclass_zero_falsy", "An int subclass of 0 is falsy.",
          '''
class Count(int):
    pass
''', ['extra = Count(0)', 'axes = ("i", "j") if extra else ("i",)'], '    extra = Count(0)', '    extra = Count(1)')
axes_prog("str_subclass_eq", "A str subclass compares equal to the str.",
          '''
class Name(str):
    pass
''', ['axes = ("i",) if Name("j") == "j" else ("i", "j")'], '    axes = ("i",) if Name("j") == "j" else ("i", "j")',
          '    axes = ("i",) if Name("j") != "j" else ("i", "j")')
axes_prog("tuple_subclass_radd_first", "A tuple subclass with its own __radd__ is asked first on the right of a tuple.",
          '''
class Axes(tuple):
    def __radd__(self, other):
        return Axes(other[:1])
''', ['axes = tuple(("i", "j") + Axes(()))'], '    axes = tuple(("i", "j") + Axes(()))', '    axes = tuple(("i", "j") + tuple(Axes(())))')
axes_prog("instance_len_ignored_for_truth", "A __len__ set on the instance does not make it falsy.",
          '''
class Plan:
    pass
''', ['plan = Plan()', 'plan.__len__ = lambda: 0', 'axes = ("i",) if plan else ("i", "j")'],
          '    axes = ("i",) if plan else ("i", "j")', '    axes = ("i",) if not plan else ("i", "j")')
axes_prog("reflected_eq_from_str", "'j' == Axis('j'): str answers NotImplemented, Axis.__eq__ is asked reflected.",
          '''
class Axis:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return self.name == other
''', ['axes = ("i",) if "j" == Axis("j") else ("i", "j")'], '    axes = ("i",) if "j" == Axis("j") else ("i", "j")',
          '    axes = ("i",) if "i" == Axis("j") else ("i", "j")')
axes_prog("bool_from_mixin_over_len", "__bool__ found later in the order wins over a __len__ earlier: truth asks __bool__ first.",
          '''
class Sized:
    def __len__(self):
        return 0


class Truthy:
    def __bool__(self):
        return True


class Plan(Sized, Truthy):
    pass
''', ['axes = ("i",) if Plan() else ("i", "j")'], '    axes = ("i",) if Plan() else ("i", "j")', '    axes = ("i",) if not Plan() else ("i", "j")')
axes_prog("iadd_notimplemented_falls_to_add", "__iadd__ answering NotImplemented falls back to __add__.",
          '''
class Axes:
    def __init__(self, names):
        self.names = names

    def __iadd__(self, other):
        return NotImplemented

    def __add__(self, other):
        return Axes(self.names)
''', ['plan = Axes(("i",))', 'plan += ("j",)', 'axes = plan.names'], '    plan += ("j",)', '    plan.names += ("j",)')
axes_prog("lt_reflected_gt_sort", "sorted() asks a < b; without __lt__ Python asks b.__gt__(a).",
          '''
class Rank:
    def __init__(self, name, n):
        self.name = name
        self.n = n

    def __gt__(self, other):
        return self.n > other.n
''', ['ranked = sorted([Rank("j", 2), Rank("i", 1)])', 'axes = (ranked[0].name,)'],
          '    axes = (ranked[0].name,)', '    axes = (ranked[0].name, ranked[1].name)')

# -- classes: order, super, metaclasses, descriptors ------------------------------------------------
axes_prog("class_reassigned_dunder_class", "obj.__class__ = Narrow: later reads go to Narrow.",
          '''
class Wide:
    axes = ("i", "j")


class Narrow(Wide):
    axes = ("i",)
''', ['plan = Wide()', 'plan.__class__ = Narrow', 'axes = plan.axes'], '    plan.__class__ = Narrow', '    plan.__class__ = Wide')
axes_prog("super_explicit_skips_class", "super(Mid, self) starts after Mid: Base's method.",
          '''
class Base:
    def axes(self):
        return ("i",)


class Mid(Base):
    def axes(self):
        return ("i", "j")


class Leaf(Mid):
    def axes(self):
        return super(Mid, self).axes()
''', ['axes = Leaf().axes()'], '        return super(Mid, self).axes()', '        return super(Leaf, self).axes()')
axes_prog("c3_order_not_depth_first", "C3: D(B, C) with B(A), C(A) reads C before A.",
          '''
class A:
    axes = ("i", "j")


class B(A):
    pass


class C(A):
    axes = ("i",)


class D(B, C):
    pass
''', ['axes = D.axes'], '    axes = D.axes', '    axes = A.axes')
axes_prog("metaclass_attr_not_on_instance", "An instance does not see its metaclass's attributes.",
          '''
class Meta(type):
    axes = ("i", "j")


class Plan(metaclass=Meta):
    pass
''', ['axes = getattr(Plan(), "axes", ("i",))'], '    axes = getattr(Plan(), "axes", ("i",))', '    axes = getattr(Plan, "axes", ("i",))')
axes_prog("init_subclass_keyword", "A class keyword goes to the base's __init_subclass__.",
          '''
class Base:
    axes = ("i", "j")

    def __init_subclass__(cls, axes=("i", "j"), **kw):
        super().__init_subclass__(**kw)
        cls.axes = axes


class Rows(Base, axes=("i",)):
    pass
''', ['axes = Rows.axes'], 'class Rows(Base, axes=("i",)):', 'class Rows(Base, axes=("i", "j")):')
axes_prog("init_subclass_not_for_base", "__init_subclass__ runs for subclasses, never for the class that defines it.",
          '''
SEEN = []


class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        SEEN.append(cls.__name__)


class Rows(Base):
    pass
''', ['axes = ("i",) if SEEN == ["Rows"] else ("i", "j")'], '    axes = ("i",) if SEEN == ["Rows"] else ("i", "j")',
          '    axes = ("i",) if SEEN == ["Base", "Rows"] else ("i", "j")')
axes_prog("set_name_not_called_later", "__set_name__ is called at class creation only, not for an attribute set later.",
          '''
class Field:
    def __init__(self):
        self.name = "i"

    def __set_name__(self, owner, name):
        self.name = name


class Plan:
    pass


Plan.j = Field()
''', ['axes = tuple(dict.fromkeys(("i", vars(Plan)["j"].name)))'], 'Plan.j = Field()', 'Plan.j = Field(); Plan.j.name = "j"')
axes_prog("cached_property_kept", "functools.cached_property stores its first value: a later change is not seen.",
          '''
class Plan:
    def __init__(self):
        self.wide = False

    @functools.cached_property
    def axes(self):
        return ("i", "j") if self.wide else ("i",)
''', ['plan = Plan()', 'first = plan.axes', 'plan.wide = True', 'axes = plan.axes'], '    first = plan.axes', '    first = None',
          imports="import functools\n")
axes_prog("property_beats_instance_dict", "A property (data descriptor) wins over the instance __dict__ entry of its name.",
          '''
class Plan:
    @property
    def axes(self):
        return ("i",)
''', ['plan = Plan()', 'plan.__dict__["axes"] = ("i", "j")', 'axes = plan.axes'], '    axes = plan.axes', '    axes = plan.__dict__["axes"]')
axes_prog("instance_attr_shadows_method", "An instance attribute shadows a method of the class (a non-data descriptor).",
          '''
class Plan:
    def axes(self):
        return ("i", "j")
''', ['plan = Plan()', 'plan.axes = lambda: ("i",)', 'axes = plan.axes()'], '    axes = plan.axes()', '    axes = Plan.axes(plan)')
axes_prog("hasattr_property_attributeerror", "hasattr is False when a property raises AttributeError.",
          '''
class Plan:
    @property
    def wide(self):
        raise AttributeError("not set")
''', ['axes = ("i", "j") if hasattr(Plan(), "wide") else ("i",)'], '        raise AttributeError("not set")', '        return True')
axes_prog("property_attributeerror_to_getattr", "A property raising AttributeError falls back to __getattr__.",
          '''
class Plan:
    @property
    def axes(self):
        raise AttributeError("computed later")

    def __getattr__(self, name):
        return ("i",)
''', ['axes = Plan().axes'], '        return ("i",)', '        return ("i", "j")')
axes_prog("slots_with_dict_base", "__slots__ under a base without slots: the instance has a __dict__, a new attribute is set.",
          '''
class Base:
    kind = "base"


class Plan(Base):
    __slots__ = ("axes",)
''', ['plan = Plan()', 'try:', '    plan.extra = True', '    axes = ("i",)', 'except AttributeError:', '    axes = ("i", "j")'],
          '    kind = "base"', '    __slots__ = ()')
axes_prog("vars_lists_slot_members", "vars(cls) of a slotted class lists the slots' member descriptors.",
          '''
class Plan:
    __slots__ = ("i",)
''', ['axes = tuple(k for k in vars(Plan) if len(k) == 1) or ("i", "j")'], '    __slots__ = ("i",)', '    __slots__ = ()')
axes_prog("class_doc_not_inherited", "A class's __doc__ is not inherited: the subclass's is None.",
          '''
class Base:
    """i j"""


class Rows(Base):
    pass
''', ['axes = tuple((Rows.__doc__ or "i").split())'], '    axes = tuple((Rows.__doc__ or "i").split())', '    axes = tuple((Base.__doc__ or "i").split())')
axes_prog("getattr_dunder_getattribute", "__getattribute__ answers every read.",
          '''
class Plan:
    axes = ("i", "j")

    def __getattribute__(self, name):
        return ("i",)
''', ['axes = Plan().axes'], '        return ("i",)', '        return object.__getattribute__(self, name)')
axes_prog("classmethod_on_subclass", "A classmethod called through a subclass gets the subclass.",
          '''
class Base:
    axes = ("i", "j")

    @classmethod
    def plan(cls):
        return cls.axes


class Rows(Base):
    axes = ("i",)
''', ['axes = Rows.plan()'], '    axes = Rows.plan()', '    axes = Base.plan()')
axes_prog("class_attr_set_after_instance", "A class attribute set after the instance was made is read through it.",
          '''
class Plan:
    axes = ("i", "j")
''', ['plan = Plan()', 'Plan.axes = ("i",)', 'axes = plan.axes'], '    Plan.axes = ("i",)', '    plan.extra = ("i",)')
axes_prog("staticmethod_via_instance", "A staticmethod read from an instance gets no self.",
          '''
class Plan:
    @staticmethod
    def axes(*args):
        return ("i",) if not args else ("i", "j")
''', ['axes = Plan().axes()'], '    axes = Plan().axes()', '    axes = Plan().axes(1)')

# -- a function's slots (function_slots.py) ---------------------------------------------------------
axes_prog("bytes_first_statement_no_doc", "A bytes literal first is not a docstring: __doc__ is None.",
          '''
def widen():
    b"i j"
''', ['axes = tuple((widen.__doc__ or "i").split())'], '    b"i j"', '    "i j"')
axes_prog("fstring_first_statement_no_doc", "An f-string first is not a docstring: __doc__ is None.",
          '''
SEP = " "


def widen():
    f"i{SEP}j"
''', ['axes = tuple((widen.__doc__ or "i").split())'], '    f"i{SEP}j"', '    "i j"')
axes_prog("defaults_reassigned", "Setting __defaults__ changes what a later call gets.",
          '''
def plan(axes=("i", "j")):
    return axes


plan.__defaults__ = (("i",),)
''', ['axes = plan()'], 'plan.__defaults__ = (("i",),)', 'plan.__defaults__ = (("i", "j"),)')
axes_prog("kwdefaults_reassigned", "Setting __kwdefaults__ changes a keyword-only default.",
          '''
def plan(*, axes=("i", "j")):
    return axes


plan.__kwdefaults__ = {"axes": ("i",)}
''', ['axes = plan()'], 'plan.__kwdefaults__ = {"axes": ("i",)}', 'plan.__kwdefaults__ = {"axes": ("i", "j")}')
axes_prog("code_swapped", "Assigning __code__ swaps the body a later call runs.",
          '''
def plan():
    return ("i", "j")


def narrow():
    return ("i",)


plan.__code__ = narrow.__code__
''', ['axes = plan()'], 'plan.__code__ = narrow.__code__', 'narrow.__code__ = plan.__code__')
axes_prog("wraps_copies_doc", "functools.wraps copies the wrapped function's __doc__ over the wrapper's.",
          '''
def narrow(f):
    @functools.wraps(f)
    def inner():
        """i j"""
        return f()
    return inner


@narrow
def plan():
    """i"""
''', ['axes = tuple(plan.__doc__.split())'], '    @functools.wraps(f)', '    @functools.wraps(f, assigned=())',
          imports="import functools\n")
axes_prog("annotation_evaluated_at_def", "An annotation is evaluated when the def runs: a later rebinding is not seen.",
          '''
AXES = ("i",)


def plan(x: AXES):
    return x


AXES = ("i", "j")
''', ['axes = plan.__annotations__["x"]'], 'def plan(x: AXES):', 'def plan(x: "AXES"):')
axes_prog("lambda_qualname", "A lambda's __qualname__ is '<lambda>' qualified by its scope.",
          '''
def make():
    return lambda: None
''', ['axes = ("i",) if make().__qualname__ == "make.<locals>.<lambda>" else ("i", "j")'],
          '    axes = ("i",) if make().__qualname__ == "make.<locals>.<lambda>" else ("i", "j")',
          '    axes = ("i",) if make().__qualname__ == "<lambda>" else ("i", "j")')
axes_prog("function_dict_attribute", "A function attribute set after the def is read back.",
          '''
def plan():
    return getattr(plan, "axes", ("i", "j"))


plan.axes = ("i",)
''', ['axes = plan()'], 'plan.axes = ("i",)', 'plan.other = ("i",)')
axes_prog("partial_keywords_overridden", "A call's keyword overrides the partial's.",
          '''
def plan(axes=("i", "j")):
    return axes


narrow = functools.partial(plan, axes=("i", "j"))
''', ['axes = narrow(axes=("i",))'], '    axes = narrow(axes=("i",))', '    axes = narrow()', imports="import functools\n")
axes_prog("mutable_default_accumulates", "A list default is made once: a second call sees the first call's item.",
          '''
def collect(name, seen=[]):
    seen.append(name)
    return seen
''', ['collect("j")', 'axes = ("i",) if len(collect("i")) == 2 else ("i", "j")'], '    collect("j")', '    collect("j", [])')
axes_prog("closure_late_binding", "Closures made in a loop read the loop variable when called: its last value.",
          "", ['makers = [lambda: (name,) for name in ("j", "i")]', 'axes = makers[0]()'],
          '    axes = makers[0]()', '    axes = makers[0]() + ("j",)')
axes_prog("default_binding_in_loop", "A default argument binds the loop value at def time.",
          "", ['makers = [lambda name=name: (name,) for name in ("i", "j")]', 'axes = makers[0]()'],
          '    axes = makers[0]()', '    axes = makers[0]() + makers[1]()')

# -- namedtuples, trees, templates (named_tuples.py, tree_flattening.py, text_templates.py) ---------
axes_prog("namedtuple_property_override", "A namedtuple subclass's property replaces the field's accessor.",
          '''
class Layout(collections.namedtuple("Layout", "rows cols")):
    @property
    def cols(self):
        return self.rows[:1]
''', ['axes = Layout(("i", "j"), ("i", "j")).cols'], '        return self.rows[:1]', '        return self[1]',
          imports="import collections\n")
axes_prog("namedtuple_replace_new", "_replace makes a new tuple; the original keeps its field.",
          '''
Layout = collections.namedtuple("Layout", ["rows", "cols"])
''', ['base = Layout(("i",), ("j",))', 'wide = base._replace(rows=("i", "j"))', 'axes = base.rows'],
          '    axes = base.rows', '    axes = wide.rows', imports="import collections\n")
axes_prog("namedtuple_rename", "rename=True replaces an invalid field name by _1.",
          '''
Layout = collections.namedtuple("Layout", ["rows", "def"], rename=True)
''', ['axes = Layout(("i",), ("i", "j"))[0] if "_1" in Layout._fields else ("i", "j")'],
          'Layout = collections.namedtuple("Layout", ["rows", "def"], rename=True)', 'Layout = collections.namedtuple("Layout", ["rows", "cols"], rename=True)',
          imports="import collections\n")
axes_prog("typing_namedtuple_default", "typing.NamedTuple field defaults fill the omitted fields.",
          '''
class Layout(typing.NamedTuple):
    rows: tuple
    sync: tuple = ("i",)
''', ['axes = Layout(("i", "j")).sync'], '    sync: tuple = ("i",)', '    sync: tuple = ("i", "j")', imports="import typing\n")
axes_prog("namedtuple_asdict_order", "_asdict keeps the field order.",
          '''
Layout = collections.namedtuple("Layout", "sync extra")
''', ['axes = next(iter(Layout(("i",), ("i", "j"))._asdict().values()))'], '    axes = next(iter(Layout(("i",), ("i", "j"))._asdict().values()))',
          '    axes = list(Layout(("i",), ("i", "j"))._asdict().values())[-1]', imports="import collections\n")
axes_prog("tree_dict_subclass_is_leaf", "A dict subclass is not a registered pytree node: it is one leaf.",
          '''
class Config(dict):
    pass
''', ['leaves = jax.tree.leaves(Config(b=("i", "j"), a=("i",)))', 'axes = leaves[0]["a"] if len(leaves) == 1 else tuple(leaves[1:])'],
          '    leaves = jax.tree.leaves(Config(b=("i", "j"), a=("i",)))', '    leaves = jax.tree.leaves(dict(b=("i", "j"), a=("i",)))')
axes_prog("tree_tuple_subclass_is_leaf", "A plain tuple subclass is a leaf; a tuple is a node.",
          '''
class Axes(tuple):
    pass
''', ['leaves = jax.tree.leaves([Axes(("i",))])', 'axes = tuple(leaves[0]) if len(leaves) == 1 else tuple(leaves)'],
          '    leaves = jax.tree.leaves([Axes(("i",))])', '    leaves = jax.tree.leaves([("i", "j")])')
axes_prog("tree_spec_is_leaf", "A PartitionSpec is a pytree leaf.",
          "", ['leaves = jax.tree.leaves({"w": P("i", "j")})', 'axes = ("i",) if len(leaves) == 1 else ("i", "j")'],
          '    leaves = jax.tree.leaves({"w": P("i", "j")})', '    leaves = jax.tree.leaves({"w": ("i", "j")})')
axes_prog("tree_none_dropped", "None is an empty subtree: it gives no leaf.",
          "", ['leaves = jax.tree.leaves({"a": None, "b": "i"})', 'axes = tuple(leaves) if len(leaves) == 1 else ("i", "j")'],
          '    leaves = jax.tree.leaves({"a": None, "b": "i"})', '    leaves = jax.tree.leaves({"a": "j", "b": "i"})')
axes_prog("tree_map_is_leaf_tuple", "tree.map with is_leaf keeps a tuple whole.",
          "", ['plan = jax.tree.map(lambda t: t[:1], {"x": ("i", "j")}, is_leaf=lambda v: isinstance(v, tuple))', 'axes = plan["x"]'],
          '    plan = jax.tree.map(lambda t: t[:1], {"x": ("i", "j")}, is_leaf=lambda v: isinstance(v, tuple))',
          '    plan = jax.tree.map(lambda t: t[:1], {"x": [("i", "j")]}, is_leaf=lambda v: isinstance(v, tuple))')
axes_prog("tree_defaultdict_sorted", "A defaultdict flattens in sorted key order.",
          "", ['table = collections.defaultdict(tuple)', 'table["b"] = "j"', 'table["a"] = "i"', 'axes = tuple(jax.tree.leaves(table)[:1])'],
          '    axes = tuple(jax.tree.leaves(table)[:1])', '    axes = tuple(jax.tree.leaves(table)[:2])', imports="import collections\n")
axes_prog("template_subclass_delimiter", "A Template subclass with delimiter '%' leaves '$more' as text.",
          '''
class AxisTemplate(string.Template):
    delimiter = "%"
''', ['text = AxisTemplate("i $more").safe_substitute(more="j")', 'axes = tuple(n for n in text.split() if n in ("i", "j"))'],
          '    delimiter = "%"', '    delimiter = "$"', imports="import string\n")
axes_prog("template_keywords_win", "substitute(mapping, **kw): the keyword wins over the mapping.",
          "", ['text = string.Template("$axes").substitute({"axes": "i j"}, axes="i")', 'axes = tuple(text.split())'],
          '    text = string.Template("$axes").substitute({"axes": "i j"}, axes="i")', '    text = string.Template("$axes").substitute({"axes": "i j"})',
          imports="import string\n")
axes_prog("template_idpattern_override", "A Template subclass's idpattern limits names: '$ij' is '$i' then 'j'.",
          '''
class Short(string.Template):
    idpattern = "[a-z]"
''', ['text = Short("$ij").substitute(i="i", ij="i j")', 'axes = ("i",) if text == "ij" else ("i", "j")'],
          '    idpattern = "[a-z]"', '    idpattern = "[a-z]+"', imports="import string\n")
axes_prog("template_attribute_changed", "A Template's .template may be reassigned before substituting.",
          "", ['tpl = string.Template("i $extra")', 'tpl.template = "i"', 'axes = tuple(tpl.substitute(extra="j").split())'],
          '    tpl.template = "i"', '    tpl.other = "i"', imports="import string\n")

# -- logging, warnings (script_logging.py, script_warnings.py) -------------------------------------
axes_prog("logger_same_object", "getLogger(name) returns the same logger each time: an attribute set on one is on the other.",
          "", ['logging.getLogger("plan").axes = ("i",)', 'axes = getattr(logging.getLogger("plan"), "axes", ("i", "j"))'],
          '    axes = getattr(logging.getLogger("plan"), "axes", ("i", "j"))', '    axes = getattr(logging.getLogger("other"), "axes", ("i", "j"))',
          imports="import logging\n")
axes_prog("logger_name_main", "getLogger(__name__) in a script is named '__main__'.",
          "", ['log = logging.getLogger(__name__)', 'axes = ("i",) if log.name == "__main__" else ("i", "j")'],
          '    axes = ("i",) if log.name == "__main__" else ("i", "j")', '    axes = ("i",) if log.name == "main" else ("i", "j")',
          imports="import logging\n")
axes_prog("level_name_reverse", "logging.getLevelName('DEBUG') gives the number 10.",
          "", ['axes = ("i",) if logging.getLevelName("DEBUG") == 10 else ("i", "j")'],
          '    axes = ("i",) if logging.getLevelName("DEBUG") == 10 else ("i", "j")', '    axes = ("i",) if logging.getLevelName("DEBUG") == "10" else ("i", "j")',
          imports="import logging\n")
axes_prog("logger_level_set", "setLevel on a named logger is read back by .level.",
          "", ['logging.getLogger("plan").setLevel(logging.ERROR)', 'axes = ("i",) if logging.getLogger("plan").level == logging.ERROR else ("i", "j")'],
          '    logging.getLogger("plan").setLevel(logging.ERROR)', '    logging.getLogger("plan").setLevel(logging.INFO)', imports="import logging\n")
axes_prog("logger_parent_child", "getLogger('a.b').parent is getLogger('a') once 'a' exists.",
          "", ['top = logging.getLogger("plan")', 'axes = ("i",) if logging.getLogger("plan.rows").parent is top else ("i", "j")'],
          '    top = logging.getLogger("plan")', '    top = logging.getLogger("other")', imports="import logging\n")
axes_prog("warnings_error_jax_float64", "With warnings as errors, jnp.zeros(dtype=float64) raises UserWarning (x64 off).",
          "", ['axes = ("i", "j")', 'with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    try:',
               '        jnp.zeros(3, dtype=jnp.float64)', '    except UserWarning:', '        axes = ("i",)'],
          '        jnp.zeros(3, dtype=jnp.float64)', '        jnp.zeros(3, dtype=jnp.float32)', imports="import warnings\n")
axes_prog("warnings_error_warn_caught", "simplefilter('error') makes warnings.warn raise: the handler picks the axes.",
          "", ['axes = ("i", "j")', 'with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    try:',
               '        warnings.warn("narrow")', '    except UserWarning:', '        axes = ("i",)'],
          '    warnings.simplefilter("error")', '    warnings.simplefilter("ignore")', imports="import warnings\n")

# -- unittest (unittest_cases.py) -------------------------------------------------------------------
axes_prog("unittest_debug_skips_setupclass", "TestCase.debug() runs setUp, never setUpClass.",
          '''
ARGS = {}


class LayoutTest(unittest.TestCase):
    axes = ("i",)

    @classmethod
    def setUpClass(cls):
        cls.axes = ("i", "j")

    def test_reduce(self):
        ARGS["axes"] = self.axes
''', ['LayoutTest("test_reduce").debug()', 'axes = ARGS["axes"]'], '    LayoutTest("test_reduce").debug()',
          '    LayoutTest.setUpClass() or LayoutTest("test_reduce").debug()', imports="import unittest\n")
axes_prog("unittest_loader_sorted_order", "getTestCaseNames sorts by name: test_a runs before test_b, whatever the def order.",
          '''
STATE = {"axes": ("i",)}


class LayoutTest(unittest.TestCase):
    def test_b_widen(self):
        STATE["axes"] = ("i", "j")

    def test_a_record(self):
        STATE["seen"] = STATE["axes"]
''', ['for name in unittest.TestLoader().getTestCaseNames(LayoutTest):', '    LayoutTest(name).debug()', 'axes = STATE["seen"]'],
          '    def test_a_record(self):', '    def test_c_record(self):', imports="import unittest\n")
axes_prog("unittest_cleanups_lifo", "addCleanup callbacks run last-in first-out after the test.",
          '''
STATE = {"axes": ("i", "j")}


class LayoutTest(unittest.TestCase):
    def setUp(self):
        self.addCleanup(STATE.__setitem__, "axes", ("i",))
        self.addCleanup(STATE.__setitem__, "axes", ("i", "j"))

    def test_nothing(self):
        pass
''', ['LayoutTest("test_nothing").debug()', 'axes = STATE["axes"]'], '        self.addCleanup(STATE.__setitem__, "axes", ("i",))',
          '        self.addCleanup(STATE.__setitem__, "axes", ("i", "j", "i")[:2])', imports="import unittest\n")
axes_prog("unittest_skip_in_setup", "skipTest in setUp: the test method never runs.",
          '''
STATE = {"axes": ("i",)}


class LayoutTest(unittest.TestCase):
    def setUp(self):
        self.skipTest("no devices")

    def test_widen(self):
        STATE["axes"] = ("i", "j")
''', ['try:', '    LayoutTest("test_widen").debug()', 'except unittest.SkipTest:', '    pass', 'axes = STATE["axes"]'],
          '        self.skipTest("no devices")', '        self.maxDiff = None', imports="import unittest\n")
axes_prog("unittest_prefix_changed", "A loader's testMethodPrefix picks other methods.",
          '''
STATE = {"axes": ("i",)}


class LayoutTest(unittest.TestCase):
    def test_widen(self):
        STATE["axes"] = ("i", "j")

    def check_rows(self):
        pass
''', ['loader = unittest.TestLoader()', 'loader.testMethodPrefix = "check"', 'for name in loader.getTestCaseNames(LayoutTest):',
      '    LayoutTest(name).debug()', 'axes = STATE["axes"]'], '    loader.testMethodPrefix = "check"', '    loader.testMethodPrefix = "test"',
          imports="import unittest\n")
axes_prog("unittest_assertraises_swallows", "assertRaises as a context swallows the expected exception: the rest of the block never runs.",
          '''
STATE = {"axes": ("i",)}


class LayoutTest(unittest.TestCase):
    def test_missing(self):
        with self.assertRaises(KeyError):
            {}["rows"]
            STATE["axes"] = ("i", "j")
''', ['LayoutTest("test_missing").debug()', 'axes = STATE["axes"]'], '            {}["rows"]', '            {}.get("rows")',
          imports="import unittest\n")
axes_prog("unittest_skipif_class", "A class marked skipIf(True): debug() raises SkipTest before setUp.",
          '''
STATE = {"axes": ("i",)}


@unittest.skipIf(True, "single host")
class LayoutTest(unittest.TestCase):
    def setUp(self):
        STATE["axes"] = ("i", "j")

    def test_rows(self):
        pass
''', ['try:', '    LayoutTest("test_rows").debug()', 'except unittest.SkipTest:', '    pass', 'axes = STATE["axes"]'],
          '@unittest.skipIf(True, "single host")', '@unittest.skipIf(False, "single host")', imports="import unittest\n")

# -- host runs (host_runs.py, host_exprs.py) -------------------------------------------------------
axes_prog("host_augassign_subscript_once", "`counts[names.pop()] += 1` pops once (the subscript is evaluated once).",
          '''
def plan_axes(spec):
    names = spec.split()
    counts = {"i": 0, "j": 0}
    counts[names.pop()] += 1
    return tuple(k for k, v in counts.items() if v)
''', ['axes = plan_axes("j i")'], '    axes = plan_axes("j i")', '    axes = plan_axes("i j")')
axes_prog("host_augassign_list_alias", "`alias += items` extends the one list both names hold.",
          '''
def plan_axes(spec):
    base = []
    alias = base
    alias += spec.split()[:1]
    return tuple(base) or ("i", "j")
''', ['axes = plan_axes("i j")'], '    alias += spec.split()[:1]', '    alias = alias + spec.split()[:1]')
axes_prog("host_chained_compare_once", "A chained comparison evaluates its middle operand once.",
          '''
def plan_axes(spec):
    names = spec.split()
    if 0 < len(names.pop() * 1) < 5 and len(names) == 1:
        return tuple(names)
    return ("i", "j")
''', ['axes = plan_axes("i j")'], '    if 0 < len(names.pop() * 1) < 5 and len(names) == 1:', '    if 0 < len(names[-1] * 1) < 5 and len(names) == 1:')
axes_prog("host_defaultdict_no_keyerror", "A defaultdict gives its default for a missing key: no KeyError.",
          '''
def plan_axes(table):
    try:
        return table["rows"]
    except KeyError:
        return ("i", "j")
''', ['axes = plan_axes(collections.defaultdict(lambda: ("i",)))'], '    axes = plan_axes(collections.defaultdict(lambda: ("i",)))',
          '    axes = plan_axes(dict())', imports="import collections\n")
axes_prog("host_counter_missing_zero", "A Counter gives 0 for a missing key.",
          '''
def plan_axes(counts):
    try:
        return ("i",) if counts["j"] == 0 else ("i", "j")
    except KeyError:
        return ("i", "j")
''', ['axes = plan_axes(collections.Counter("i"))'], '    axes = plan_axes(collections.Counter("i"))', '    axes = plan_axes(collections.Counter("ij"))',
          imports="import collections\n")
axes_prog("host_int_underscores", "int('1_0') is 10: underscores are allowed.",
          '''
def plan_axes(text):
    try:
        return ("i",) if int(text) == 10 else ("i", "j")
    except ValueError:
        return ("i", "j")
''', ['axes = plan_axes("1_0")'], '    axes = plan_axes("1_0")', '    axes = plan_axes("1_1")')
axes_prog("host_while_else_break", "A while loop's else is skipped when it breaks.",
          '''
def plan_axes(spec):
    names = spec.split()
    out = ["i", "j"]
    while names:
        if names.pop() == "i":
            break
    else:
        out = out[:1]
    return tuple(out[:1]) if names else tuple(out)
''', ['axes = plan_axes("j i")'], '    axes = plan_axes("j i")', '    axes = plan_axes("i j")')
axes_prog("host_global_counter", "A host function bumping a module counter: the second call sees the first call's change.",
          '''
CALLS = 0


def plan_axes():
    global CALLS
    CALLS += 1
    return ("i",) if CALLS == 2 else ("i", "j")
''', ['plan_axes()', 'axes = plan_axes()'], '    plan_axes()\n', '    CALLS\n')
axes_prog("host_mutable_default", "A host function's list default keeps the first call's item.",
          '''
def plan_axes(name, seen=[]):
    seen.append(name)
    return tuple(seen[1:]) or ("i", "j")
''', ['plan_axes("j")', 'axes = plan_axes("i")'], '    plan_axes("j")', '    plan_axes("j", [])')
axes_prog("host_dict_reinsert_order", "A key deleted and set again moves to the end of the dict.",
          '''
def plan_axes(spec):
    table = dict.fromkeys(spec.split())
    del table["i"]
    table["i"] = None
    return tuple(table)[-1:]
''', ['axes = plan_axes("i j")'], '    return tuple(table)[-1:]', '    return tuple(table)[-2:]')
axes_prog("host_str_format_index", "'{0[0]}' indexes the argument.",
          '''
def plan_axes(names):
    return tuple("{0[0]}".format(names).split())
''', ['axes = plan_axes(["i", "j"])'], '    return tuple("{0[0]}".format(names).split())', '    return tuple("{0}".format(" ".join(names)).split())')
axes_prog("host_unpack_star_middle", "a, *mid, b = ... gives the middle list.",
          '''
def plan_axes(spec):
    first, *mid, last = spec.split()
    return tuple(mid)
''', ['axes = plan_axes("j i j")'], '    axes = plan_axes("j i j")', '    axes = plan_axes("j i j j")')
axes_prog("host_for_else_no_break", "A for loop's else runs when no break happened.",
          '''
def plan_axes(spec):
    for name in spec.split():
        if name == "k":
            out = ("i", "j")
            break
    else:
        out = ("i",)
    return out
''', ['axes = plan_axes("i j")'], '    axes = plan_axes("i j")', '    axes = plan_axes("i k")')
axes_prog("host_except_lookup_index", "IndexError is caught by `except LookupError`.",
          '''
def plan_axes(spec):
    names = spec.split()
    try:
        return (names[0], names[3])
    except LookupError:
        return tuple(names[:1])
''', ['axes = plan_axes("i j")'], '    axes = plan_axes("i j")', '    axes = plan_axes("i j i j")')

# -- standard library (stdlib_pure.py) -------------------------------------------------------------
axes_prog("heappop_through_alias", "heappop changes the list both names hold.",
          'QUEUE = ["j", "i"]', ['pending = QUEUE', 'heapq.heapify(pending)', 'heapq.heappop(pending)', 'axes = ("i",) if QUEUE == ["j"] else ("i", "j")'],
          '    heapq.heappop(pending)', '    heapq.heappush(pending, "k")', imports="import heapq\n")
axes_prog("insort_then_read", "bisect.insort inserts in place: the list grows.",
          "", ['sizes = [1, 4]', 'bisect.insort(sizes, 2)', 'axes = ("i",) if sizes[1] == 2 else ("i", "j")'],
          '    bisect.insort(sizes, 2)', '    bisect.insort(sizes, 5)', imports="import bisect\n")
axes_prog("statistics_mode_first", "statistics.mode of a multimodal list is the first mode met.",
          "", ['axes = (statistics.mode(["i", "j", "j", "i"]),)'], '    axes = (statistics.mode(["i", "j", "j", "i"]),)',
          '    axes = tuple(statistics.multimode(["i", "j", "j", "i"]))', imports="import statistics\n")
axes_prog("shlex_split_quotes", "shlex.split keeps a quoted group as one word.",
          "", ['words = shlex.split("--axes \'i\'")', 'axes = tuple(words[1:])'], '    words = shlex.split("--axes \'i\'")',
          '    words = shlex.split("--axes \'i\' j")', imports="import shlex\n")
axes_prog("combinations_r_too_big", "combinations(axes, 3) of two axes is empty.",
          "", ['pairs = list(itertools.combinations(("i", "j"), 3))', 'axes = pairs[0] if pairs else ("i",)'],
          '    pairs = list(itertools.combinations(("i", "j"), 3))', '    pairs = list(itertools.combinations(("i", "j"), 2))', imports="import itertools\n")
axes_prog("nsmallest_ties_order", "heapq.nsmallest keeps the first of equal items.",
          "", ['axes = tuple(heapq.nsmallest(1, ["i", "j"]))'], '    axes = tuple(heapq.nsmallest(1, ["i", "j"]))',
          '    axes = tuple(heapq.nsmallest(2, ["i", "j"]))', imports="import heapq\n")
axes_prog("os_path_join_absolute", "os.path.join drops the parts before an absolute one.",
          "", ['path = os.path.join("runs", "wide", "/ckpt")', 'axes = ("i",) if "wide" not in path else ("i", "j")'],
          '    path = os.path.join("runs", "wide", "/ckpt")', '    path = os.path.join("runs", "wide", "ckpt")', imports="import os\n")

# == second batch: around the first findings, and what a real run's environment holds ==============
# -- library functions that change their list or dict argument in place -----------------------------
axes_prog("heappush_local_list", "heapq.heappush adds to the list in place.",
          "", ['sizes = [4]', 'heapq.heappush(sizes, 2)', 'axes = ("i",) if len(sizes) == 2 else ("i", "j")'],
          '    heapq.heappush(sizes, 2)', '    heapq.nsmallest(1, sizes)', imports="import heapq\n")
axes_prog("heapreplace_module_list", "heapq.heapreplace on a module list changes it.",
          'RANKS = [0, 1]', ['heapq.heapreplace(RANKS, 5)', 'axes = ("i",) if RANKS[0] == 1 else ("i", "j")'],
          '    heapq.heapreplace(RANKS, 5)', '    heapq.nsmallest(1, RANKS)', imports="import heapq\n")
axes_prog("insort_left_module_list", "bisect.insort_left on a module list changes it.",
          'SIZES = [1, 4]', ['bisect.insort_left(SIZES, 2)', 'axes = ("i",) if SIZES == [1, 2, 4] else ("i", "j")'],
          '    bisect.insort_left(SIZES, 2)', '    bisect.bisect_left(SIZES, 2)', imports="import bisect\n")
axes_prog("operator_iadd_list", "operator.iadd(lst, more) extends the list in place.",
          'NAMES = []', ['operator.iadd(NAMES, ["i"])', 'axes = tuple(NAMES) or ("i", "j")'],
          '    operator.iadd(NAMES, ["i"])', '    operator.add(NAMES, ["i"])', imports="import operator\n")
axes_prog("operator_iconcat_list", "operator.iconcat(lst, more) extends the list in place.",
          "", ['names = []', 'operator.iconcat(names, ["i"])', 'axes = tuple(names) or ("i", "j")'],
          '    operator.iconcat(names, ["i"])', '    operator.concat(names, ["i"])', imports="import operator\n")
axes_prog("operator_ior_dict", "operator.ior(d, other) updates the dict in place.",
          'CONFIG = {"axes": ("i", "j")}', ['operator.ior(CONFIG, {"axes": ("i",)})', 'axes = CONFIG["axes"]'],
          '    operator.ior(CONFIG, {"axes": ("i",)})', '    operator.or_(CONFIG, {"axes": ("i",)})', imports="import operator\n")
axes_prog("random_shuffle_seeded", "Random(1).shuffle reorders the list in place (a fixed seed: a fixed order).",
          "", ['names = ["j", "i"]', 'random.Random(1).shuffle(names)', 'axes = ("i",) if names == ["i", "j"] else ("i", "j")'],
          '    random.Random(1).shuffle(names)', '    random.Random(1).sample(names, 2)', imports="import random\n")
axes_prog("type_of_list_pop", "type(NAMES).pop(NAMES) is list.pop on NAMES.",
          'NAMES = ["i", "j"]', ['type(NAMES).pop(NAMES)', 'axes = tuple(NAMES)'],
          '    type(NAMES).pop(NAMES)', '    type(NAMES).count(NAMES, "j")')
axes_prog("deque_of_list_no_change", "deque(lst).pop() changes the deque, a copy: the list keeps its items.",
          'NAMES = ["i"]', ['collections.deque(NAMES).pop()', 'axes = tuple(NAMES) or ("i", "j")'],
          '    collections.deque(NAMES).pop()', '    NAMES.pop()', imports="import collections\n")
axes_prog("functools_reduce_iadd", "reduce(operator.iadd, parts, acc) extends acc in place.",
          'ACC = []', ['functools.reduce(operator.iadd, [["i"]], ACC)', 'axes = tuple(ACC) or ("i", "j")'],
          '    functools.reduce(operator.iadd, [["i"]], ACC)', '    functools.reduce(operator.add, [["i"]], ACC)',
          imports="import functools\nimport operator\n")
axes_prog("os_putenv_not_environ", "os.putenv does not update os.environ.",
          "", ['os.putenv("ADV16_AXES", "i j")', 'axes = tuple(os.environ.get("ADV16_AXES", "i").split())'],
          '    os.putenv("ADV16_AXES", "i j")', '    os.environ["ADV16_AXES"] = "i j"', imports="import os\n")

# -- warnings JAX issues (under an "error" filter) --------------------------------------------------
axes_prog("warnings_error_jax_astype_float64", "astype(float64) warns (x64 off): an error under simplefilter('error').",
          "", ['axes = ("i", "j")', 'with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    try:',
               '        jnp.ones(3).astype(jnp.float64)', '    except UserWarning:', '        axes = ("i",)'],
          '        jnp.ones(3).astype(jnp.float64)', '        jnp.ones(3).astype(jnp.float32)', imports="import warnings\n")
axes_prog("warnings_error_jax_arange_int64", "jnp.arange(dtype=int64) warns (x64 off): caught as UserWarning.",
          "", ['axes = ("i", "j")', 'with warnings.catch_warnings():', '    warnings.filterwarnings("error", category=UserWarning)', '    try:',
               '        jnp.arange(3, dtype=jnp.int64)', '    except UserWarning:', '        axes = ("i",)'],
          '        jnp.arange(3, dtype=jnp.int64)', '        jnp.arange(3, dtype=jnp.int32)', imports="import warnings\n")
axes_prog("warnings_error_in_body", "Inside the shard_map body: zeros(float64) raises under the error filter; the handler sums over i.",
          '''
def reduce_checked(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        try:
            jnp.zeros(2, jnp.float64)
            return jax.lax.psum(rows, ("i", "j"))
        except UserWarning:
            return jax.lax.psum(rows, "i")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', ['with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    return reduce_checked(mesh, x)'],
          '            jnp.zeros(2, jnp.float64)', '            jnp.zeros(2, jnp.float32)', imports="import warnings\n")

# -- slots seen from the class ---------------------------------------------------------------------
axes_prog("hasattr_class_slot", "A slot is a member descriptor on the class: hasattr(Plan, name) is True.",
          '''
class Plan:
    __slots__ = ("wide",)
''', ['axes = ("i",) if hasattr(Plan, "wide") else ("i", "j")'], '    __slots__ = ("wide",)', '    __slots__ = ()')
axes_prog("dir_class_slot", "dir(cls) lists its slots.",
          '''
class Plan:
    __slots__ = ("i",)
''', ['axes = tuple(n for n in dir(Plan) if n in ("i", "j")) or ("i", "j")'], '    __slots__ = ("i",)', '    __slots__ = ()')
axes_prog("vars_keys_slot_order", "vars(cls): the body's names, then the slots' members.",
          '''
class Plan:
    __slots__ = ("j",)
    i = 1
''', ['axes = tuple(vars(Plan))[2:3]'], '    axes = tuple(vars(Plan))[2:3]', '    axes = tuple(vars(Plan))[2:4]')

# -- what the real run's process holds: environment, argv, devices ---------------------------------
axes_prog("env_jax_platforms_cpu", "The run sets JAX_PLATFORMS=cpu.",
          "", ['axes = ("i",) if os.environ.get("JAX_PLATFORMS") == "cpu" else ("i", "j")'],
          '    axes = ("i",) if os.environ.get("JAX_PLATFORMS") == "cpu" else ("i", "j")',
          '    axes = ("i",) if os.environ.get("JAX_PLATFORMS") == "tpu" else ("i", "j")', imports="import os\n")
axes_prog("env_xla_flags_devices", "The run's XLA_FLAGS ask for 8 host devices.",
          "", ['axes = ("i",) if "device_count=8" in os.environ.get("XLA_FLAGS", "") else ("i", "j")'],
          '    axes = ("i",) if "device_count=8" in os.environ.get("XLA_FLAGS", "") else ("i", "j")',
          '    axes = ("i",) if "device_count=4" in os.environ.get("XLA_FLAGS", "") else ("i", "j")', imports="import os\n")
axes_prog("device_count_eight", "jax.device_count() is 8.",
          "", ['axes = ("i",) if jax.device_count() == 8 else ("i", "j")'],
          '    axes = ("i",) if jax.device_count() == 8 else ("i", "j")', '    axes = ("i",) if jax.device_count() == 4 else ("i", "j")')
axes_prog("default_backend_cpu", "jax.default_backend() is 'cpu'.",
          "", ['axes = ("i",) if jax.default_backend() == "cpu" else ("i", "j")'],
          '    axes = ("i",) if jax.default_backend() == "cpu" else ("i", "j")', '    axes = ("i",) if jax.default_backend() == "gpu" else ("i", "j")')
axes_prog("device_platform_cpu", "jax.devices()[0].platform is 'cpu'.",
          "", ['axes = ("i",) if jax.devices()[0].platform == "cpu" else ("i", "j")'],
          '    axes = ("i",) if jax.devices()[0].platform == "cpu" else ("i", "j")', '    axes = ("i",) if jax.devices()[0].platform == "tpu" else ("i", "j")')
axes_prog("argv_script_name", "sys.argv[0] is the script's path, ending in .py.",
          "", ['axes = ("i",) if sys.argv[0].endswith(".py") else ("i", "j")'],
          '    axes = ("i",) if sys.argv[0].endswith(".py") else ("i", "j")', '    axes = ("i",) if sys.argv[0].endswith(".pyc") else ("i", "j")', imports="import sys\n")
axes_prog("dunder_file_py", "__file__ ends with .py.",
          "", ['axes = ("i",) if __file__.endswith(".py") else ("i", "j")'],
          '    axes = ("i",) if __file__.endswith(".py") else ("i", "j")', '    axes = ("i",) if __file__.endswith(".pyc") else ("i", "j")')
axes_prog("mesh_size_eight", "mesh.size is 8 and mesh.shape['j'] is 4.",
          "", ['axes = ("i",) if mesh.size == 8 and mesh.shape["j"] == 4 else ("i", "j")'],
          '    axes = ("i",) if mesh.size == 8 and mesh.shape["j"] == 4 else ("i", "j")', '    axes = ("i",) if mesh.size == 8 and mesh.shape["j"] == 2 else ("i", "j")')
axes_prog("array_sharding_spec", "x.sharding.spec is P('i', 'j').",
          "", ['axes = ("i",) if x.sharding.spec == P("i", "j") else ("i", "j")'],
          '    axes = ("i",) if x.sharding.spec == P("i", "j") else ("i", "j")', '    axes = ("i",) if x.sharding.spec == P("i") else ("i", "j")')
axes_prog("x64_disabled", "jax_enable_x64 is off by default.",
          "", ['axes = ("i", "j") if jax.config.jax_enable_x64 else ("i",)'],
          '    axes = ("i", "j") if jax.config.jax_enable_x64 else ("i",)', '    axes = ("i", "j") if not jax.config.jax_enable_x64 else ("i",)')
axes_prog("python_version_311", "The interpreter is 3.11 or newer.",
          "", ['axes = ("i",) if sys.version_info >= (3, 11) else ("i", "j")'],
          '    axes = ("i",) if sys.version_info >= (3, 11) else ("i", "j")', '    axes = ("i",) if sys.version_info >= (4, 0) else ("i", "j")', imports="import sys\n")
axes_prog("addressable_shards_eight", "x has 8 addressable shards.",
          "", ['axes = ("i",) if len(x.addressable_shards) == 8 else ("i", "j")'],
          '    axes = ("i",) if len(x.addressable_shards) == 8 else ("i", "j")', '    axes = ("i",) if len(x.addressable_shards) == 4 else ("i", "j")')

# -- more of the iteration and tree models -----------------------------------------------------------
axes_prog("iter_dunder_display_at_first_next", "`yield from (self.x, ...)` builds the tuple at the first next(), not at iter().",
          '''
class State:
    def __init__(self):
        self.x = ("i", "j")
        self.v = 1

    def __iter__(self):
        yield from (self.x, self.v)
''', ['state = State()', 'it = iter(state)', 'state.x = ("i",)', 'axes = next(it)'], '    state.x = ("i",)', '    state.v = ("i",)')
axes_prog("genexpr_over_advanced_generator", "A generator expression over a generator continues it where next() left it.",
          '''
def names():
    yield "j"
    yield "i"
''', ['gen = names()', 'upper = (n for n in gen)', 'next(gen)', 'axes = tuple(upper)'], '    next(gen)', '    gen = None')
axes_prog("tree_is_leaf_none", "is_leaf is asked of None too: a None it accepts is a leaf.",
          "", ['leaves = jax.tree.leaves({"a": None, "b": "i"}, is_leaf=lambda v: v is None)', 'axes = tuple(leaves[1:])'],
          '    leaves = jax.tree.leaves({"a": None, "b": "i"}, is_leaf=lambda v: v is None)', '    leaves = jax.tree.leaves({"a": "i", "b": ("i", "j")}, is_leaf=lambda v: v is None)')
axes_prog("spec_entry_normalized", "P(('i',))[0] is the name 'i' (a one-name tuple is normalised).",
          "", ['spec = P(("i",), None)', 'axes = ("i",) if isinstance(spec[0], str) else ("i", "j")'],
          '    spec = P(("i",), None)', '    spec = P(("i", "j"), None)')
axes_prog("spec_trailing_none_unequal", "P('i') != P('i', None) on jax 0.10.2.",
          "", ['axes = ("i", "j") if P("i") == P("i", None) else ("i",)'],
          '    axes = ("i", "j") if P("i") == P("i", None) else ("i",)', '    axes = ("i", "j") if P("i") == P("i") else ("i",)')
axes_prog("spec_index_method", "PartitionSpec.index finds an entry.",
          "", ['axes = ("i",) if P("i", "j").index("j") == 1 else ("i", "j")'],
          '    axes = ("i",) if P("i", "j").index("j") == 1 else ("i", "j")', '    axes = ("i",) if P("i", "j").index("j") == 0 else ("i", "j")')
axes_prog("np_testing_passes_in_try", "assert_allclose of equal arrays passes: the handler never runs.",
          "", ['try:', '    np.testing.assert_allclose(np.ones(2), np.ones(2))', '    axes = ("i",)', 'except AssertionError:', '    axes = ("i", "j")'],
          '    np.testing.assert_allclose(np.ones(2), np.ones(2))', '    np.testing.assert_allclose(np.ones(2), np.zeros(2))')

# == third batch ==================================================================================
# -- other spellings of an in-place change (mutation.py) ------------------------------------------
axes_prog("class_attr_list_pop", "NAMES.__class__.pop(NAMES) is list.pop on NAMES.",
          'NAMES = ["i", "j"]', ['NAMES.__class__.pop(NAMES)', 'axes = tuple(NAMES)'],
          '    NAMES.__class__.pop(NAMES)', '    NAMES.__class__.count(NAMES, "j")')
axes_prog("dict_ior_dunder", "CONFIG.__ior__(other) updates the dict in place.",
          'CONFIG = {"axes": ("i", "j")}', ['CONFIG.__ior__({"axes": ("i",)})', 'axes = CONFIG["axes"]'],
          '    CONFIG.__ior__({"axes": ("i",)})', '    CONFIG.__or__({"axes": ("i",)})')
axes_prog("list_imul_dunder_zero", "NAMES.__imul__(0) empties the list in place.",
          'NAMES = ["j"]', ['NAMES.__imul__(0)', 'axes = tuple(NAMES) or ("i",)'],
          '    NAMES.__imul__(0)', '    NAMES.__mul__(0)')
axes_prog("list_type_dict_pop", "list.__dict__['pop'](NAMES) pops NAMES.",
          'NAMES = ["i", "j"]', ['list.__dict__["pop"](NAMES)', 'axes = tuple(NAMES)'],
          '    list.__dict__["pop"](NAMES)', '    list.__dict__["count"](NAMES, "j")')
axes_prog("dict_keys_view_live", "A keys view follows the dict: a key deleted later is gone from it.",
          "", ['table = {"i": 1, "j": 2}', 'names = table.keys()', 'del table["j"]', 'axes = tuple(names)'],
          '    del table["j"]', '    table.get("j")')
axes_prog("map_lazy_after_pop", "map over a list is lazy: a pop before it is walked is seen.",
          "", ['names = ["i", "j"]', 'upper = map(str, names)', 'names.pop()', 'axes = tuple(upper)'],
          '    names.pop()', '    names.count("j")')
axes_prog("filter_lazy_after_pop", "filter over a list is lazy.",
          "", ['names = ["i", "j"]', 'kept = filter(None, names)', 'names.pop()', 'axes = tuple(kept)'],
          '    names.pop()', '    names.count("j")')
axes_prog("zip_lazy_after_pop", "zip over a list is lazy.",
          "", ['names = ["i", "j"]', 'pairs = zip(names, "ab")', 'names.pop()', 'axes = tuple(n for n, _ in pairs)'],
          '    names.pop()', '    names.count("j")')
axes_prog("chain_lazy_after_pop", "itertools.chain over a list is lazy.",
          "", ['names = ["i", "j"]', 'joined = itertools.chain(names, [])', 'names.pop()', 'axes = tuple(joined)'],
          '    names.pop()', '    names.count("j")', imports="import itertools\n")
axes_prog("enumerate_lazy_after_pop", "enumerate over a list is lazy.",
          "", ['names = ["i", "j"]', 'numbered = enumerate(names)', 'names.pop()', 'axes = tuple(n for _, n in numbered)'],
          '    names.pop()', '    names.count("j")')

# -- more of the data model ----------------------------------------------------------------------
axes_prog("format_dunder_fstring", "An f-string calls the class's __format__.",
          '''
class Axes:
    def __format__(self, spec):
        return "i"
''', ['axes = tuple(f"{Axes()}".split())'], '        return "i"', '        return "i j"')
axes_prog("str_dunder_str_call", "str(obj) calls the class's __str__.",
          '''
class Axes:
    def __str__(self):
        return "i"
''', ['axes = tuple(str(Axes()).split())'], '        return "i"', '        return "i j"')
axes_prog("percent_format_repr", "'%r' calls __repr__.",
          '''
class Axes:
    def __repr__(self):
        return "i"
''', ['axes = tuple(("%r" % Axes()).split())'], '        return "i"', '        return "i j"')
axes_prog("instance_call_ignored", "A __call__ set on the instance is ignored: calling uses the class's.",
          '''
class Plan:
    def __call__(self):
        return ("i",)
''', ['plan = Plan()', 'plan.__call__ = lambda: ("i", "j")', 'axes = plan()'], '    axes = plan()', '    axes = plan.__call__()')
axes_prog("method_reads_global_not_class", "A method's bare name is the global, not the class attribute.",
          '''
AXES = ("i",)


class Plan:
    AXES = ("i", "j")

    def pick(self):
        return AXES
''', ['axes = Plan().pick()'], '        return AXES', '        return self.AXES')
axes_prog("generator_send_value", "send() hands its value to the paused yield.",
          '''
def planner():
    axes = ("i", "j")
    while True:
        got = yield axes
        if got:
            axes = got
''', ['p = planner()', 'next(p)', 'axes = p.send(("i",))'], '    axes = p.send(("i",))', '    axes = p.send(None)')
axes_prog("yield_from_return_value", "`x = yield from sub()` gets sub's return value.",
          '''
STATE = {}


def sub():
    yield 1
    return ("i",)


def outer():
    STATE["axes"] = yield from sub()
    yield 2
''', ['for _ in outer():', '    pass', 'axes = STATE["axes"]'], '    return ("i",)', '    return ("i", "j")')
axes_prog("tuple_attr_iadd_instance_only", "`plan.axes += ...` on a tuple class attribute binds an instance attribute; the class keeps its own.",
          '''
class Plan:
    axes = ("i",)
''', ['plan = Plan()', 'plan.axes += ("j",)', 'axes = Plan.axes'], '    axes = Plan.axes', '    axes = plan.axes')
axes_prog("reversed_dunder", "reversed(obj) calls __reversed__.",
          '''
class Names:
    def __reversed__(self):
        return iter(("i",))

    def __iter__(self):
        return iter(("i", "j"))
''', ['axes = tuple(reversed(Names()))'], '    axes = tuple(reversed(Names()))', '    axes = tuple(iter(Names()))')
axes_prog("sorted_over_dunder_iter", "sorted(obj) walks __iter__.",
          '''
class Names:
    def __iter__(self):
        return iter(["i"])
''', ['axes = tuple(sorted(Names()))'], '        return iter(["i"])', '        return iter(["j", "i"])')
axes_prog("hash_eq_dict_key", "A class with __eq__ and __hash__ finds its equal key in a dict.",
          '''
class Axis:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Axis) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


TABLE = {Axis("i"): ("i",)}
''', ['axes = TABLE.get(Axis("i"), ("i", "j"))'], '    axes = TABLE.get(Axis("i"), ("i", "j"))', '    axes = TABLE.get(Axis("j"), ("i", "j"))')

# -- builtins reading a module object: which hook Python asks ---------------------------------------
axes_prog("len_dunder_not_iter_count", "len(obj) asks __len__, not how many items __iter__ gives.",
          '''
class Names:
    def __iter__(self):
        return iter(("i", "j"))

    def __len__(self):
        return 1
''', ['axes = ("i", "j")[:len(Names())]'], '        return 1', '        return 2')
axes_prog("dict_keys_protocol", "dict(obj) of an object with keys() reads keys() and obj[key], not __iter__.",
          '''
class Table:
    def keys(self):
        return ["axes"]

    def __getitem__(self, key):
        return ("i",)

    def __iter__(self):
        return iter([("axes", ("i", "j"))])
''', ['axes = dict(Table())["axes"]'], '        return ("i",)', '        return ("i", "j")')
axes_prog("contains_dunder_not_iter", "`in` asks __contains__ before __iter__.",
          '''
class Names:
    def __contains__(self, name):
        return name == "i"

    def __iter__(self):
        return iter(("i", "j"))
''', ['axes = ("i", "j") if "j" in Names() else ("i",)'], '        return name == "i"', '        return name in ("i", "j")')
axes_prog("reversed_list_subclass_dunder", "reversed() of a list subclass asks its own __reversed__.",
          '''
class Names(list):
    def __reversed__(self):
        return iter(self[:1])
''', ['axes = tuple(reversed(Names(["i", "j"])))'], '        return iter(self[:1])', '        return iter(self[::-1])')
axes_prog("tuple_of_list_subclass_iter", "tuple() of a list subclass walks its own __iter__.",
          '''
class Names(list):
    def __iter__(self):
        return iter(self[:1])
''', ['axes = tuple(Names(["i", "j"]))'], '        return iter(self[:1])', '        return iter(self[:2])')
axes_prog("len_of_list_subclass_dunder", "len() of a list subclass asks its own __len__.",
          '''
class Names(list):
    def __len__(self):
        return 1
''', ['axes = ("i", "j")[:len(Names(["i", "j"]))]'], '        return 1', '        return 2')
axes_prog("sorted_reverse_dunder_ignored", "sorted() walks __iter__; __reversed__ plays no part.",
          '''
class Names:
    def __iter__(self):
        return iter(["i"])

    def __reversed__(self):
        return iter(["j", "i"])
''', ['axes = tuple(sorted(Names()))'], '        return iter(["i"])', '        return iter(["i", "j"])')
axes_prog("tuple_of_list_subclass_getitem", "tuple() of a list subclass walks the list's items: its __getitem__ is not asked.",
          '''
class Names(list):
    def __getitem__(self, k):
        return ("i", "j")[k]
''', ['axes = tuple(Names(["i"]))'], '    axes = tuple(Names(["i"]))', '    axes = tuple(Names(["i"])[k] for k in range(2))')
axes_prog("dict_of_dict_subclass_getitem", "dict() of a dict subclass copies its entries: its __getitem__ is not asked.",
          '''
class Table(dict):
    def __getitem__(self, key):
        return ("i", "j")
''', ['axes = dict(Table(axes=("i",)))["axes"]'], '    axes = dict(Table(axes=("i",)))["axes"]', '    axes = Table(axes=("i",))["axes"]')
axes_prog("unpack_dict_subclass_getitem", "{**d} of a dict subclass copies its entries: its __getitem__ is not asked.",
          '''
class Table(dict):
    def __getitem__(self, key):
        return ("i", "j")
''', ['axes = {**Table(axes=("i",))}["axes"]'], '    axes = {**Table(axes=("i",))}["axes"]', '    axes = {"a": 1, **Table(axes=("i",))}["axes"] and Table()["x"]')
axes_prog("get_of_dict_subclass_getitem", "dict.get of a dict subclass does not ask its __getitem__.",
          '''
class Table(dict):
    def __getitem__(self, key):
        return ("i", "j")
''', ['axes = Table(axes=("i",)).get("axes")'], '    axes = Table(axes=("i",)).get("axes")', '    axes = Table(axes=("i",))["axes"]')
axes_prog("contains_list_subclass_dunder", "`in` on a list subclass asks its own __contains__.",
          '''
class Names(list):
    def __contains__(self, name):
        return False
''', ['axes = ("i", "j") if "j" in Names(["i", "j"]) else ("i",)'], '        return False', '        return True')
axes_prog("kwargs_dict_subclass_getitem", "f(**d) of a dict subclass reads its entries directly (no __getitem__).",
          '''
class Table(dict):
    def __getitem__(self, key):
        return ("i", "j")


def pick(axes):
    return axes
''', ['axes = pick(**Table(axes=("i",)))'], '    axes = pick(**Table(axes=("i",)))', '    axes = pick(Table(axes=("i",))["axes"])')

# == fifth batch: exceptions' own attributes, unittest's failureException, logging's checks ========
axes_prog("keyerror_str_is_repr", "str(KeyError('i')) is \"'i'\" (the key's repr).",
          "", ['try:', '    {}["i"]', 'except KeyError as err:', '    text = str(err)', 'axes = ("i",) if text == "\'i\'" else ("i", "j")'],
          '    axes = ("i",) if text == "\'i\'" else ("i", "j")', '    axes = ("i",) if text == "i" else ("i", "j")')
axes_prog("context_kept_with_from_none", "`raise ... from None` hides the context but keeps __context__.",
          "", ['try:', '    try:', '        raise KeyError("i")', '    except KeyError:', '        raise ValueError("j") from None',
               'except ValueError as err:', '    axes = ("i",) if err.__context__ is not None else ("i", "j")'],
          '    axes = ("i",) if err.__context__ is not None else ("i", "j")', '    axes = ("i",) if err.__cause__ is not None else ("i", "j")')
axes_prog("cause_none_when_implicit", "An exception raised in a handler without `from` has __cause__ None.",
          "", ['try:', '    try:', '        raise KeyError("i")', '    except KeyError:', '        raise ValueError("j")',
               'except ValueError as err:', '    axes = ("i", "j") if err.__cause__ is not None else ("i",)'],
          '    axes = ("i", "j") if err.__cause__ is not None else ("i",)', '    axes = ("i", "j") if err.__context__ is not None else ("i",)')
axes_prog("suppress_context_flag", "`from None` sets __suppress_context__.",
          "", ['try:', '    try:', '        raise KeyError("i")', '    except KeyError:', '        raise ValueError("j") from None',
               'except ValueError as err:', '    axes = ("i",) if err.__suppress_context__ else ("i", "j")'],
          '        raise ValueError("j") from None', '        raise ValueError("j")')
axes_prog("exception_args_two", "An exception made with two arguments has them both in .args.",
          "", ['try:', '    raise RuntimeError("i", "j")', 'except RuntimeError as err:', '    axes = err.args[:1]'],
          '    axes = err.args[:1]', '    axes = err.args[:2]')
axes_prog("bound_method_setattr_fails", "A bound method takes no new attribute: AttributeError.",
          '''
class Plan:
    def pick(self):
        return None
''', ['plan = Plan()', 'try:', '    plan.pick.marked = True', '    axes = ("i", "j")', 'except AttributeError:', '    axes = ("i",)'],
          '    plan.pick.marked = True', '    Plan.pick.marked = True')
axes_prog("failure_exception_override", "assertEqual raises the class's failureException (here KeyError).",
          '''
STATE = {"axes": None}


class LayoutTest(unittest.TestCase):
    failureException = KeyError

    def test_layout(self):
        try:
            self.assertEqual(1, 2)
        except KeyError:
            STATE["axes"] = ("i",)
        except AssertionError:
            STATE["axes"] = ("i", "j")
''', ['LayoutTest("test_layout").debug()', 'axes = STATE["axes"]'], '    failureException = KeyError', '    failureException = AssertionError',
          imports="import unittest\n")
axes_prog("fail_raises_failure_exception", "self.fail() raises failureException.",
          '''
STATE = {"axes": None}


class LayoutTest(unittest.TestCase):
    failureException = LookupError

    def test_layout(self):
        try:
            self.fail("wide")
        except LookupError:
            STATE["axes"] = ("i",)
        except AssertionError:
            STATE["axes"] = ("i", "j")
''', ['LayoutTest("test_layout").debug()', 'axes = STATE["axes"]'], '    failureException = LookupError', '    failureException = AssertionError',
          imports="import unittest\n")
axes_prog("logger_setlevel_unknown_name", "setLevel('verbose') raises ValueError (an unknown level name).",
          "", ['log = logging.getLogger("plan")', 'try:', '    log.setLevel("verbose")', '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'],
          '    log.setLevel("verbose")', '    log.setLevel("DEBUG")', imports="import logging\n")
axes_prog("level_name_of_number", "getLevelName(15) is 'Level 15'.",
          "", ['axes = ("i",) if logging.getLevelName(15) == "Level 15" else ("i", "j")'],
          '    axes = ("i",) if logging.getLevelName(15) == "Level 15" else ("i", "j")', '    axes = ("i",) if logging.getLevelName(15) == "15" else ("i", "j")',
          imports="import logging\n")
axes_prog("getlogger_non_str_name", "getLogger(3) raises TypeError.",
          "", ['try:', '    logging.getLogger(3)', '    axes = ("i", "j")', 'except TypeError:', '    axes = ("i",)'],
          '    logging.getLogger(3)', '    logging.getLogger("3")', imports="import logging\n")
axes_prog("logger_adapter_process", "A LoggerAdapter subclass's process() runs at each enabled call (warning: enabled by default).",
          '''
STATE = {"axes": ("i", "j")}


class Tagged(logging.LoggerAdapter):
    def process(self, msg, kwargs):
        STATE["axes"] = ("i",)
        return msg, kwargs
''', ['Tagged(logging.getLogger("plan"), {}).warning("layout")', 'axes = STATE["axes"]'], '        STATE["axes"] = ("i",)', '        STATE["axes"] = ("i", "j")',
          imports="import logging\n")
axes_prog("log_call_with_bad_format_continues", "A log message that fails to format is reported, not raised.",
          'STATE = {"axes": ("i",)}', ['logging.getLogger("plan").warning("%d rows", "many")', 'axes = STATE["axes"]'],
          'STATE = {"axes": ("i",)}', 'STATE = {"axes": ("i", "j")}', imports="import logging\n")

# == sixth batch: `<value the analysis does not know> is None` in a conditional expression ==========
axes_prog("env_unset_is_none", "An environment variable the run does not set: os.environ.get(...) is None.",
          "", ['axes = ("i",) if os.environ.get("ADV16_WIDE_SYNC") is None else ("i", "j")'],
          '    axes = ("i",) if os.environ.get("ADV16_WIDE_SYNC") is None else ("i", "j")',
          '    axes = ("i",) if os.environ.get("JAX_PLATFORMS") is None else ("i", "j")', imports="import os\n")
axes_prog("slurm_unset_single_process", "Not under SLURM: SLURM_PROCID is unset, so one process and the i-only sum.",
          "", ['rank = os.environ.get("SLURM_PROCID")', 'axes = ("i", "j") if rank is not None else ("i",)'],
          '    rank = os.environ.get("SLURM_PROCID")', '    rank = os.environ.get("JAX_PLATFORMS")', imports="import os\n")
axes_prog("getattr_default_none_instance", "getattr(obj, name, None) of an attribute the object lacks is None.",
          '''
class Plan:
    def __init__(self):
        self.rows = ("i",)
''', ['plan = Plan()', 'axes = ("i", "j") if getattr(plan, "cols", None) is not None else plan.rows'],
          '    axes = ("i", "j") if getattr(plan, "cols", None) is not None else plan.rows',
          '    axes = ("i", "j") if getattr(plan, "rows", None) is not None else plan.rows')
axes_prog("which_missing_tool", "shutil.which of a tool this machine lacks is None.",
          "", ['axes = ("i",) if shutil.which("adv16-no-such-launcher") is None else ("i", "j")'],
          '    axes = ("i",) if shutil.which("adv16-no-such-launcher") is None else ("i", "j")',
          '    axes = ("i",) if shutil.which("python3") is None else ("i", "j")', imports="import shutil\n")
axes_prog("find_spec_missing_package", "importlib.util.find_spec of a package not installed is None.",
          "", ['axes = ("i",) if importlib.util.find_spec("adv16_no_such_package") is None else ("i", "j")'],
          '    axes = ("i",) if importlib.util.find_spec("adv16_no_such_package") is None else ("i", "j")',
          '    axes = ("i",) if importlib.util.find_spec("json") is None else ("i", "j")', imports="import importlib.util\n")
axes_prog("next_default_none_empty", "next(iter(empty), None) is None.",
          '''
def planned():
    return iter([])
''', ['axes = ("i",) if next(planned(), None) is None else ("i", "j")'],
          '    return iter([])', '    return iter([1])')
axes_prog("regex_no_match_none", "re.match that does not match is None.",
          "", ['flag = re.match(r"wide", "narrow")', 'axes = ("i", "j") if flag is not None else ("i",)'],
          '    flag = re.match(r"wide", "narrow")', '    flag = re.match(r"wide", "wide")', imports="import re\n")
axes_prog("sys_gettrace_none", "Without a debugger, sys.gettrace() is None.",
          "", ['axes = ("i", "j") if sys.gettrace() is not None else ("i",)'],
          '    axes = ("i", "j") if sys.gettrace() is not None else ("i",)', '    axes = ("i", "j") if sys.gettrace() is None else ("i",)',
          imports="import sys\n")
axes_prog("argparse_default_none", "An option not given on the command line is None.",
          '''
def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default=None)
    return parser.parse_args([])
''', ['args = parse()', 'axes = ("i",) if args.sync is None else ("i", "j")'],
          '    return parser.parse_args([])', '    return parser.parse_args(["--sync", "ij"])', imports="import argparse\n")
axes_prog("dict_get_param_none", "A helper's dict.get of a key the caller's dict lacks is None.",
          '''
def sync_axes(options):
    return ("i", "j") if options.get("cols") is not None else ("i",)
''', ['axes = sync_axes(dict(rows=2))'], '    axes = sync_axes(dict(rows=2))', '    axes = sync_axes(dict(rows=2, cols=4))')
axes_prog("mesh_attr_none_default", "getattr(mesh, 'adv16_plan', None) of a Mesh is None.",
          "", ['axes = ("i", "j") if getattr(mesh, "adv16_plan", None) is not None else ("i",)'],
          '    axes = ("i", "j") if getattr(mesh, "adv16_plan", None) is not None else ("i",)',
          '    axes = ("i", "j") if getattr(mesh, "shape", None) is not None else ("i",)')
axes_prog("cause_none_is_none_form", "err.__cause__ is None for an implicit chain (the `is None` form).",
          "", ['try:', '    try:', '        raise KeyError("i")', '    except KeyError:', '        raise ValueError("j")',
               'except ValueError as err:', '    axes = ("i",) if err.__cause__ is None else ("i", "j")'],
          '        raise ValueError("j")', '        raise ValueError("j") from KeyError("k")')
axes_prog("env_flag_name_then_ifexp", "A flag computed by `is not None` of an unset variable is False.",
          "", ['distributed = os.environ.get("ADV16_COORDINATOR_ADDRESS") is not None', 'axes = ("i", "j") if distributed else ("i",)'],
          '    distributed = os.environ.get("ADV16_COORDINATOR_ADDRESS") is not None', '    distributed = os.environ.get("JAX_PLATFORMS") is not None',
          imports="import os\n")
axes_prog("env_none_in_slice_bound", "A slice bound chosen by `is None` of an unset variable.",
          "", ['axes = ("i", "j")[: 1 if os.environ.get("ADV16_WIDE_SYNC") is None else 2]'],
          '    axes = ("i", "j")[: 1 if os.environ.get("ADV16_WIDE_SYNC") is None else 2]',
          '    axes = ("i", "j")[: 1 if os.environ.get("JAX_PLATFORMS") is None else 2]', imports="import os\n")
axes_prog("env_none_and_or", "`x is None and a or b` of an unset variable gives a.",
          "", ['axes = os.environ.get("ADV16_WIDE_SYNC") is None and ("i",) or ("i", "j")'],
          '    axes = os.environ.get("ADV16_WIDE_SYNC") is None and ("i",) or ("i", "j")',
          '    axes = os.environ.get("JAX_PLATFORMS") is None and ("i",) or ("i", "j")', imports="import os\n")
axes_prog("env_per_axis_filter", "Each axis but i is kept only where its variable is set: none is.",
          "", ['axes = tuple(a for a in ("i", "j") if a == "i" or os.environ.get("ADV16_SYNC_" + a) is not None)'],
          '    axes = tuple(a for a in ("i", "j") if a == "i" or os.environ.get("ADV16_SYNC_" + a) is not None)',
          '    axes = tuple(a for a in ("i", "j") if a == "i" or os.environ.get("JAX_PLATFORMS") is not None)', imports="import os\n")

# == seventh batch: states JAX 0.10.2 computes that differ from an operand-wise reading ==============
# (run: jnp.argsort of a value varying on i gives an int array varying on no axis; so does
# lax.sort_key_val's value operand when it is an iota; psum over both axes of it runs.)
probe("argsort_rows_sum_both", "jnp.argsort(rows) is typed varying on no axis on jax 0.10.2: psum over both runs.",
      ['order = jnp.argsort(rows)', 'return jax.lax.psum(order, ("i", "j"))'],
      '    order = jnp.argsort(rows)', '    order = jnp.argmax(rows, axis=1)')
probe("argsort_descending_sum_both", "argsort(descending=True) too.",
      ['order = jnp.argsort(rows, descending=True)', 'return jax.lax.psum(order, ("i", "j"))'],
      '    order = jnp.argsort(rows, descending=True)', '    order = jnp.argpartition(rows, 1)')
probe("argsort_axis0_as_float", "argsort along axis 0, cast to float: varying on no axis.",
      ['ranks = jnp.argsort(rows, axis=0).astype(jnp.float32)', 'return jax.lax.psum(ranks, ("i", "j"))'],
      '    ranks = jnp.argsort(rows, axis=0).astype(jnp.float32)', '    ranks = jnp.sort(rows, axis=0).astype(jnp.float32)')
probe("sort_key_val_iota_payload", "sort_key_val(rows, iota)[1] takes the iota's state: varying on no axis.",
      ['cols = jax.lax.broadcasted_iota(jnp.int32, rows.shape, 1)', 'perm = jax.lax.sort_key_val(rows, cols)[1]',
       'return jax.lax.psum(perm, ("i", "j"))'],
      '    perm = jax.lax.sort_key_val(rows, cols)[1]', '    perm = jax.lax.sort_key_val(rows, cols)[0]')
probe("argsort_stable_block_rank", "argsort of the block itself, stable: varying on no axis; summed over both.",
      ['ranks = jnp.argsort(block, stable=True)', 'return jax.lax.psum(ranks, ("i", "j")) + jax.lax.psum(total, "i")'],
      '    ranks = jnp.argsort(block, stable=True)', '    ranks = jnp.argsort(block, stable=True) + rows.astype(jnp.int32)')
probe("argsort_method_sum_both", "The array method rows.argsort() too: varying on no axis.",
      ['order = rows.argsort(axis=1)', 'return jax.lax.psum(order, ("i", "j"))'],
      '    order = rows.argsort(axis=1)', '    order = rows.argmax(axis=1)')

# == eighth batch: a JAX or NumPy call on the host that raises, caught by the program ===============
def raising_prog(name, doc, op, kinds, twin_op, imports=""):
    axes_prog(name, doc, "", ['try:', f'    {op}', '    axes = ("i", "j")', f'except {kinds}:', '    axes = ("i",)'],
              f'    {op}', f'    {twin_op}', imports=imports)


raising_prog("probe_gpu_devices_absent", "jax.devices('gpu') on a CPU-only run raises RuntimeError: the fallback picks i only.",
             'jax.devices("gpu")', "RuntimeError", 'jax.devices("cpu")')
raising_prog("mesh_shape_not_fitting", "make_mesh((3, 3)) on 8 devices raises ValueError.",
             'jax.make_mesh((3, 3), ("a", "b"))', "ValueError", 'jax.make_mesh((2, 4), ("a", "b"))')
raising_prog("device_put_indivisible", "device_put of a (3, 3) array on P('i', 'j') of a 2x4 mesh raises ValueError.",
             'jax.device_put(np.ones((3, 3)), jax.sharding.NamedSharding(mesh, P("i", "j")))', "ValueError",
             'jax.device_put(np.ones((4, 4)), jax.sharding.NamedSharding(mesh, P("i", "j")))')
raising_prog("jnp_broadcast_mismatch", "jnp.ones(3) + jnp.ones(4) raises TypeError.",
             'jnp.ones(3) + jnp.ones(4)', "TypeError", 'jnp.ones(3) + jnp.ones(3)')
raising_prog("jnp_reshape_wrong_size", "reshape of 6 items into (4, 2) raises TypeError.",
             'jnp.ones((2, 3)).reshape(4, 2)', "TypeError", 'jnp.ones((2, 3)).reshape(3, 2)')
raising_prog("jnp_matmul_mismatch", "jnp.ones(3) @ jnp.ones(4) raises TypeError.",
             'jnp.ones(3) @ jnp.ones(4)', "TypeError", 'jnp.ones(3) @ jnp.ones(3)')
raising_prog("float_of_vector", "float() of a 3-vector raises TypeError.",
             'float(jnp.ones(3))', "TypeError", 'float(jnp.ones(()))')
raising_prog("int_of_vector", "int() of a 2-vector raises TypeError.",
             'int(jnp.ones(2))', "TypeError", 'int(jnp.ones(()))')
raising_prog("item_of_vector", "item() of a 2-vector raises.",
             'jnp.ones(2).item()', "(TypeError, ValueError)", 'jnp.ones(()).item()')
raising_prog("float_of_sharded_input", "float(x) of the 8x8 input raises TypeError.",
             'float(x)', "TypeError", 'float(x[0, 0])')
raising_prog("asarray_of_text", "jnp.asarray('text') raises TypeError.",
             'jnp.asarray("text")', "TypeError", 'jnp.asarray(1.5)')
raising_prog("concatenate_mismatch", "concatenate of (2, 3) and (2, 4) along 0 raises.",
             'jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))])', "(TypeError, ValueError)",
             'jnp.concatenate([jnp.ones((2, 4)), jnp.ones((2, 4))])')
raising_prog("numpy_broadcast_mismatch", "np.ones(3) + np.ones(4) raises ValueError.",
             'np.ones(3) + np.ones(4)', "ValueError", 'np.ones(3) + np.ones(3)')
raising_prog("numpy_reshape_wrong_size", "np reshape of 6 items into (4, 2) raises ValueError.",
             'np.ones(6).reshape(4, 2)', "ValueError", 'np.ones(6).reshape(3, 2)')
raising_prog("numpy_index_out_of_bounds", "np.arange(3)[5] raises IndexError (JAX would clamp; NumPy does not).",
             'np.arange(3)[5]', "IndexError", 'np.arange(3)[2]')
raising_prog("zeros_unknown_dtype_name", "jnp.zeros(dtype='bogus') raises TypeError.",
             'jnp.zeros(2, dtype="bogus")', "TypeError", 'jnp.zeros(2, dtype="float32")')
raising_prog("ninth_device_absent", "jax.devices()[8] on 8 devices raises IndexError.",
             'jax.devices()[8]', "IndexError", 'jax.devices()[7]')
raising_prog("split_uneven", "jnp.split of 5 items into 2 equal parts raises ValueError.",
             'jnp.split(jnp.ones(5), 2)', "ValueError", 'jnp.split(jnp.ones(4), 2)')
raising_prog("reshape_input_by_three", "x.reshape(3, -1) of 64 items raises TypeError.",
             'x.reshape(3, -1)', "TypeError", 'x.reshape(4, -1)')
