# Entries of gen_clean.py (exec'd there). Every program computes `axes` on the host by a Python construct
# (metaclasses, class members, missing dunders, method wrappers, typing hints, enums, deepcopy) that gives
# ("i",) on Python 3.11; read otherwise it gives ("i", "j"), and reduce_rows's psum raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old=None, new=None, imports=""):
    """axes = ("i",) when `test` holds, else ("i", "j"). Default twin: the test negated."""
    if old is None:
        old, new = f"if {test} else", f"if not ({test}) else"
    axes_prog(name, doc, pre, [f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old=None, new=None, imports=""):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j"). Default twin: the statement is `pass`."""
    if old is None:
        old, new = f"    {stmt}\n", "    pass\n"
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              old, new, imports=imports)


def direct(name, doc, pre, expr, old, new, imports=""):
    """axes = expr (gives ("i",))."""
    axes_prog(name, doc, pre, [f"axes = {expr}"], old, new, imports=imports)


# ---- A: metaclass attribute lookup (class_metas / class_members) ------------------------------------------------
direct("meta_property_shadows_class_attr", "A data descriptor (property) on the metaclass wins over the class's own attribute.",
       'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")',
       "Cfg.axes", '        return ("i",)', '        return ("i", "j")')
direct("meta_plain_attr_loses_to_class", "A plain metaclass attribute loses to the class's own attribute.",
       'class Meta(type):\n    axes = ("i", "j")\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i",)',
       "Cfg.axes", '    axes = ("i",)', '    pass')
pick("meta_attr_not_on_instance", "A metaclass attribute is seen on the class, not on its instances.",
     'class Meta(type):\n    marker = True\n\n\nclass Cfg(metaclass=Meta):\n    pass',
     'not hasattr(Cfg(), "marker")')
pick("meta_attr_not_in_dir", "dir(C) does not list the metaclass's attributes, though C.name reads them.",
     'class Meta(type):\n    schema_axes = ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    pass',
     '"schema_axes" not in dir(Cfg) and hasattr(Cfg, "schema_axes")')
pick("meta_getattr_answers_dunder", "A metaclass __getattr__ answers a framework dunder no class defines.",
     'class Meta(type):\n    def __getattr__(cls, name):\n        return {"i": 1}\n\n\nclass Cfg(metaclass=Meta):\n    pass',
     'hasattr(Cfg, "__schema_fields__")')
direct("meta_getattr_gives_axes", "A metaclass __getattr__ gives the class attribute the body lacks.",
       'class Meta(type):\n    def __getattr__(cls, name):\n        return ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    pass',
       'getattr(Cfg, "__axes__")', '        return ("i",)', '        return ("i", "j")')
direct("meta_getattribute_overrides", "A metaclass __getattribute__ answers even names the class defines.",
       'class Meta(type):\n    def __getattribute__(cls, name):\n        if name == "axes":\n            return ("i",)\n        return super().__getattribute__(name)\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")',
       "Cfg.axes", '            return ("i",)', '            return ("i", "j")')
direct("meta_function_returns_tuple", "A `metaclass=` callable that is not a type: the class statement binds its result.",
       'def keep_axes(name, bases, ns):\n    return ("i",)\n\n\nclass Cfg(metaclass=keep_axes):\n    axes = ("i", "j")',
       "Cfg", '    return ("i",)', '    return ns["axes"]')
pick("meta_function_type_is_type", "A metaclass function that builds with type(): type(C) is type, not the function.",
     'def build(name, bases, ns):\n    ns["axes"] = ("i",)\n    return type(name, bases, ns)\n\n\nclass Cfg(metaclass=build):\n    pass',
     'type(Cfg) is type')
direct("meta_prepare_presets", "The metaclass's __prepare__ hands a namespace that already holds `axes`.",
       'class Meta(type):\n    @classmethod\n    def __prepare__(mcs, name, bases, **kw):\n        return {"axes": ("i",)}\n\n\nclass Cfg(metaclass=Meta):\n    pass',
       "Cfg.axes", '        return {"axes": ("i",)}', '        return {"axes": ("i", "j")}')
direct("meta_prepare_body_reads_preset", "The class body reads a name __prepare__ put in the namespace.",
       'class Meta(type):\n    @classmethod\n    def __prepare__(mcs, name, bases, **kw):\n        return {"first": ("i",)}\n\n\nclass Cfg(metaclass=Meta):\n    axes = first',
       "Cfg.axes", '        return {"first": ("i",)}', '        return {"first": ("i", "j")}')
direct("init_subclass_after_body", "__init_subclass__ runs after the class body: its store wins over the body's.",
       'class Base:\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        cls.axes = ("i",)\n\n\nclass Cfg(Base):\n    axes = ("i", "j")',
       "Cfg.axes", '        cls.axes = ("i",)', '        cls.axes = cls.axes')
direct("meta_init_after_init_subclass", "The metaclass __init__ runs after __init_subclass__ (inside type.__new__): its store wins.",
       'class Meta(type):\n    def __init__(cls, name, bases, ns, **kw):\n        super().__init__(name, bases, ns, **kw)\n        cls.axes = ("i",)\n\n\nclass Base(metaclass=Meta):\n    def __init_subclass__(cls, **kw):\n        cls.axes = ("i", "j")\n\n\nclass Cfg(Base):\n    pass',
       "Cfg.axes", '        cls.axes = ("i",)', '        cls.axes = getattr(cls, "axes", ("i", "j"))')
direct("init_subclass_keyword", "A class keyword goes to __init_subclass__ (not the metaclass).",
       'class Base:\n    def __init_subclass__(cls, axes=("i", "j"), **kw):\n        cls.axes = axes\n\n\nclass Cfg(Base, axes=("i",)):\n    pass',
       "Cfg.axes", 'class Cfg(Base, axes=("i",)):', 'class Cfg(Base):')
direct("set_name_runs_before_init_subclass", "__set_name__ runs before __init_subclass__: the subclass hook sees the stored value.",
       'class Field:\n    def __set_name__(self, owner, name):\n        owner.seen = ("i",)\n\n\nclass Base:\n    def __init_subclass__(cls, **kw):\n        cls.axes = getattr(cls, "seen", ("i", "j"))\n\n\nclass Cfg(Base):\n    f = Field()',
       "Cfg.axes", '        owner.seen = ("i",)', '        owner.other = ("i",)')
direct("class_getitem_hook", "C[item] calls __class_getitem__ (an implicit classmethod).",
       'class Axes:\n    def __class_getitem__(cls, item):\n        return tuple(item)',
       'Axes["i"]', 'Axes["i"]', 'Axes["ij"]')
direct("meta_getitem_over_class_getitem", "A metaclass __getitem__ wins over __class_getitem__.",
       'class Meta(type):\n    def __getitem__(cls, item):\n        return ("i",)\n\n\nclass Axes(metaclass=Meta):\n    def __class_getitem__(cls, item):\n        return ("i", "j")',
       'Axes["any"]', '        return ("i",)', '        return ("i", "j")')
pick("instance_class_property", "A `__class__` property makes isinstance answer for another type (type() does not).",
     'class Fake:\n    @property\n    def __class__(self):\n        return int',
     'isinstance(Fake(), int) and type(Fake()) is Fake')
direct("class_assignment_switches_methods", "Assigning obj.__class__ switches the methods an instance finds.",
       'class A:\n    def axes(self):\n        return ("i", "j")\n\n\nclass B:\n    def axes(self):\n        return ("i",)\n\n\nOBJ = A()\nOBJ.__class__ = B',
       "OBJ.axes()", "OBJ.__class__ = B", "OBJ.__class__ = A")
direct("meta_call_override", "A metaclass __call__ decides what C() returns (no instance made).",
       'class Meta(type):\n    def __call__(cls, *args):\n        return ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    def __init__(self):\n        self.axes = ("i", "j")',
       "Cfg()", '        return ("i",)', '        return super().__call__(*args).axes')
direct("new_returns_other_type", "__new__ returning a non-instance skips __init__.",
       'class Cfg:\n    def __new__(cls):\n        return ("i",)\n\n    def __init__(self):\n        raise RuntimeError("not run")',
       "Cfg()", '        return ("i",)', '        return ("i", "j")')
direct("cls_new_skips_init", "`cls.__new__(cls)` does not run __init__: the class attribute is read.",
       'class Cfg:\n    axes = ("i",)\n\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    @classmethod\n    def blank(cls):\n        return cls.__new__(cls)',
       "Cfg.blank().axes", "        return cls.__new__(cls)", "        return cls()")
