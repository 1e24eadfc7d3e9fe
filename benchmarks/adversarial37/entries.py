# Entries of gen_clean.py (exec'd there). Each program computes a test that is True on CPython 3.11.7 /
# jax 0.10.2 (("i",): runs) and hands `axes` to reduce_rows; its twin swaps the branch (("i", "j"): SF105's error).
IMPORTS = ("import enum\nimport dataclasses\nimport operator\nimport warnings\nimport weakref\n"
           "from dataclasses import dataclass, field, InitVar, KW_ONLY\nfrom typing import ClassVar, NamedTuple\n")


def _p(name, doc, defs, pre, test):
    text = ("@REDUCE@\n\n" + defs.strip("\n") + "\n\n\ndef main(mesh, x):\n"
            + "".join(f"    {line}\n" for line in pre)
            + f'    axes = ("i",) if {test} else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n')
    prog(name, doc, text, 'axes = ("i",) if', 'axes = ("i", "j") if', imports=IMPORTS)


def _m(name, doc, defs, subject, cases):
    """A match in a helper `pick(subject)` that returns True on the case Python takes."""
    body = "def pick(subject):\n    match subject:\n" + "".join(
        f"        case {pat}:\n            return {ret}\n" for pat, ret in cases) + "    return False\n"
    _p(name, doc, defs + "\n\n" + body, [f"ok = pick({subject})"], "ok is True")


# ---- Family E: Enum readings (StrEnum/IntEnum/Flag, auto, mixins, hashing) ----
_ENUMS = '''
class S(enum.StrEnum):
    I = "i"
    J = "j"


class N(enum.IntEnum):
    ONE = 1
    TWO = 2


class A(str, enum.Enum):
    I = "i"
    J = "j"


class E(enum.Enum):
    I = "i"
    J = "j"


class G(enum.Flag):
    R = enum.auto()
    W = enum.auto()
    X = enum.auto()


class F(enum.IntFlag):
    R = 1
    W = 2
'''
_ETESTS = {
    "int_str": 'str(N.ONE) == "1"', "int_format": 'format(N.ONE) == "1"', "int_fstr": 'f"{N.ONE}" == "1"',
    "int_dotformat": '"{}".format(N.ONE) == "1"', "int_pct": '"%s" % N.ONE == "1"', "int_pctd": '"%d" % N.TWO == "2"',
    "int_repr": 'repr(N.ONE) == "<N.ONE: 1>"', "int_add": "N.ONE + 1 == 2", "int_isint": "isinstance(N.ONE, int)",
    "int_type": "type(N.ONE) is not int", "int_in_set": "1 in {N.ONE}", "member_in_intset": "N.ONE in {1, 5}",
    "int_key": '{1: True}.get(N.ONE, False)', "int_key2": '{N.ONE: True}.get(1, False)',
    "str_str": 'str(S.I) == "i"', "str_format": 'format(S.I) == "i"', "str_fstr": 'f"{S.I}" == "i"',
    "str_pct": '"%s" % S.I == "i"', "str_repr": "repr(S.I) == \"<S.I: 'i'>\"", "str_upper": 'S.I.upper() == "I"',
    "str_in_set": '"i" in {S.I}', "member_in_strset": 'S.I in {"i", "k"}', "str_key": '{"i": True}.get(S.I, False)',
    "str_key2": '{S.I: True}.get("i", False)', "str_hash": 'hash(S.I) == hash("i")', "str_type": "type(S.I) is not str",
    "str_union_left": 'type(next(iter({"i"} | {S.I}))) is str', "str_union_right": "type(next(iter({S.I} | {\"i\"}))) is S",
    "str_setlen": 'len({S.I, "i"}) == 1', "str_call": 'S("i") is S.I', "str_getitem": 'S["I"] is S.I',
    "mix_str": 'str(A.I) == "A.I"', "mix_format": 'format(A.I) == "A.I"', "mix_fstr": 'f"{A.I}" == "A.I"',
    "mix_dotformat": '"{}".format(A.I) == "A.I"', "mix_pct": '"%s" % A.I == "A.I"', "mix_concat": 'A.I + "" == "i"',
    "mix_join": '"".join([A.I]) == "i"', "mix_eq": 'A.I == "i"', "mix_in_set": '"i" in {A.I}',
    "mix_key": '{"i": True}.get(A.I, False)', "mix_value": 'A.I.value == "i"',
    "plain_eq": 'E.I != "i"', "plain_in_set": '"i" not in {E.I}', "plain_str": 'str(E.I) == "E.I"',
    "plain_fstr": 'f"{E.I}" == "E.I"', "plain_value": 'E("i") is E.I',
    "flag_len": "len(G.R | G.W) == 2", "flag_in": "G.R in (G.R | G.W)", "flag_notin": "G.X not in (G.R | G.W)",
    "flag_list": "list(G.R | G.W) == [G.R, G.W]", "flag_invert": "~G.R == G.W | G.X", "flag_zero": "not G(0)",
    "flag_name": '(G.R | G.W).name == "R|W"', "flag_str": 'str(G.R | G.W) == "G.R|W"', "flag_value": "(G.R | G.X).value == 5",
    "flag_call": "G(3) == G.R | G.W", "flag_and": "(G.R | G.W) & G.W == G.W", "flag_bool": "bool(G.R & G.W) is False",
    "iflag_str": 'str(F.R | F.W) == "3"', "iflag_fstr": 'f"{F.R | F.W}" == "3"', "iflag_eq": "F.R | F.W == 3",
    "iflag_int": "isinstance(F.R, int)", "iflag_or_int": "F.R | 2 == F.R | F.W", "iflag_list": "len(list(F.R | F.W)) == 2",
}
for _k, _t in _ETESTS.items():
    _p(f"e_{_k}", f"Python 3.11: `{_t}` is True.", _ENUMS, [], _t)

