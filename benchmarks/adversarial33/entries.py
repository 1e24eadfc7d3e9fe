# Entries of gen_clean.py (exec'd there). Two families (README: causes A and B). Every program picks `axes`
# by what Python really does and hands it to reduce_rows(mesh, x, axes): ("i",) runs, ("i", "j") raises
# SF105's error. The twin negates the test (one line).

# -- A. hint_kinds.certain_kind: a subscripted hint whose head is the module's own class is read as a field.
#    `Shared[tuple]` is whatever Shared's `__class_getitem__` (or its metaclass's `__getitem__`) returns:
#    here typing.ClassVar[...] or dataclasses.InitVar[...], which dataclasses reads as no field.
_HEADS = {
    "cgi_classvar": "class Shared:\n    def __class_getitem__(cls, item):\n        return typing.ClassVar[item]\n",
    "cgi_classvar_bare": "class Shared:\n    def __class_getitem__(cls, item):\n        return typing.ClassVar\n",
    "cgi_initvar": "class Shared:\n    def __class_getitem__(cls, item):\n        return dataclasses.InitVar[item]\n",
    "cgi_inherited": ("class SharedBase:\n    def __class_getitem__(cls, item):\n        return typing.ClassVar[item]\n\n\n"
                      "class Shared(SharedBase):\n    pass\n"),
    "cgi_classmethod": ("class Shared:\n    @classmethod\n    def __class_getitem__(cls, item):\n"
                        "        return typing.ClassVar[item]\n"),
    "meta_getitem": ("class SharedMeta(type):\n    def __getitem__(cls, item):\n        return typing.ClassVar[item]\n\n\n"
                     "class Shared(metaclass=SharedMeta):\n    pass\n"),
    "cgi_from_import": ("from typing import ClassVar\n\n\nclass Shared:\n    def __class_getitem__(cls, item):\n"
                        "        return ClassVar[item]\n"),
}
_READS = {
    "nfields": "len(dataclasses.fields(Plan)) == 1",
    "field_names": '[f.name for f in dataclasses.fields(Plan)] == ["size"]',
    "asdict_keys": 'list(dataclasses.asdict(Plan())) == ["size"]',
    "astuple_len": "len(dataclasses.astuple(Plan())) == 1",
    "positional": 'Plan(("i", "j")).shared == ("i",)',
    "repr": 'repr(Plan()) == "Plan(size=8)"',
}
_DECOS = {"plain": "@dataclasses.dataclass", "called": "@dataclasses.dataclass()", "frozen": "@dataclasses.dataclass(frozen=True)"}
for _hk, _head in _HEADS.items():
    for _rk, _test in _READS.items():
        for _dk, _deco in _DECOS.items():
            _text = (_head + f"\n\n{_deco}\nclass Plan:\n    shared: Shared[tuple] = (\"i\",)\n    size: object = 8\n\n"
                     "    def __post_init__(self, *extra):\n        object.__setattr__(self, \"extra\", extra)\n"
                     "@REDUCE@\n\n\ndef main(mesh, x):\n"
                     f"    axes = (\"i\",) if {_test} else (\"i\", \"j\")\n    return reduce_rows(mesh, x, axes)\n")
            prog(f"hint_{_hk}_{_rk}_{_dk}",
                 f"`shared: Shared[tuple]` where Shared[...] is {_hk.replace('_', ' ')}: dataclasses makes no field of it "
                 f"(read by {_rk}, {_dk} dataclass).",
                 _text, f"if {_test} else", f"if not ({_test}) else", imports="import dataclasses\nimport typing\n")

# -- B. Deprecated experimental names imported under warnings-as-errors: `from jax.experimental.pjit import pjit`
#    and `from jax.experimental.shard_map import shard_map` warn (DeprecationWarning, from the module's
#    __getattr__, on every import) on jax 0.10.2; under an "error" filter the import raises it, and the handler runs.
_IMPORTS = {
    "pjit": "from jax.experimental.pjit import pjit",
    "pjit_as": "from jax.experimental.pjit import pjit as legacy_jit",
    "shard_map": "from jax.experimental.shard_map import shard_map",
    "shard_map_as": "from jax.experimental.shard_map import shard_map as legacy_map",
}
_FILTERS = {
    "simple": 'warnings.simplefilter("error")',
    "simple_dep": 'warnings.simplefilter("error", DeprecationWarning)',
    "filter": 'warnings.filterwarnings("error")',
    "filter_cat": 'warnings.filterwarnings("error", category=DeprecationWarning)',
    "filter_msg": 'warnings.filterwarnings("error", message=".*deprecated")',
}
_CATCHES = {"dep": "DeprecationWarning", "warning": "Warning", "exception": "Exception",
            "pair": "(ImportError, DeprecationWarning)"}
