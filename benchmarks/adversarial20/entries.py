# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old, new, imports=""):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    axes_prog(name, doc, pre, [f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old, new, imports=""):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j")."""
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              old, new, imports=imports)


# -- library_members.py: array attributes are those of NumPy's or JAX's classes, read as a union ----------
for attr, twin in (("A", "T"), ("H", "real"), ("I", "imag"), ("getA", "tolist"), ("mask", "data"), ("fill_value", "fill"),
                   ("integers", "nbytes"), ("bit_generator", "base")):
    pick(f"hasattr_ndarray_{attr.lower()}", f"A plain ndarray has no `.{attr}` (np.matrix / MaskedArray / Generator do).", "",
         f'hasattr(np.asarray(x), "{attr}") is False', f'"{attr}"', f'"{twin}"')
for attr, twin in (("shape", "integers"), ("ndim", "normal"), ("dtype", "spawn"), ("T", "choice")):
    pick(f"hasattr_generator_{attr.lower()}", f"NumPy's random Generator has no `.{attr}` (arrays do).",
         "RNG = np.random.default_rng(0)", f'not hasattr(RNG, "{attr}")', f'"{attr}"', f'"{twin}"')
for attr, twin in (("_trace", "sharding"), ("full_lower", "addressable_shards"), ("dec_rank", "block_until_ready"),
                   ("at_least_vspace", "is_fully_replicated"), ("get_referent", "copy_to_host_async")):
    pick(f"hasattr_jax_array_{attr.strip('_')}", f"A concrete jax Array has no `.{attr}` (a Tracer / ShapedArray has).", "",
         f'not hasattr(x, "{attr}")', f'"{attr}"', f'"{twin}"')
pick("hasattr_np_scalar_mask", "A NumPy scalar (np.float32) has no `.mask`.", "", 'not hasattr(np.float32(1.5), "mask")',
     '"mask"', '"real"')
pick("hasattr_np_sum_scalar_geta", "`.sum()` of an ndarray is a NumPy scalar: no `.getA`.", "",
     'not hasattr(np.asarray(x).sum(), "getA")', '"getA"', '"item"')
trying("try_ndarray_mask_attribute", "Reading `.mask` of a plain ndarray raises AttributeError (caught).", "",
       'np.asarray(x).mask', "AttributeError", 'np.asarray(x).mask', 'np.asarray(x).data')
trying("try_generator_shape_attribute", "Reading `.shape` of a Generator raises AttributeError (caught).", "",
       'np.random.default_rng(1).shape', "AttributeError", 'np.random.default_rng(1).shape', 'np.random.default_rng(1).random')
trying("try_jax_array_trace_attribute", "Reading `._trace` of a concrete jax Array raises AttributeError (caught).", "",
       'x._trace', "AttributeError", 'x._trace', 'x.sharding')
pick("getattr_default_ndarray_matrix_i", "getattr(ndarray, 'I', None) gives the default (np.matrix has .I).", "",
     'getattr(np.asarray(x), "I", None) is None', '"I"', '"T"')
pick("getattr_default_jax_array_trace", "getattr(x, '_trace', None) of a concrete jax Array: the default.", "",
     'getattr(x, "_trace", None) is None', '"_trace"', '"shape"')
# a module attribute the program itself set
pick("setattr_module_then_hasattr", "The program adds a fallback to jax.lax itself; hasattr then answers True.",
     'if not hasattr(jax.lax, "psum_rows_fallback"):\n    jax.lax.psum_rows_fallback = jax.lax.psum',
     'hasattr(jax.lax, "psum_rows_fallback")', 'if not hasattr(jax.lax, "psum_rows_fallback"):', 'if False:')
pick("setattr_builtin_setattr_numpy", "setattr(np, ...) by the program; getattr with a default then finds it.",
     'setattr(np, "sf_reduce_axes", ("i",))', 'getattr(np, "sf_reduce_axes", None) == ("i",)',
     'getattr(np, "sf_reduce_axes", None)', 'getattr(np, "sf_reduce_axis", None)')
pick("module_attribute_deleted", "The program deletes the attribute it added: hasattr is False again.",
     'jax.numpy.sf_probe = 1\ndel jax.numpy.sf_probe', 'not hasattr(jnp, "sf_probe")', 'del jax.numpy.sf_probe', 'jax.numpy.sf_other = 2')
pick("types_module_attribute", "A module made with types.ModuleType has only what the program gives it.",
     'import types\n\nSHIM = types.ModuleType("shim")\nSHIM.reduce_axes = ("i",)', 'getattr(SHIM, "reduce_axes", None) == ("i",)',
     'SHIM.reduce_axes = ("i",)', 'SHIM.reduce_axis = ("i",)')

# -- abc_bases.py: what ABCMeta answers ---------------------------------------------------------------------
HOOK = '''
class HasAxes(abc.ABC):
    @classmethod
    def __subclasshook__(cls, other):
        return hasattr(other, "reduce_axes")


class Plan:
    reduce_axes = ("i",)
'''
pick("abc_subclasshook_isinstance", "__subclasshook__ makes Plan a virtual HasAxes (no register).", HOOK,
     'isinstance(Plan(), HasAxes)', '        return hasattr(other, "reduce_axes")', '        return hasattr(other, "mesh_axes")',
     imports="import abc\n")
pick("abc_subclasshook_issubclass", "issubclass through __subclasshook__.", HOOK,
     'issubclass(Plan, HasAxes)', '        return hasattr(other, "reduce_axes")', '        return hasattr(other, "mesh_axes")',
     imports="import abc\n")
HOOK_NI = '''
class Sized(abc.ABC):
    @classmethod
    def __subclasshook__(cls, other):
        if cls is Sized and any("__len__" in vars(k) for k in other.__mro__):
            return True
        return NotImplemented


class Rows:
    def __len__(self):
        return 2
'''
pick("abc_subclasshook_mro_len", "A collections.abc-style hook over the MRO: Rows is a Sized.", HOOK_NI,
     'isinstance(Rows(), Sized)', '    def __len__(self):', '    def size(self):', imports="import abc\n")
LATE = '''
class Reducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


class Rows(Reducer):
    pass


Rows.axes = lambda self: ("i", "j")
'''
trying("abc_method_set_after_class", "A method set on the class after ABCMeta made it leaves it abstract: TypeError.", LATE,
       'Rows().axes()', "TypeError", '    pass', '    def axes(self): return ("i", "j")', imports="import abc\n")
UPDATE = '''
class Reducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


class Rows(Reducer):
    pass


Rows.axes = lambda self: ("i", "j")
abc.update_abstractmethods(Rows)
'''
axes_prog("abc_update_abstractmethods", "update_abstractmethods after the late method: Rows() works.", UPDATE.replace('("i", "j")', '("i",)'),
          ['try:', '    axes = Rows().axes()', 'except TypeError:', '    axes = ("i", "j")'],
          'abc.update_abstractmethods(Rows)', 'print(Rows.__name__)', imports="import abc\n")
MIXIN = '''
class Reducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


class Wide:
    def axes(self):
        return ("i", "j")


class Rows(Reducer, Wide):
    pass
'''
trying("abc_mixin_after_abstract_base", "Rows(Reducer, Wide): the MRO finds Reducer's abstract axes first: TypeError.", MIXIN,
       'Rows().axes()', "TypeError", 'class Rows(Reducer, Wide):', 'class Rows(Wide, Reducer):', imports="import abc\n")
PLAINABS = '''
class Base:
    @abc.abstractmethod
    def axes(self):
        return ("i",)
'''
axes_prog("abstractmethod_without_abcmeta", "@abstractmethod in a class without ABCMeta blocks nothing.", PLAINABS,
          ['try:', '    axes = Base().axes()', 'except TypeError:', '    axes = ("i", "j")'],
          'class Base:', 'class Base(abc.ABC):', imports="import abc\n")
TYPEMETA = '''
class Store(abc.ABC):
    pass
'''
pick("abc_type_is_abcmeta", "type(Store) is abc.ABCMeta.", TYPEMETA, 'type(Store) is abc.ABCMeta', 'class Store(abc.ABC):',
     'class Store:', imports="import abc\n")