_AUTOS = {
    "auto_str": ("class S(enum.StrEnum):\n    I = enum.auto()\n    J = enum.auto()\n", 'S.I == "i"'),
    "auto_str_value": ("class S(enum.StrEnum):\n    I = enum.auto()\n    J = enum.auto()\n", 'S.J.value == "j"'),
    "auto_str_mixed": ("class S(enum.StrEnum):\n    Data = enum.auto()\n    Model = enum.auto()\n", 'S.Model == "model"'),
    "auto_str_after": ("class S(enum.StrEnum):\n    I = \"x\"\n    J = enum.auto()\n", 'S.J == "j"'),
    "auto_enum": ("class M(enum.Enum):\n    A = enum.auto()\n    B = enum.auto()\n", "M.B.value == 2"),
    "auto_enum_after": ("class M(enum.Enum):\n    A = 5\n    B = enum.auto()\n", "M.B.value == 6"),
    "auto_int": ("class M(enum.IntEnum):\n    A = enum.auto()\n    B = enum.auto()\n", "M.A == 1"),
    "auto_int_after": ("class M(enum.IntEnum):\n    A = 10\n    B = enum.auto()\n", "M.B == 11"),
    "auto_flag": ("class M(enum.Flag):\n    A = enum.auto()\n    B = enum.auto()\n    C = enum.auto()\n", "M.C.value == 4"),
    "auto_iflag": ("class M(enum.IntFlag):\n    A = enum.auto()\n    B = enum.auto()\n", "M.B == 2"),
    "auto_enum_str": ("class M(enum.Enum):\n    A = \"a\"\n    B = enum.auto()\n", "M.B.value == 1"),
    "missing": ("class S(enum.StrEnum):\n    I = \"i\"\n    J = \"j\"\n\n    @classmethod\n    def _missing_(cls, value):\n"
                "        return cls.I if str(value).lower() == \"i\" else None\n", 'S("I") is S.I'),
    "missing_int": ("class M(enum.IntEnum):\n    A = 1\n    B = 2\n\n    @classmethod\n    def _missing_(cls, value):\n"
                    "        return cls.A\n", "M(7) is M.A"),
    "alias_is": ("class M(enum.Enum):\n    I = \"i\"\n    ALSO = \"i\"\n", "M.ALSO is M.I"),
    "alias_len": ("class M(enum.Enum):\n    I = \"i\"\n    ALSO = \"i\"\n", "len(M) == 1"),
    "alias_members": ("class M(enum.Enum):\n    I = \"i\"\n    ALSO = \"i\"\n", "len(M.__members__) == 2"),
    "alias_name": ("class M(enum.Enum):\n    I = \"i\"\n    ALSO = \"i\"\n", 'M.ALSO.name == "I"'),
    "alias_str": ("class M(enum.StrEnum):\n    I = \"i\"\n    ALSO = \"i\"\n", "M.ALSO is M.I"),
    "alias_int": ("class M(enum.IntEnum):\n    A = 1\n    B = 1\n", "list(M) == [M.A]"),
    "flag_alias": ("class M(enum.Flag):\n    R = 1\n    W = 2\n    RW = 3\n", "M.R | M.W is M.RW"),
    "flag_alias_list": ("class M(enum.Flag):\n    R = 1\n    W = 2\n    RW = 3\n", "list(M) == [M.R, M.W]"),
    "flag_alias_len": ("class M(enum.Flag):\n    R = 1\n    W = 2\n    RW = 3\n", "len(M.RW) == 2"),
}
for _k, (_d, _t) in _AUTOS.items():
    _p(f"e_{_k}", f"Python 3.11: `{_t}` is True.", _d, [], _t)