direct("cls_new_overridden", "`cls.__new__(cls)` calls the class's own __new__, which sets the value.",
       'class Cfg:\n    axes = ("i", "j")\n\n    def __new__(cls, *a):\n        obj = super().__new__(cls)\n        obj.axes = ("i",)\n        return obj\n\n    @classmethod\n    def blank(cls):\n        return cls.__new__(cls)',
       "Cfg.blank().axes", '        obj.axes = ("i",)', '        obj.other = ("i",)')
pick("meta_class_of_class", "C.__class__ is the metaclass; C().__class__ is C.",
     'class Meta(type):\n    pass\n\n\nclass Cfg(metaclass=Meta):\n    pass',
     'Cfg.__class__ is Meta and Cfg().__class__ is Cfg')
pick("meta_of_subclass_inherited", "A subclass gets its base's metaclass without naming it.",
     'class Meta(type):\n    pass\n\n\nclass Base(metaclass=Meta):\n    pass\n\n\nclass Cfg(Base):\n    pass',
     'type(Cfg) is Meta')
direct("meta_new_keyword", "A class keyword goes to the metaclass __new__ and __init__.",
       'class Meta(type):\n    def __new__(mcs, name, bases, ns, axes=("i", "j")):\n        ns["axes"] = axes\n        return super().__new__(mcs, name, bases, ns)\n\n    def __init__(cls, name, bases, ns, **kw):\n        super().__init__(name, bases, ns)\n\n\nclass Cfg(metaclass=Meta, axes=("i",)):\n    pass',
       "Cfg.axes", 'class Cfg(metaclass=Meta, axes=("i",)):', 'class Cfg(metaclass=Meta):')
direct("meta_ns_after_new_not_class", "Writing the namespace dict after type.__new__ does not change the class.",
       'class Meta(type):\n    def __new__(mcs, name, bases, ns):\n        cls = super().__new__(mcs, name, bases, ns)\n        ns["axes"] = ("i", "j")\n        return cls\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i",)',
       "Cfg.axes", '        ns["axes"] = ("i", "j")', '        cls.axes = ("i", "j")')
direct("meta_annotations_order", "ns['__annotations__'] keeps the body's order: the first annotated field.",
       'class Meta(type):\n    def __new__(mcs, name, bases, ns):\n        cls = super().__new__(mcs, name, bases, ns)\n        cls.first = next(iter(ns.get("__annotations__", {})))\n        return cls\n\n\nclass Cfg(metaclass=Meta):\n    i: int\n    j: int',
       "(Cfg.first,)", "axes = (Cfg.first,)", 'axes = (Cfg.first, "j")')


# ---- B: class members, dir / vars / getmembers order (class_members, class_dirs) --------------------------------
direct("dir_sorted_not_body_order", "dir(C) is sorted by name, not in body order: the last public name is `zz`.",
       'class Cfg:\n    zz = ("i",)\n    aa = ("i", "j")',
       'getattr(Cfg, [n for n in dir(Cfg) if not n.startswith("_")][-1])', '    zz = ("i",)', '    zz = ("i", "j")')
direct("vars_body_order", "vars(C) keeps body order: the first public name is `zz`.",
       'class Cfg:\n    zz = ("i",)\n    aa = ("i", "j")',
       'Cfg.__dict__[[n for n in vars(Cfg) if not n.startswith("_")][0]]', '    zz = ("i",)', '    zz = ("i", "j")')
direct("getmembers_sorted", "inspect.getmembers(C) is sorted by name: the first public member is `aa`.",
       'class Cfg:\n    zz = ("i", "j")\n    aa = ("i",)',
       '[v for n, v in inspect.getmembers(Cfg) if not n.startswith("_")][0]', '    aa = ("i",)', '    aa = ("i", "j")', imports="import inspect\n")
direct("meta_dir_hook_sorted", "A metaclass __dir__'s list comes back sorted from dir(C).",
       'class Meta(type):\n    def __dir__(cls):\n        return ["zz", "aa"]\n\n\nclass Cfg(metaclass=Meta):\n    aa = ("i",)\n    zz = ("i", "j")',
       'getattr(Cfg, dir(Cfg)[0])', '    aa = ("i",)', '    aa = ("i", "j")')
pick("dir_instance_hook", "An instance __dir__ decides dir(obj) (only its names, sorted).",
     'class Cfg:\n    axes = 1\n\n    def __dir__(self):\n        return ["b", "a"]',
     'dir(Cfg()) == ["a", "b"]')
pick("dir_instance_includes_instance_attrs", "dir(obj) lists the instance's own attributes too.",
     'class Cfg:\n    def __init__(self):\n        self.extra_axes = 1',
     '"extra_axes" in dir(Cfg()) and "extra_axes" not in dir(Cfg)')
pick("vars_class_first_key", "vars(C) begins with __module__ (3.11 has no __qualname__ in it).",
     'class Cfg:\n    axes = 1', 'list(vars(Cfg))[0] == "__module__" and "__qualname__" not in vars(Cfg)')
pick("vars_has_dict_weakref", "vars(C) of a plain class holds __dict__ and __weakref__ descriptors.",
     'class Cfg:\n    axes = 1', '"__dict__" in vars(Cfg) and "__weakref__" in vars(Cfg)')
pick("vars_subclass_lacks_dict", "A subclass's vars() does not repeat the base's __dict__ descriptor.",
     'class Base:\n    pass\n\n\nclass Cfg(Base):\n    axes = 1', '"__dict__" not in vars(Cfg)')
pick("vars_annotated_only_has_annotations", "An annotated-only field is in __annotations__ but not a class attribute.",
     'class Cfg:\n    axes: tuple', 'not hasattr(Cfg, "axes") and "axes" in vars(Cfg)["__annotations__"]')
trying("vars_of_slots_instance", "vars() of an instance with __slots__ (no __dict__) raises TypeError.",
       'class Cfg:\n    __slots__ = ("axes",)', "vars(Cfg())", "TypeError")
pick("slots_unset_absent", "An unset slot reads as absent (hasattr False).",
     'class Cfg:\n    __slots__ = ("axes",)', 'not hasattr(Cfg(), "axes")')
trying("slots_no_new_attribute", "Storing a name not in __slots__ raises AttributeError.",
       'class Cfg:\n    __slots__ = ("axes",)', 'Cfg().other = 1', "AttributeError")
pick("slots_class_attr_is_member_descriptor", "C.slot is a member descriptor, not a value.",
     'class Cfg:\n    __slots__ = ("axes",)', 'type(Cfg.axes).__name__ == "member_descriptor"')
pick("getmembers_includes_object_members", "inspect.getmembers(C) includes __init__, __repr__ ... from object.",
     'class Cfg:\n    axes = 1', 'len([n for n, _ in inspect.getmembers(Cfg) if n.startswith("__")]) > 20', imports="import inspect\n")
pick("getmembers_predicate_isfunction", "getmembers(C, isfunction) lists plain methods but not classmethods (bound methods).",
     'class Cfg:\n    def a(self):\n        pass\n\n    @classmethod\n    def b(cls):\n        pass',
     '[n for n, _ in inspect.getmembers(Cfg, inspect.isfunction)] == ["a"]', imports="import inspect\n")
pick("dir_module_class_includes_dunders", "dir(C) lists object's dunders (sorted first).",
     'class Cfg:\n    axes = 1', 'dir(Cfg)[0] == "__class__"')


# ---- C: missing dunders (missing_members) ---------------------------------------------------------------------
pick("dunder_set_on_instance_dict", "A dunder stored in the instance __dict__ is present.",
     'class Cfg:\n    def __init__(self):\n        self.__dict__["__fields__"] = {}', 'hasattr(Cfg(), "__fields__")')
pick("dunder_set_by_setattr_name", "A dunder stored by setattr with a built name is present.",
     'class Cfg:\n    pass\n\n\nsetattr(Cfg, "__" + "fields" + "__", {})', 'hasattr(Cfg, "__fields__")')
pick("dunder_from_getattribute", "A class __getattribute__ answers a dunder on instances.",
     'class Cfg:\n    def __getattribute__(self, name):\n        if name == "__fields__":\n            return {}\n        return object.__getattribute__(self, name)',
     'hasattr(Cfg(), "__fields__")')
pick("dunder_orig_bases_generic", "A Generic subclass has __orig_bases__.",
     'T = typing.TypeVar("T")\n\n\nclass Cfg(typing.Generic[T]):\n    pass', 'hasattr(Cfg, "__orig_bases__")', imports="import typing\n")
