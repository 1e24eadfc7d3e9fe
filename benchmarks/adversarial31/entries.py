# Entries of gen_clean.py (exec'd there). Every program computes `axes` on the host by a Python construct
# (collections.abc bases, metaclasses, enum hooks, exception __init__, functional classes, hints, ...) that gives
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



def works(name, doc, pre, stmt, kind, old=None, new=None, imports=""):
    """axes = ("i",) when `stmt` runs, ("i", "j") when it raises `kind`. Default twin: ("i",) made ("i", "j")."""
    if old is None:
        old, new = f'    {stmt}\n        axes = ("i",)\n', f'    {stmt}\n        axes = ("i", "j")\n'
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i",)', f'except {kind}:', '    axes = ("i", "j")'],
              old, new, imports=imports)


ABC_I = "import abc\nimport collections.abc\n"
FROZEN = '''class Frozen(collections.abc.Mapping):
    def __init__(self, data):
        self._data = dict(data)

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)'''
REG = '''class Registry(collections.abc.MutableMapping):
    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)'''
ROWS = '''class Rows(collections.abc.Sequence):
    def __init__(self, items):
        self._items = list(items)

    def __getitem__(self, index):
        return self._items[index]

    def __len__(self):
        return len(self._items)'''

# ---- A: collections.abc bases made as module classes (abc_collections) ----------------------------------------
for _n, _cls, _base, _pre in (("mapping", "Frozen", "Mapping", FROZEN), ("mutable", "Registry", "MutableMapping", REG),
                              ("sequence", "Rows", "Sequence", ROWS)):
    pick(f"abc_{_n}_not_subclass_of_abc_ABC", f"collections.abc.{_base} derives from no abc.ABC (its metaclass is ABCMeta, its bases Collection, ...).",
         _pre, f"not issubclass({_cls}, abc.ABC)", imports=ABC_I)
    pick(f"abc_{_n}_abc_ABC_not_in_mro", f"abc.ABC is not in the __mro__ of a collections.abc.{_base} subclass.",
         _pre, f"abc.ABC not in {_cls}.__mro__", imports=ABC_I)
    pick(f"abc_{_n}_has_class_getitem", f"collections.abc.{_base} has __class_getitem__ (Iterable's): a subclass too.",
         _pre, f'hasattr({_cls}, "__class_getitem__")', imports=ABC_I)
    pick(f"abc_{_n}_mro_base_is_library", f"The second entry of the __mro__ is collections.abc.{_base} itself.",
         _pre, f"{_cls}.__mro__[1] is collections.abc.{_base}", imports=ABC_I)
    pick(f"abc_{_n}_bases_is_library", f"__bases__ holds collections.abc.{_base} itself.",
         _pre, f"{_cls}.__bases__ == (collections.abc.{_base},)", imports=ABC_I)
    pick(f"abc_{_n}_mixin_module", f"A mixin method of collections.abc.{_base} is defined in collections.abc.",
         _pre, f'{_cls}.__contains__.__module__ == "collections.abc"', imports=ABC_I)
    pick(f"abc_{_n}_abc_impl", f"ABCMeta gives collections.abc.{_base}'s subclasses _abc_impl.",
         _pre, f'hasattr({_cls}, "_abc_impl")', imports=ABC_I)
    pick(f"abc_{_n}_type_is_abcmeta", f"type() of a collections.abc.{_base} subclass is abc.ABCMeta.",
         _pre, f"type({_cls}) is abc.ABCMeta", imports=ABC_I)
    pick(f"abc_{_n}_subclass_of_sized", f"A collections.abc.{_base} subclass is a subclass of Sized (in its __mro__).",
         _pre, f"collections.abc.Sized in {_cls}.__mro__", imports=ABC_I)
    pick(f"abc_{_n}_mro_names", f"The __mro__ names of a collections.abc.{_base} subclass.",
         _pre, f'"Container" in [c.__name__ for c in {_cls}.__mro__]', imports=ABC_I)
    pick(f"abc_{_n}_dir_class_getitem", f"dir() of a collections.abc.{_base} subclass lists __class_getitem__.",
         _pre, f'"__class_getitem__" in dir({_cls})', imports=ABC_I)
    pick(f"abc_{_n}_instance_not_abc", f"An instance of a collections.abc.{_base} subclass is no abc.ABC instance.",
         _pre, f"not isinstance({_cls}.__new__({_cls}), abc.ABC)", imports=ABC_I)

pick("abc_mapping_keys_is_keysview", "Mapping.keys() gives a collections.abc.KeysView.", FROZEN,
     'isinstance(Frozen({"i": 1}).keys(), collections.abc.KeysView)', imports=ABC_I)
pick("abc_mapping_items_is_set", "Mapping.items() gives an ItemsView, a collections.abc.Set.", FROZEN,
     'isinstance(Frozen({"i": 1}).items(), collections.abc.Set)', imports=ABC_I)
pick("abc_mapping_values_is_valuesview", "Mapping.values() gives a collections.abc.ValuesView.", FROZEN,
     'isinstance(Frozen({"i": 1}).values(), collections.abc.ValuesView)', imports=ABC_I)
pick("abc_mapping_keys_type_is_library", "type(Mapping.keys()) is collections.abc.KeysView itself.", FROZEN,
     'type(Frozen({"i": 1}).keys()) is collections.abc.KeysView', imports=ABC_I)
pick("abc_mapping_keys_module", "KeysView is defined in collections.abc.", FROZEN,
     'type(Frozen({"i": 1}).keys()).__module__ == "collections.abc"', imports=ABC_I)
pick("abc_mapping_items_mapping_view", "ItemsView is a MappingView.", FROZEN,
     'isinstance(Frozen({"i": 1}).items(), collections.abc.MappingView)', imports=ABC_I)
pick("abc_sequence_iter_is_generator_of_library", "Sequence.__iter__ is collections.abc.Sequence.__iter__ itself.", ROWS,
     "Rows.__iter__ is collections.abc.Sequence.__iter__", imports=ABC_I)
pick("abc_mapping_get_is_library", "Mapping.get read off a subclass is collections.abc.Mapping.get itself.", FROZEN,
     "Frozen.get is collections.abc.Mapping.get", imports=ABC_I)
axes_prog("abc_sequence_iter_throw_indexerror", "Sequence.__iter__ has its yield inside the try: an IndexError thrown in ends the iteration (StopIteration).",
          ROWS, ['it = iter(Rows(["i", "j"]))', 'next(it)', 'try:', '    it.throw(IndexError)', '    axes = ("i", "j")',
                 'except StopIteration:', '    axes = ("i",)', 'except IndexError:', '    axes = ("i", "j")'],
          'except StopIteration:\n        axes = ("i",)', 'except StopIteration:\n        axes = ("i", "j")', imports=ABC_I)

# ---- B: class_metas ---------------------------------------------------------------------------------------------
META_DOC = 'class Meta(type):\n    """The metaclass\'s docstring."""\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i",)'
pick("meta_doc_not_inherited_by_class", "A class without a docstring has __doc__ None in its own namespace: the metaclass's docstring is not read.",
     META_DOC, "Cfg.__doc__ is None")
pick("meta_doc_class_docstring_wins", "A class's own docstring wins over its metaclass's.",
     'class Meta(type):\n    """meta"""\n\n\nclass Cfg(metaclass=Meta):\n    """cfg"""', 'Cfg.__doc__ == "cfg"')
pick("meta_doc_getattr_default", "getattr(Cfg, '__doc__', x) of a class without docstring gives None, not the metaclass's.",
     META_DOC, 'getattr(Cfg, "__doc__", "x") is None')
pick("meta_doc_in_vars", "vars(C) holds __doc__ (None) though the body has no docstring.",
     'class Meta(type):\n    pass\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i",)', '"__doc__" in vars(Cfg)')
META_ANN_IF = '''class Meta(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        cls.annotated = "__annotations__" in ns
        return cls


class Cfg(metaclass=Meta):
    if True:
        width: int = 4'''
pick("meta_ns_annotations_from_nested_if", "An annotation inside an `if` of the class body still sets up ns['__annotations__'].",
     META_ANN_IF, "Cfg.annotated")
pick("meta_ns_annotations_nested_field", "ns['__annotations__'] holds a field annotated inside an `if` of the body.",
     META_ANN_IF.replace('"__annotations__" in ns', '"width" in ns.get("__annotations__", {})'), "Cfg.annotated")
META_ABS_HOOK = '''class Meta(abc.ABCMeta):
    pass


class Shape(metaclass=Meta):
    @abc.abstractmethod
    def area(self):
        raise NotImplementedError

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.area = lambda self: 1


class Square(Shape):
    pass'''