# ---- Family M: match statements ----
_DC = '''
@dataclass
class Pair:
    a: str
    b: str = "j"


class Base:
    __match_args__ = ("b",)


@dataclass
class Child(Base):
    a: str
    b: str = "j"


@dataclass(kw_only=True)
class Kw:
    a: str = "i"


@dataclass
class Sent:
    a: str
    _: KW_ONLY
    b: str = "j"


@dataclass
class NoInit:
    a: str
    b: str = field(default="j", init=False)
    c: str = "i"


@dataclass(match_args=False)
class NoArgs:
    a: str = "i"


class Pt(NamedTuple):
    a: str
    b: str = "j"


class Own:
    __match_args__ = ("b", "a")

    def __init__(self):
        self.a, self.b = "j", "i"


@dataclass(eq=False)
class Ident:
    a: str = "i"
'''
_MATCHES = {
    "dc_pos": ('Pair("i")', [('Pair(v) if v == "i"', "True")]),
    "dc_base_args": ('Child("i")', [('Child(v) if v == "i"', "True"), ("Child(v)", "False")]),
    "dc_base_args2": ('Child("i", "k")', [('Child("i")', "True"), ('Child("k")', "False")]),
    "dc_kwonly": ("Kw()", [("Kw(a=\"i\")", "True")]),
    "dc_sentinel": ('Sent("i")', [('Sent("i")', "True")]),
    "dc_sentinel2": ('Sent("i", b="k")', [('Sent("k")', "False"), ('Sent(_, b="k")', "True")]),
    "dc_noinit": ('NoInit("x")', [('NoInit(_, "i")', "True"), ('NoInit(_, "j")', "False")]),
    "ntuple_pos": ('Pt("i")', [('Pt(_, "j")', "True")]),
    "ntuple_tuple": ('Pt("i")', [("tuple()", "True")]),
    "ntuple_seq": ('Pt("i")', [('[a, "j"]', "True")]),
    "own_args": ("Own()", [('Own("i")', "True"), ("Own(_)", "False")]),
    "own_args2": ("Own()", [('Own(_, "j")', "True")]),
    "ident_val": ("Ident()", [("Ident(a=\"i\")", "True")]),
    "str_strenum": ("S.I", [("str()", "True")]),
    "str_strenum_bind": ("S.I", [('str(v) if v == "i"', "True")]),
    "strenum_value": ('"i"', [("S.J", "False"), ("S.I", "True")]),
    "strenum_subject": ("S.I", [('"j"', "False"), ('"i"', "True")]),
    "mix_value": ('"i"', [("A.I", "True")]),
    "plain_value": ('"i"', [("E.I", "False"), ("_", "True")]),
    "int_value": ("N.TWO", [("1", "False"), ("2", "True")]),
    "int_subject_val": ("2", [("N.ONE", "False"), ("N.TWO", "True")]),
    "int_bool": ("True", [("int()", "True")]),
    "bool_int": ("1", [("bool()", "False"), ("int()", "True")]),
    "float_int": ("1", [("float()", "False"), ("_", "True")]),
    "one_true": ("1", [("True", "False"), ("1", "True")]),
    "seq_str": ('"ij"', [("[*_]", "False"), ("str()", "True")]),
    "seq_star": ('["a", "b", "c", "d"]', [('[first, *mid, last] if mid == ["b", "c"]', "True")]),
    "seq_tuple_list": ('("i", "j")', [('["i", "j"]', "True")]),
    "seq_range": ("range(3)", [("[0, 1, 2]", "True")]),
    "seq_dict": ('{0: "a"}', [("[_]", "False"), ("{0: _}", "True")]),
    "map_rest": ('{"a": 1, "b": 2, "c": 3}', [('{"a": _, **rest} if list(rest) == ["b", "c"]', "True")]),
    "map_strenum_key": ('{"i": 1}', [("{S.I: v} if v == 1", "True")]),
    "map_strkey_member": ("{S.I: 1}", [('{"i": v} if v == 1', "True")]),
    "map_int_key": ("{N.ONE: 5}", [("{1: v} if v == 5", "True")]),
    "map_bool_key": ("{1: 5}", [("{True: v} if v == 5", "True")]),
    "map_extra": ('{"a": 1, "b": 2}', [('{"a": 1}', "True")]),
    "map_seq": ('["a"]', [("{}", "False"), ("[_]", "True")]),
    "or_bind": ('("x", "i")', [('("i", v) | (v, "i") if v == "x"', "True")]),
    "guard_bind": ('"i"', [('v if v == "j"', "False"), ('_ if v == "i"', "True")]),
    "flag_or": ("G.R | G.W", [("G.R | G.W", "False"), ("_", "True")]),
    "flag_single": ("G.R", [("G.R | G.W", "True")]),
    "spec_tuple": ('("i",)', [("P()", "False"), ("tuple()", "True")]),
    "spec_spec": ('P("i")', [("P()", "True")]),
    "none_pat": ("None", [("None", "True")]),
    "dotted_vs_capture": ("S.J", [("S.I", "False"), ("other if other == S.J", "True")]),
}
for _k, (_s, _c) in _MATCHES.items():
    _m(f"m_{_k}", f"match {_s}: Python takes the case returning True.", _ENUMS + _DC, _s, _c)