pick("dunder_final_decorator", "typing.final sets __final__ on the class (3.11).",
     '@typing.final\nclass Cfg:\n    pass', 'getattr(Cfg, "__final__", False)', imports="import typing\n")
pick("dunder_isabstractmethod", "abc.abstractmethod marks the function with __isabstractmethod__.",
     'class Cfg(abc.ABC):\n    @abc.abstractmethod\n    def run(self):\n        pass', 'getattr(Cfg.run, "__isabstractmethod__", False)', imports="import abc\n")
pick("dunder_abstractmethods_abc", "An ABCMeta class has __abstractmethods__.",
     'class Cfg(abc.ABC):\n    pass', 'hasattr(Cfg, "__abstractmethods__")', imports="import abc\n")
pick("dunder_abstractmethods_plain_absent", "A plain class lacks __abstractmethods__ (type's descriptor raises).",
     'class Cfg:\n    pass', 'not hasattr(Cfg, "__abstractmethods__")')
pick("dunder_wrapped_by_wraps", "functools.wraps sets __wrapped__.",
     'def base():\n    pass\n\n\n@functools.wraps(base)\ndef wrapper():\n    pass', 'hasattr(wrapper, "__wrapped__")', imports="import functools\n")
pick("dunder_match_args_dataclass", "A dataclass has __match_args__.",
     '@dataclasses.dataclass\nclass Cfg:\n    axes: tuple = ("i",)', 'hasattr(Cfg, "__match_args__")', imports="import dataclasses\n")
pick("dunder_dataclass_fields_on_subclass", "A plain subclass of a dataclass inherits __dataclass_fields__.",
     '@dataclasses.dataclass\nclass Base:\n    axes: tuple = ("i",)\n\n\nclass Cfg(Base):\n    pass', 'hasattr(Cfg(), "__dataclass_fields__")', imports="import dataclasses\n")
pick("dunder_namedtuple_match_args", "A typing.NamedTuple class has __match_args__ and _fields.",
     'class Cfg(typing.NamedTuple):\n    axes: tuple = ("i",)', 'hasattr(Cfg, "__match_args__")', imports="import typing\n")
pick("dunder_typeddict_total", "A TypedDict class has __total__ and __required_keys__.",
     'class Cfg(typing.TypedDict):\n    axes: tuple', 'hasattr(Cfg, "__required_keys__")', imports="import typing\n")
pick("dunder_module_attr_on_instance", "An instance reads __module__ through its class.",
     'class Cfg:\n    pass', 'hasattr(Cfg(), "__module__")')
pick("dunder_from_library_base", "An OrderedDict subclass reads library dunders (__reversed__).",
     'class Cfg(collections.OrderedDict):\n    pass', 'hasattr(Cfg(), "__reversed__")', imports="import collections\n")
pick("dunder_exception_notes_after_add", "add_note sets __notes__ on an exception instance.",
     'class CfgError(Exception):\n    pass', '(lambda e: (e.add_note("n"), hasattr(e, "__notes__"))[1])(CfgError())')
pick("dunder_simplenamespace_kwargs", "A SimpleNamespace made with a dunder keyword holds it.",
     'class Cfg(types.SimpleNamespace):\n    pass', 'hasattr(Cfg(**{"__fields__": {}}), "__fields__")', imports="import types\n")
pick("dunder_slots_dunder_set", "A dunder listed in __slots__ and set is present.",
     'class Cfg:\n    __slots__ = ("__fields__",)\n\n    def __init__(self):\n        self.__fields__ = {}', 'hasattr(Cfg(), "__fields__")')
pick("dunder_class_decorator_sets", "A class decorator sets a framework dunder by a variable name.",
     'def mark(cls):\n    name = "__post_init_hook__"\n    setattr(cls, name, lambda self: None)\n    return cls\n\n\n@mark\nclass Cfg:\n    pass', 'hasattr(Cfg(), "__post_init_hook__")')
pick("dunder_on_metaclass_seen_by_class", "A dunder the metaclass defines is seen on the class, not the instance.",
     'class Meta(type):\n    __fields__ = {}\n\n\nclass Cfg(metaclass=Meta):\n    pass', 'hasattr(Cfg, "__fields__") and not hasattr(Cfg(), "__fields__")')
pick("dunder_object_init_subclass", "object has __init_subclass__ and __class_getitem__ is absent.",
     'class Cfg:\n    pass', 'hasattr(Cfg, "__init_subclass__") and not hasattr(Cfg, "__class_getitem__")')
pick("dunder_list_class_getitem", "A list subclass has __class_getitem__ from list.",
     'class Rows(list):\n    pass', 'hasattr(Rows, "__class_getitem__")')
pick("dunder_vars_update_instance", "vars(obj).update adds a dunder to the instance.",
     'class Cfg:\n    pass\n\n\nOBJ = Cfg()\nvars(OBJ).update({"__validators__": []})', 'hasattr(OBJ, "__validators__")')


# ---- D: method wrappers (method_descriptors) -------------------------------------------------------------------
trying("classmethod_object_not_callable", "A bare classmethod object is not callable (TypeError).",
       'def make(cls):\n    return ("i", "j")\n\n\nWRAPPED = classmethod(make)', "WRAPPED(object)", "TypeError",
       "    WRAPPED(object)\n", "    WRAPPED.__func__(object)\n")
direct("staticmethod_object_callable", "A bare staticmethod object is callable on 3.10+.",
       'def make():\n    return ("i",)\n\n\nWRAPPED = staticmethod(make)', "WRAPPED()", '    return ("i",)', '    return ("i", "j")')
pick("classmethod_mark_not_on_bound", "A mark set on the classmethod object is not seen on C.m (the bound method forwards to the function).",
     'def run(cls):\n    pass\n\n\nWRAPPED = classmethod(run)\nWRAPPED.checks = ("axes",)\n\n\nclass Cfg:\n    run = WRAPPED',
     'not hasattr(Cfg.run, "checks") and hasattr(vars(Cfg)["run"], "checks")')
pick("function_mark_seen_on_bound", "A mark set on the function before classmethod() is seen on C.m and on the classmethod.",
     'def run(cls):\n    pass\n\n\nrun.checks = ("axes",)\n\n\nclass Cfg:\n    run = classmethod(run)',
     'hasattr(Cfg.run, "checks") and not hasattr(vars(Cfg)["run"], "checks")')
pick("isinstance_bound_not_classmethod", "C.m of a classmethod is a bound method, not a classmethod.",
     'class Cfg:\n    @classmethod\n    def run(cls):\n        pass', 'not isinstance(Cfg.run, classmethod) and isinstance(vars(Cfg)["run"], classmethod)')
pick("isinstance_getattr_staticmethod", "getattr(C, name) of a staticmethod is the plain function.",
     'class Cfg:\n    @staticmethod\n    def run():\n        pass', 'not isinstance(getattr(Cfg, "run"), staticmethod)')
pick("isinstance_property_on_class", "C.p of a property is the property object; C().p is the value.",
     'class Cfg:\n    @property\n    def axes(self):\n        return 1', 'isinstance(Cfg.axes, property) and not isinstance(Cfg().axes, property)')
direct("property_called_in_class_decorator", "property(getter) set by a decorator reads the getter's value.",
       'def axes_prop(cls):\n    cls.axes = property(lambda self: ("i",))\n    return cls\n\n\n@axes_prop\nclass Cfg:\n    axes = ("i", "j")',
       "Cfg().axes", '    cls.axes = property(lambda self: ("i",))', '    cls.other = property(lambda self: ("i",))')
direct("data_descriptor_beats_instance_dict", "A data descriptor (property) wins over the instance __dict__.",
       'class Cfg:\n    axes = property(lambda self: ("i",))\n\n\nOBJ = Cfg()\nOBJ.__dict__["axes"] = ("i", "j")',
       "OBJ.axes", '    axes = property(lambda self: ("i",))', '    axes = ("i",)')
direct("nondata_descriptor_loses_to_instance_dict", "A non-data descriptor (method) loses to the instance __dict__.",
       'class Cfg:\n    def axes(self):\n        return ("i", "j")\n\n\nOBJ = Cfg()\nOBJ.__dict__["axes"] = ("i",)',
       "OBJ.axes", 'OBJ.__dict__["axes"] = ("i",)', 'OBJ.__dict__["axes"] = ("i", "j")')
direct("set_only_descriptor_is_data", "A descriptor with __set__ but no __get__: the instance __dict__ is read.",
       'class Guard:\n    def __set__(self, obj, value):\n        pass\n\n    axes = ("i",)\n\n\nclass Cfg:\n    axes = Guard()\n\n\nOBJ = Cfg()\nOBJ.__dict__["axes"] = ("i",)',
       "OBJ.axes", 'OBJ.__dict__["axes"] = ("i",)', 'OBJ.__dict__["axes"] = ("i", "j")')