works("meta_abc_init_subclass_fills_abstract", "ABCMeta computes __abstractmethods__ after __init_subclass__ ran: a method it sets makes the class concrete.",
      META_ABS_HOOK, "Square()", "TypeError", imports="import abc\n")
works("abc_base_init_subclass_fills_abstract", "abc.ABC: a method __init_subclass__ sets is seen by ABCMeta's abstract count (it runs inside type.__new__, first).",
      META_ABS_HOOK.replace("class Meta(abc.ABCMeta):\n    pass\n\n\nclass Shape(metaclass=Meta):", "class Shape(abc.ABC):"),
      "Square()", "TypeError", imports="import abc\n")
works("meta_abc_set_name_fills_abstract", "A __set_name__ hook run by type.__new__ sets the abstract method before ABCMeta counts.",
      '''class Filler:
    def __set_name__(self, owner, name):
        owner.area = lambda self: 1


class Meta(abc.ABCMeta):
    pass


class Shape(metaclass=Meta):
    @abc.abstractmethod
    def area(self):
        raise NotImplementedError


class Square(Shape):
    fill = Filler()''', "Square()", "TypeError", imports="import abc\n")

# ---- C: Enum hooks and auto() values from a member-less base (enum_hooks, enum_next_values) --------------------
EN = "import enum\n"
pick("enum_base_generate_next_value", "auto() uses the base Enum's _generate_next_value_ (a member-less base).",
     'class Lowered(enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return name.lower()\n\n\nclass Axis(Lowered):\n    I = enum.auto()\n    J = enum.auto()',
     'Axis.I.value == "i"', imports=EN)
direct("enum_base_generate_next_value_direct", "auto() from the base's _generate_next_value_ gives the axis name.",
       'class Lowered(enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return name.lower()\n\n\nclass Axis(Lowered):\n    I = enum.auto()',
       "(Axis.I.value,)", "(Axis.I.value,)", '(Axis.I.value, "j")', imports=EN)
pick("enum_str_base_generate_next_value", "A (str, Enum) base's _generate_next_value_ serves a subclass's auto().",
     'class Lowered(str, enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return name.lower()\n\n\nclass Axis(Lowered):\n    I = enum.auto()',
     'Axis.I == "i"', imports=EN)
pick("enum_private_name_is_member_count", "A `_first` name (no trailing underscore) is a member: auto()'s count includes it.",
     'class Axis(enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return count\n\n    _first = enum.auto()\n    I = enum.auto()',
     "Axis.I.value == 1", imports=EN)
pick("enum_private_name_last_values", "A `_first` member's value is among last_values for the next auto().",
     'class Axis(enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return len(last_values)\n\n    _first = enum.auto()\n    I = enum.auto()',
     "Axis.I.value == 1", imports=EN)
pick("enum_private_name_listed", "A `_first` member is listed by iteration.",
     'class Axis(enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return name\n\n    _first = enum.auto()\n    I = enum.auto()',
     "len(list(Axis)) == 2", imports=EN)
pick("enum_base_init_fields", "The base Enum's __init__ runs on each member of a subclass.",
     'class Sized(enum.Enum):\n    def __init__(self, label, size):\n        self.label = label\n        self.size = size\n\n\nclass Axis(Sized):\n    I = ("i", 2)',
     'hasattr(Axis.I, "label")', imports=EN)
direct("enum_base_init_field_value", "A field the base Enum's __init__ sets on a subclass member.",
       'class Sized(enum.Enum):\n    def __init__(self, label, size):\n        self.label = label\n\n\nclass Axis(Sized):\n    I = ("i", 2)',
       "(Axis.I.label,)", "(Axis.I.label,)", '(Axis.I.label, "j")', imports=EN)
pick("enum_base_new_value", "The base Enum's __new__ (kept as __new_member__) makes a subclass's members: its _value_.",
     'class Labeled(enum.Enum):\n    def __new__(cls, label, size):\n        obj = object.__new__(cls)\n        obj._value_ = label\n        return obj\n\n\nclass Axis(Labeled):\n    I = ("i", 2)',
     'Axis.I.value == "i"', imports=EN)
pick("enum_base_new_lookup", "Axis('i') finds the member whose _value_ the base's __new__ set.",
     'class Labeled(enum.Enum):\n    def __new__(cls, label, size):\n        obj = object.__new__(cls)\n        obj._value_ = label\n        return obj\n\n\nclass Axis(Labeled):\n    I = ("i", 2)',
     'Axis("i") is Axis.I', imports=EN)
pick("enum_base_new_field", "A field the base Enum's __new__ sets on a subclass member.",
     'class Labeled(enum.Enum):\n    def __new__(cls, label, size):\n        obj = object.__new__(cls)\n        obj._value_ = label\n        obj.size = size\n        return obj\n\n\nclass Axis(Labeled):\n    I = ("i", 2)',
     "Axis.I.size == 2", imports=EN)
pick("enum_own_init_count_args", "A member's tuple value is spread over __init__'s parameters.",
     'class Axis(enum.Enum):\n    I = ("i", 2)\n\n    def __init__(self, label, size):\n        self.size = size',
     "Axis.I.size == 2 and Axis.I.value == (\"i\", 2)", imports=EN)
pick("enum_missing_message_qualname_nested", "Enum's ValueError names the class by __qualname__ (Outer.Mode).",
     'class Outer:\n    class Mode(enum.Enum):\n        A = 1\n\n\ndef message():\n    try:\n        Outer.Mode(5)\n    except ValueError as err:\n        return str(err)\n    return ""',
     'message() == "5 is not a valid Outer.Mode"', imports=EN)
pick("enum_missing_message_qualname_local", "Enum's ValueError names a class made in a function by its __qualname__.",
     'def message():\n    class Mode(enum.Enum):\n        A = 1\n\n    try:\n        Mode(5)\n    except ValueError as err:\n        return str(err)\n    return ""',
     '"<locals>" in message()', imports=EN)
pick("enum_missing_hook_message_qualname", "With a _missing_ returning None the ValueError still names __qualname__.",
     'class Outer:\n    class Mode(enum.Enum):\n        A = 1\n\n        @classmethod\n        def _missing_(cls, value):\n            return None\n\n\ndef message():\n    try:\n        Outer.Mode(5)\n    except ValueError as err:\n        return str(err)\n    return ""',
     'message().endswith("Outer.Mode")', imports=EN)

# ---- D: exception classes with their own __init__ (exception_inits) -------------------------------------------
EXC_ATTR = 'class MissingAxis(AttributeError):\n    def __init__(self, axis):\n        super().__init__(f"no axis {axis}", name=axis)'
works("exc_attributeerror_name_keyword", "AttributeError.__init__ takes name= (3.10+): super().__init__(msg, name=...) works.",
      EXC_ATTR, 'MissingAxis("i")', "TypeError")
direct("exc_attributeerror_name_read", "The name= given to AttributeError.__init__ is read back as e.name.",
       EXC_ATTR + '\n\n\ndef axis_of():\n    try:\n        raise MissingAxis("i")\n    except MissingAxis as err:\n        return err.name',
       "(axis_of(),)", "(axis_of(),)", '(axis_of(), "j")')
works("exc_attributeerror_obj_keyword", "AttributeError.__init__ takes obj= too.",
      'class MissingAxis(AttributeError):\n    def __init__(self, axis):\n        super().__init__(axis, obj=None)', 'MissingAxis("i")', "TypeError")
works("exc_attributeerror_both_keywords", "AttributeError.__init__ takes name= and obj= together.",
      'class MissingAxis(AttributeError):\n    def __init__(self, axis):\n        super().__init__(axis, name=axis, obj=self)', 'MissingAxis("i")', "TypeError")
works("exc_attributeerror_subclass_chain", "A subclass of a subclass: its super() reaches AttributeError.__init__ with name=.",
      EXC_ATTR + '\n\n\nclass MissingRow(MissingAxis):\n    def __init__(self, axis):\n        super().__init__(axis)', 'MissingRow("i")', "TypeError")
pick("exc_kwonly_init_args_empty", "An exception made with keywords only has args () (BaseException.__new__ sees no positional).",
     'class AxisError(ValueError):\n    def __init__(self, *, axis):\n        self.axis = axis',
     'AxisError(axis="i").args == ()')
pick("exc_no_super_str_first_arg", "str() of an exception whose __init__ never calls super(): its positional arguments.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        self.axis = axis',
     'str(AxisError("i")) == "i"')
pick("exc_keyerror_subclass_str_repr", "A KeyError subclass's str() is the repr of its one argument.",
     'class AxisKey(KeyError):\n    def __init__(self, axis):\n        super().__init__(axis)',
     "str(AxisKey(\"i\")) == \"'i'\"")