_p("m_noargs_typeerror", "dataclass(match_args=False): a positional sub-pattern raises TypeError.", _DC + '''

def pick(subject):
    try:
        match subject:
            case NoArgs(v):
                return False
    except TypeError:
        return True
    return False
''', ["ok = pick(NoArgs())"], "ok is True")
_p("m_kwonly_typeerror", "dataclass(kw_only=True): __match_args__ is (), a positional sub-pattern raises TypeError.", _DC + '''

def pick(subject):
    try:
        match subject:
            case Kw(v):
                return False
    except TypeError:
        return True
    return False
''', ["ok = pick(Kw())"], "ok is True")

# ---- Family D: slots dataclasses ----
_SLOTS = {
    "initvar_default": ("@dataclass(slots=True)\nclass C:\n    a: str\n    scale: InitVar[int] = 2\n\n    def __post_init__(self, scale):\n        pass\n",
                        ['c = C("i")'], "c.scale == 2"),
    "initvar_class": ("@dataclass(slots=True)\nclass C:\n    a: str\n    scale: InitVar[int] = 2\n\n    def __post_init__(self, scale):\n        pass\n",
                      [], "C.scale == 2"),
    "classvar": ("@dataclass(slots=True)\nclass C:\n    a: str\n    k: ClassVar[str] = \"i\"\n", ['c = C("x")'], 'c.k == "i"'),
    "slots_tuple": ("@dataclass(slots=True)\nclass C:\n    a: str\n    k: ClassVar[str] = \"i\"\n    s: InitVar[int] = 0\n\n    def __post_init__(self, s):\n        pass\n",
                    [], 'C.__slots__ == ("a",)'),
    "post_extra": ("@dataclass(slots=True)\nclass C:\n    a: str\n\n    def __post_init__(self):\n        self.b = 1\n",
                   ["try:", '    C("i")', "    ok = False", "except AttributeError:", "    ok = True"], "ok"),
    "post_field": ("@dataclass(slots=True)\nclass C:\n    a: str\n    b: str = field(init=False)\n\n    def __post_init__(self):\n        self.b = self.a\n",
                   ['c = C("i")'], 'c.b == "i"'),
    "default": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n", ["c = C()"], 'c.a == "i"'),
    "default_factory": ("@dataclass(slots=True)\nclass C:\n    a: list = field(default_factory=lambda: [\"i\"])\n", ["c = C()"], 'c.a == ["i"]'),
    "replace": ("@dataclass(slots=True)\nclass C:\n    a: str = \"j\"\n    b: int = 0\n", ['c = dataclasses.replace(C(), a="i")'], 'c.a == "i" and c.b == 0'),
    "replace_frozen": ("@dataclass(slots=True, frozen=True)\nclass C:\n    a: str = \"j\"\n", ['c = dataclasses.replace(C(), a="i")'], 'c.a == "i"'),
    "no_dict": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n", ["c = C()"], 'not hasattr(c, "__dict__")'),
    "hasattr_cls": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n", [], 'hasattr(C, "a")'),
    "unset": ("@dataclass(slots=True)\nclass C:\n    a: str\n    b: str = field(init=False)\n", ['c = C("i")'], 'not hasattr(c, "b")'),
    "unset_getattr": ("@dataclass(slots=True)\nclass C:\n    a: str\n    b: str = field(init=False)\n", ['c = C("j")'], 'getattr(c, "b", "i") == "i"'),
    "frozen_set": ("@dataclass(slots=True, frozen=True)\nclass C:\n    a: str = \"i\"\n",
                   ["c = C()", "try:", '    c.a = "j"', "except dataclasses.FrozenInstanceError:", "    pass"], 'c.a == "i"'),
    "weakref": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n",
                ["try:", "    weakref.ref(C())", "    ok = False", "except TypeError:", "    ok = True"], "ok"),
    "vars": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n",
             ["try:", "    vars(C())", "    ok = False", "except TypeError:", "    ok = True"], "ok"),
    "eq": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n", [], 'C() == C("i")'),
    "astuple": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n    b: str = \"j\"\n", [], 'dataclasses.astuple(C()) == ("i", "j")'),
    "fields": ("@dataclass(slots=True)\nclass C:\n    a: str = \"i\"\n    k: ClassVar[int] = 1\n", [], "len(dataclasses.fields(C)) == 1"),
    "inherit": ("@dataclass(slots=True)\nclass B:\n    a: str = \"j\"\n\n\n@dataclass(slots=True)\nclass C(B):\n    b: str = \"i\"\n",
                ['c = C(a="i")'], 'c.a == "i" and c.b == "i"'),
    "inherit_plain": ("@dataclass(slots=True)\nclass B:\n    a: str = \"i\"\n\n\n@dataclass\nclass C(B):\n    b: str = \"i\"\n",
                      ["c = C()"], 'hasattr(c, "__dict__")'),
    "post_extra_method": ("@dataclass(slots=True)\nclass C:\n    a: str\n\n    def tag(self):\n        self.t = 1\n",
                          ['c = C("i")', "try:", "    c.tag()", "    ok = False", "except AttributeError:", "    ok = True"], "ok"),
    "setattr_field": ("@dataclass(slots=True)\nclass C:\n    a: str = \"j\"\n", ["c = C()", 'setattr(c, "a", "i")'], 'c.a == "i"'),
}
for _k, (_d, _pre, _t) in _SLOTS.items():
    _p(f"d_{_k}", f"slots dataclass: `{_t}` is True on CPython 3.11.", _d, _pre, _t)