direct("decorator_over_classmethod", "A decorator stacked over @classmethod that returns its argument keeps the classmethod.",
       'def tag(fn):\n    fn.tagged = True\n    return fn\n\n\nclass Cfg:\n    @tag\n    @classmethod\n    def axes(cls):\n        return ("i",)',
       "Cfg.axes()", '        return ("i",)', '        return ("i", "j")')
pick("classmethod_wrapped_attr", "A classmethod object has __wrapped__ (3.10+) and __func__.",
     'def run(cls):\n    pass\n\n\nWRAPPED = classmethod(run)', 'WRAPPED.__wrapped__ is run and WRAPPED.__func__ is run')
direct("staticmethod_via_instance", "A staticmethod read from an instance takes no self.",
       'class Cfg:\n    @staticmethod\n    def axes(*args):\n        return ("i",) if not args else ("i", "j")',
       "Cfg().axes()", '    @staticmethod', '    @classmethod')
direct("classmethod_on_subclass", "A classmethod called on a subclass receives the subclass.",
       'class Base:\n    axes = ("i", "j")\n\n    @classmethod\n    def read(cls):\n        return cls.axes\n\n\nclass Cfg(Base):\n    axes = ("i",)',
       "Cfg.read()", "Cfg.read()", "Base.read()")


# ---- E: typing hints (annotated_hints) -------------------------------------------------------------------------
pick("hints_string_rebound_later", "get_type_hints resolves a string hint in module globals at call time (name rebound later).",
     'Axis = int\n\n\nclass Cfg:\n    axes: "Axis"\n\n\nAxis = str', 'typing.get_type_hints(Cfg)["axes"] is str', imports="import typing\n")
pick("hints_annotated_stripped", "get_type_hints strips Annotated unless include_extras=True.",
     'class Cfg:\n    axes: typing.Annotated[int, "axis"]', 'typing.get_type_hints(Cfg)["axes"] is int', imports="import typing\n")
pick("hints_include_extras", "include_extras=True keeps Annotated: get_origin is Annotated.",
     'class Cfg:\n    axes: typing.Annotated[int, "axis"]',
     'typing.get_origin(typing.get_type_hints(Cfg, include_extras=True)["axes"]) is typing.Annotated', imports="import typing\n")
pick("hints_annotated_nested_flatten", "Nested Annotated flattens its metadata.",
     '', 'typing.Annotated[typing.Annotated[int, "a"], "b"].__metadata__ == ("a", "b")', imports="import typing\n")
trying("hints_on_instance_typeerror", "get_type_hints of an instance of a class without hints raises TypeError.",
       'class Cfg:\n    pass', "typing.get_type_hints(Cfg())", "TypeError",
       "    typing.get_type_hints(Cfg())\n", "    typing.get_type_hints(Cfg)\n", imports="import typing\n")
trying("hints_on_instance_string_nameerror", "get_type_hints of an instance does not see module globals: a string hint raises NameError.",
       'class Cfg:\n    axes: "Axis"\n\n\nAxis = int', "typing.get_type_hints(Cfg())", "NameError",
       "    typing.get_type_hints(Cfg())\n", "    typing.get_type_hints(Cfg)\n", imports="import typing\n")
pick("hints_localns", "get_type_hints with localns resolves a forward ref to the given object.",
     'class Cfg:\n    axes: "Axis"', 'typing.get_type_hints(Cfg, localns={"Axis": str})["axes"] is str', imports="import typing\n")
pick("hints_globalns_overrides", "get_type_hints with globalns resolves a hint in the given namespace, not the module.",
     'Axis = int\n\n\nclass Cfg:\n    axes: "Axis"', 'typing.get_type_hints(Cfg, globalns={"Axis": str})["axes"] is str', imports="import typing\n")
pick("hints_default_none_not_optional", "3.11 no longer wraps a None default in Optional.",
     'def build(axes: int = None):\n    pass', 'typing.get_type_hints(build)["axes"] is int', imports="import typing\n")
pick("hints_base_first", "get_type_hints of a subclass merges base hints (base first, subclass overrides).",
     'class Base:\n    axes: int\n\n\nclass Cfg(Base):\n    axes: str', 'typing.get_type_hints(Cfg)["axes"] is str and list(typing.get_type_hints(Cfg)) == ["axes"]', imports="import typing\n")
pick("literal_dedup", "Literal dedups its arguments (3.9.1+).", '', 'typing.Literal["i", "i"].__args__ == ("i",)', imports="import typing\n")
pick("literal_nested_flatten", "A nested Literal flattens.", '', 'typing.Literal[typing.Literal["i"], "j"].__args__ == ("i", "j")', imports="import typing\n")
direct("literal_args_first", "Literal.__args__ keeps the written order.", '',
       'typing.Literal["i", "j"].__args__[:1]', '__args__[:1]', '__args__[:2]', imports="import typing\n")
pick("optional_args_none_last", "get_args(Optional[X]) is (X, NoneType).", 'class Rule:\n    pass',
     'typing.get_args(typing.Optional[Rule]) == (Rule, type(None))', imports="import typing\n")
pick("optional_of_optional", "Optional[Optional[X]] is Optional[X].", 'class Rule:\n    pass',
     'typing.Optional[typing.Optional[Rule]] == typing.Optional[Rule]', imports="import typing\n")
pick("union_pipe_origin", "X | None has origin types.UnionType, not typing.Union.", 'class Rule:\n    pass',
     'typing.get_origin(Rule | None) is types.UnionType', imports="import types\nimport typing\n")
pick("get_origin_list_alias", "get_origin(typing.List[X]) is list; of a bare class it is None.", 'class Rule:\n    pass',
     'typing.get_origin(typing.List[Rule]) is list and typing.get_origin(Rule) is None', imports="import typing\n")
pick("get_args_classvar", "get_type_hints keeps ClassVar; get_origin of it is ClassVar.", 'class Cfg:\n    axes: typing.ClassVar[tuple] = ("i",)',
     'typing.get_origin(typing.get_type_hints(Cfg)["axes"]) is typing.ClassVar', imports="import typing\n")
pick("generic_alias_is_not_type", "list[int] is not a class for isinstance(hint, type).", '',
     'not isinstance(list[int], type)', imports="")
pick("meta_class_hints", "get_type_hints of a class with a metaclass reads the body's hints.",
     'class Meta(type):\n    pass\n\n\nclass Cfg(metaclass=Meta):\n    axes: "tuple[str, ...]"', 'typing.get_type_hints(Cfg)["axes"] == tuple[str, ...]', imports="import typing\n")
direct("module_hints_dict", "A module-level annotation goes to the module's __annotations__.",
       'AXES: "i" = None', 'tuple(__annotations__["AXES"])', 'AXES: "i" = None', 'AXES: "ij" = None')


# ---- F: future annotations as text --------------------------------------------------------------------------
FUT = "from __future__ import annotations\n"
pick("future_quoted_hint_text", "Under future annotations a quoted hint's text keeps its quotes.",
     'class Cfg:\n    axes: "tuple"', 'Cfg.__annotations__["axes"] == "\'tuple\'"', imports=FUT)
pick("future_one_tuple_text", "Under future annotations `tuple[ str ,]` is spelled back `tuple[str,]`.",
     'class Cfg:\n    axes: tuple[ str ,]', 'Cfg.__annotations__["axes"] == "tuple[str,]"', imports=FUT)
pick("future_parens_dropped", "Under future annotations `(int)` is spelled back `int`.",
     'class Cfg:\n    axes: (int)', 'Cfg.__annotations__["axes"] == "int"', imports=FUT)
pick("future_hints_resolve_rebound", "Under future annotations get_type_hints evaluates at call time (name rebound).",
     'Axis = int\n\n\nclass Cfg:\n    axes: Axis\n\n\nAxis = str', 'typing.get_type_hints(Cfg)["axes"] is str', imports=FUT + "import typing\n")
pick("future_meta_ns_text", "Under future annotations a metaclass sees the hints' text in ns.",
     'class Meta(type):\n    def __new__(mcs, name, bases, ns):\n        cls = super().__new__(mcs, name, bases, ns)\n        cls.kinds = dict(ns.get("__annotations__", {}))\n        return cls\n\n\nclass Cfg(metaclass=Meta):\n    axes: list[str]',
     'Cfg.kinds["axes"] == "list[str]"', imports=FUT)