# ---- E: functional classes (functional_classes) -----------------------------------------------------------------
DC = "import dataclasses\n"
pick("make_dataclass_private_name_unmangled", "make_dataclass keeps a `__x` field name as given (no class statement mangles it).",
     'Cfg = dataclasses.make_dataclass("Cfg", [("__axes", tuple, ("i",))])',
     'hasattr(Cfg(), "__axes")', imports=DC)
direct("make_dataclass_private_name_read", "getattr of a make_dataclass `__x` field.",
       'Cfg = dataclasses.make_dataclass("Cfg", [("__axes", tuple, ("i",))])',
       'getattr(Cfg(), "__axes")', '("__axes", tuple, ("i",))', '("__axes", tuple, ("i", "j"))', imports=DC)
pick("make_dataclass_private_field_names", "fields() of make_dataclass keep `__x` unmangled.",
     'Cfg = dataclasses.make_dataclass("Cfg", [("__axes", tuple, ("i",))])',
     '[f.name for f in dataclasses.fields(Cfg)] == ["__axes"]', imports=DC)
pick("make_dataclass_classvar_text_is_field", "A 'ClassVar[...]' text type is a field in make_dataclass (the class's module is `types`).",
     'Cfg = dataclasses.make_dataclass("Cfg", [("axes", "ClassVar[tuple]", ("i",))])',
     'len(dataclasses.fields(Cfg)) == 1', imports=DC + "from typing import ClassVar\n")
pick("make_dataclass_module_types", "A make_dataclass class's __module__ is 'types' on 3.11 (no module= keyword yet).",
     'Cfg = dataclasses.make_dataclass("Cfg", [("axes", tuple, ("i",))])',
     'Cfg.__module__ == "types"', imports=DC)
pick("enum_functional_module", "A functional Enum's __module__ is the caller's module.",
     'Axis = enum.Enum("Axis", "I J")', 'Axis.__module__ == "__main__"', imports=EN)
pick("enum_functional_keyword_names", "The functional API takes keyword-like names (no identifier check).",
     'Axis = enum.Enum("Axis", ["if", "else"])', 'Axis["if"].value == 1', imports=EN)
pick("enum_functional_spaced_name", "A functional Enum member name may hold a space.",
     'Axis = enum.Enum("Axis", [("row axis", "i")])', 'Axis["row axis"].value == "i"', imports=EN)
pick("enum_functional_private_name", "A `_name` (no trailing underscore) is a member in the functional API too.",
     'Axis = enum.Enum("Axis", [("_i", "i")])', 'Axis["_i"].value == "i"', imports=EN)

# ---- F: class annotations (own_annotations / type_hints) --------------------------------------------------------
TY = "import typing\n"
pick("hint_parenthesised_target_not_stored", "`(x): int = 1` in a class body is not simple: the name is not in __annotations__.",
     'class Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', '"width" not in Cfg.__annotations__')
pick("hint_parenthesised_target_type_hints", "get_type_hints leaves out a parenthesised target.",
     'class Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', '"width" not in typing.get_type_hints(Cfg)', imports=TY)
pick("hint_parenthesised_target_count", "__annotations__ of a class with one parenthesised target holds one name.",
     'class Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', 'len(Cfg.__annotations__) == 1')
pick("hint_parenthesised_target_dataclass", "A parenthesised annotated target is no dataclass field.",
     '@dataclasses.dataclass\nclass Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', 'len(dataclasses.fields(Cfg)) == 1', imports=DC)
pick("hint_parenthesised_target_meta_ns", "ns['__annotations__'] of a metaclass: a parenthesised target is not in it.",
     'class Meta(type):\n    def __new__(mcs, name, bases, ns):\n        cls = super().__new__(mcs, name, bases, ns)\n        cls.fields = list(ns.get("__annotations__", {}))\n        return cls\n\n\nclass Cfg(metaclass=Meta):\n    (width): int = 4\n    axes: tuple = ("i",)',
     'Cfg.fields == ["axes"]')
pick("hint_in_if_block_stored", "An annotation inside an `if` of the class body is in __annotations__.",
     'class Cfg:\n    if True:\n        width: int = 4', '"width" in Cfg.__annotations__')
pick("hint_in_if_block_type_hints", "get_type_hints reads a field annotated inside an `if` of the body.",
     'class Cfg:\n    if True:\n        width: int = 4', '"width" in typing.get_type_hints(Cfg)', imports=TY)
pick("hint_in_try_block_stored", "An annotation inside a `try` of the class body is in __annotations__.",
     'class Cfg:\n    try:\n        width: int = 4\n    except ValueError:\n        pass', '"width" in Cfg.__annotations__')
pick("hint_in_for_block_stored", "An annotation inside a `for` of the class body is in __annotations__.",
     'class Cfg:\n    for _k in range(1):\n        width: int = 4', '"width" in Cfg.__annotations__')
pick("hint_in_if_dataclass_field", "A dataclass field annotated inside an `if` of the body.",
     '@dataclasses.dataclass\nclass Cfg:\n    if True:\n        width: int = 4', 'len(dataclasses.fields(Cfg)) == 1', imports=DC)
pick("hint_annotations_added_later", "A name added to C.__annotations__ after the class statement is read by get_type_hints.",
     'class Cfg:\n    width: int = 4\n\n\nCfg.__annotations__["height"] = int', '"height" in typing.get_type_hints(Cfg)', imports=TY)
pick("hint_annotations_deleted_later", "A name deleted from C.__annotations__ is gone for get_type_hints.",
     'class Cfg:\n    width: int = 4\n    height: int = 2\n\n\ndel Cfg.__annotations__["height"]', '"height" not in typing.get_type_hints(Cfg)', imports=TY)
pick("hint_annotations_replaced_later", "C.__annotations__ replaced by another dict: get_type_hints reads the new one.",
     'class Cfg:\n    width: int = 4\n\n\nCfg.__annotations__ = {"height": int}', 'list(typing.get_type_hints(Cfg)) == ["height"]', imports=TY)
pick("hint_future_parenthesised_target", "Under future annotations a parenthesised target is still not stored.",
     'class Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', 'Cfg.__annotations__ == {"axes": "tuple"}', imports="")
P["hint_future_parenthesised_target"] = (P["hint_future_parenthesised_target"][0], "from __future__ import annotations\n" + P["hint_future_parenthesised_target"][1], *P["hint_future_parenthesised_target"][2:])

# ---- G: classmethod / staticmethod / property objects (method_descriptors) --------------------------------------
pick("property_subclass_isinstance", "An instance of a property subclass is a property.",
     'class tagged(property):\n    pass\n\n\ndef width(self):\n    return 4\n\n\nWIDTH = tagged(width)', "isinstance(WIDTH, property)")
pick("property_subclass_decorator_isinstance", "A property subclass used as a decorator: the class member is a property.",
     'class tagged(property):\n    pass\n\n\nclass Cfg:\n    @tagged\n    def width(self):\n        return 4', 'isinstance(vars(Cfg)["width"], property)')
pick("classmethod_subclass_isinstance", "A classmethod subclass's instance is a classmethod.",
     'class marked(classmethod):\n    pass\n\n\nclass Cfg:\n    @marked\n    def make(cls):\n        return cls', 'isinstance(vars(Cfg)["make"], classmethod)')
pick("cached_property_not_property", "functools.cached_property is no property.",
     'class Cfg:\n    @functools.cached_property\n    def width(self):\n        return 4', 'not isinstance(vars(Cfg)["width"], property)', imports="import functools\n")
pick("classmethod_wrapper_doc_copied", "classmethod copies __doc__ from the function (3.10+).",
     'class Cfg:\n    @classmethod\n    def make(cls):\n        """Make one."""\n        return cls', 'vars(Cfg)["make"].__doc__ == "Make one."')
pick("classmethod_wrapper_isabstract", "A classmethod over an abstract function answers __isabstractmethod__ True.",
     'class Cfg(abc.ABC):\n    @classmethod\n    @abc.abstractmethod\n    def make(cls):\n        return cls', 'vars(Cfg)["make"].__isabstractmethod__', imports="import abc\n")
pick("staticmethod_callable_wrapped", "A staticmethod object's __wrapped__ is the function.",
     'def width():\n    return 4\n\n\nWRAPPED = staticmethod(width)', "WRAPPED.__wrapped__ is width and WRAPPED() == 4")

# ---- H: issubclass of module classes (library_subclasses) -------------------------------------------------------
pick("issubclass_mapping_subclass_not_dict", "A collections.abc.Mapping subclass is no dict subclass.",
     FROZEN, "not issubclass(Frozen, dict)", imports=ABC_I)