pick("abc_isinstance_abcmeta", "isinstance(Store, abc.ABCMeta).", TYPEMETA, 'isinstance(Store, abc.ABCMeta)',
     'class Store(abc.ABC):', 'class Store:', imports="import abc\n")
pick("abc_metaclass_keyword_type", "type(Store) of a metaclass=ABCMeta class is ABCMeta.",
     'class Store(metaclass=abc.ABCMeta):\n    pass', 'type(Store).__name__ == "ABCMeta"',
     'class Store(metaclass=abc.ABCMeta):', 'class Store(object):', imports="import abc\n")
ABSSET = '''
class Reducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...

    @abc.abstractmethod
    def mesh(self):
        ...


class Half(Reducer):
    def axes(self):
        return ("i",)
'''
pick("abc_abstractmethods_set", "Half.__abstractmethods__ is {'mesh'}.", ABSSET, 'Half.__abstractmethods__ == frozenset({"mesh"})',
     '    def axes(self):\n        return ("i",)', '    def mesh(self):\n        return ("i",)', imports="import abc\n")
pick("inspect_isabstract", "inspect.isabstract(Half) (mesh still abstract).", ABSSET, 'inspect.isabstract(Half)',
     'class Half(Reducer):', 'class Half:', imports="import abc\nimport inspect\n")
ABSPROP = '''
class Reducer(abc.ABC):
    @property
    @abc.abstractmethod
    def axes(self):
        ...


class Rows(Reducer):
    axes = ("i",)
'''
axes_prog("abc_abstract_property_class_attr", "A class attribute implements an abstract property.", ABSPROP,
          ['try:', '    axes = Rows().axes', 'except TypeError:', '    axes = ("i", "j")'],
          '    axes = ("i",)\n', '    pass\n', imports="import abc\n")
NONE_IMPL = '''
class Reducer(abc.ABC):
    @abc.abstractmethod
    def mesh(self):
        ...


class Rows(Reducer):
    mesh = None
'''
axes_prog("abc_abstract_overridden_by_none", "mesh = None overrides the abstract method: Rows() works.", NONE_IMPL,
          ['try:', '    Rows()', '    axes = ("i",)', 'except TypeError:', '    axes = ("i", "j")'],
          '    mesh = None', '    pass', imports="import abc\n")
REG = '''
class Store(abc.ABC):
    pass


class Base:
    pass


class Local(Base):
    pass


Store.register(Base)
'''
pick("abc_register_base_subclass", "A subclass of a registered class is a virtual subclass too.", REG,
     'isinstance(Local(), Store)', 'Store.register(Base)', 'print(Base)', imports="import abc\n")
pick("abc_register_after_check", "register after a first (negative, cached) isinstance: ABCMeta invalidates its cache.",
     REG.replace('Store.register(Base)', 'FIRST = isinstance(Local(), Store)\nStore.register(Base)'),
     'isinstance(Local(), Store) and not FIRST', 'Store.register(Base)', 'print(Base)', imports="import abc\n")

# -- member_keys.py: `key in table` where the key's class compares by more than identity -------------------
ALIAS = '''
class Axis(enum.Enum):
    ROWS = "i"
    R = "i"
    COLS = "j"


PLANS = {Axis.ROWS: ("i",), Axis.COLS: ("i", "j")}
'''
pick("enum_alias_member_in_dict", "Axis.R is an alias of Axis.ROWS (same value): the same member, in PLANS.", ALIAS,
     'Axis.R in PLANS and PLANS[Axis.R] == ("i",)', '    R = "i"', '    R = "r"', imports="import enum\n")
pick("enum_alias_by_value_call", "Axis('i') gives the canonical member ROWS, a key of PLANS.", ALIAS,
     'Axis("i") in PLANS', 'PLANS = {Axis.ROWS: ("i",), Axis.COLS: ("i", "j")}', 'PLANS = {Axis.COLS: ("i", "j")}',
     imports="import enum\n")
pick("enum_functional_alias", "The functional Enum API makes an alias too.",
     'Axis = enum.Enum("Axis", {"ROWS": "i", "R": "i"})\nPLANS = {Axis.ROWS: ("i",)}', 'Axis.R in PLANS',
     'Axis = enum.Enum("Axis", {"ROWS": "i", "R": "i"})', 'Axis = enum.Enum("Axis", {"ROWS": "i", "R": "r"})', imports="import enum\n")
INTENUM = '''
class Rank(enum.IntEnum):
    ROWS = 0
    COLS = 1


BY_INDEX = {0: ("i",), 1: ("i", "j")}
'''
pick("intenum_in_int_keyed_dict", "An IntEnum member equals and hashes as its int: Rank.ROWS in {0: ...}.", INTENUM,
     'Rank.ROWS in BY_INDEX and BY_INDEX[Rank.ROWS] == ("i",)', '    ROWS = 0', '    ROWS = 2', imports="import enum\n")
pick("intenum_in_int_set", "Rank.COLS in {1}: True.", INTENUM, 'Rank.COLS in {1, 5}', '    COLS = 1', '    COLS = 3', imports="import enum\n")
pick("intenum_two_classes_equal", "Members of two IntEnums with one value are equal keys.",
     INTENUM + '\n\nclass Other(enum.IntEnum):\n    FIRST = 0\n\n\nTABLE = {Other.FIRST: "rows"}', 'Rank.ROWS in TABLE',
     '    FIRST = 0', '    FIRST = 7', imports="import enum\n")
pick("intflag_in_int_keyed_dict", "An IntFlag member in an int-keyed dict.",
     'class Mode(enum.IntFlag):\n    SUM = 1\n    GATHER = 2\n\n\nKNOWN = {1: "sum"}', 'Mode.SUM in KNOWN', '    SUM = 1', '    SUM = 4',
     imports="import enum\n")
STRMIX = '''
class Axis(str, enum.Enum):
    ROWS = "i"
    COLS = "j"


SIZES = {"i": 2, "j": 4}
'''
pick("str_enum_mixin_in_str_dict", "A (str, Enum) member equals its str: Axis.ROWS in {'i': ...}.", STRMIX,
     'Axis.ROWS in {"i"}', '    ROWS = "i"', '    ROWS = "rows"', imports="import enum\n")
pick("str_enum_mixin_str_key_in_member_dict", "'i' in a dict keyed by (str, Enum) members.", STRMIX,
     '"j" in {Axis.COLS: 4}', '    COLS = "j"', '    COLS = "cols"', imports="import enum\n")
pick("enum_member_deepcopy_key", "copy.deepcopy of an Enum member is the member itself.",
     'class Axis(enum.Enum):\n    ROWS = "i"\n\n\nPLANS = {Axis.ROWS: ("i",)}', 'copy.deepcopy(Axis.ROWS) in PLANS',
     'PLANS = {Axis.ROWS: ("i",)}', 'PLANS = {"ROWS": ("i",)}', imports="import copy\nimport enum\n")
pick("enum_member_by_name_lookup", "Axis['ROWS'] is the member.", 'class Axis(enum.Enum):\n    ROWS = "i"\n\n\nPLANS = {Axis.ROWS: 1}',
     'Axis["ROWS"] in PLANS', 'PLANS = {Axis.ROWS: 1}', 'PLANS = {"ROWS": 1}', imports="import enum\n")
pick("enum_missing_hook_member", "_missing_ maps 'I' to ROWS; the member is a key of PLANS.",
     'class Axis(enum.Enum):\n    ROWS = "i"\n\n    @classmethod\n    def _missing_(cls, value):\n        return cls(value.lower())\n\n\nPLANS = {Axis.ROWS: 1}',
     'Axis("I") in PLANS', 'PLANS = {Axis.ROWS: 1}', 'PLANS = {"ROWS": 1}', imports="import enum\n")

# -- union_hints.py: typing.Union as CPython builds it -------------------------------------------------------
UAXIS = '''
class Axis(enum.Enum):
    ROWS = "i"
'''
trying("union_of_no_types", "Union[()] raises TypeError ('Cannot take a Union of no types').", UAXIS,
       'Spec = typing.Union[()]', "TypeError", 'Spec = typing.Union[()]', 'Spec = typing.Union[Axis, None]', imports="import enum\nimport typing\n")