# ---- G: issubclass against enum.Enum / builtins (library_subclasses) ----------------------------------------
pick("issubclass_intenum_int", "An IntEnum subclass is a subclass of int and of Enum.",
     'class Axis(enum.IntEnum):\n    I = 0', 'issubclass(Axis, int) and issubclass(Axis, enum.Enum)', imports="import enum\n")
pick("issubclass_strenum_str", "A StrEnum (3.11) is a subclass of str.",
     'class Axis(enum.StrEnum):\n    I = "i"', 'issubclass(Axis, str)', imports="import enum\n")
pick("issubclass_flag_enum", "enum.Flag subclasses are Enum subclasses.",
     'class Axis(enum.Flag):\n    I = 1', 'issubclass(Axis, enum.Enum)', imports="import enum\n")
pick("issubclass_bool_int", "bool is a subclass of int.", '', 'issubclass(bool, int)')
trying("issubclass_typing_alias_raises", "issubclass(typing.List[int], enum.Enum) raises TypeError.",
       '', "issubclass(typing.List[int], enum.Enum)", "TypeError", "    issubclass(typing.List[int], enum.Enum)\n", "    issubclass(list, enum.Enum)\n", imports="import enum\nimport typing\n")
pick("issubclass_builtin_alias_no_raise", "issubclass(list[int], enum.Enum) does not raise (a GenericAlias proxies the class): False.",
     '', 'not issubclass(list[int], enum.Enum)', imports="import enum\n")
trying("issubclass_optional_raises", "issubclass(Optional[X], enum.Enum) raises TypeError.",
       'class Rule:\n    pass', "issubclass(typing.Optional[Rule], enum.Enum)", "TypeError",
       "    issubclass(typing.Optional[Rule], enum.Enum)\n", "    issubclass(Rule, enum.Enum)\n", imports="import enum\nimport typing\n")
pick("issubclass_subclasshook", "An ABC's __subclasshook__ makes an unrelated class a subclass.",
     'class HasAxes(abc.ABC):\n    @classmethod\n    def __subclasshook__(cls, other):\n        return hasattr(other, "axes")\n\n\nclass Cfg:\n    axes = 1',
     'issubclass(Cfg, HasAxes)', imports="import abc\n")
pick("issubclass_register", "ABC.register makes a class a virtual subclass.",
     'class Kind(abc.ABC):\n    pass\n\n\nclass Cfg:\n    pass\n\n\nKind.register(Cfg)', 'issubclass(Cfg, Kind)', imports="import abc\n")
pick("issubclass_meta_subclasscheck", "A metaclass __subclasscheck__ decides issubclass.",
     'class Meta(type):\n    def __subclasscheck__(cls, other):\n        return True\n\n\nclass Kind(metaclass=Meta):\n    pass', 'issubclass(int, Kind)')
pick("isinstance_meta_instancecheck", "A metaclass __instancecheck__ decides isinstance.",
     'class Meta(type):\n    def __instancecheck__(cls, obj):\n        return True\n\n\nclass Kind(metaclass=Meta):\n    pass', 'isinstance(3, Kind)')
pick("issubclass_tuple_of_classes", "issubclass with a tuple of classes.",
     'class Axis(str, enum.Enum):\n    I = "i"', 'issubclass(Axis, (int, str))', imports="import enum\n")
pick("issubclass_collections_abc", "dict is a collections.abc.Mapping subclass (registered).",
     '', 'issubclass(dict, collections.abc.Mapping)', imports="import collections.abc\n")


# ---- H: Enum _missing_ and aliases ------------------------------------------------------------------------
direct("enum_missing_case", "_missing_ maps a differently spelled value to a member.",
       'class Axis(enum.Enum):\n    I = ("i",)\n    IJ = ("i", "j")\n\n    @classmethod\n    def _missing_(cls, value):\n        return cls.I',
       'Axis("x").value', '        return cls.I', '        return cls.IJ', imports="import enum\n")
trying("enum_missing_returns_none", "_missing_ returning None: ValueError.",
       'class Axis(enum.Enum):\n    I = "i"\n\n    @classmethod\n    def _missing_(cls, value):\n        return None',
       'Axis("x")', "ValueError", '    Axis("x")\n', '    Axis("i")\n', imports="import enum\n")
trying("enum_missing_returns_nonmember", "_missing_ returning a non-member: TypeError.",
       'class Axis(enum.Enum):\n    I = "i"\n\n    @classmethod\n    def _missing_(cls, value):\n        return "i"',
       'Axis("x")', "TypeError", '    Axis("x")\n', '    Axis("i")\n', imports="import enum\n")
trying("enum_missing_raises_own", "_missing_ raising its own KeyError: Enum lets it through? no -- ValueError chained; a KeyError is wrapped.",
       'class Axis(enum.Enum):\n    I = "i"\n\n    @classmethod\n    def _missing_(cls, value):\n        raise KeyError(value)',
       'Axis("x")', "(ValueError, KeyError)", '    Axis("x")\n', '    Axis("i")\n', imports="import enum\n")
pick("enum_alias_is_member", "An enum alias is the first member with that value.",
     'class Axis(enum.Enum):\n    I = "i"\n    ROWS = "i"', 'Axis.ROWS is Axis.I and Axis("i").name == "I"', imports="import enum\n")
direct("enum_alias_not_iterated", "Iterating an enum skips aliases.",
       'class Axis(enum.Enum):\n    I = "i"\n    ROWS = "i"\n    J = "j"\n    COLS = "j"',
       'tuple(m.value for m in Axis)[:len(Axis) - 1]', '    J = "j"', '    J = "k"', imports="import enum\n")
pick("enum_members_include_alias", "__members__ lists aliases; len() does not count them.",
     'class Axis(enum.Enum):\n    I = "i"\n    ROWS = "i"', 'len(Axis.__members__) == 2 and len(Axis) == 1', imports="import enum\n")
direct("enum_auto_str_lower", "A StrEnum auto() value is the lower-cased name.",
       'class Axis(enum.StrEnum):\n    I = enum.auto()', '(Axis.I.value,)', '(Axis.I.value,)', '(Axis.I.value, "j")', imports="import enum\n")
direct("enum_tuple_value_unpacked", "A tuple value with __init__ is unpacked; .value keeps the tuple.",
       'class Axes(enum.Enum):\n    ROWS = ("i",)\n    BOTH = ("i", "j")', 'Axes(("i",)).value', 'Axes(("i",)).value', 'Axes(("i", "j")).value', imports="import enum\n")
direct("enum_value_lookup_by_name", "Enum[name] looks up by name, Enum(value) by value.",
       'class Axes(enum.Enum):\n    i = ("i", "j")\n    j = ("i",)', 'Axes["j"].value', 'Axes["j"].value', 'Axes("j").value' if False else 'Axes["i"].value', imports="import enum\n")


# ---- I: object.__setattr__(obj, "__dict__", ...), deepcopy ------------------------------------------------
trying("dict_set_to_mappingproxy", "Setting __dict__ to a non-dict mapping raises TypeError.",
       'class Cfg:\n    pass', 'object.__setattr__(Cfg(), "__dict__", types.MappingProxyType({}))', "TypeError",
       '    object.__setattr__(Cfg(), "__dict__", types.MappingProxyType({}))\n', '    object.__setattr__(Cfg(), "__dict__", {})\n', imports="import types\n")
direct("dict_set_to_ordereddict", "__dict__ set to a dict subclass is kept; the attribute is read from it.",
       'class Cfg:\n    axes = ("i", "j")\n\n    def __init__(self):\n        object.__setattr__(self, "__dict__", collections.OrderedDict(axes=("i",)))',
       "Cfg().axes", 'collections.OrderedDict(axes=("i",))', 'collections.OrderedDict(other=("i",))', imports="import collections\n")
direct("dict_set_shared", "__dict__ set to a shared dict: a later write to the dict is seen.",
       'SHARED = {"axes": ("i", "j")}\n\n\nclass Cfg:\n    def __init__(self):\n        object.__setattr__(self, "__dict__", SHARED)\n\n\nOBJ = Cfg()\nSHARED["axes"] = ("i",)',
       "OBJ.axes", 'SHARED["axes"] = ("i",)', 'SHARED["other"] = ("i",)')
direct("dict_set_missing_key_class_attr", "__dict__ replaced: names not in it fall back to the class.",
       'class Cfg:\n    axes = ("i",)\n\n    def __init__(self):\n        self.axes = ("i", "j")\n        object.__setattr__(self, "__dict__", {})',
       "Cfg().axes", '        object.__setattr__(self, "__dict__", {})', '        object.__setattr__(self, "__dict__", dict(vars(self)))')