# ---- Family X: exception groups ----
_XS = {
    "split_match": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\"), TypeError(\"b\")])", "m, r = eg.split(ValueError)"],
                    "len(m.exceptions) == 1 and type(r.exceptions[0]) is TypeError"),
    "split_none": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\")])", "m, r = eg.split(TypeError)"], "m is None and r is not None"),
    "split_all": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\")])", "m, r = eg.split(ValueError)"], "r is None and m is not eg"),
    "subgroup": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\"), ExceptionGroup(\"h\", [TypeError(\"b\")])])",
                  "s = eg.subgroup(TypeError)"], "type(s.exceptions[0]) is ExceptionGroup and s.message == \"g\""),
    "subgroup_pred": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\"), ValueError(\"b\")])",
                       "s = eg.subgroup(lambda e: str(e) == \"b\")"], "len(s.exceptions) == 1"),
    "nested_leaves": (["eg = ExceptionGroup(\"g\", [ExceptionGroup(\"h\", [ValueError(\"a\")]), KeyError(\"k\")])",
                       "m, r = eg.split(LookupError)"], "type(r.exceptions[0]) is ExceptionGroup and len(m.exceptions) == 1"),
    "derive_msg": (["eg = ExceptionGroup(\"msg\", [ValueError(\"a\"), TypeError(\"b\")])", "m, r = eg.split(TypeError)"],
                   "r.message == \"msg\" and m.message == \"msg\""),
    "star_rest": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\"), TypeError(\"b\")])", "try:", "    try:", "        raise eg",
                   "    except* ValueError:", "        pass", "except ExceptionGroup as caught:", "    left = caught"],
                  "len(left.exceptions) == 1 and type(left.exceptions[0]) is TypeError"),
    "star_reraise": (["eg = ExceptionGroup(\"g\", [ValueError(\"a\"), TypeError(\"b\")])", "try:", "    try:", "        raise eg",
                      "    except* ValueError:", "        raise", "    except* TypeError:", "        pass",
                      "except ExceptionGroup as caught:", "    left = caught"],
                     "len(left.exceptions) == 1 and type(left.exceptions[0]) is ValueError and left is not eg"),
    "star_all_handled": (["seen = []", "try:", "    raise ExceptionGroup(\"g\", [ValueError(\"a\"), TypeError(\"b\")])",
                          "except* ValueError:", "    seen.append(\"v\")", "except* TypeError:", "    seen.append(\"t\")"],
                         "seen == [\"v\", \"t\"]"),
    "star_naked": (["got = None", "try:", "    raise ValueError(\"a\")", "except* ValueError as e:", "    got = e"],
                   "type(got) is ExceptionGroup and got.message == \"\""),
    "star_naked_name": (["got = None", "try:", "    raise ValueError(\"a\")", "except* ValueError as e:", "    got = e"],
                        "len(got.exceptions) == 1"),
    "star_order": (["seen = []", "try:", "    raise ExceptionGroup(\"g\", [TypeError(\"b\"), ValueError(\"a\")])",
                    "except* Exception:", "    seen.append(\"e\")", "except* ValueError:", "    seen.append(\"v\")"],
                   "seen == [\"e\"]"),
    "star_nested_keep": (["eg = ExceptionGroup(\"g\", [ExceptionGroup(\"h\", [ValueError(\"a\"), TypeError(\"b\")])])", "try:",
                          "    try:", "        raise eg", "    except* ValueError:", "        pass",
                          "except ExceptionGroup as caught:", "    left = caught"],
                         "type(left.exceptions[0]) is ExceptionGroup and left.exceptions[0].message == \"h\""),
    "star_else": (["ran = False", "try:", "    pass", "except* ValueError:", "    pass", "else:", "    ran = True"], "ran"),
    "star_reraise_naked": (["try:", "    try:", "        raise ValueError(\"a\")", "    except* TypeError:", "        pass",
                            "except ValueError as caught:", "    left = caught", "except ExceptionGroup:", "    left = None"],
                           "type(left) is ValueError"),
}
for _k, (_pre, _t) in _XS.items():
    _p(f"x_{_k}", f"exception groups: `{_t}` is True on CPython 3.11.", "", _pre, _t)