pick("pep604_origin_not_typing_union", "PEP 604 unions are types.UnionType: get_origin is not typing.Union.", UAXIS,
     'typing.get_origin(Axis | None) is not typing.Union', 'Axis | None', 'typing.Optional[Axis]', imports="import enum\nimport typing\n")
pick("union_order_equal", "Union[int, Axis] == Union[Axis, int] (compared as sets).", UAXIS,
     'typing.Union[int, Axis] == typing.Union[Axis, int]', 'typing.Union[int, Axis] ==', 'typing.Union[int, str] ==',
     imports="import enum\nimport typing\n")
pick("optional_equals_union_none", "Optional[Axis] == Union[None, Axis].", UAXIS,
     'typing.Optional[Axis] == typing.Union[None, Axis]', 'typing.Union[None, Axis]', 'typing.Union[None, str]',
     imports="import enum\nimport typing\n")
pick("union_single_collapses", "Union[Axis, Axis] is Axis.", UAXIS, 'typing.Union[Axis, Axis] is Axis', 'typing.Union[Axis, Axis]',
     'typing.Union[Axis, int]', imports="import enum\nimport typing\n")
pick("union_args_optional", "get_args(Optional[Axis]) has two items (NoneType kept).", UAXIS,
     'len(typing.get_args(typing.Optional[Axis])) == 2', 'typing.get_args(typing.Optional[Axis])', 'typing.get_args(typing.Union[Axis])',
     imports="import enum\nimport typing\n")
pick("isinstance_typing_union", "isinstance accepts a typing.Union of classes (3.10+).", UAXIS,
     'isinstance(Axis.ROWS, typing.Union[Axis, int])', 'typing.Union[Axis, int]', 'typing.Union[str, int]',
     imports="import enum\nimport typing\n")
pick("union_nested_optional_flat", "Optional[Optional[Axis]] is flattened to Union[Axis, None].", UAXIS,
     'typing.Optional[typing.Optional[Axis]] == typing.Optional[Axis]', 'typing.Optional[typing.Optional[Axis]] ==',
     'typing.Optional[typing.Optional[str]] ==', imports="import enum\nimport typing\n")
pick("union_none_is_nonetype", "Union[None] is type(None).", "", 'typing.Union[None] is type(None)', 'typing.Union[None] is',
     'typing.Union[int] is', imports="import typing\n")
pick("union_in_dict_key", "Unions as dict keys: Union[Axis, None] finds Optional[Axis]'s entry.", UAXIS + '\n\nHANDLERS = {typing.Optional[Axis]: ("i",)}',
     'typing.Union[Axis, None] in HANDLERS', 'HANDLERS = {typing.Optional[Axis]: ("i",)}', 'HANDLERS = {typing.Optional[int]: ("i",)}',
     imports="import enum\nimport typing\n")

# -- query_strings.py: urllib.parse corners ------------------------------------------------------------------
UP = "import urllib.parse\n"
pick("parse_qs_repeated_key", "parse_qs keeps a repeated key's values: one here.", "",
     'tuple(urllib.parse.parse_qs("axes=i&mesh=2x4")["axes"]) == ("i",)', '"axes=i&mesh=2x4"', '"axes=i&axes=j"', imports=UP)
pick("parse_qs_semicolon_not_separator", "Since 3.9.2 ';' is no separator: one value 'i;axes=j'.", "",
     'len(urllib.parse.parse_qs("axes=i;axes=j")["axes"]) == 1', '"axes=i;axes=j")', '"axes=i;axes=j", separator=";")', imports=UP)
pick("parse_qs_blank_dropped", "A blank value is dropped unless keep_blank_values.", "",
     'len(urllib.parse.parse_qs("axes=i&axes=")["axes"]) == 1', '"axes=i&axes=")', '"axes=i&axes=", keep_blank_values=True)', imports=UP)
pick("parse_qsl_plus_is_space", "'+' in a query value is a space.", "",
     '"+" not in dict(urllib.parse.parse_qsl("reduce=i+j"))["reduce"]', '"reduce=i+j"', '"reduce=i%2Bj"', imports=UP)
pick("unquote_keeps_plus", "unquote (not unquote_plus) keeps '+'.", "",
     'urllib.parse.unquote("i+j") == "i+j"', 'urllib.parse.unquote("i+j")', 'urllib.parse.unquote_plus("i+j")', imports=UP)
pick("urlsplit_hostname_lowercase", ".hostname is lowercased.", "",
     'urllib.parse.urlsplit("job://POOL/train").hostname == "pool"', '== "pool"', '== "POOL"', imports=UP)
pick("urlsplit_scheme_lowercase", ".scheme is lowercased.", "",
     'urllib.parse.urlsplit("JOB://pool/train").scheme == "job"', '== "job"', '== "JOB"', imports=UP)
trying("urlsplit_port_out_of_range", ".port out of range raises ValueError.", "",
       'urllib.parse.urlsplit("job://pool:99999/t").port', "ValueError", '"job://pool:99999/t"', '"job://pool:8080/t"', imports=UP)
trying("urlsplit_port_not_number", ".port that is not a number raises ValueError.", "",
       'urllib.parse.urlsplit("job://pool:http/t").port', "ValueError", '"job://pool:http/t"', '"job://pool:80/t"', imports=UP)
pick("urlsplit_fragment_cut", "The fragment is not part of the query.", "",
     'len(urllib.parse.parse_qs(urllib.parse.urlsplit("job://p/t?axes=i#axes=j").query)["axes"]) == 1',
     '"job://p/t?axes=i#axes=j"', '"job://p/t?axes=i&axes=j"', imports=UP)
pick("urlparse_params_split", "urlparse splits ';params' off the path (urlsplit does not).", "",
     'urllib.parse.urlparse("http://p/t;axes=j?axes=i").path == "/t"', 'urllib.parse.urlparse("http', 'urllib.parse.urlsplit("http', imports=UP)
trying("parse_qs_strict_bad_field", "strict_parsing raises ValueError on a field without '='.", "",
       'urllib.parse.parse_qs("axes=i&junk", strict_parsing=True)', "ValueError", '"axes=i&junk"', '"axes=i&junk=1"', imports=UP)
trying("parse_qs_max_num_fields", "max_num_fields exceeded raises ValueError.", "",
       'urllib.parse.parse_qs("a=1&b=2&c=3", max_num_fields=2)', "ValueError", 'max_num_fields=2', 'max_num_fields=3', imports=UP)
pick("urlencode_doseq_roundtrip", "urlencode with doseq of a list: one field axes=i.", "",
     'urllib.parse.urlencode({"axes": ["i"]}, doseq=True) == "axes=i"', 'doseq=True', 'doseq=False', imports=UP)
pick("parse_qs_percent_amp", "'%26' is an '&' inside one value.", "",
     'len(urllib.parse.parse_qs("axes=i%26j")["axes"]) == 1', '"axes=i%26j"', '"axes=i&axes=j"', imports=UP)
pick("urlsplit_strips_newline", "urlsplit removes tab and newline characters from the URL (3.11).", "",
     'urllib.parse.urlsplit("job://p/t?axes=i\\n").query == "axes=i"', '"job://p/t?axes=i\\n"', '"job://p/t?axes=i "', imports=UP)
pick("from_import_parse_qs", "parse_qs imported by name and one value read.", "",
     'parse_qs("gather=j&sum=i")["sum"] == ["i"]', '"gather=j&sum=i"', '"gather=j&sum=j"', imports="from urllib.parse import parse_qs\n")
pick("local_parse_qs_shadows", "A module def named parse_qs shadows the imported one.",
     'def parse_qs(text):\n    return {"axes": text.split("&")}', 'len(parse_qs("axes=i&axes=j")["axes"]) == 2',
     '    return {"axes": text.split("&")}', '    return {"axes": [text]}', imports="from urllib.parse import parse_qs  # noqa: F401\n")