pick("issubclass_enum_meta_functional", "A functional Enum is an Enum subclass.",
     'Axis = enum.Enum("Axis", "I J")', "issubclass(Axis, enum.Enum)", imports=EN)
pick("issubclass_dataclass_not_tuple", "A make_dataclass class is no tuple subclass.",
     'Cfg = dataclasses.make_dataclass("Cfg", [("axes", tuple, ("i",))])', "not issubclass(Cfg, tuple)", imports=DC)
pick("issubclass_exception_class_exception", "A module exception class with its own __init__ is an Exception subclass.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        super().__init__(axis)', "issubclass(AxisError, Exception)")
pick("issubclass_enum_flag", "A Flag subclass is an Enum subclass.",
     'class Bits(enum.Flag):\n    A = 1\n    B = 2', "issubclass(Bits, enum.Enum)", imports=EN)

# ---- batch 2: variants around the causes found, and further probes -------------------------------------------
for _n, _cls, _base, _pre, _meth in (("mapping", "Frozen", "Mapping", FROZEN, "get"), ("mutable", "Registry", "MutableMapping", REG, "update"),
                                     ("sequence", "Rows", "Sequence", ROWS, "index")):
    pick(f"abc2_{_n}_method_module", f"{_base}.{_meth} read off a subclass is defined in collections.abc.",
         _pre, f'{_cls}.{_meth}.__module__ == "collections.abc"', imports=ABC_I)
    pick(f"abc2_{_n}_abc_impl_in_dir", f"dir() of a collections.abc.{_base} subclass lists _abc_impl.",
         _pre, f'"_abc_impl" in dir({_cls})', imports=ABC_I)
    pick(f"abc2_{_n}_no_ABC_name_in_mro", f"No class named ABC in a collections.abc.{_base} subclass's __mro__.",
         _pre, f'"ABC" not in [c.__name__ for c in {_cls}.__mro__]', imports=ABC_I)
    pick(f"abc2_{_n}_mro_length", f"The __mro__ of a collections.abc.{_base} subclass: its ABC chain down to Container and object.",
         _pre, f"len({_cls}.__mro__) == {dict(mapping=7, mutable=8, sequence=8)[_n]}", imports=ABC_I)
    pick(f"abc2_{_n}_getattr_class_getitem", f"getattr({_cls}, '__class_getitem__', None) finds Iterable's.",
         _pre, f'getattr({_cls}, "__class_getitem__", None) is not None', imports=ABC_I)
    pick(f"abc2_{_n}_instance_abc_impl", f"An instance of a collections.abc.{_base} subclass reads _abc_impl off its class.",
         _pre, f'hasattr({_cls}.__new__({_cls}), "_abc_impl")', imports=ABC_I)
    pick(f"abc2_{_n}_getmembers_abc_impl", f"inspect.getmembers of a collections.abc.{_base} subclass lists _abc_impl.",
         _pre, f'"_abc_impl" in dict(inspect.getmembers({_cls}))', imports=ABC_I + "import inspect\n")
    pick(f"abc2_{_n}_last_mro_name", f"The class before object in the __mro__ of a collections.abc.{_base} subclass is Container.",
         _pre, f'{_cls}.__mro__[-2].__name__ == "Container"', imports=ABC_I)
    works(f"abc2_{_n}_subscript_generic", f"A collections.abc.{_base} subclass is generic: C[int] works (Iterable's __class_getitem__).",
          _pre, f"{_cls}[int]", "TypeError", imports=ABC_I)
    pick(f"abc2_{_n}_method_qualname_module", f"The mixin's defining module by qualname and module together.",
         _pre, f'{_cls}.__contains__.__module__ + "." + {_cls}.__contains__.__qualname__ == "collections.abc.{"Sequence" if _n == "sequence" else "Mapping"}.__contains__"', imports=ABC_I)
pick("abc2_mapping_items_view_module", "ItemsView is defined in collections.abc.", FROZEN,
     'type(Frozen({"i": 1}).items()).__module__ == "collections.abc"', imports=ABC_I)
pick("abc2_mapping_values_view_module", "ValuesView is defined in collections.abc.", FROZEN,
     'type(Frozen({"i": 1}).values()).__module__ == "collections.abc"', imports=ABC_I)
pick("abc2_mapping_eq_module", "Mapping.__eq__ is defined in collections.abc.", FROZEN,
     'Frozen.__eq__.__module__ == "collections.abc"', imports=ABC_I)
pick("abc2_sequence_reversed_module", "Sequence.__reversed__ is defined in collections.abc.", ROWS,
     'Rows.__reversed__.__module__ == "collections.abc"', imports=ABC_I)
pick("abc2_mutable_pop_module", "MutableMapping.pop is defined in collections.abc.", REG,
     'Registry.pop.__module__ == "collections.abc"', imports=ABC_I)
pick("abc2_typing_mapping_base_module", "typing.Mapping as a base: the mixin is collections.abc's.",
     FROZEN.replace("collections.abc.Mapping", "typing.Mapping"), 'Frozen.get.__module__ == "collections.abc"', imports=ABC_I + "import typing\n")

# B variants: abstract methods filled in before ABCMeta counts
_HOOKED = '''class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        raise NotImplementedError

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        HOOK


class Square(Shape):
    pass'''
for _n, _hook in (("setattr", 'setattr(cls, "area", lambda self: 1)'), ("def", "cls.area = Shape.size"),
                  ("property", "cls.area = property(lambda self: 1)"), ("staticmethod", "cls.area = staticmethod(len)")):
    works(f"abc3_init_subclass_{_n}_fills", f"__init_subclass__ filling the abstract method ({_n}) before ABCMeta counts.",
          _HOOKED.replace("HOOK", _hook).replace("    def __init_subclass__", "    def size(self):\n        return 1\n\n    def __init_subclass__"),
          "Square()", "TypeError", imports="import abc\n")
pick("abc3_init_subclass_abstracts_empty", "__abstractmethods__ of a class whose __init_subclass__ filled the method is empty.",
     _HOOKED.replace("HOOK", "cls.area = lambda self: 1"), "Square.__abstractmethods__ == frozenset()", imports="import abc\n")
pick("abc3_init_subclass_isabstract", "inspect.isabstract of such a class is False.",
     _HOOKED.replace("HOOK", "cls.area = lambda self: 1"), "not inspect.isabstract(Square)", imports="import abc\nimport inspect\n")
works("abc3_init_subclass_keyword_fills", "A class keyword tells __init_subclass__ which method to fill.",
      _HOOKED.replace("**kw):\n        super().__init_subclass__(**kw)\n        HOOK", "fill=None, **kw):\n        super().__init_subclass__(**kw)\n        if fill:\n            cls.area = lambda self: fill").replace("class Square(Shape):", "class Square(Shape, fill=1):"),
      "Square()", "TypeError", imports="import abc\n")
works("abc3_set_name_plain_abc", "abc.ABC base: a __set_name__ hook sets the abstract method before ABCMeta counts.",
      '''class Filler:
    def __set_name__(self, owner, name):
        owner.area = lambda self: 1


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        raise NotImplementedError


class Square(Shape):
    fill = Filler()''', "Square()", "TypeError", imports="import abc\n")
works("abc3_meta_init_subclass_two_levels", "The hook runs for a grandchild too: each class is filled before it is counted.",
      _HOOKED.replace("HOOK", "cls.area = lambda self: 1") + "\n\n\nclass Tile(Square):\n    pass", "Tile()", "TypeError", imports="import abc\n")

# C variants: Enum's ValueError text names the class's __qualname__
for _n, _expr in (("args", 'err.args[0] == "5 is not a valid Outer.Mode"'), ("repr", '"Outer.Mode" in repr(err)'),
                  ("split", 'str(err).split()[-1] == "Outer.Mode"'), ("text_in", '"Outer.Mode" in str(err)')):
    pick(f"enum2_missing_{_n}_qualname", "Enum's ValueError for an unknown value names Outer.Mode (its __qualname__).",
         'class Outer:\n    class Mode(enum.Enum):\n        A = 1\n\n\ndef probe():\n    try:\n        Outer.Mode(5)\n    except ValueError as err:\n        return ' + _expr + '\n    return False',
         "probe()", imports=EN)
pick("enum2_missing_str_value_qualname", "An unknown str value: \"'x' is not a valid Outer.Mode\".",
     'class Outer:\n    class Mode(enum.Enum):\n        A = "a"\n\n\ndef message():\n    try:\n        Outer.Mode("x")\n    except ValueError as err:\n        return str(err)\n    return ""',
     "message() == \"'x' is not a valid Outer.Mode\"", imports=EN)
pick("enum2_missing_local_class_name_prefix", "A class made in a function: the message starts the qualname with the function's name.",
     'def message():\n    class Mode(enum.Enum):\n        A = 1\n\n    try:\n        Mode(5)\n    except ValueError as err:\n        return str(err)\n    return ""',
     'message() == "5 is not a valid message.<locals>.Mode"', imports=EN)
pick("enum2_missing_nested_strenum", "A nested StrEnum: its ValueError names the qualname.",
     'class Outer:\n    class Mode(enum.StrEnum):\n        A = "a"\n\n\ndef message():\n    try:\n        Outer.Mode("x")\n    except ValueError as err:\n        return str(err)\n    return ""',
     'message().endswith("Outer.Mode")', imports=EN)

# D variants: `_name` members
pick("enum2_private_plain_member_count", "A `_hidden = 1` (no trailing underscore) is a member: two members.",
     'class Axis(enum.Enum):\n    _hidden = 1\n    I = 2', "len(Axis) == 2", imports=EN)
pick("enum2_private_plain_lookup", "Axis(1) finds the `_hidden` member.",
     'class Axis(enum.Enum):\n    _hidden = 1\n    I = 2', 'Axis(1).name == "_hidden"', imports=EN)
pick("enum2_private_plain_isinstance", "A `_hidden` member is an instance of its Enum.",
     'class Axis(enum.Enum):\n    _hidden = 1\n    I = 2', "isinstance(Axis._hidden, Axis)", imports=EN)
pick("enum2_private_auto_default", "auto() after a `_hidden = auto()` member: Enum's rule gives 2.",
     'class Axis(enum.Enum):\n    _hidden = enum.auto()\n    I = enum.auto()', "Axis.I.value == 2", imports=EN)
pick("enum2_private_members_keys", "__members__ lists `_hidden`.",
     'class Axis(enum.Enum):\n    _hidden = 1\n    I = 2', '"_hidden" in Axis.__members__', imports=EN)
pick("enum2_private_strenum_auto", "A StrEnum `_hidden = auto()` is a member valued '_hidden'.",
     'class Axis(enum.StrEnum):\n    _hidden = enum.auto()\n    I = enum.auto()', 'Axis("_hidden") is Axis._hidden', imports=EN)
pick("enum2_private_next_value_names", "_generate_next_value_ sees `_hidden` among last_values' owners: the count is 1.",
     'class Axis(str, enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n        return "i" if count == 1 else "j"\n\n    _hidden = enum.auto()\n    I = enum.auto()',
     'Axis.I.value == "i"', imports=EN)
pick("enum2_alias_by_new_value", "Two members whose __new__ gives one _value_: the second is an alias.",
     'class Axis(enum.Enum):\n    def __new__(cls, label, size):\n        obj = object.__new__(cls)\n        obj._value_ = label\n        return obj\n\n    I = ("i", 2)\n    ROW = ("i", 4)',
     "len(list(Axis)) == 1", imports=EN)

# E variants: AttributeError's name= / obj=
direct("exc2_attributeerror_name_direct", "e.name of an AttributeError subclass given name= in super().__init__.",
       EXC_ATTR, '(MissingAxis("i").name,)', '(MissingAxis("i").name,)', '(MissingAxis("i").name, "j")')
pick("exc2_attributeerror_obj_read", "e.obj of an AttributeError subclass given obj= in super().__init__.",
     'class MissingAxis(AttributeError):\n    def __init__(self, axis, owner):\n        super().__init__(axis, obj=owner)', 'MissingAxis("i", 3).obj == 3')
pick("exc2_attributeerror_args_with_name", "args of such an error hold the positional text only.",
     EXC_ATTR, 'MissingAxis("i").args == ("no axis i",)')
pick("exc2_attributeerror_caught_by_hasattr", "hasattr catches an AttributeError subclass raised with name= from __getattr__.",
     EXC_ATTR + '\n\n\nclass Cfg:\n    def __getattr__(self, name):\n        raise MissingAxis(name)', 'not hasattr(Cfg(), "axes")')
axes_prog("exc2_attributeerror_raise_and_catch", "raise of such an error caught by its base AttributeError (not a TypeError).",
          EXC_ATTR, ['try:', '    raise MissingAxis("i")', 'except AttributeError:', '    axes = ("i",)', 'except TypeError:', '    axes = ("i", "j")'],
          '    axes = ("i",)\n', '    axes = ("i", "j")\n')

# F variants: C.__annotations__ changed after the class statement
_ANN = 'class Cfg:\n    width: int = 4\n    height: int = 2\n\n\n'
for _n, _stmt, _test in (
        ("update", 'Cfg.__annotations__.update(depth=int)', '"depth" in typing.get_type_hints(Cfg)'),
        ("pop", 'Cfg.__annotations__.pop("height")', 'list(typing.get_type_hints(Cfg)) == ["width"]'),
        ("clear", 'Cfg.__annotations__.clear()', 'typing.get_type_hints(Cfg) == {}'),
        ("setattr", 'setattr(Cfg, "__annotations__", {"depth": int})', 'list(typing.get_type_hints(Cfg)) == ["depth"]'),
        ("vars_item", 'vars(Cfg)["__annotations__"]["depth"] = str', 'typing.get_type_hints(Cfg)["depth"] is str'),
        ("retyped", 'Cfg.__annotations__["width"] = str', 'typing.get_type_hints(Cfg)["width"] is str'),
        ("len", 'Cfg.__annotations__["depth"] = int', 'len(typing.get_type_hints(Cfg)) == 3'),
        ("dataclass_after", 'Cfg.__annotations__["depth"] = int\nCfg.depth = 1\nCfg = dataclasses.dataclass(Cfg)', 'len(dataclasses.fields(Cfg)) == 3'),
        ("dataclass_deleted", 'del Cfg.__annotations__["height"]\nCfg = dataclasses.dataclass(Cfg)', 'len(dataclasses.fields(Cfg)) == 1'),
        ("subclass_hints", 'Cfg.__annotations__["depth"] = int\n\n\nclass Sub(Cfg):\n    pass', '"depth" in typing.get_type_hints(Sub)')):
    pick(f"hint2_changed_{_n}", "get_type_hints / dataclass read C.__annotations__ as it is when called, not the class body's statements.",
         _ANN + _stmt, _test, imports=TY + DC)
pick("hint2_body_writes_annotations", "The class body writes its own __annotations__ dict: the name is a hint.",
     'class Cfg:\n    width: int = 4\n    __annotations__["depth"] = int', '"depth" in typing.get_type_hints(Cfg)', imports=TY)
pick("hint2_body_writes_annotations_own", "The class body's write lands in C.__annotations__.",
     'class Cfg:\n    width: int = 4\n    __annotations__["depth"] = int', 'len(Cfg.__annotations__) == 2')
pick("hint2_meta_ns_changed", "A metaclass __new__ that adds a hint to ns['__annotations__'] before type.__new__: get_type_hints reads it.",
     'class Meta(type):\n    def __new__(mcs, name, bases, ns):\n        ns["__annotations__"]["depth"] = int\n        return super().__new__(mcs, name, bases, ns)\n\n\nclass Cfg(metaclass=Meta):\n    width: int = 4',
     '"depth" in typing.get_type_hints(Cfg)', imports=TY)
pick("hint2_init_subclass_adds", "__init_subclass__ adding to cls.__annotations__: get_type_hints reads it.",
     'class Base:\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        cls.__annotations__["depth"] = int\n\n\nclass Cfg(Base):\n    width: int = 4',
     '"depth" in typing.get_type_hints(Cfg)', imports=TY)

# G variants: a parenthesised annotated target is not simple: no hint stored
for _n, _pre, _test, _imp in (
        ("no_value", 'class Cfg:\n    (width): int\n    axes: tuple = ("i",)', '"width" not in Cfg.__annotations__', ""),
        ("dataclass_init", '@dataclasses.dataclass\nclass Cfg:\n    (width): int\n    axes: tuple = ("i",)', 'Cfg().axes == ("i",)', DC),
        ("dataclass_repr", '@dataclasses.dataclass\nclass Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', "repr(Cfg()) == \"Cfg(axes=('i',))\"", DC),
        ("get_annotations", 'class Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', 'list(inspect.get_annotations(Cfg)) == ["axes"]', "import inspect\n"),
        ("subclass_hints", 'class Base:\n    (width): int = 4\n\n\nclass Cfg(Base):\n    axes: tuple = ("i",)', 'list(typing.get_type_hints(Cfg)) == ["axes"]', TY),
        ("namedtuple", 'class Point(typing.NamedTuple):\n    (x): int = 0\n    y: int = 0', 'Point._fields == ("y",)', TY),
        ("only_one", 'class Cfg:\n    (width): int = 4', 'Cfg.__annotations__ == {}', ""),
        ("attribute_value_kept", 'class Cfg:\n    (width): int = 4', 'Cfg.width == 4 and not Cfg.__annotations__', ""),
        ("vars_annotations", 'class Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', 'list(vars(Cfg)["__annotations__"]) == ["axes"]', ""),
        ("dataclass_fields_names", '@dataclasses.dataclass\nclass Cfg:\n    (width): int = 4\n    axes: tuple = ("i",)', '[f.name for f in dataclasses.fields(Cfg)] == ["axes"]', DC)):
    pick(f"hint3_paren_{_n}", "`(name): hint` in a class body is not simple: it is evaluated but not stored in __annotations__.",
         _pre, _test, imports=_imp)

# H variants: make_dataclass's class lives in module `types` on 3.11
for _n, _test in (("repr_class", 'repr(Cfg) == "<class \'types.Cfg\'>"'), ("not_main", 'Cfg.__module__ != "__main__"'),
                  ("module_startswith", 'Cfg.__module__.startswith("typ")'), ("instance_module", 'type(Cfg()).__module__ == "types"')):
    pick(f"make_dc2_{_n}", "make_dataclass on 3.11 takes no module=: the class's __module__ is types.new_class's caller's module, `types`.",
         'Cfg = dataclasses.make_dataclass("Cfg", [("axes", tuple, ("i",))])', _test, imports=DC)

# I: classes made by type(...) / types.new_class over builtins (library_subclasses)
pick("type3_int_base_issubclass", "type(name, (int,), {}) derives from int.", 'Count = type("Count", (int,), {})', "issubclass(Count, int)")
pick("type3_str_base_issubclass", "type(name, (str,), {}) derives from str.", 'Name = type("Name", (str,), {})', "issubclass(Name, str)")
pick("type3_new_class_int", "types.new_class(name, (int,)) derives from int.", 'Count = types.new_class("Count", (int,))', "issubclass(Count, int)", imports="import types\n")
pick("type3_mro_entries_int", "A base object's __mro_entries__ gives int: the class derives from int.",
     'class IntBase:\n    def __mro_entries__(self, bases):\n        return (int,)\n\n\nclass Count(IntBase()):\n    pass', "issubclass(Count, int)")
pick("type3_starred_bases", "class C(*bases) with bases (int,): C derives from int.", 'BASES = (int,)\n\n\nclass Count(*BASES):\n    pass', "issubclass(Count, int)")
pick("type3_exception_base_var", "A base bound to ValueError through a name: the class derives from BaseException.",
     'Base = ValueError\n\n\nclass AxisError(Base):\n    pass', "issubclass(AxisError, BaseException)")
pick("type3_enum_from_type_call", "type(name, (enum.Enum,), ...) cannot be made plainly; an Enum made by the functional API derives from Enum.",
     'Axis = enum.Enum("Axis", "I")', "not issubclass(Axis, int)", imports=EN)

# J: controls and small probes of python_versions / method_descriptors / class_members
pick("ver_ge_311_control", "sys.version_info >= (3, 11) holds on every Python jax 0.10.2 installs on.", "", "sys.version_info >= (3, 11)", imports="import sys\n")
pick("ver_major_index", "sys.version_info[0] == 3.", "", "sys.version_info[0] == 3", imports="import sys\n")
pick("ver_slice_ge", "sys.version_info[:2] >= (3, 11).", "", "sys.version_info[:2] >= (3, 11)", imports="import sys\n")
pick("ver_named_ge", "sys.version_info.minor >= 11.", "", "sys.version_info.minor >= 11", imports="import sys\n")
pick("ver_chained_range", "(3, 11) <= sys.version_info < (4,).", "", "(3, 11) <= sys.version_info < (4,)", imports="import sys\n")
pick("ver_hexversion", "sys.hexversion >= 0x030B0000.", "", "sys.hexversion >= 0x030B0000", imports="import sys\n")
pick("getmembers_meta_property", "inspect.getmembers reads a metaclass property over the class's own value.",
     'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i",)\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i", "j")',
     'dict(inspect.getmembers(Cfg))["axes"] == ("i",)', imports="import inspect\n")
pick("getmembers_descriptor_attributeerror", "inspect.getmembers falls back to the raw descriptor when its __get__ raises AttributeError.",
     'class Lazy:\n    def __get__(self, obj, owner):\n        raise AttributeError("unset")\n\n\nclass Cfg:\n    axes = Lazy()',
     'type(dict(inspect.getmembers(Cfg))["axes"]) is Lazy', imports="import inspect\n")
pick("getmembers_sorted_names", "inspect.getmembers sorts by name: `Z` before `a`.",
     'class Cfg:\n    a = 1\n    Z = 2', '[n for n, _ in inspect.getmembers(Cfg) if not n.startswith("_")] == ["Z", "a"]', imports="import inspect\n")
pick("classmethod_marks_not_copied", "A mark set on the function is not copied to the classmethod made from it.",
     'def make(cls):\n    return cls\n\n\nmake.marked = True\nWRAPPED = classmethod(make)', 'not hasattr(WRAPPED, "marked")')
pick("classmethod_marks_set_after", "A mark set on the classmethod object is its own.",
     'def make(cls):\n    return cls\n\n\nWRAPPED = classmethod(make)\nWRAPPED.marked = True', 'WRAPPED.marked and not hasattr(make, "marked")')

# ---- batch 3: further probes ---------------------------------------------------------------------------------------
pick("abc4_dict_eq_reflected", "dict == Mapping subclass: dict's __eq__ gives NotImplemented, the reflected Mapping.__eq__ answers True.",
     FROZEN, '{"i": 1} == Frozen({"i": 1})', imports=ABC_I)
pick("abc4_mapping_ne_dict", "Mapping subclass != equal dict is False (object.__ne__ inverts Mapping.__eq__).",
     FROZEN, 'not (Frozen({"i": 1}) != {"i": 1})', imports=ABC_I)
pick("abc4_dict_ne_reflected", "dict != Mapping subclass: reflected __ne__ answers False.",
     FROZEN, 'not ({"i": 1} != Frozen({"i": 1}))', imports=ABC_I)
pick("abc4_mapping_eq_mapping", "Two Mapping subclass instances with equal items are equal.",
     FROZEN, 'Frozen({"i": 1}) == Frozen({"i": 1})', imports=ABC_I)
pick("abc4_sequence_not_eq_list", "Sequence has no __eq__: a Sequence subclass is unequal to an equal list.",
     ROWS, 'Rows(["i"]) != ["i"]', imports=ABC_I)
pick("abc4_mapping_in_list", "`in` a list compares by ==: a Mapping subclass equal to a dict is found.",
     FROZEN, 'Frozen({"i": 1}) in [{"i": 1}]', imports=ABC_I)
pick("abc4_dict_in_list_of_mappings", "`in` a list: a dict equal to a Mapping subclass instance is found (reflected).",
     FROZEN, '{"i": 1} in [Frozen({"i": 1})]', imports=ABC_I)
pick("abc4_mapping_dict_call", "dict(Mapping subclass) reads keys() and __getitem__.", FROZEN, 'dict(Frozen({"i": 1})) == {"i": 1}', imports=ABC_I)
pick("abc4_mapping_unpack", "{**m} of a Mapping subclass.", FROZEN, '{**Frozen({"i": 1})} == {"i": 1}', imports=ABC_I)
pick("abc4_mutable_update_other_keyword", "MutableMapping.update(other=1): `other` is positional-only, so the keyword is a key.",
     REG + '\n\n\ndef filled():\n    reg = Registry()\n    reg.update(other=1)\n    return reg', 'dict(filled()) == {"other": 1}', imports=ABC_I)
pick("abc4_mutable_popitem_order", "MutableMapping.popitem takes the first key of iteration.",
     REG + '\n\n\ndef first():\n    reg = Registry()\n    reg["i"] = 1\n    reg["j"] = 2\n    return reg.popitem()', 'first() == ("i", 1)', imports=ABC_I)
pick("abc4_sequence_index_negative_start", "Sequence.index with a negative start.", ROWS, 'Rows(["i", "j", "i"]).index("i", -1) == 2', imports=ABC_I)
pick("abc4_sequence_count", "Sequence.count.", ROWS, 'Rows(["i", "j", "i"]).count("i") == 2', imports=ABC_I)
pick("abc4_values_contains", "ValuesView `in`.", FROZEN, '1 in Frozen({"i": 1}).values()', imports=ABC_I)
pick("abc4_items_contains", "ItemsView `in`.", FROZEN, '("i", 1) in Frozen({"i": 1}).items()', imports=ABC_I)

def raises(name, doc, pre, stmt, kind, imports=""):
    """axes = ("i",) when `stmt` raises `kind`, ("i", "j") when it runs. Twin: the except branch gives ("i", "j")."""
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              f'except {kind}:\n        axes = ("i",)', f'except {kind}:\n        axes = ("i", "j")', imports=imports)