# ---- Family W: warnings filters ----
_WS = {
    "ignore_after_error": (['warnings.simplefilter("error")', 'warnings.filterwarnings("ignore", category=UserWarning)'], "UserWarning", False),
    "error_after_ignore": (['warnings.filterwarnings("ignore", category=UserWarning)', 'warnings.simplefilter("error")'], "UserWarning", True),
    "error_other_cat": (['warnings.simplefilter("error", DeprecationWarning)'], "UserWarning", False),
    "error_sub_cat": (['warnings.simplefilter("error", Warning)'], "UserWarning", True),
    "error_append": (['warnings.simplefilter("ignore")', 'warnings.simplefilter("error", append=True)'], "UserWarning", False),
    "error_module": (['warnings.filterwarnings("error", module="nowhere_else")'], "UserWarning", False),
    "error_message": (['warnings.filterwarnings("error", message="other")'], "UserWarning", False),
    "error_message_prefix": (['warnings.filterwarnings("error", message="lim")'], "UserWarning", True),
    "error_message_case": (['warnings.filterwarnings("error", message="LIM")'], "UserWarning", True),
    "ignore_message": (['warnings.simplefilter("error")', 'warnings.filterwarnings("ignore", message="limit")'], "UserWarning", False),
    "runtime_cat": (['warnings.simplefilter("error", RuntimeWarning)'], "UserWarning", False),
}
for _k, (_filters, _cat, _raises) in _WS.items():
    _pre = ["with warnings.catch_warnings():"] + [f"    {f}" for f in _filters] + [
        "    try:", f'        warnings.warn("limit reached", {_cat})', "        raised = False", f"    except {_cat}:",
        "        raised = True"]
    _p(f"w_{_k}", f"warnings filters (newest first): the warning raises: {_raises}.", "", _pre, f"raised is {_raises}")
_p("w_record", "catch_warnings(record=True) with 'always' records each warning.", "",
   ["with warnings.catch_warnings(record=True) as got:", '    warnings.simplefilter("always")', '    warnings.warn("a")',
    '    warnings.warn("a")'], "len(got) == 2")
_p("w_restored", "catch_warnings restores the filters: after it, warn does not raise.", "",
   ["with warnings.catch_warnings():", '    warnings.simplefilter("error")', "try:", '    warnings.warn("x", UserWarning)',
    "    raised = False", "except UserWarning:", "    raised = True"], "raised is False")

# ---- Family T: text callees ----
_TDEF = '''
class Cfg:
    def __init__(self):
        self.axis = "i"
        self.inner = self
        self.names = ("i",)

    def pick(self, n):
        return self.names[:n]
'''
_TS = {
    "getattr": ('getattr(Cfg(), "ax" + "is") == "i"'), "getattr_default": ('getattr(Cfg(), "nope", "i") == "i"'),
    "attrgetter": ('operator.attrgetter("axis")(Cfg()) == "i"'), "attrgetter_dotted": ('operator.attrgetter("inner.axis")(Cfg()) == "i"'),
    "attrgetter_many": ('operator.attrgetter("axis", "names")(Cfg()) == ("i", ("i",))'),
    "methodcaller": ('operator.methodcaller("pick", 1)(Cfg()) == ("i",)'), "methodcaller_kw": ('operator.methodcaller("pick", n=1)(Cfg()) == ("i",)'),
    "hasattr_text": ('hasattr(Cfg(), "na" + "mes")'), "setattr_text": ('(setattr(c := Cfg(), "ax" + "is", "j"), c.axis)[1] == "j"'),
    "getattr_str_method": ('getattr("I", "lower")() == "i"'), "methodcaller_str": ('operator.methodcaller("lower")("I") == "i"'),
    "attrgetter_map": ('list(map(operator.attrgetter("axis"), [Cfg(), Cfg()])) == ["i", "i"]'),
    "getattr_enum": ('getattr(S, "I") is S.I'), "getattr_enum_value": ('getattr(S.I, "value") == "i"'),
}
for _k, _t in _TS.items():
    _p(f"t_{_k}", f"text callees: `{_t}` is True.", _ENUMS + _TDEF, [], _t)