# -- paired_iterators.py: zip is lazy --------------------------------------------------------------------------
pick("zip_pairs_list_extended_later", "zip(it, it) reads the list when dict() asks: the words appended after zip count.",
     'WORDS = ["sum", "i"]\nIT = iter(WORDS)\nPAIRS = zip(IT, IT)\nWORDS += ["gather", "j"]\nOPTS = dict(PAIRS)',
     '"gather" in OPTS', 'WORDS += ["gather", "j"]', 'WORDS += []')
pick("zip_pairs_item_replaced_later", "An item replaced after zip() is what dict() reads.",
     'WORDS = ["sum", "i", "gather", "i"]\nIT = iter(WORDS)\nPAIRS = zip(IT, IT)\nWORDS[3] = "j"\nOPTS = dict(PAIRS)',
     'OPTS["gather"] == "j"', 'WORDS[3] = "j"', 'WORDS[3] = "i"')
pick("zip_pairs_list_cleared_later", "The list cleared after zip(): dict() gets nothing.",
     'WORDS = ["gather", "j"]\nIT = iter(WORDS)\nPAIRS = zip(IT, IT)\nWORDS.clear()\nOPTS = dict(PAIRS)',
     '"gather" not in OPTS', 'WORDS.clear()', 'WORDS.sort()')
pick("zip_generator_lazy_log", "A generator's log is empty until zip's pairs are asked for.",
     'LOG = []\n\n\ndef words():\n    for word in ("sum", "i", "gather", "j"):\n        LOG.append(word)\n        yield word\n\n\nGEN = words()\nPAIRS = zip(GEN, GEN)\nSEEN = len(LOG)\nOPTS = dict(PAIRS)',
     'SEEN == 0', 'SEEN = len(LOG)', 'SEEN = len(LOG) + len(OPTS) if False else 4')
pick("zip_star_iter_list_extended", "zip(*[iter(words)] * 2) is lazy too.",
     'WORDS = ["sum", "i"]\nPAIRS = zip(*[iter(WORDS)] * 2)\nWORDS.extend(["gather", "j"])\nOPTS = dict(PAIRS)',
     'len(OPTS) == 2', 'WORDS.extend(["gather", "j"])', 'WORDS.extend([])')
pick("zip_pairs_odd_word_dropped", "An odd last word is dropped by zip.",
     'WORDS = "sum i gather".split()\nIT = iter(WORDS)\nOPTS = dict(zip(IT, IT))', '"gather" not in OPTS', '"sum i gather"', '"gather j sum"')

# -- wrapping_integers.py: an int8 array (however made) plus an int that does not fit: OverflowError ------
for label, make in (("astype", "np.arange(4).astype(np.int8)"), ("dtype_str", 'np.arange(4, dtype="int8")'),
                    ("dtype_code", 'np.array([1, 2, 3], dtype="i1")'), ("np_dtype_obj", 'np.empty(4, dtype=np.dtype("int8"))'),
                    ("slice_step", "np.zeros(8, np.int8)[::2]"), ("negated", "-np.ones(4, np.int8)"),
                    ("floordiv", "np.ones(4, np.int8) // 2"), ("clip", "np.clip(np.ones(4, np.int8), 0, 3)"),
                    ("sort", "np.sort(np.ones(4, np.int8))"), ("concatenate", "np.concatenate([np.ones(2, np.int8), np.zeros(2, np.int8)])"),
                    ("frombuffer", 'np.frombuffer(b"\\x01\\x02", dtype=np.int8)'), ("reshape", "np.ones(4, np.int8).reshape(2, 2)"),
                    ("from_jax", "np.asarray(x).astype(np.int8)"), ("full", "np.full(4, 3, dtype=np.int8)"),
                    ("where", "np.where(np.arange(4) > 1, np.ones(4, np.int8), np.zeros(4, np.int8))"),
                    ("minimum", "np.minimum(np.ones(4, np.int8), 5)"), ("abs", "np.abs(np.ones(4, np.int8))"),
                    ("stack", "np.stack([np.ones(2, np.int8), np.ones(2, np.int8)])"), ("bitand", "np.ones(4, np.int8) & 0x0F"),
                    ("bool_astype", "np.ones(4, bool).astype(np.int8)"), ("rng_integers", "np.random.default_rng(0).integers(0, 9, 4, dtype=np.int8)"),
                    ("int8_scalar_add", "np.ones(4, np.int8) + np.int8(1)"), ("copy", "np.ones(4, np.int8).copy()"),
                    ("newaxis", "np.ones(4, np.int8)[None]"), ("transpose", "np.ones((2, 3), np.int8).T")):
    trying(f"int8_{label}_plus_300", f"`{make}` is int8; adding 300 raises OverflowError under NEP 50.", "",
           f"_ = ({make}) + 300", "OverflowError", " + 300", " + 100")
trying("uint8_plus_negative", "uint8 array plus minus one: -1 does not fit uint8, OverflowError.", "",
       "_ = np.ones(4, np.uint8) + (-1)", "OverflowError", "+ (-1)", "+ 1")
trying("int8_inplace_add_300", "In-place add of 300 on int8 raises OverflowError too.", "",
       "codes = np.ones(4, np.int8); codes += 300", "OverflowError", "codes += 300", "codes += 3")
trying("int8_times_iinfo_bound", "int8 times one past iinfo max does not fit: OverflowError.", "",
       "_ = np.ones(4, np.int8) * (np.iinfo(np.int8).max + 1)", "OverflowError", "(np.iinfo(np.int8).max + 1)", "(np.iinfo(np.int8).max - 1)")
trying("int16_plus_40000", "int16 plus forty thousand: OverflowError.", "", "_ = np.ones((2, 2), np.int16) + 40000", "OverflowError", "40000", "4000")
trying("int8_rsub_300", "three hundred minus an int8 array: OverflowError (the int on the left).", "", "_ = 300 - np.ones(4, np.int8)", "OverflowError",
       "300 -", "30 -")
axes_prog("uint8_minus_one_wraps", "uint8 array minus one wraps silently to 255: no error.", "",
          ['try:', '    low = np.zeros(4, np.uint8) - 1', '    axes = ("i",) if int(low[0]) == 255 else ("i", "j")', 'except OverflowError:', '    axes = ("i", "j")'],
          "np.zeros(4, np.uint8) - 1", "np.zeros(4, np.uint8) - 256")

# -- promoted_dtypes.py: JAX's weak types, x64 off ----------------------------------------------------------
BF = "jnp.ones(4, jnp.bfloat16)"
for label, other, twin in (("asarray_float", "jnp.asarray(2.0)", "jnp.asarray(2.0, jnp.float32)"),
                           ("array_float", "jnp.array(2.0)", "jnp.array(2.0, dtype=jnp.float32)"),
                           ("device_put_float", "jax.device_put(2.0)", "jax.device_put(np.float32(2.0))"),
                           ("full_scalar", "jnp.full((), 2.0)", "jnp.full((), 2.0, jnp.float32)"),
                           ("weak_times_python", "(jnp.asarray(2.0) * 3.0)", "(jnp.float32(2.0) * 3.0)"),
                           ("asarray_int", "jnp.asarray(3)", "jnp.asarray(3.0, jnp.float32)"),
                           ("zeros_like_weak", "jnp.zeros_like(jnp.asarray(1.0))", "jnp.zeros_like(jnp.ones((), jnp.float32))")):
    pick(f"bf16_times_{label}", f"bf16 times a weakly typed float32 ({label}): bfloat16.", "",
         f"({BF} * {other}).dtype == jnp.bfloat16", other, twin)
pick("bf16_jit_python_scalar_arg", "A Python float passed to jit is weak: bf16 * s stays bfloat16.",
     "SCALE = jax.jit(lambda a, s: a * s)", f"SCALE({BF}, 2.0).dtype == jnp.bfloat16", "2.0).dtype", "np.float32(2.0)).dtype")