direct("deepcopy_getstate", "deepcopy uses __getstate__: the dropped attribute falls back to the class.",
       'class Cfg:\n    axes = ("i",)\n\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __getstate__(self):\n        return {}',
       "copy.deepcopy(Cfg()).axes", '        return {}', '        return dict(vars(self))', imports="import copy\n")
direct("deepcopy_setstate", "deepcopy calls __setstate__.",
       'class Cfg:\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __setstate__(self, state):\n        self.axes = ("i",)',
       "copy.deepcopy(Cfg()).axes", '        self.axes = ("i",)', '        self.__dict__.update(state)', imports="import copy\n")
direct("deepcopy_reduce_ex", "deepcopy uses __reduce_ex__.",
       'class Cfg:\n    def __init__(self, axes=("i", "j")):\n        self.axes = axes\n\n    def __reduce_ex__(self, protocol):\n        return (Cfg, (("i",),))',
       "copy.deepcopy(Cfg()).axes", '        return (Cfg, (("i",),))', '        return (Cfg, (self.axes,))', imports="import copy\n")
direct("deepcopy_ignores_copy_dunder", "deepcopy does not call __copy__ (copy.copy does).",
       'class Cfg:\n    def __init__(self):\n        self.axes = ("i",)\n\n    def __copy__(self):\n        other = Cfg()\n        other.axes = ("i", "j")\n        return other',
       "copy.deepcopy(Cfg()).axes", "copy.deepcopy(Cfg()).axes", "copy.copy(Cfg()).axes", imports="import copy\n")
direct("deepcopy_memo", "deepcopy with a memo hands back the memo's object.",
       'class Cfg:\n    def __init__(self, axes):\n        self.axes = axes\n\n\nOLD = Cfg(("i", "j"))\nNEW = Cfg(("i",))',
       "copy.deepcopy(OLD, {id(OLD): NEW}).axes", "{id(OLD): NEW}", "{}", imports="import copy\n")
direct("deepcopy_shared_reference", "deepcopy keeps sharing inside the copy: a write through one key is seen through the other.",
       'class Cfg:\n    def __init__(self):\n        axes = ["i", "j"]\n        self.a = axes\n        self.b = axes',
       "(lambda c: (c.a.pop(), tuple(c.b))[1])(copy.deepcopy(Cfg()))", "c.a.pop()", "c.a.copy()", imports="import copy\n")
direct("deepcopy_deepcopy_hook", "deepcopy calls a class's __deepcopy__.",
       'class Cfg:\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __deepcopy__(self, memo):\n        other = Cfg()\n        other.axes = ("i",)\n        return other',
       "copy.deepcopy(Cfg()).axes", '        other.axes = ("i",)', '        other.other = ("i",)', imports="import copy\n")
direct("deepcopy_class_attr_shared", "deepcopy of an instance does not copy class attributes: a write to the class is seen.",
       'class Cfg:\n    axes = ("i", "j")\n\n\nCOPY = copy.deepcopy(Cfg())\nCfg.axes = ("i",)',
       "COPY.axes", 'Cfg.axes = ("i",)', 'Cfg.other = ("i",)', imports="import copy\n")
direct("deepcopy_slots", "deepcopy copies slot values (copyreg state tuple).",
       'class Cfg:\n    __slots__ = ("axes",)\n\n    def __init__(self):\n        self.axes = ("i",)',
       "copy.deepcopy(Cfg()).axes", '        self.axes = ("i",)', '        self.axes = ("i", "j")', imports="import copy\n")
direct("deepcopy_getstate_slots_dict", "__getstate__ of a slotted class returning (None, slots) restores the slots.",
       'class Cfg:\n    __slots__ = ("axes",)\n\n    def __init__(self):\n        self.axes = ("i", "j")\n\n    def __getstate__(self):\n        return (None, {"axes": ("i",)})',
       "copy.deepcopy(Cfg()).axes", '        return (None, {"axes": ("i",)})', '        return (None, {"axes": self.axes})', imports="import copy\n")


# ---- J: batch 2, around the first findings ---------------------------------------------------------------
# J1 a dunder a builtin base gives the class (class_attribute: "neither type nor object gives it")
for base, dunder in (("list", "__iter__"), ("list", "__len__"), ("list", "__reversed__"), ("list", "__getitem__"),
                     ("list", "__iadd__"), ("dict", "__class_getitem__"), ("dict", "__contains__"), ("tuple", "__add__"),
                     ("int", "__index__"), ("str", "__mod__"), ("set", "__isub__"), ("Exception", "__traceback__"),
                     ("Exception", "__cause__"), ("bytes", "__bytes__")):
    pick(f"builtin_base_{base.lower()}_{dunder.strip('_')}", f"A subclass of {base} has `{dunder}` from its base (type has none).",
         f'class Sub({base}):\n    pass', f'hasattr(Sub, "{dunder}")')
pick("builtin_base_getattr_default", "getattr(C, dunder, None) of a list subclass gives list's member, not the default.",
     'class Rows(list):\n    pass', 'getattr(Rows, "__len__", None) is list.__len__')
pick("library_base_ordereddict_dunder", "An OrderedDict subclass has `__reversed__` from OrderedDict.",
     'class Table(collections.OrderedDict):\n    pass', 'hasattr(Table, "__reversed__")', imports="import collections\n")
pick("library_base_userdict_dunder", "A UserDict subclass has `__missing__`? no, but `__contains__`.",
     'class Table(collections.UserDict):\n    pass', 'hasattr(Table, "__contains__")', imports="import collections\n")
# J2 library decorators that set dunders on a module class
pick("unittest_skip_dunder", "@unittest.skip sets `__unittest_skip__` on the class.",
     '@unittest.skip("slow")\nclass Case:\n    pass', 'getattr(Case, "__unittest_skip__", False)', imports="import unittest\n")
pick("no_type_check_dunder", "@typing.no_type_check sets `__no_type_check__` on the class.",
     '@typing.no_type_check\nclass Cfg:\n    pass', 'getattr(Cfg, "__no_type_check__", False)', imports="import typing\n")
pick("final_dunder_getattr", "@typing.final sets `__final__` (read with getattr default).",
     '@typing.final\nclass Cfg:\n    pass', 'getattr(Cfg, "__final__", False)', imports="import typing\n")
pick("total_ordering_dunder_le", "functools.total_ordering adds `__le__` of its own (vars).",
     '@functools.total_ordering\nclass Rank:\n    def __eq__(self, other):\n        return True\n\n    def __lt__(self, other):\n        return False',
     '"__le__" in vars(Rank)', imports="import functools\n")
# J3 instance dunders through a replaced __dict__, kwargs loops, a late __getattr__, a __class__ switch
pick("instance_dict_replaced_dunder", "A __dict__ replaced by object.__setattr__ holding a dunder: present on the instance.",
     'class Cfg:\n    def __init__(self):\n        object.__setattr__(self, "__dict__", {"__validators__": []})',
     'hasattr(Cfg(), "__validators__")')
pick("instance_kwargs_loop_dunder", "setattr in a kwargs loop stores a dunder on the instance.",
     'class Cfg:\n    def __init__(self, **kw):\n        for key, value in kw.items():\n            setattr(self, key, value)',
     'hasattr(Cfg(**{"__post_hook__": 1}), "__post_hook__")')
pick("late_getattr_answers_dunder", "A __getattr__ attached after the class statement answers a dunder.",
     'class Cfg:\n    pass\n\n\nCfg.__getattr__ = lambda self, name: 1', 'hasattr(Cfg(), "__post_hook__")')
pick("class_switch_dunder", "An instance whose __class__ was switched sees the other class's dunder.",
     'class A:\n    pass\n\n\nclass B:\n    __post_hook__ = None\n\n\nOBJ = A()\nOBJ.__class__ = B', 'hasattr(OBJ, "__post_hook__")')
pick("dunder_in_init_subclass", "A base's __init_subclass__ gives each subclass a dunder.",
     'class Base:\n    def __init_subclass__(cls, **kw):\n        cls.__fields__ = {}\n\n\nclass Cfg(Base):\n    pass',
     'hasattr(Cfg(), "__fields__")')
pick("dunder_meta_init_sets", "A metaclass __init__ gives the class a dunder.",
     'class Meta(type):\n    def __init__(cls, name, bases, ns):\n        super().__init__(name, bases, ns)\n        cls.__fields__ = {}\n\n\nclass Cfg(metaclass=Meta):\n    pass',
     'hasattr(Cfg(), "__fields__")')