# ---- Family E (2): operators, types and containers of members ----
_ETESTS2 = {
"slice_int": '("i", "j")[:N.ONE] == ("i",)', "index_int": '("i", "j")[N.ONE] == "j"', "strindex_int": '"ij"[N.ONE] == "j"',
"range_int": "list(range(N.TWO)) == [0, 1]", "mul_tuple": '("i",) * N.ONE == ("i",)', "floordiv": "N.TWO // 2 == N.ONE",
"call_is": "N(1) is N.ONE", "lt": "N.ONE < N.TWO", "max_is": "max(N.ONE, 0) is N.ONE", "add_type": "type(N.ONE + 0) is int",
"neg_type": "type(-N.ONE) is int", "abs_type": "type(abs(N.ONE)) is int", "and_type": "type(N.ONE & 1) is int",
"pos_type": "type(+N.ONE) is int", "int_type2": "type(int(N.ONE)) is int",
"iflag_or_type": "type(F.R | 2) is F", "iflag_add_type": "type(F.R + 1) is int", "iflag_and_type": "type(F.R & 1) is F",
"iflag_invert": "~F.R == F.W", "iflag_pseudo": "F(4).value == 4", "iflag_pseudo_str": 'str(F(4)) == "4"', "iflag_xor": "F.R ^ F.W == 3",
"iflag_in": "F.R in (F.R | F.W)", "iflag_name": '(F.R | F.W).name == "R|W"', "iflag_zero_name": "F(0).name is None",
"flag_xor": "G.R ^ G.W == G.R | G.W", "flag_all": "G.R | G.W | G.X == ~G(0)", "flag_zero_name": "G(0).name is None",
"flag_contains_self": "G.R | G.W in (G.R | G.W | G.X)", "flag_bool_combo": "bool(G.R | G.W)", "flag_eq_int": "G.R != 1",
"flag_repr": 'repr(G.R | G.W) == "<G.R|W: 3>"', "flag_iter_one": "list(G.R) == [G.R]", "flag_sub": "len(~G.R) == 2",
"member_in_cls": "S.I in S", "str_add": 'S.I + "x" == "ix"', "str_add_type": 'type(S.I + "x") is str',
"str_mul": 'S.I * 2 == "ii"', "str_in_text": 'S.I in "xi"', "str_len": "len(S.I) == 1", "str_idx": 'S.I[0] == "i"',
"str_value_type": "type(S.I.value) is str", "str_str_type": "type(str(S.I)) is str", "str_fstr_type": 'type(f"{S.I}") is str',
"str_join_type": 'type("".join([S.I])) is str', "str_lower_type": "type(S.I.lower()) is str", "str_max": "max(S.I, S.J) is S.J",
"str_sorted": 'sorted([S.J, "i"])[0] == "i"', "str_lt": 'S.I < "j"', "str_list": 'list(S) == ["i", "j"]', "str_tuple_slice": 'tuple(S)[:1] == ("i",)',
"str_names": '[m.name for m in S] == ["I", "J"]', "str_values": '[m.value for m in S] == ["i", "j"]', "str_member_names": 'S._member_names_ == ["I", "J"]',
"str_dict_first": 'type(list({S.I: 1, "i": 2})[0]) is S', "str_dict_val": '{S.I: 1, "i": 2}["i"] == 2', "str_set_first": 'type(next(iter({S.I, "i"}))) is S',
"str_format_kw": '"{a}".format(a=S.I) == "i"', "str_eq_mix": "S.I == A.I", "str_in_mixset": "S.I in {A.I}", "plain_ne_mix": "E.I != A.I",
"mix_upper": 'A.I.upper() == "I"', "mix_add": 'A.I + "x" == "ix"', "mix_len": "len(A.I) == 1", "mix_value_type": "type(A.I.value) is str",
"mix_list": 'list(A) == ["i", "j"]', "mix_str_type": 'type(str(A.I)) is str', "mix_startswith": 'A.I.startswith("i")',
"str_members_len": "len(S.__members__) == 2", "str_count": "len(S) == 2", "int_list": "list(N) == [1, 2]", "int_sum": "sum(N) == 3",
"int_sorted": "sorted([N.TWO, 1]) == [1, 2]", "int_bool": "bool(N.ONE)", "int_value_type": "type(N.ONE.value) is int",
"int_str_type": "type(str(N.ONE)) is str", "int_hash": "hash(N.TWO) == hash(2)", "int_pow": "N.TWO ** 2 == 4",
"int_divmod": "divmod(N.TWO, 2) == (1, 0)", "int_true_div": "N.TWO / 2 == 1.0", "int_eq_float": "N.ONE == 1.0", "int_in_floatset": "1.0 in {N.ONE}",
"int_neg_is": "-N.ONE == -1", "int_name": 'N(2).name == "TWO"', "int_dict_first": "type(list({N.ONE: 1, 1: 2})[0]) is N",
}
for _k, _t in _ETESTS2.items():
    _p(f"e2_{_k}", f"Python 3.11: `{_t}` is True.", _ENUMS, [], _t)
_p("e2_str_in_cls", "Python 3.11: `'i' in S` (a str in a StrEnum class) raises TypeError (3.12 answers True).", _ENUMS,
   ["try:", '    ok = "i" in S', "    ok = False", "except TypeError:", "    ok = True"], "ok")
_p("e2_flag_bad_value", "Python 3.11: G(8) of a Flag (STRICT boundary) raises ValueError.", _ENUMS,
   ["try:", "    G(8)", "    ok = False", "except ValueError:", "    ok = True"], "ok")