pick("f16_plus_jnp_float64_x64_off", "jnp.ones(..., float64) is float32 with x64 off: f16 + it is float32.", "",
     "(jnp.ones(4, jnp.float16) + jnp.ones(4, jnp.float64)).dtype == jnp.float32", ".dtype == jnp.float32", ".dtype == jnp.float16")
pick("f16_plus_host_float64_x64_off", "A float64 host array beside a device f16 is placed as float32: float32.", "",
     "(jnp.ones(4, jnp.float16) + np.ones(4)).dtype == jnp.float32", ".dtype == jnp.float32", ".dtype == jnp.float16")
pick("bf16_plus_f16_float32", "bfloat16 + float16 is float32 in JAX.", "",
     "(jnp.ones(4, jnp.bfloat16) + jnp.ones(4, jnp.float16)).dtype == jnp.float32", "jnp.ones(4, jnp.float16))", "jnp.ones(4, jnp.bfloat16))")
pick("f16_times_np_float32_scalar", "A NumPy float32 scalar is strong in JAX: f16 * it is float32.", "",
     "(jnp.ones(4, jnp.float16) * np.float32(2.0)).dtype == jnp.float32", "np.float32(2.0)", "2.0")
pick("np_f16_times_np_float64_scalar", "NEP 50: a np.float64 scalar is strong: float16 array * it is float64.", "",
     "(np.ones(4, np.float16) * np.float64(2.0)).dtype == np.float64", "np.float64(2.0)", "2.0")
pick("np_f16_plus_0d_float64", "NEP 50: a 0-d float64 array is strong: float64.", "",
     "(np.ones(4, np.float16) + np.asarray(2.0)).dtype == np.float64", "np.asarray(2.0)", "2.0")
pick("bf16_convert_element_type_strong", "convert_element_type to float32 gives a strong float32: bf16 * it is float32.", "",
     "(jnp.ones(4, jnp.bfloat16) * jax.lax.convert_element_type(2.0, jnp.float32)).dtype == jnp.float32",
     "jax.lax.convert_element_type(2.0, jnp.float32)", "jnp.asarray(2.0)")
pick("bf16_div_sum_of_list_strong", "jnp.asarray of a list of floats is a strong float32: bf16 / its sum is float32.", "",
     "(jnp.ones(4, jnp.bfloat16) / jnp.sum(jnp.asarray([1.0, 2.0]))).dtype == jnp.float32",
     "jnp.asarray([1.0, 2.0])", "jnp.asarray([1.0, 2.0], jnp.bfloat16)")
pick("f16_dtype_string_weak", "dtype='float16' by string, times a weak 0-d: float16.", "",
     '(jnp.ones(4, dtype="float16") * jnp.asarray(0.5)).dtype == jnp.float16', "jnp.asarray(0.5)", "jnp.ones((), jnp.float32)")

# -- function_defaults.py: defaults are values taken at def time, and the slots are live -----------------
pick("default_bound_at_def", "A default is the value at def time; rebinding the global later changes nothing.",
     'AXES = ("i",)\n\n\ndef chosen(axes=AXES):\n    return axes\n\n\nAXES = ("i", "j")', 'chosen() == ("i",)', 'chosen() == ("i",)', 'chosen(AXES) == ("i",)')
pick("mutable_default_accumulates", "A list default keeps what earlier calls appended.",
     'def seen(item, acc=[]):\n    acc.append(item)\n    return len(acc)\n\n\nseen("a")', 'seen("b") == 2', 'seen("a")\n', 'print("a")\n')
pick("kwdefaults_dict_mutated_in_place", "fn.__kwdefaults__['axes'] = ... changes the live dict: calls see it.",
     'def chosen(*, axes=("i", "j")):\n    return axes\n\n\nchosen.__kwdefaults__["axes"] = ("i",)', 'chosen() == ("i",)',
     'chosen.__kwdefaults__["axes"] = ("i",)', 'chosen.__kwdefaults__["axis"] = ("i",)')
axes_prog("defaults_longer_than_params", "__defaults__ longer than the parameters: CPython fills from the end (the last item).",
          'def chosen(axes):\n    return axes\n\n\nchosen.__defaults__ = (("i", "j"), ("i",))', ['axes = chosen()'],
          'chosen.__defaults__ = (("i", "j"), ("i",))', 'chosen.__defaults__ = (("i",), ("i", "j"))')
axes_prog("defaults_set_none_typeerror", "__defaults__ = None: the call without the argument raises TypeError.",
          'def chosen(axes=("i", "j")):\n    return axes\n\n\nchosen.__defaults__ = None',
          ['try:', '    axes = chosen()', 'except TypeError:', '    axes = ("i",)'], 'chosen.__defaults__ = None', 'chosen.__doc__ = None')
axes_prog("kwdefaults_set_none_typeerror", "__kwdefaults__ = None: a keyword-only parameter without default: TypeError.",
          'def chosen(*, axes=("i", "j")):\n    return axes\n\n\nchosen.__kwdefaults__ = None',
          ['try:', '    axes = chosen()', 'except TypeError:', '    axes = ("i",)'], 'chosen.__kwdefaults__ = None', 'chosen.__doc__ = None')
axes_prog("lambda_default_per_item", "Lambdas in a comprehension bind the item by default argument.",
          "", ['makers = [lambda a=a: a for a in (("i",), ("i", "j"))]', 'axes = makers[0]()'],
          'makers = [lambda a=a: a for a', 'makers = [lambda: a for a')
pick("method_defaults_set_on_class", "A method's __defaults__ set through the class.",
     'class Plan:\n    def axes(self, which=("i", "j")):\n        return which\n\n\nPlan.axes.__defaults__ = (("i",),)',
     'Plan().axes() == ("i",)', 'Plan.axes.__defaults__ = (("i",),)', 'Plan.axes.__doc__ = "axes"')
pick("defaults_tuple_concatenated", "__defaults__ rebuilt from itself.",
     'def chosen(mesh=None, axes=("i", "j")):\n    return axes\n\n\nchosen.__defaults__ = chosen.__defaults__[:1] + (("i",),)',
     'chosen() == ("i",)', 'chosen.__defaults__ = chosen.__defaults__[:1] + (("i",),)', 'chosen.__defaults__ = chosen.__defaults__[:1] + (("i", "j"),)')
pick("partial_keyword_overrides_default", "functools.partial's keyword beats the def's default.",
     'def chosen(axes=("i", "j")):\n    return axes\n\n\nROWS = functools.partial(chosen, axes=("i",))', 'ROWS() == ("i",)',
     'ROWS = functools.partial(chosen, axes=("i",))', 'ROWS = functools.partial(chosen)', imports="import functools\n")

# -- generator_checks.py: what is a generator -------------------------------------------------------------------
pick("unreachable_yield_is_generator", "A def with a yield after its return is still a generator function.",
     'def setup():\n    return ("i", "j")\n    yield', 'inspect.isgenerator(setup())', '    yield', '    pass', imports="import inspect\n")
pick("if_false_yield_is_generator", "`if False: yield` makes a generator function.",
     'def setup():\n    if False:\n        yield\n    return None', 'inspect.isgenerator(setup())', '        yield', '        pass', imports="import inspect\n")
pick("nested_yield_not_generator", "A yield inside a nested def does not make the outer def a generator function.",
     'def fixture():\n    def inner():\n        yield 1\n    return inner', 'not inspect.isgenerator(fixture())', '    return inner', '    yield inner',
     imports="import inspect\n")
pick("contextmanager_result_not_generator", "What a @contextmanager function returns is no generator.",
     '@contextlib.contextmanager\ndef opened():\n    yield 1', 'not inspect.isgenerator(opened())', '@contextlib.contextmanager', '@(lambda f: f)',
     imports="import contextlib\nimport inspect\n")
pick("lambda_yield_is_generator", "A lambda whose body is a yield is a generator function.",
     'GEN = lambda: (yield)  # noqa: E731', 'inspect.isgenerator(GEN())', 'GEN = lambda: (yield)', 'GEN = lambda: (None)',
     imports="import inspect\n")
pick("types_coroutine_generator", "types.coroutine keeps a generator function's result a generator.",
     '@types.coroutine\ndef step():\n    yield', 'inspect.isgenerator(step())', '    yield', '    return None', imports="import inspect\nimport types\n")