raises("enum4_functional_mro_name_invalid", "Enum('Axis', 'mro I') raises ValueError: `mro` is an invalid member name.",
       "", 'enum.Enum("Axis", "mro I")', "ValueError", imports=EN)
raises("enum4_functional_empty_name_invalid", "Enum('Axis', ['', 'I']) raises ValueError: '' is an invalid member name.",
       "", 'enum.Enum("Axis", ["", "I"])', "ValueError", imports=EN)
raises("enum4_functional_pairs_mro_invalid", "Enum('Axis', [('mro', 1)]) raises ValueError.",
       "", 'enum.Enum("Axis", [("mro", 1), ("I", 2)])', "ValueError", imports=EN)
raises("enum4_functional_dict_empty_name", "Enum('Axis', {'': 1}) raises ValueError.",
       "", 'enum.Enum("Axis", {"": 1, "I": 2})', "ValueError", imports=EN)
raises("enum4_class_mro_member_invalid", "class Axis(Enum): mro = 1 raises ValueError when the class is made.",
       'def make():\n    class Axis(enum.Enum):\n        mro = 1\n        I = 2\n\n    return Axis', "make()", "ValueError", imports=EN)
pick("enum4_functional_mro_message", "The ValueError for `mro` names it.",
     'def message():\n    try:\n        enum.Enum("Axis", "mro I")\n    except ValueError as err:\n        return str(err)\n    return ""',
     '"mro" in message()', imports=EN)