pick("dunder_meta_namespace_sets", "A metaclass __new__ adds a dunder to the namespace before type.__new__.",
     'class Meta(type):\n    def __new__(mcs, name, bases, ns):\n        ns["__fields__"] = {}\n        return super().__new__(mcs, name, bases, ns)\n\n\nclass Cfg(metaclass=Meta):\n    pass',
     'hasattr(Cfg, "__fields__")')
# J4 metaclass data descriptors
direct("meta_property_getattr", "getattr(C, name) with a metaclass property of that name: the property wins.",
       'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")',
       'getattr(Cfg, "axes")', '        return ("i",)', '        return ("i", "j")')
direct("meta_property_inherited_meta", "A property of the metaclass's base wins over the class attribute.",
       'class BaseMeta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\nclass Meta(BaseMeta):\n    pass\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")',
       "Cfg.axes", '        return ("i",)', '        return ("i", "j")')
direct("meta_property_on_subclass", "A subclass's attribute also loses to its metaclass's property.",
       'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\nclass Base(metaclass=Meta):\n    pass\n\n\nclass Cfg(Base):\n    axes = ("i", "j")',
       "Cfg.axes", '        return ("i",)', '        return ("i", "j")')
direct("meta_custom_data_descriptor", "A custom data descriptor in the metaclass wins over the class attribute.",
       'class Fixed:\n    def __get__(self, obj, owner=None):\n        return ("i",)\n\n    def __set__(self, obj, value):\n        pass\n\n\nclass Meta(type):\n    axes = Fixed()\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")',
       "Cfg.axes", '        return ("i",)', '        return ("i", "j")')
direct("meta_property_read_by_method", "A classmethod reading cls.axes gets the metaclass property.",
       'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")\n\n    @classmethod\n    def read(cls):\n        return cls.axes',
       "Cfg.read()", '        return ("i",)', '        return ("i", "j")')
direct("meta_property_instance_reads_class", "An instance reads the class's own attribute (the metaclass property is not on it).",
       'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i", "j")\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i",)',
       "Cfg().axes", '    axes = ("i",)', '    axes = ("i", "j")')
# J5 __class__ overridden on instances
pick("class_property_module_class", "A `__class__` property naming a module class makes isinstance True for it.",
     'class Real:\n    pass\n\n\nclass Proxy:\n    @property\n    def __class__(self):\n        return Real', 'isinstance(Proxy(), Real)')
direct("class_property_read", "obj.__class__ reads the property; type(obj) does not.",
       'class Real:\n    axes = ("i",)\n\n\nclass Proxy:\n    axes = ("i", "j")\n\n    @property\n    def __class__(self):\n        return Real',
       "Proxy().__class__.axes", "Proxy().__class__.axes", "type(Proxy()).axes")
pick("class_attr_plain_value", "A plain class attribute named __class__ is what obj.__class__ reads.",
     'class Real:\n    pass\n\n\nclass Proxy:\n    __class__ = Real', 'Proxy().__class__ is Real and isinstance(Proxy(), Real)')
# J6 deepcopy / copy sharing
direct("deepcopy_dict_shared_list", "deepcopy of a dict keeps two keys sharing one list.",
       'SHARED = ["i", "j"]\nCONFIG = {"a": SHARED, "b": SHARED}',
       '(lambda c: (c["a"].pop(), tuple(c["b"]))[1])(copy.deepcopy(CONFIG))', 'c["a"].pop()', 'c["a"].copy()', imports="import copy\n")
direct("deepcopy_list_of_same", "deepcopy of [x, x] copies x once.",
       'ITEM = ["i", "j"]\nROWS = [ITEM, ITEM]',
       '(lambda c: (c[0].remove("j"), tuple(c[1]))[1])(copy.deepcopy(ROWS))', 'c[0].remove("j")', 'c[0].index("j")', imports="import copy\n")
direct("copy_shallow_shares", "copy.copy of an object shares its list: a write through the copy is seen in the original.",
       'class Cfg:\n    def __init__(self):\n        self.axes = ["i", "j"]\n\n\nOBJ = Cfg()\ncopy.copy(OBJ).axes.remove("j")',
       "tuple(OBJ.axes)", 'copy.copy(OBJ).axes.remove("j")', 'copy.deepcopy(OBJ).axes.remove("j")', imports="import copy\n")
direct("deepcopy_self_reference", "deepcopy of an object referring to itself keeps the cycle.",
       'class Cfg:\n    def __init__(self):\n        self.me = self\n        self.axes = ["i", "j"]',
       '(lambda c: (c.me.axes.pop(), tuple(c.axes))[1])(copy.deepcopy(Cfg()))', "c.me.axes.pop()", "c.me.axes.copy()", imports="import copy\n")
direct("deepcopy_attr_and_dict_shared", "deepcopy of an object with a list held twice (attribute and dict value).",
       'class Cfg:\n    def __init__(self):\n        self.axes = ["i", "j"]\n        self.table = {"axes": self.axes}',
       '(lambda c: (c.table["axes"].pop(), tuple(c.axes))[1])(copy.deepcopy(Cfg()))', 'c.table["axes"].pop()', 'c.table["axes"].copy()', imports="import copy\n")
# J7 Enum _missing_ from a member-less base enum
direct("enum_missing_from_base", "A member-less base Enum's _missing_ is used by its subclass.",
       'class Lenient(enum.Enum):\n    @classmethod\n    def _missing_(cls, value):\n        for member in cls:\n            if member.value == value.strip().lower():\n                return member\n        return None\n\n\nclass Axis(Lenient):\n    I = "i"\n    J = "j"',
       '(Axis(" I ").value,)', '(Axis(" I ").value,)', '(Axis(" I ").value, "j")', imports="import enum\n")
pick("enum_missing_base_recurses", "A base's _missing_ that calls cls(value.lower()) answers.",
     'class Lenient(enum.Enum):\n    @classmethod\n    def _missing_(cls, value):\n        return cls(value.lower())\n\n\nclass Axis(Lenient):\n    I = "i"\n    J = "j"',
     'Axis("I") is Axis.I', imports="import enum\n")
pick("enum_missing_mixin_str", "A str-mixin Enum with _missing_ in a base: lookup by upper-case name works.",
     'class Lenient(str, enum.Enum):\n    @classmethod\n    def _missing_(cls, value):\n        return cls.__members__.get(str(value).upper())\n\n\nclass Axis(Lenient):\n    I = "i"',
     'Axis("i") is Axis("I")', imports="import enum\n")


# ---- K: batch 3, variants of the causes found ---------------------------------------------------------------
for base, dunder, imp in (("collections.Counter", "__missing__", "import collections\n"),
                          ("collections.defaultdict", "__missing__", "import collections\n"),
                          ("argparse.Namespace", "__contains__", "import argparse\n"),
                          ("pathlib.PurePosixPath", "__truediv__", "import pathlib\n"),
                          ("pathlib.PurePosixPath", "__fspath__", "import pathlib\n"),
                          ("contextlib.AbstractContextManager", "__enter__", "import contextlib\n"),
                          ("io.StringIO", "__iter__", "import io\n"),
                          ("collections.UserList", "__len__", "import collections\n"),
                          ("collections.deque", "__len__", "import collections\n"),
                          ("fractions.Fraction", "__add__", "import fractions\n")):
    short = base.split(".")[-1].lower()
    pick(f"library_base_{short}_{dunder.strip('_')}", f"A subclass of {base} has `{dunder}` from its base.",
         f'class Sub({base}):\n    pass', f'hasattr(Sub, "{dunder}")', imports=imp)
pick("builtin_base_two_levels", "A subclass of a list subclass has `__len__` from list.",
     'class Rows(list):\n    pass\n\n\nclass Table(Rows):\n    pass', 'hasattr(Table, "__len__")')
pick("builtin_base_instance_hasattr", "An instance of a list subclass has `__len__`.",
     'class Rows(list):\n    pass', 'hasattr(Rows(), "__len__")')
pick("builtin_base_read_is_list_member", "Reading `Rows.__iter__` of a list subclass gives list's member.",
     'class Rows(list):\n    pass', 'Rows.__iter__ is list.__iter__')
pick("builtin_base_dict_getattr_len", "getattr(C, '__len__', None) of a dict subclass is dict's.",
     'class Table(dict):\n    pass', 'getattr(Table, "__len__", None) is not None')
pick("builtin_base_list_framework_probe", "A framework probes `__iter__` to tell containers: a list subclass is one.",
     'class Rows(list):\n    pass\n\n\ndef is_container(kind):\n    return hasattr(kind, "__iter__") and hasattr(kind, "__len__")',
     'is_container(Rows)')