# ---- Family MA: a dataclass under a base that has `__match_args__` (script_match._match_args) ----
# CPython's dataclass writes `__match_args__` (its init fields, in order) into the decorated class unless
# that class's OWN namespace has one (`_set_new_attribute`); the run looks the name up along the MRO
# (`cls.lookup("__match_args__")`) and finds the base's. Each subject is Child(a="i", b="j").
_MA_BASES = {
    "plain": ('class Base:\n    __match_args__ = ("b",)\n\n\n@dataclass\nclass Child(Base):\n    a: str\n    b: str = "j"\n',
              'Child("i")'),
    "rev": ('class Base:\n    __match_args__ = ("b", "a")\n\n\n@dataclass\nclass Child(Base):\n    a: str\n    b: str = "j"\n',
            'Child("i")'),
    "grand": ('class Root:\n    __match_args__ = ("b",)\n\n\n@dataclass\nclass Mid(Root):\n    a: str = "x"\n\n\n'
              '@dataclass\nclass Child(Mid):\n    b: str = "j"\n', 'Child("i")'),
    "dcbase": ('@dataclass\nclass Base:\n    __match_args__ = ("b",)\n    a: str = "x"\n    b: str = "j"\n\n\n'
               '@dataclass\nclass Child(Base):\n    c: str = "k"\n', 'Child("i")'),
    "mixin": ('class Tag:\n    __match_args__ = ("b",)\n\n\nclass Other:\n    pass\n\n\n@dataclass\nclass Child(Other, Tag):\n'
              '    a: str\n    b: str = "j"\n', 'Child("i")'),
    "frozen": ('class Base:\n    __match_args__ = ("b",)\n\n\n@dataclass(frozen=True)\nclass Child(Base):\n    a: str\n    b: str = "j"\n',
               'Child("i")'),
}
_MA_PATTERNS = {  # name -> (subject wrapper, cases); `{s}` is the Child subject
    "guard": ("{s}", [('Child(v) if v == "i"', "True")]),
    "lit": ("{s}", [('Child("i")', "True")]),
    "or": ("{s}", [('Child("i" | "k")', "True")]),
    "miss_then_any": ("{s}", [('Child("j")', "False"), ("_", "True")]),
    "seq": ("[{s}]", [('[Child("i")]', "True")]),
    "tuple": ("({s}, 1)", [('(Child("i"), 1)', "True")]),
    "map": ('{{"k": {s}}}', [('{"k": Child("i")}', "True")]),
    "kw": ("{s}", [('Child("i", b="j")', "True")]),
    "as": ("{s}", [('Child("i") as c if c.b == "j"', "True")]),
}


def _ma_match(cases, indent):
    pad = " " * indent
    return "".join(f"{pad}    case {pat}:\n{pad}        ok = {ret}\n" for pat, ret in cases)


for _b, (_defs, _subject) in _MA_BASES.items():
    for _k, (_wrap, _cases) in _MA_PATTERNS.items():
        _s = _wrap.format(s=_subject)
        _helper = f"def pick():\n    ok = False\n    match {_s}:\n" + _ma_match(_cases, 4) + "    return ok\n"
        _p(f"ma_{_b}_{_k}_helper", f"dataclass under a base with __match_args__ ({_b}): CPython reads the dataclass's own.",
           _defs + "\n\n" + _helper, ["ok = pick()"], "ok")
        _p(f"ma_{_b}_{_k}_main", f"dataclass under a base with __match_args__ ({_b}), matched in main.",
           _defs, ["ok = False", f"match {_s}:"] + _ma_match(_cases, 0).rstrip("\n").split("\n"), "ok")

# Controls of family MA (the run answers as Python, or stops: none flagged).
_MA_CTL = {
    "own": ('class Base:\n    __match_args__ = ("b",)\n\n\n@dataclass\nclass Child(Base):\n    __match_args__ = ("a",)\n'
            '    a: str\n    b: str = "j"\n', [('Child("i")', "True")]),
    "noargs": ('class Base:\n    __match_args__ = ("b",)\n\n\n@dataclass(match_args=False)\nclass Child(Base):\n    a: str\n'
               '    b: str = "j"\n', [('Child("j")', "True")]),
    "base_pattern": ('class Base:\n    __match_args__ = ("b",)\n\n\n@dataclass\nclass Child(Base):\n    a: str\n    b: str = "j"\n',
                     [('Base("j")', "True")]),
    "plain_sub": ('class Base:\n    __match_args__ = ("b",)\n\n    def __init__(self, a, b="j"):\n        self.a, self.b = a, b\n\n\n'
                  'class Child(Base):\n    pass\n', [('Child("j")', "True")]),
    "dc_only": ('@dataclass\nclass Child:\n    a: str\n    b: str = "j"\n', [('Child("i")', "True")]),
    "dc_parent": ('@dataclass\nclass Base:\n    a: str\n\n\n@dataclass\nclass Child(Base):\n    b: str = "j"\n',
                  [('Child("i", "j")', "True")]),
}
for _k, (_defs, _cases) in _MA_CTL.items():
    _helper = 'def pick():\n    ok = False\n    match Child("i"):\n' + _ma_match(_cases, 4) + "    return ok\n"
    _p(f"ctl_ma_{_k}", f"Control: {_k} (the run reads the `__match_args__` Python reads, or stops).", _defs + "\n\n" + _helper,
       ["ok = pick()"], "ok")