pick("exc4_str_super", "super().__str__() in an exception's own __str__ is BaseException's.",
     'class AxisError(ValueError):\n    def __str__(self):\n        return "axis " + super().__str__()', 'str(AxisError("i")) == "axis i"')
pick("exc4_init_explicit_base_call", "Exception.__init__(self, msg) called by name sets args.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        ValueError.__init__(self, f"bad {axis}")\n        self.axis = axis',
     'AxisError("i").args == ("bad i",)')
pick("exc4_init_two_arg_super", "super(C, self).__init__(msg) sets args.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        super(AxisError, self).__init__(f"bad {axis}")\n        self.axis = axis',
     'str(AxisError("i")) == "bad i"')
pick("exc4_raise_class_default", "raise C (the class) calls C(): its __init__ default fills the field.",
     'class AxisError(ValueError):\n    def __init__(self, axis="i"):\n        super().__init__(axis)\n        self.axis = axis\n\n\ndef caught():\n    try:\n        raise AxisError\n    except AxisError as err:\n        return err.axis\n    return ""',
     'caught() == "i"')
pick("exc4_repr_with_init", "repr of an exception with its own __init__: its class name and args.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        super().__init__(f"bad {axis}")', "repr(AxisError(\"i\")) == \"AxisError('bad i')\"")
pick("exc4_args_set_in_init", "self.args = (...) in __init__ replaces args; str() reads them.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        super().__init__("x")\n        self.args = (axis,)', 'str(AxisError("i")) == "i"')
pick("exc4_multiple_args_str", "str() of an exception with two args is the tuple's str.",
     'class AxisError(ValueError):\n    def __init__(self, axis, size):\n        super().__init__(axis, size)', "str(AxisError(\"i\", 2)) == \"('i', 2)\"")
pick("exc4_no_args_str_empty", "super().__init__() with no args: str() is ''.",
     'class AxisError(ValueError):\n    def __init__(self, axis):\n        super().__init__()\n        self.axis = axis', 'str(AxisError("i")) == ""')
pick("exc4_indexerror_base_name_kw_refused", "IndexError.__init__ refuses keywords (TypeError), unlike AttributeError's.",
     'class AxisIndex(IndexError):\n    def __init__(self, axis):\n        super().__init__(axis, name=axis)\n\n\ndef made():\n    try:\n        AxisIndex("i")\n    except TypeError:\n        return True\n    return False', "made()")

# ---- batch 4 ------------------------------------------------------------------------------------------------------
META_PROP = 'class Meta(type):\n    @property\n    def axes(cls):\n        return ("i", "j")\n\n\nclass Cfg(metaclass=Meta):\n    axes = ("i",)'
for _n, _expr, _extra in (("instance", "Cfg().axes", ""), ("getattr_instance", 'getattr(Cfg(), "axes")', ""),
                          ("vars", 'vars(Cfg)["axes"]', ""), ("dict", 'Cfg.__dict__["axes"]', ""),
                          ("getattr_static", 'inspect.getattr_static(Cfg, "axes")', "import inspect\n"),
                          ("method_self", "Cfg().own()", ""), ("subclass_instance", "Sub().axes", "")):
    _pre = META_PROP + ('\n\n    def own(self):\n        return self.axes' if _n == "method_self" else "") + \
        ('\n\n\nclass Sub(Cfg):\n    pass' if _n == "subclass_instance" else "")
    direct(f"meta5_property_{_n}", "A metaclass property is seen on the class only: instances, vars() and getattr_static read the class's own value.",
           _pre, _expr, f"axes = {_expr}", f'axes = ("i", "j") if {_expr} else ()', imports=_extra)
META_DESC = '''class Fixed:
    def __get__(self, obj, owner=None):
        return ("i", "j")

    def __set__(self, obj, value):
        raise AttributeError("read-only")


class Meta(type):
    axes = Fixed()


class Cfg(metaclass=Meta):
    axes = ("i",)'''
direct("meta5_data_descriptor_instance", "A metaclass data descriptor is not seen from an instance: the class's own value.",
       META_DESC, "Cfg().axes", "axes = Cfg().axes", 'axes = Cfg.axes')

for _n, _body in (("member_twice", "I = 1\n        I = 2"), ("method_then_member", "def I(self):\n            return 1\n\n        I = 2"),
                  ("member_then_method", "I = 1\n\n        def I(self):\n            return 1")):
    raises(f"enum5_{_n}_typeerror", "An Enum body binding a member name twice raises TypeError ('already defined').",
           f"def make():\n    class Axis(enum.Enum):\n        {_body}\n\n    return Axis", "make()", "TypeError", imports=EN)
raises("enum5_order_mismatch", "_order_ naming the members in another order raises TypeError.",
       'def make():\n    class Axis(enum.Enum):\n        _order_ = "J I"\n        I = 1\n        J = 2\n\n    return Axis', "make()", "TypeError", imports=EN)
pick("enum5_ignore_names", "_ignore_ keeps a name out of the members.",
     'class Axis(enum.Enum):\n    _ignore_ = ["tmp"]\n    tmp = 5\n    I = 1', "len(Axis) == 1", imports=EN)
pick("enum5_nonmember", "enum.nonmember keeps a value out of the members.",
     'class Axis(enum.Enum):\n    size = enum.nonmember(2)\n    I = 1', "len(Axis) == 1 and Axis.size == 2", imports=EN)
pick("enum5_member_function", "enum.member makes a function a member.",
     'def pick_i():\n    return "i"\n\n\nclass Axis(enum.Enum):\n    PICK = enum.member(pick_i)\n    J = 1', "len(Axis) == 2", imports=EN)

for _n, _pre, _test in (
        ("alias_rebound", 'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\nWidth = str', 'typing.get_type_hints(Cfg)["w"] is int'),
        ("alias_rebound_annotations", 'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\nWidth = str', 'Cfg.__annotations__["w"] is int'),
        ("alias_rebound_dataclass", 'Width = int\n\n\n@dataclasses.dataclass\nclass Cfg:\n    w: Width = 4\n\n\nWidth = str', 'dataclasses.fields(Cfg)[0].type is int'),
        ("alias_rebound_in_function", 'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\ndef retype():\n    global Width\n    Width = str\n\n\nretype()', 'typing.get_type_hints(Cfg)["w"] is int'),
        ("alias_rebound_later_hints", 'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\nFIRST = typing.get_type_hints(Cfg)["w"]\nWidth = str', 'typing.get_type_hints(Cfg)["w"] is FIRST'),
        ("string_alias_rebound", 'Width = int\n\n\nclass Cfg:\n    w: "Width" = 4\n\n\nWidth = str', 'typing.get_type_hints(Cfg)["w"] is str'),
        ("alias_rebound_optional", 'Width = int\n\n\nclass Cfg:\n    w: typing.Optional[Width] = None\n\n\nWidth = str', 'typing.get_type_hints(Cfg)["w"] == typing.Optional[int]'),
        ("alias_rebound_tuple", 'Width = int\n\n\nclass Cfg:\n    w: tuple[Width, ...] = ()\n\n\nWidth = str', 'typing.get_args(typing.get_type_hints(Cfg)["w"])[0] is int'),
        ("alias_rebound_meta_ns", 'Width = int\n\n\nclass Meta(type):\n    def __new__(mcs, name, bases, ns):\n        cls = super().__new__(mcs, name, bases, ns)\n        cls.hints = dict(ns.get("__annotations__", {}))\n        return cls\n\n\nclass Cfg(metaclass=Meta):\n    w: Width = 4\n\n\nWidth = str', 'Cfg.hints["w"] is int'),
        ("alias_rebound_subclass", 'Width = int\n\n\nclass Base:\n    w: Width = 4\n\n\nWidth = str\n\n\nclass Cfg(Base):\n    h: Width = "x"', 'typing.get_type_hints(Cfg) == {"w": int, "h": str}')):
    pick(f"hint5_{_n}", "A class's hints are evaluated when the body runs (no future import): a later rebinding of the alias does not change them.",
         _pre, _test, imports=TY + DC)
raises("abc5_mapping_reversed_none", "Mapping sets __reversed__ = None: reversed(m) raises TypeError.", FROZEN, 'reversed(Frozen({"i": 1}))', "TypeError", imports=ABC_I)
pick("abc5_mapping_hash_none", "Mapping defines __eq__: its __hash__ is None.", FROZEN, "Frozen.__hash__ is None", imports=ABC_I)
pick("abc5_sequence_hashable", "Sequence defines no __eq__: instances hash by identity.", ROWS, 'hash(Rows([])) is not None', imports=ABC_I)

# ---- batch 5 ------------------------------------------------------------------------------------------------------
raises("enum6_unknown_sunder", "An unknown _sunder_ name in an Enum body raises ValueError (reserved).",
       'def make():\n    class Axis(enum.Enum):\n        _size_ = 2\n        I = 1\n\n    return Axis', "make()", "ValueError", imports=EN)
raises("enum6_extend_with_members", "Subclassing an Enum that has members raises TypeError.",
       'class Axis(enum.Enum):\n    I = 1\n\n\ndef make():\n    class More(Axis):\n        J = 2\n\n    return More', "make()", "TypeError", imports=EN)
pick("enum6_private_mangled_not_member", "A `__x` name in an Enum body is private (mangled): no member.",
     'class Axis(enum.Enum):\n    __size = 2\n    I = 1', "len(Axis) == 1", imports=EN)
pick("enum6_ignore_two_names", "_ignore_ as a str of names keeps both out of the members.",
     'class Axis(enum.Enum):\n    _ignore_ = "tmp k"\n    tmp = 5\n    k = 6\n    I = 1', "len(Axis) == 1", imports=EN)
pick("enum6_ignore_loop_var", "_ignore_ used for a loop variable in the body (the documented use).",
     'class Axis(enum.Enum):\n    _ignore_ = ["n"]\n    I = 1\n    for n in range(2):\n        pass', "list(Axis.__members__) == [\"I\"]", imports=EN)
pick("enum6_ignore_lookup", "A name in _ignore_ is no attribute of the class.",
     'class Axis(enum.Enum):\n    _ignore_ = ["tmp"]\n    tmp = 5\n    I = 1', 'not hasattr(Axis, "tmp")', imports=EN)
pick("enum6_order_match", "A matching _order_ is accepted and left out of the members.",
     'class Axis(enum.Enum):\n    _order_ = "I J"\n    I = 1\n    J = 2', "len(Axis) == 2", imports=EN)

pick("hint6_class_redefined", "A hint naming a class that is defined again later keeps the first class.",
     'class Rule:\n    pass\n\n\nFIRST = Rule\n\n\nclass Cfg:\n    r: Rule = None\n\n\nclass Rule:\n    pass', 'typing.get_type_hints(Cfg)["r"] is FIRST', imports=TY)
pick("hint6_imported_alias_rebound", "A hint alias rebound by an import later keeps its first value.",
     'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\nfrom builtins import str as Width', 'Cfg.__annotations__["w"] is int', imports="")
pick("hint6_loop_rebinding", "A hint alias a for loop rebinds afterwards keeps its value at the class statement.",
     'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\nfor Width in (float, str):\n    pass', 'Cfg.__annotations__["w"] is int', imports="")
pick("hint6_get_args_rebound", "get_args of a list[Alias] hint after the alias is rebound.",
     'Width = int\n\n\nclass Cfg:\n    w: list[Width] = None\n\n\nWidth = str', 'typing.get_args(Cfg.__annotations__["w"]) == (int,)', imports=TY)
pick("hint6_alias_deleted", "A hint alias deleted afterwards: the hint is still int.",
     'Width = int\n\n\nclass Cfg:\n    w: Width = 4\n\n\ndel Width', 'typing.get_type_hints(Cfg)["w"] is int', imports=TY)

pick("make_dc6_field_named_type_slot", "make_dataclass: a field whose name equals another field's internal hint name gives it no type.",
     'Cfg = dataclasses.make_dataclass("Cfg", [("_type1", int, 5), ("b", str, "x")])', 'dataclasses.fields(Cfg)[1].type is str', imports=DC)
pick("make_dc6_field_named_default_slot", "make_dataclass: a field named like another's default slot does not change that default.",
     'Cfg = dataclasses.make_dataclass("Cfg", [("_default1", int, 3), ("b", int, 7)])', "Cfg().b == 7", imports=DC)
direct("make_dc6_default_slot_axes", "make_dataclass's default for `axes` is the one given, whatever the other fields are named.",
       'Cfg = dataclasses.make_dataclass("Cfg", [("_default1", tuple, ("i", "j")), ("axes", tuple, ("i",))])', "Cfg().axes",
       'axes = Cfg().axes', 'axes = Cfg()._default1', imports=DC)
pick("make_dc6_kw_only_default_order", "kw_only=True allows a field without default after one with a default.",
     'Cfg = dataclasses.make_dataclass("Cfg", [("a", int, 1), ("b", int)], kw_only=True)', "Cfg(b=2).a == 1", imports=DC)
pick("make_dc6_keyword_class_name", "make_dataclass takes a class name that is a keyword.",
     'Cfg = dataclasses.make_dataclass("class", [("axes", tuple, ("i",))])', 'Cfg.__name__ == "class"', imports=DC)
pick("make_dc6_annotation_text", "A name-only field's hint is the text 'typing.Any'.",
     'Cfg = dataclasses.make_dataclass("Cfg", ["axes"])', 'Cfg.__annotations__["axes"] == "typing.Any"', imports=DC)
pick("enum6_functional_name_field_slot", "A functional Enum whose member is named Enum.",
     'Axis = enum.Enum("Axis", [("Enum", "i"), ("J", "j")])', 'Axis.Enum.value == "i"', imports=EN)

# ---- batch 6: the real class made for an exception with its own __init__ / __str__ --------------------------------
EXC_OWN = 'class AxisError(ValueError):\n    def __init__(self, axis):\n        super().__init__(f"bad {axis}")\n        self.axis = axis'
for _n, _test, _imp in (("init_name", 'AxisError.__init__.__name__ == "__init__"', ""),
                        ("init_qualname", 'AxisError.__init__.__qualname__ == "AxisError.__init__"', ""),
                        ("signature", 'list(inspect.signature(AxisError).parameters) == ["axis"]', "import inspect\n"),
                        ("no_private_slot", 'not any(name.startswith("_sf") for name in dir(AxisError))', ""),
                        ("vars_keys", 'sorted(k for k in vars(AxisError) if not k.startswith("__")) == []', ""),
                        ("instance_vars", 'vars(AxisError("i")) == {"axis": "i"}', ""),
                        ("init_code_args", 'AxisError.__init__.__code__.co_varnames[:2] == ("self", "axis")', ""),
                        ("init_module", 'AxisError.__init__.__module__ == "__main__"', "")):
    pick(f"exc7_{_n}", "An exception class with its own __init__: its members are the body's defs, as written.", EXC_OWN, _test, imports=_imp)
pick("exc7_str_name", "An exception's own __str__ keeps its name.",
     'class AxisError(ValueError):\n    def __str__(self):\n        return "axis"', 'AxisError.__str__.__name__ == "__str__"')