pick("wraps_wrapper_returns_generator", "A functools.wraps wrapper returns the generator the wrapped def makes.",
     'def logged(fn):\n    @functools.wraps(fn)\n    def wrapper(*args):\n        return fn(*args)\n    return wrapper\n\n\n@logged\ndef rows():\n    yield "i"',
     'inspect.isgenerator(rows())', '    yield "i"', '    return "i"', imports="import functools\nimport inspect\n")
pick("yield_from_is_generator", "A def with yield from is a generator function.",
     'def both():\n    yield from ("i", "j")', 'inspect.isgenerator(both())', '    yield from ("i", "j")', '    return ("i", "j")',
     imports="import inspect\n")

# -- leaving_calls.py: statements that always leave but are not in its list (the wide reduce never runs) -----
def leaves(name, doc, pre, lines, old, new, imports=""):
    """main ends the job (SystemExit(0)) before the wide reduce; the twin removes the leaving step."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n" + \
        "".join(f"    {line}\n" for line in lines) + '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


leaves("leave_with_lock_systemexit", "raise SystemExit(0) inside `with LOCK:` (a lock's exit swallows nothing).",
       "LOCK = threading.Lock()", ['with LOCK:', '    raise SystemExit(0)'], '    raise SystemExit(0)', '    print("locked")',
       imports="import threading\n")
leaves("leave_for_one_round_exit", "sys.exit(0) in a loop over one item.", "", ['for _ in range(1):', '    sys.exit(0)'],
       '    sys.exit(0)', '    print("round")', imports="import sys\n")
leaves("leave_exit_alias_import", "sys.exit imported under another name (finish) leaves.", "", ['finish(0)'], 'finish(0)', 'print(0)',
       imports="from sys import exit as finish\n")
leaves("leave_systemexit_from_none", "A SystemExit raised from None.", "", ['raise SystemExit(0) from None'],
       'raise SystemExit(0) from None', 'print("dry run")')
leaves("leave_cached_helper", "A helper under functools.cache that exits.", '@functools.cache\ndef finish():\n    sys.exit(0)',
       ['finish()'], '    sys.exit(0)', '    print("done")', imports="import functools\nimport sys\n")
leaves("leave_method_stop", "A method that exits.", 'class Job:\n    def stop(self):\n        sys.exit(0)', ['Job().stop()'],
       '        sys.exit(0)', '        print("stop")', imports="import sys\n")
leaves("leave_match_all_cases", "A match whose every case exits.", 'MODE = "dry"',
       ['match MODE:', '    case "dry":', '        sys.exit(0)', '    case _:', '        raise SystemExit(0)'],
       '        sys.exit(0)', '        print("dry")', imports="import sys\n")
leaves("leave_try_finally_print", "sys.exit(0) in a try whose finally prints.", "",
       ['try:', '    sys.exit(0)', 'finally:', '    print("bye")'], '    sys.exit(0)', '    print("work")', imports="import sys\n")
leaves("leave_while_true_exit", "while True: sys.exit(0).", "", ['while True:', '    sys.exit(0)'], '    sys.exit(0)', '    break',
       imports="import sys\n")
leaves("leave_lambda_helper", "A lambda helper that exits.", 'finish = lambda: sys.exit(0)  # noqa: E731', ['finish()'],
       'finish = lambda: sys.exit(0)', 'finish = lambda: print(0)', imports="import sys\n")
leaves("leave_partial_exit", "functools.partial(sys.exit, 0)().", 'FINISH = functools.partial(sys.exit, 0)', ['FINISH()'],
       'FINISH = functools.partial(sys.exit, 0)', 'FINISH = functools.partial(print, 0)', imports="import functools\nimport sys\n")
leaves("leave_raise_made_exception", "raise of an exception a helper builds.", 'def stop_error():\n    return SystemExit(0)',
       ['raise stop_error()'], '    return SystemExit(0)', '    return None', imports="")
P["leave_raise_made_exception"] = P["leave_raise_made_exception"][:2] + ('raise stop_error()', 'stop_error()', "SF105")
leaves("leave_exit_in_suppress", "sys.exit(0) inside suppress(ValueError): SystemExit is no ValueError.", "",
       ['with contextlib.suppress(ValueError):', '    sys.exit(0)'], '    sys.exit(0)', '    print("x")', imports="import contextlib\nimport sys\n")
leaves("leave_helper_docstring_first", "A helper with a docstring, then raise SystemExit(0).", 'def finish():\n    """End the job."""\n    raise SystemExit(0)',
       ['finish()'], '    raise SystemExit(0)', '    print("end")')
leaves("leave_nested_if_elif_else", "if/elif/else, each branch exits.", 'MODE = 2',
       ['if MODE == 1:', '    sys.exit(0)', 'elif MODE == 2:', '    raise SystemExit(0)', 'else:', '    sys.exit(0)'],
       '    raise SystemExit(0)', '    print("two")', imports="import sys\n")
leaves("leave_exit_via_sys_module_attr", "exit through `import sys as system`.", "", ['system.exit(0)'], 'system.exit(0)', 'system.getrefcount(0)',
       imports="import sys as system\n")
leaves("leave_helper_exits_with_none", "A helper raising SystemExit (the class, no arguments).", 'def finish():\n    raise SystemExit',
       ['finish()'], '    raise SystemExit', '    return None')

# -- swallowing_blocks.py / guard_clauses.py: more ways an exception is swallowed -----------------------------
axes_prog("except_star_guard", "except* ValueError catches the guard's raise (an ExceptionGroup handler).", "",
          ['axes = ("i",)', 'try:', '    if jax.device_count() < 16:', '        raise ValueError("needs 16 devices")', '    axes = ("i", "j")',
           'except* ValueError:', '    print("narrow host")'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:')
axes_prog("except_star_assert", "except* AssertionError around a failing assert.", "",
          ['axes = ("i",)', 'try:', '    assert jax.device_count() >= 16', '    axes = ("i", "j")', 'except* AssertionError:', '    pass'],
          '    assert jax.device_count() >= 16', '    assert jax.device_count() >= 8')
WIDEN = '''
STATE = {"axes": ("i",)}


def widen():
    if jax.device_count() < 16:
        raise RuntimeError("small host")
    STATE["axes"] = ("i", "j")
'''
axes_prog("executor_submit_unread", "ThreadPoolExecutor.submit keeps the exception in a future nobody reads.", WIDEN,
          ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    pool.submit(widen)', 'axes = STATE["axes"]'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import concurrent.futures\n")
axes_prog("executor_map_unconsumed", "Executor.map's results never iterated: the exception stays in its future.",
          WIDEN.replace("def widen():", "def widen(_):"),
          ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    pool.map(widen, [0])', 'axes = STATE["axes"]'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import concurrent.futures\n")
axes_prog("loop_call_soon_callback", "An exception in a loop.call_soon callback is logged; the loop goes on.",
          WIDEN + '\n\nasync def checks():\n    asyncio.get_running_loop().call_soon(widen)\n    await asyncio.sleep(0)',
          ['asyncio.run(checks())', 'axes = STATE["axes"]'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:',
          imports="import asyncio\n")
axes_prog("timer_thread_guard", "threading.Timer runs the guard in its own thread.", WIDEN,
          ['timer = threading.Timer(0.0, widen)', 'timer.start()', 'timer.join()', 'axes = STATE["axes"]'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import threading\n")
axes_prog("task_group_except_star", "asyncio.TaskGroup raises an ExceptionGroup, which except* catches.",
          WIDEN.replace("def widen", "async def widen") + '\n\nasync def checks():\n    try:\n        async with asyncio.TaskGroup() as group:\n            group.create_task(widen())\n    except* RuntimeError:\n        print("narrow")',
          ['asyncio.run(checks())', 'axes = STATE["axes"]'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:',
          imports="import asyncio\n")
axes_prog("asyncio_wait_unread", "asyncio.wait returns the done task without raising its exception.",
          WIDEN.replace("def widen", "async def widen") + '\n\nasync def checks():\n    await asyncio.wait([asyncio.ensure_future(widen())])',
          ['asyncio.run(checks())', 'axes = STATE["axes"]'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:',
          imports="import asyncio\n")
NEXT = '''
class WideAxes:
    def __iter__(self):
        return self

    def __next__(self):
        if jax.device_count() < 16:
            raise StopIteration
        return ("i", "j")
'''
axes_prog("next_default_stopiteration_guard", "next(it, default) catches the StopIteration the guard raises.", NEXT,
          ['axes = next(WideAxes(), ("i",))'], '        if jax.device_count() < 16:', '        if jax.device_count() < 4:')
axes_prog("for_loop_stopiteration_guard", "A for loop ends on the StopIteration the guard raises.", NEXT,
          ['axes = ("i",)', 'for axes in WideAxes():', '    break'], '        if jax.device_count() < 16:', '        if jax.device_count() < 4:')
axes_prog("generator_stopiteration_runtimeerror", "A StopIteration raised in a generator becomes RuntimeError (PEP 479), caught.",
          'def wide():\n    if jax.device_count() < 16:\n        raise StopIteration\n    yield ("i", "j")',
          ['try:', '    axes = next(wide())', 'except RuntimeError:', '    axes = ("i",)'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:')
axes_prog("hasattr_property_guard", "hasattr swallows the AttributeError a property's guard raises.",
          'STATE = {"axes": ("i",)}\n\n\nclass Host:\n    @property\n    def wide(self):\n        if jax.device_count() < 16:\n            raise AttributeError("wide needs 16 devices")\n        STATE["axes"] = ("i", "j")\n        return True',
          ['hasattr(Host(), "wide")', 'axes = STATE["axes"]'], '        if jax.device_count() < 16:', '        if jax.device_count() < 4:')
axes_prog("suppress_subclass_guard", "A subclass of contextlib.suppress swallows like suppress.",
          'class quiet(contextlib.suppress):\n    pass',
          ['axes = ("i",)', 'with quiet(ValueError):', '    if jax.device_count() < 16:', '        raise ValueError("small")', '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import contextlib\n")
axes_prog("contextmanager_as_decorator", "A @contextmanager object used as a decorator swallows around the function.",
          WIDEN.replace('RuntimeError("small host")', 'ValueError("small host")').replace("def widen():", "@tolerant()\ndef widen():").replace(
              'STATE = {"axes": ("i",)}', '@contextlib.contextmanager\ndef tolerant():\n    try:\n        yield\n    except ValueError:\n        pass\n\n\nSTATE = {"axes": ("i",)}'),
          ['widen()', 'axes = STATE["axes"]'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import contextlib\n")
axes_prog("context_decorator_class", "A ContextDecorator class whose __exit__ returns True, used as a decorator.",
          WIDEN.replace("def widen():", "@Optional()\ndef widen():").replace(
              'STATE = {"axes": ("i",)}', 'class Optional(contextlib.ContextDecorator):\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n        return True\n\n\nSTATE = {"axes": ("i",)}'),
          ['widen()', 'axes = STATE["axes"]'], '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import contextlib\n")
axes_prog("exit_returns_self_truthy", "__exit__ returning self (truthy) swallows.",
          'class Quiet:\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n        return self',
          ['axes = ("i",)', 'with Quiet():', '    if jax.device_count() < 16:', '        raise ValueError("small")', '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:')
axes_prog("unittest_assert_raises_guard", "TestCase().assertRaises swallows the expected ValueError.", "",
          ['axes = ("i",)', 'with unittest.TestCase().assertRaises(ValueError):', '    if jax.device_count() < 16:', '        raise ValueError("small")',
           '    axes = ("i", "j")'], '    axes = ("i",)\n    with unittest', '    axes = ("i", "j")\n    with unittest', imports="import unittest\n")
axes_prog("logging_str_guard_swallowed", "A logging handler's emit catches what the message's __str__ raises.",
          'STATE = {"axes": ("i",)}\n\n\nclass Report:\n    def __str__(self):\n        if jax.device_count() < 16:\n            raise ValueError("narrow")\n        STATE["axes"] = ("i", "j")\n        return "wide"',
          ['logging.basicConfig()', 'logging.getLogger("job").warning("%s", Report())', 'axes = STATE["axes"]'],
          '        if jax.device_count() < 16:', '        if jax.device_count() < 4:', imports="import logging\n")
axes_prog("del_guard_ignored", "An exception in __del__ is ignored (printed).",
          'STATE = {"axes": ("i",)}\n\n\nclass Probe:\n    def __del__(self):\n        if jax.device_count() < 16:\n            raise RuntimeError("narrow")\n        STATE["axes"] = ("i", "j")',
          ['Probe()', 'axes = STATE["axes"]'], '        if jax.device_count() < 16:', '        if jax.device_count() < 4:')
axes_prog("suppress_kinds_from_tuple", "suppress(*KINDS) of a module tuple.", 'KINDS = (ValueError, KeyError)',
          ['axes = ("i",)', 'with contextlib.suppress(*KINDS):', '    if jax.device_count() < 16:', '        raise KeyError("small")', '    axes = ("i", "j")'],
          '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import contextlib\n")
axes_prog("machine_free_stopiteration_next", "next(it, default) over an iterator whose __next__ asserts on a NumPy sum (never true).",
          'class Wide:\n    def __iter__(self):\n        return self\n\n    def __next__(self):\n        if float(np.asarray(X).sum()) != 0.0:\n            raise StopIteration\n        return ("i", "j")\n\n\nX = np.arange(4.0)',
          ['axes = next(Wide(), ("i",))'], '        if float(np.asarray(X).sum()) != 0.0:', '        if float(np.asarray(X).sum()) == 0.0:')
axes_prog("machine_free_except_star", "except* around a NumPy-valued guard.", "",
          ['axes = ("i",)', 'try:', '    if float(np.asarray(x).sum()) > 0.0:', '        raise ValueError("positive data")', '    axes = ("i", "j")',
           'except* ValueError:', '    pass'], '    if float(np.asarray(x).sum()) > 0.0:', '    if float(np.asarray(x).sum()) < 0.0:')
axes_prog("machine_free_executor_submit", "Executor.submit of a NumPy-valued guard.",
          WIDEN.replace("jax.device_count() < 16", "np.arange(4).sum() == 6"),
          ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    pool.submit(widen)', 'axes = STATE["axes"]'],
          '    if np.arange(4).sum() == 6:', '    if np.arange(4).sum() == 7:', imports="import concurrent.futures\n")

# -- unsized_lists.py ----------------------------------------------------------------------------------------------
axes_prog("len_devices_gpu_raises", "jax.devices('gpu') raises on a CPU host before len() is asked.", "",
          ['try:', '    count = len(jax.devices("gpu"))', 'except RuntimeError:', '    count = 0', 'axes = ("i",) if count == 0 else ("i", "j")'],
          'jax.devices("gpu")', 'jax.devices("cpu")')
axes_prog("len_devices_doubled_list", "devices() + devices() has twice the devices.", "",
          ['devs = jax.devices() + jax.devices()', 'axes = ("i",) if len(devs) == 2 * jax.device_count() else ("i", "j")'],
          'devs = jax.devices() + jax.devices()', 'devs = jax.devices()')
axes_prog("len_list_of_shape", "len(list(host.shape)) is the rank, 2.", "",
          ['dims = list(np.asarray(x).shape)', 'axes = ("i",) if len(dims) == 2 else ("i", "j")'], 'if len(dims) == 2', 'if len(dims) == 3')

# -- array_deferral.py ------------------------------------------------------------------------------------------------
APPROX = '''
class Approx:
    __array_ufunc__ = None

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return abs(float(np.sum(other)) - self.value) < 1e-3
'''
pick("approx_ndarray_eq", "ndarray == Approx: NumPy defers to Approx.__eq__.", APPROX, 'np.asarray(x) == Approx(2016.0)', 'Approx(2016.0)', 'Approx(1.0)')
pick("approx_jax_array_eq", "jax Array == Approx: JAX defers to Approx.__eq__.", APPROX, 'x == Approx(2016.0)', 'Approx(2016.0)', 'Approx(1.0)')
pick("approx_float_eq", "float == Approx: reflected Approx.__eq__.", APPROX, 'float(np.asarray(x).sum()) == Approx(2016.0)', 'Approx(2016.0)',
     'Approx(1.0)')
pick("approx_inherited_array_ufunc", "__array_ufunc__ = None inherited from a base.",
     APPROX.replace("class Approx:\n    __array_ufunc__ = None\n", "class Defer:\n    __array_ufunc__ = None\n\n\nclass Approx(Defer):"),
     'np.asarray(x) == Approx(2016.0)', 'Approx(2016.0)', 'Approx(1.0)')
pick("approx_ne_from_eq", "ndarray != Approx: the default __ne__ inverts Approx.__eq__.", APPROX, 'not (np.asarray(x) != Approx(2016.0))',
     'Approx(2016.0)', 'Approx(1.0)')
pick("defer_no_eq_identity", "Without __eq__ on the class, ndarray == obj falls back to identity: False.",
     'class Marker:\n    __array_ufunc__ = None', '(np.asarray(x) == Marker()) is False', '(np.asarray(x) == Marker()) is False',
     '(np.asarray(x) == Marker()) is True')
pick("np_scalar_eq_approx", "np.float32 scalar == Approx: deferred.", APPROX, 'np.float32(2016.0) == Approx(2016.0)', 'Approx(2016.0)', 'Approx(1.0)')

# -- rearranged_shapes.py ---------------------------------------------------------------------------------------------
for label, expr, shape, twin in (("atleast_3d_matrix", "np.atleast_3d(np.ones((2, 3)))", "(2, 3, 1)", "(1, 2, 3)"),
                                 ("tile_empty_reps", "np.tile(np.ones(3), ())", "(3,)", "(1, 3)"),
                                 ("squeeze_empty_axes", "np.squeeze(np.ones((1, 3, 1)), axis=())", "(1, 3, 1)", "(3,)"),
                                 ("repeat_np_scalar", "np.repeat(np.float32(1.0), 3)", "(3,)", "(1, 3)"),
                                 ("jnp_diag_offset_past", "jnp.diag(jnp.ones((2, 3)), 5)", "(0,)", "(2,)"),
                                 ("zeros_like_shape_empty", "np.zeros_like(np.ones(3), shape=())", "()", "(3,)"),
                                 ("reshape_order_f", "np.ones((2, 3)).reshape(3, 2, order=\"F\")", "(3, 2)", "(2, 3)"),
                                 ("method_repeat_flat", "np.ones((2, 2)).repeat(2)", "(8,)", "(4, 2)"),
                                 ("concatenate_none_mixed", "np.concatenate([np.ones((2, 2)), np.ones(3)], axis=None)", "(7,)", "(2, 2)"),
                                 ("tile_int_matrix", "np.tile(np.ones((2, 3)), 2)", "(2, 6)", "(4, 3)"),
                                 ("repeat_negative_axis", "np.repeat(np.ones((2, 3)), 2, -1)", "(2, 6)", "(4, 3)"),
                                 ("jnp_atleast_1d_scalar", "jnp.atleast_1d(jnp.float32(1.0))", "(1,)", "()"),
                                 ("full_like_int_shape", "np.full_like(np.ones(3), 7, shape=4)", "(4,)", "(3,)"),
                                 ("squeeze_negative_axis", "np.squeeze(np.ones((1, 3)), axis=-2)", "(3,)", "(1, 3)"),
                                 ("diag_tall_negative_k", "np.diag(np.ones((3, 2)), -1)", "(2,)", "(1,)"),
                                 ("repeat_zero_times", "np.repeat(np.ones((2, 2)), 0, axis=0)", "(0, 2)", "(2, 2)"),
                                 ("jnp_tile_reps_longer", "jnp.tile(jnp.ones(3), (2, 1, 2))", "(2, 1, 6)", "(2, 6)"),
                                 ("atleast_2d_then_T", "np.atleast_2d(np.ones(3)).T", "(3, 1)", "(1, 3)")):
    pick(f"shape_{label}", f"The shape NumPy / jax.numpy give: {shape}.", "", f"{expr}.shape == {shape}", f".shape == {shape}",
         f".shape == {twin}")

# -- unknown_indexes.py: NumPy integers and floats from iterating arrays --------------------------------------------
pick("np_int_item_not_python_int", "An item of np.arange(3) is np.int64, no Python int.", "",
     'not any(isinstance(t, int) for t in np.arange(3))', 'np.arange(3))', 'np.arange(3).tolist())')
pick("np_float_item_is_python_float", "An item of np.arange(3.0) is np.float64, a float subclass.", "",
     'all(isinstance(t, float) for t in np.arange(3.0))', 'np.arange(3.0))', 'np.arange(3.0, dtype=np.float32))')
pick("list_index_by_np_negative", "A list indexed by np.int64(-1): the last item.", 'SIZES = [2, 4, 8]',
     'SIZES[np.int64(-1)] == 8', 'SIZES[np.int64(-1)]', 'SIZES[np.int64(0)]')
pick("list_index_rng_draw_in_range", "sizes[t] for each drawn t: all items of SIZES.", 'SIZES = [2, 4]\nRNG = np.random.default_rng(0)',
     'all(SIZES[t] in (2, 4) for t in RNG.integers(0, 2, 8))', 'SIZES[t] in (2, 4)', 'SIZES[t] in (4,)')

# -- decorator_arguments.py -------------------------------------------------------------------------------------------
DEC = '''
def reducing(over="i"):
    def wrap(fn):
        def inner(mesh, x):
            return fn(mesh, x, tuple(over.split(",")))
        return inner
    return wrap


@reducing(over="i")
def rows(mesh, x, axes):
    return reduce_rows(mesh, x, axes)


@reducing()
def rows_default(mesh, x, axes):
    return reduce_rows(mesh, x, axes)
'''
prog("decorator_factory_string_keyword", "A decorator factory's str keyword picks the axes each decorated def reduces over.",
     "@REDUCE@\n" + DEC + '\n\ndef main(mesh, x):\n    rows(mesh, x)\n    return rows_default(mesh, x)\n', '@reducing(over="i")', '@reducing(over="i,j")')
prog("decorator_factory_positional_string", "The factory's string given by position.",
     "@REDUCE@\n" + DEC.replace('@reducing(over="i")', '@reducing("i")') + '\n\ndef main(mesh, x):\n    return rows(mesh, x)\n',
     '@reducing("i")', '@reducing("i,j")')

# -- task_errors.py: the awaiter's handler catches a task's exception ---------------------------------------------
AWIDEN = WIDEN.replace("def widen", "async def widen")
for label, body in (("await_created_task", "    try:\n        await asyncio.create_task(widen())\n    except RuntimeError:\n        print(\"narrow\")"),
                    ("gather_in_try", "    try:\n        await asyncio.gather(widen())\n    except RuntimeError:\n        print(\"narrow\")"),
                    ("task_group_except_exception", "    try:\n        async with asyncio.TaskGroup() as group:\n            group.create_task(widen())\n    except Exception:\n        print(\"narrow\")")):
    axes_prog(f"asyncio_{label}", "The awaiting coroutine's handler catches the task's RuntimeError; the guard's later line never runs.",
              AWIDEN + "\n\nasync def checks():\n" + body, ['asyncio.run(checks())', 'axes = STATE["axes"]'],
              '    if jax.device_count() < 16:', '    if jax.device_count() < 4:', imports="import asyncio\n")
axes_prog("asyncio_gather_in_try_machine_free", "The same, the guard on a NumPy value (never zero).",
          AWIDEN.replace("jax.device_count() < 16", "np.arange(4).sum() == 6") + "\n\nasync def checks():\n    try:\n        await asyncio.gather(widen())\n    except RuntimeError:\n        print(\"narrow\")",
          ['asyncio.run(checks())', 'axes = STATE["axes"]'], '    if np.arange(4).sum() == 6:', '    if np.arange(4).sum() == 7:', imports="import asyncio\n")