for _ik, _imp in _IMPORTS.items():
    for _fk, _filt in _FILTERS.items():
        for _ck, _exc in _CATCHES.items():
            for _sk in ("with", "reset"):
                if _sk == "with":
                    _lines = ["with warnings.catch_warnings():", f"    {_filt}", "    try:", f"        {_imp}",
                              '        axes = ("i", "j")', f"    except {_exc}:", '        axes = ("i",)']
                else:
                    if _ck in ("warning", "pair"):
                        continue
                    _lines = [_filt, "try:", f"    {_imp}", '    axes = ("i", "j")', f"except {_exc}:",
                              '    axes = ("i",)', "finally:", "    warnings.resetwarnings()"]
                _text = "@REDUCE@\n\n\ndef main(mesh, x):\n" + "".join(f"    {_l}\n" for _l in _lines) + \
                    "    return reduce_rows(mesh, x, axes)\n"
                _old = '        axes = ("i",)\n' if _sk == "with" else '    axes = ("i",)\n'
                prog(f"warn_{_ik}_{_fk}_{_ck}_{_sk}",
                     f"`{_imp}` under {_filt} raises DeprecationWarning on jax 0.10.2: the handler picks the axes "
                     f"(except {_exc}, {_sk}).", _text, _old, _old.replace('("i",)', '("i", "j")'),
                     imports="import warnings\n")

# -- C. introspection_roads.introspects: roads to a closure cell or a frame that name none of ROADS. A descriptor
#    fetched from a type's namespace (`vars(type(get))["__closure__"].__get__(get)`, `type(cell).__dict__[...]`)
#    or `inspect.getmembers` hands out the same objects as `get.__closure__` / `cell_contents` / `tb_frame` /
#    `f_locals`, but the names are str keys of a dict, not attributes. --------------------------------------------
C_MAKER = '''

def maker():
    state = {"axes": ("i", "j")}

    def get():
        return state["axes"]
    return get
'''
C_MAKER_T = '''

def maker():
    axes = ("i", "j")

    def get():
        return axes
    return get
'''
C_MAKER_L = '''

def maker():
    state = ["i", "j"]

    def get():
        return tuple(state)
    return get
'''
C_MAKER_F = '''

KEPT = []


def maker():
    state = {"axes": ("i", "j")}
    try:
        raise RuntimeError("kept")
    except RuntimeError as err:
        KEPT.append(err)

    def get():
        return state["axes"]
    return get
'''
C_IMPORTS = "import inspect\nimport types\n"
_CELL = {  # how the first cell of get's closure is reached
    "vars_type": 'cell = vars(type(get))["__closure__"].__get__(get)[0]',
    "type_dict": 'cell = type(get).__dict__["__closure__"].__get__(get)[0]',
    "function_type": 'cell = vars(types.FunctionType)["__closure__"].__get__(get)[0]',
    "getmembers": 'cell = dict(inspect.getmembers(get))["__closure__"][0]',
}
_HELD = {  # how the cell's object is reached, and what is done with it (maker, lines, old, new)
    "store": (C_MAKER, ['vars(type(cell))["cell_contents"].__get__(cell)["axes"] = ("i",)'], '("i",)', '("i", "j")'),
    "update": (C_MAKER, ['type(cell).__dict__["cell_contents"].__get__(cell).update(axes=("i",))'], '("i",)',
               '("i", "j")'),
    "members_store": (C_MAKER, ['dict(inspect.getmembers(cell))["cell_contents"]["axes"] = ("i",)'], '("i",)',
                      '("i", "j")'),
    "rebind_tuple": (C_MAKER_T, ['vars(type(cell))["cell_contents"].__set__(cell, ("i",))'], '("i",)', '("i", "j")'),
    "rebind_dict": (C_MAKER, ['type(cell).__dict__["cell_contents"].__set__(cell, {"axes": ("i",)})'], '("i",)',
                    '("i", "j")'),
    "list_pop": (C_MAKER_L, ['vars(type(cell))["cell_contents"].__get__(cell).pop()'], ".pop()", '.append("j")'),
}


def c_prog(name, doc, maker, lines, old, new, where):
    if where == "main":
        text = "@REDUCE@" + maker + "\n\ndef main(mesh, x):\n    get = maker()\n" + \
            "".join(f"    {line}\n" for line in lines) + "    axes = get()\n    return reduce_rows(mesh, x, axes)\n"
    elif where == "helper":
        text = "@REDUCE@" + maker + "\n\ndef poke(get):\n" + "".join(f"    {line}\n" for line in lines) + \
            "\n\ndef main(mesh, x):\n    get = maker()\n    poke(get)\n    axes = get()\n    return reduce_rows(mesh, x, axes)\n"
    else:
        text = "@REDUCE@" + maker + "\n\nget = maker()\n" + "".join(f"{line}\n" for line in lines) + \
            "\n\ndef main(mesh, x):\n    axes = get()\n    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, imports=C_IMPORTS)