direct("class_attr_value_isinstance_dispatch", "A config class faking __class__ is dispatched as the real one.",
       'class Axes:\n    pass\n\n\nclass Proxy:\n    __class__ = Axes\n\n\ndef axes_of(obj):\n    return ("i",) if isinstance(obj, Axes) else ("i", "j")',
       "axes_of(Proxy())", "    __class__ = Axes", "    kind = Axes")
pick("class_property_isinstance_tuple", "isinstance with a tuple of types consults a __class__ property.",
     'class Proxy:\n    @property\n    def __class__(self):\n        return str', 'isinstance(Proxy(), (int, str))')
direct("meta_property_dunder_like", "A metaclass property named like a class setting wins over the class body's value.",
       'class Meta(type):\n    @property\n    def mesh_axes(cls):\n        return ("i",)\n\n\nclass Layer(metaclass=Meta):\n    mesh_axes = ("i", "j")\n\n\nclass Dense(Layer):\n    pass',
       "Dense.mesh_axes", '        return ("i",)', '        return ("i", "j")')
direct("meta_property_setter_ignored", "Assigning C.axes with a metaclass property that has a setter calls the setter.",
       'class Meta(type):\n    @property\n    def axes(cls):\n        return cls._axes\n\n    @axes.setter\n    def axes(cls, value):\n        cls._axes = value[:1]\n\n\nclass Cfg(metaclass=Meta):\n    _axes = ("i", "j")\n\n\nCfg.axes = ("i", "j")',
       "Cfg.axes", "        cls._axes = value[:1]", "        cls._axes = value")
direct("deepcopy_shared_dict_attrs", "deepcopy keeps two attributes sharing one dict.",
       'class Cfg:\n    def __init__(self):\n        table = {"axes": ("i", "j")}\n        self.a = table\n        self.b = table',
       '(lambda c: (c.a.update(axes=("i",)), c.b["axes"])[1])(copy.deepcopy(Cfg()))', 'c.a.update(axes=("i",))', 'c.a.copy()', imports="import copy\n")
direct("deepcopy_shared_child_object", "deepcopy keeps two attributes sharing one child object.",
       'class Child:\n    def __init__(self):\n        self.axes = ("i", "j")\n\n\nclass Cfg:\n    def __init__(self):\n        self.a = Child()\n        self.b = self.a',
       '(lambda c: (setattr(c.a, "axes", ("i",)), c.b.axes)[1])(copy.deepcopy(Cfg()))', 'setattr(c.a, "axes", ("i",))', 'setattr(c, "axes", ("i",))', imports="import copy\n")
direct("deepcopy_list_of_objects_same", "deepcopy of [obj, obj] copies obj once.",
       'class Child:\n    def __init__(self):\n        self.axes = ("i", "j")\n\n\nONE = Child()\nROWS = [ONE, ONE]',
       '(lambda c: (setattr(c[0], "axes", ("i",)), c[1].axes)[1])(copy.deepcopy(ROWS))', 'setattr(c[0], "axes", ("i",))', 'setattr(c[0], "other", ("i",))', imports="import copy\n")
direct("deepcopy_method_clone", "A config's clone() by deepcopy keeps shared lists shared.",
       'class Cfg:\n    def __init__(self):\n        self.axes = ["i", "j"]\n        self.log_axes = self.axes\n\n    def clone(self):\n        return copy.deepcopy(self)',
       '(lambda c: (c.axes.pop(), tuple(c.log_axes))[1])(Cfg().clone())', 'c.axes.pop()', 'c.axes.copy()', imports="import copy\n")


# ---- L: a metaclass deriving from a library metaclass: its dunders ------------------------------------------
for dunder in ("__members__", "__contains__", "__iter__", "__len__"):
    pick(f"enummeta_subclass_{dunder.strip('_')}", f"A metaclass deriving from enum.EnumMeta has `{dunder}` from it.",
         'class Meta(enum.EnumMeta):\n    pass', f'hasattr(Meta, "{dunder}")', imports="import enum\n")
pick("abcmeta_subclass_register_dunder", "A metaclass deriving from abc.ABCMeta has `__instancecheck__` of its own base.",
     'class Meta(abc.ABCMeta):\n    pass', '"__instancecheck__" in vars(abc.ABCMeta) and hasattr(Meta, "__instancecheck__")', imports="import abc\n")


# ---- M: class-body bindings the class namespace gets otherwise than by `name = value` ----------------------
BASE = 'class Base:\n    axes = ("i", "j")\n\n\n'
for tag, stmt in (("locals_store", 'locals()["axes"] = ("i",)'), ("vars_store", 'vars()["axes"] = ("i",)'),
                  ("exec_store", 'exec(\'axes = ("i",)\')'), ("for_target", 'for axes in [("i",)]:\n        pass'),
                  ("with_target", 'with contextlib.nullcontext(("i",)) as axes:\n        pass'),
                  ("walrus", 'kept = (axes := ("i",))'), ("import_as", 'from string import ascii_lowercase as letters\n    axes = (letters[8],)'),
                  ("unpack_star", '*axes, = ("i",)'), ("match_capture", 'match ("i",):\n        case axes:\n            pass')):
    direct(f"class_body_{tag}", f"A class body binds `axes` by `{stmt.splitlines()[0]}`: the subclass's own value wins over the base's.",
           BASE + f'class Cfg(Base):\n    {stmt}', "Cfg.axes", "axes = Cfg.axes", "axes = Base.axes",
           imports="import contextlib\n" if tag == "with_target" else "")
for tag, stmt in (("locals_store", 'locals()["__fields__"] = {}'), ("for_target", 'for __fields__ in [{}]:\n        pass'),
                  ("exec_store", 'exec("__fields__ = {}")'), ("setattr_loop", None)):
    pre = ('class Cfg:\n    pass\n\n\nfor name in ("__fields__", "__validators__"):\n    setattr(Cfg, name, {})' if stmt is None
           else f'class Cfg:\n    {stmt}')
    pick(f"class_body_dunder_{tag}", "A class-body binding (or a setattr loop) gives the class a framework dunder.",
         pre, 'hasattr(Cfg, "__fields__")')


# ---- N: last variants of causes C, B, D -------------------------------------------------------------------
MP = 'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\n'
direct("meta_property_type_self", "type(self).axes with a metaclass property of that name: the property wins.",
       MP + 'class Cfg(metaclass=Meta):\n    axes = ("i", "j")\n\n    def read(self):\n        return type(self).axes',
       "Cfg().read()", '        return ("i",)', '        return ("i", "j")')
direct("meta_property_dunder_class_self", "self.__class__.axes with a metaclass property of that name: the property wins.",
       MP + 'class Cfg(metaclass=Meta):\n    axes = ("i", "j")\n\n    def read(self):\n        return self.__class__.axes',
       "Cfg().read()", '        return ("i",)', '        return ("i", "j")')
direct("meta_property_module_level_read", "A module-level read of C.axes (metaclass property) handed to main.",
       MP + 'class Cfg(metaclass=Meta):\n    axes = ("i", "j")\n\n\nAXES = Cfg.axes',
       "AXES", '        return ("i",)', '        return ("i", "j")')
direct("deepcopy_child_shares_parent_list", "deepcopy keeps a child object sharing its parent's list.",
       'class Child:\n    def __init__(self, axes):\n        self.axes = axes\n\n\nclass Cfg:\n    def __init__(self):\n        self.axes = ["i", "j"]\n        self.child = Child(self.axes)',
       '(lambda c: (c.axes.pop(), tuple(c.child.axes))[1])(copy.deepcopy(Cfg()))', "c.axes.pop()", "c.axes.copy()", imports="import copy\n")
direct("deepcopy_list_of_configs_sharing", "deepcopy of a list of configs that share one axes list keeps it shared.",
       'class Layer:\n    def __init__(self, axes):\n        self.axes = axes\n\n\nSHARED = ["i", "j"]\nLAYERS = [Layer(SHARED), Layer(SHARED)]',
       '(lambda c: (c[0].axes.pop(), tuple(c[1].axes))[1])(copy.deepcopy(LAYERS))', "c[0].axes.pop()", "c[0].axes.copy()", imports="import copy\n")
pick("class_property_dataclass_instance", "A dataclass whose `__class__` property names another class: isinstance follows it.",
     'class Axes:\n    pass\n\n\n@dataclasses.dataclass\nclass Proxy:\n    name: str = "i"\n\n    @property\n    def __class__(self):\n        return Axes',
     'isinstance(Proxy(), Axes)', imports="import dataclasses\n")