for _ck, _cell in _CELL.items():
    for _hk, (_maker, _lines, _old, _new) in _HELD.items():
        for _where in ("main", "helper", "module"):
            c_prog(f"road_{_ck}_{_hk}_{_where}", f"The maker's cell reached by `{_cell}`; its object changed ({_hk}).",
                   _maker, [_cell] + _lines, _old, _new, _where)
_FRAME = {  # from the kept exception to the maker's f_locals, without naming a road
    "vars": ['tb = vars(BaseException)["__traceback__"].__get__(KEPT[0])',
             'frame = vars(type(tb))["tb_frame"].__get__(tb)',
             'vars(type(frame))["f_locals"].__get__(frame)["state"]["axes"] = ("i",)'],
    "getmembers": ['tb = dict(inspect.getmembers(KEPT[0]))["__traceback__"]',
                   'frame = dict(inspect.getmembers(tb))["tb_frame"]',
                   'dict(inspect.getmembers(frame))["f_locals"]["state"]["axes"] = ("i",)'],
    "type_dict": ['tb = BaseException.__dict__["__traceback__"].__get__(KEPT[-1])',
                  'frame = type(tb).__dict__["tb_frame"].__get__(tb)',
                  'type(frame).__dict__["f_locals"].__get__(frame)["state"].update(axes=("i",))'],
}
for _fk, _lines in _FRAME.items():
    for _where in ("main", "helper", "module"):
        c_prog(f"road_frame_{_fk}_{_where}", "The maker's frame reached from a kept exception through type "
               f"namespaces ({_fk}); its f_locals hand out the dict.", C_MAKER_F, _lines, '("i",)', '("i", "j")', _where)

# -- D. collected_errors._exits_quietly: an exit is found by its NAME in the module's functions and classes
#    (`exit`, `quit`, `SystemExit`, `.exit`, `._exit`, `.abort`). sys.exit bound to another name at the top level
#    (`from sys import exit as leave`, `halt = sys.exit`, `Stop = SystemExit`), or reached by a str
#    (`getattr(sys, "exit")`, `vars(sys)["exit"]`, `vars(builtins)["SystemExit"]`), ends the program quietly all
#    the same: the round leaves after a failed test (a NumPy step the run cannot decide), before the test that
#    would set the wrong axes and before any reduction. The run assumes the step passed. ----------------------
_EXITS = {
    "from_alias": ("from sys import exit as leave\n", "leave(0)"),
    "name_alias": ("import sys\nhalt = sys.exit\n", "halt(0)"),
    "class_alias": ("Stop = SystemExit\n", "raise Stop(0)"),
    "getattr": ("import sys\n", 'getattr(sys, "exit")(0)'),
    "vars_sys": ("import sys\n", 'vars(sys)["exit"](0)'),
    "vars_builtins": ("import builtins\n", 'raise vars(builtins)["SystemExit"](0)'),
    "table": ("import sys\nENDINGS = {\"done\": sys.exit}\n", 'ENDINGS["done"](0)'),
}
_STEPS = {
    "integers": ("self.rng.integers(0, 0, size=16)", "self.rng.integers(0, 1, size=16)"),
    "allclose": ("np.testing.assert_allclose(np.ones(3), np.zeros(3))",
                 "np.testing.assert_allclose(np.ones(3), np.ones(3))"),
}
for _ek, (_top, _exit) in _EXITS.items():
    for _tk, (_step, _ok) in _STEPS.items():
        for _pk in ("round", "later_test"):
            if _pk == "round":
                _after = f"        if failed:\n            {_exit}\n"
                _later = ""
            else:
                _after = ""
                _later = f"\n    def test_c_done(self):\n        if not self.plan.ready:\n            {_exit}\n"
            _text = (_top + f'''

class Plan:
    def __init__(self):
        self.axes = ("i",)
        self.ready = False


class PlanTest:
    def __init__(self, plan):
        self.plan = plan
        self.rng = np.random.default_rng(0)

    def test_a_step(self):
        {_step}
        self.plan.axes = ("i", "j")
        self.plan.ready = True

    def test_b_axes(self):
        assert self.plan.axes
{_later}

def run_tests(cls, plan):
    errors = []
    for name in sorted(name for name in dir(cls) if name.startswith("test")):
        failed = False
        try:
            getattr(cls(plan), name)()
        except Exception as e:
            failed = True
            errors.append(e)
{_after}    if errors:
        raise errors[0]
    return errors
@REDUCE@

def main(mesh, x):
    plan = Plan()
    run_tests(PlanTest, plan)
    return reduce_rows(mesh, x, plan.axes)
''')
            prog(f"exit_{_ek}_{_tk}_{_pk}", f"A failed test ({_tk}) and then `{_exit}` ({_pk}): the program ends "
                 "quietly (status 0) before any reduction; sys.exit is reached under another name.",
                 _text, _step, _ok)
