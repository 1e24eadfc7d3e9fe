"""Writes clean/*.py and twins/*.py (run by the adv12 helper; kept so the set can be re-made by hand).

    python3 benchmarks/adversarial12/gen_clean.py

Each entry: name -> (docstring, body, twin_old, twin_new, rule). The twin is the clean program with
twin_old (which must occur exactly once) replaced by twin_new: one line changes, and jax raises there.
"""
import pathlib

HEAD = 'import jax\nimport numpy as np\nfrom jax.sharding import PartitionSpec as P\n'
TAIL = '''

def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
'''
SF104_HEAD = ('import jax\nimport numpy as np\nfrom jax._src.shard_map import top_level_all_gather\n'
              'from jax.sharding import NamedSharding, PartitionSpec as P\n')
SF104_TAIL = '''

def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
'''
P = {}   # SF105-style programs (HEAD/TAIL)
S = {}   # SF104 script programs (SF104_HEAD/SF104_TAIL)

P["fluent_setter_called_unbound"] = ('"""HParams.set(p, ...) runs the Praxis-like setter on an object built earlier (a positional receiver)."""', '''

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


def make_params():
    p = HParams(sync_axes=("i", "j"), name="norm")
    HParams.set(p, sync_axes=("i",))
    return p


def main(mesh, x):
    p = make_params()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    HParams.set(p, sync_axes=("i",))', '    HParams.set(p, name=("i",))', "SF105")

P["fluent_setter_property_wins"] = ('"""The setter writes __dict__, but the class\'s property (with a setter) is what a read of the name gives."""', '''

class HParams:
    def __init__(self, **fields):
        self._sync_axes = ("i",)
        self.__dict__.update(fields)

    @property
    def sync_axes(self):
        return self._sync_axes

    @sync_axes.setter
    def sync_axes(self, value):
        self._sync_axes = tuple(value)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


def main(mesh, x):
    p = HParams().set(sync_axes=("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        self._sync_axes = ("i",)', '        self._sync_axes = ("i", "j")', "SF105")

P["fluent_setter_then_vars_update"] = ('"""p.set(...) on a new object, then vars(p).update(...) narrows it again."""', '''

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


OVERRIDES = {"sync_axes": ("i",)}


def main(mesh, x):
    p = HParams()
    p.set(sync_axes=("i", "j"))
    vars(p).update(OVERRIDES)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'OVERRIDES = {"sync_axes": ("i",)}', 'OVERRIDES = {"other_axes": ("i",)}', "SF105")

P["fluent_setter_dict_item_store"] = ('"""p.set(...) on a new object, then p.__dict__[...] = ... replaces the field."""', '''

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


def main(mesh, x):
    p = HParams(name="norm").set(sync_axes=("i", "j"))
    p.__dict__["sync_axes"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    p.__dict__["sync_axes"] = ("i",)', '    p.__dict__["other_axes"] = ("i",)', "SF105")

P["handed_table_key_registered_twice"] = ('"""Two defs filed under one key by the handed-table factory: the later decorator wins."""', '''

REDUCERS = {}


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn
    return wrap


@register(REDUCERS, "sync")
def sync_all(v):
    return jax.lax.psum(v, ("i", "j"))


@register(REDUCERS, "sync")
def sync_rows(v):
    return jax.lax.psum(v, "i")


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCERS["sync"](counts)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '@register(REDUCERS, "sync")\ndef sync_rows', '@register(REDUCERS, "rows")\ndef sync_rows', "SF105")

P["handed_table_entry_replaced"] = ('"""A handed-table entry is replaced by a plain store after the decorators ran."""', '''

REDUCERS = {}


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn
    return wrap


@register(REDUCERS, "sync")
def sync_all(v):
    return jax.lax.psum(v, ("i", "j"))


def sync_rows(v):
    return jax.lax.psum(v, "i")


REDUCERS.update(sync=sync_rows)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCERS["sync"](counts)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'REDUCERS.update(sync=sync_rows)', 'REDUCERS.update(rows=sync_rows)', "SF105")

P["handed_table_two_tables_one_dict"] = ('"""Two table names bound to one dict: a def filed into the second replaces the first\'s entry."""', '''

ENERGIES = OBSERVABLES = {}


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn
    return wrap


@register(ENERGIES, "total")
def total_all(v):
    return jax.lax.psum(v, ("i", "j"))


@register(OBSERVABLES, "total")
def total_rows(v):
    return jax.lax.psum(v, "i")


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return ENERGIES["total"](counts)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'ENERGIES = OBSERVABLES = {}', 'ENERGIES, OBSERVABLES = {}, {}', "SF105")

P["model_entrypoint_registered_twice"] = ('"""timm-like registry: a second entry point filed under the same name replaces the first."""', '''

_model_entrypoints = {}


def register_model(name):
    def wrap(fn):
        _model_entrypoints[name] = fn
        return fn
    return wrap


class Net:
    def __init__(self, sync_axes=("i",)):
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


@register_model("net")
def net_wide(**kwargs):
    return Net(sync_axes=("i", "j"), **kwargs)


@register_model("net")
def net_rows(**kwargs):
    return Net(**kwargs)


def create_model(name, **kwargs):
    return _model_entrypoints[name](**kwargs)


def main(mesh, x):
    model = create_model("net")
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '@register_model("net")\ndef net_rows', '@register_model("net_rows")\ndef net_rows', "SF105")

P["dict_copy_shares_nested_section"] = ('"""dict(CONFIG) is a shallow copy: changing its nested section changes CONFIG\'s."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}, "name": "base"}


def rows_config():
    local = dict(CONFIG)
    local["mesh"]["sync"] = ("i",)
    return local


def main(mesh, x):
    rows_config()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    local["mesh"]["sync"] = ("i",)', '    local["mesh"] = {"sync": ("i",)}', "SF105")

P["dict_method_copy_shares_nested"] = ('"""CONFIG.copy() shares the nested section it changes."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}, "name": "base"}


def main(mesh, x):
    local = CONFIG.copy()
    local["mesh"]["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    local["mesh"]["sync"] = ("i",)', '    local["mesh"] = {"sync": ("i",)}', "SF105")

P["spread_copy_shares_nested"] = ('"""{**CONFIG, ...} shares the nested section a helper changes."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}, "name": "base"}


def with_name(name):
    return {**CONFIG, "name": name}


def narrow(cfg):
    cfg["mesh"]["sync"] = ("i",)


def main(mesh, x):
    narrow(with_name("rows"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    cfg["mesh"]["sync"] = ("i",)', '    cfg["mesh"] = {"sync": ("i",)}', "SF105")

P["copy_copy_shares_nested"] = ('"""copy.copy of a config dict shares its nested section."""', '''
import copy

CONFIG = {"mesh": {"sync": ("i", "j")}, "name": "base"}


def main(mesh, x):
    rows = copy.copy(CONFIG)
    rows["mesh"]["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    rows["mesh"]["sync"] = ("i",)', '    rows["mesh"] = {"sync": ("i",)}', "SF105")

P["dataclass_replace_shares_list"] = ('"""dataclasses.replace copies the record but shares its list field."""', '''
import dataclasses


@dataclasses.dataclass
class Cfg:
    sync: list = dataclasses.field(default_factory=lambda: ["i", "j"])
    name: str = "base"


BASE = Cfg()


def main(mesh, x):
    rows = dataclasses.replace(BASE, name="rows")
    rows.sync.remove("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(BASE.sync))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    rows.sync.remove("j")', '    rows.sync = ["i"]', "SF105")

P["setdefault_returns_section"] = ('"""CONFIG.setdefault returns the existing nested section, changed in place."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}}


def main(mesh, x):
    CONFIG.setdefault("mesh", {})["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    CONFIG.setdefault("mesh", {})["sync"] = ("i",)', '    CONFIG.setdefault("other", {})["sync"] = ("i",)', "SF105")

P["get_returns_section"] = ('"""CONFIG.get("mesh") is the nested section itself."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}}


def main(mesh, x):
    section = CONFIG.get("mesh")
    section["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    section = CONFIG.get("mesh")', '    section = dict(CONFIG.get("mesh"))', "SF105")

P["loop_over_values_changes_sections"] = ('"""A loop over CONFIG.values() changes each section in place."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}, "data": {"sync": ("i", "j")}}


def narrow_all():
    for section in CONFIG.values():
        section["sync"] = ("i",)


def main(mesh, x):
    narrow_all()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        section["sync"] = ("i",)', '        section = {"sync": ("i",)}', "SF105")

P["default_parameter_is_config"] = ('"""A helper\'s default parameter is the module config itself; the helper changes it."""', '''

CONFIG = {"sync": ("i", "j")}


def use_rows(cfg=CONFIG):
    cfg["sync"] = ("i",)


def main(mesh, x):
    use_rows()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'def use_rows(cfg=CONFIG):', 'def use_rows(cfg=dict(CONFIG)):', "SF105")

P["field_holds_module_config"] = ('"""An object keeps the module config in a field and changes it through the field."""', '''

CONFIG = {"sync": ("i", "j")}


class Runner:
    def __init__(self, cfg):
        self.cfg = cfg

    def narrow(self):
        self.cfg["sync"] = ("i",)


def main(mesh, x):
    Runner(CONFIG).narrow()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    Runner(CONFIG).narrow()', '    Runner(dict(CONFIG)).narrow()', "SF105")

P["list_display_holds_section"] = ('"""A list display holding the nested section; a store through the list changes it."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}}
SECTIONS = [CONFIG["mesh"]]


def main(mesh, x):
    SECTIONS[0]["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'SECTIONS = [CONFIG["mesh"]]', 'SECTIONS = [dict(CONFIG["mesh"])]', "SF105")

P["globals_item_changes_config"] = ('"""globals()["CONFIG"] is the module dict; a helper changes it through that name."""', '''

CONFIG = {"sync": ("i", "j")}


def apply(name, key, value):
    globals()[name][key] = value


def main(mesh, x):
    apply("CONFIG", "sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    apply("CONFIG", "sync", ("i",))', '    apply("CONFIG", "other", ("i",))', "SF105")

P["closure_alias_changes_section"] = ('"""A closure keeps the section under its own name and changes it when called."""', '''

CONFIG = {"mesh": {"sync": ("i", "j")}}


def make_narrow():
    section = CONFIG["mesh"]

    def narrow():
        section["sync"] = ("i",)
    return narrow


def main(mesh, x):
    make_narrow()()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    section = CONFIG["mesh"]', '    section = dict(CONFIG["mesh"])', "SF105")

P["tuple_loop_alias_pops_list"] = ('"""for lst in (AXES,): lst.pop() changes the module list."""', '''

AXES = ["i", "j"]


def main(mesh, x):
    for axes in (AXES,):
        axes.pop()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(AXES))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    for axes in (AXES,):', '    for axes in (list(AXES),):', "SF105")

P["lru_cached_config_changed"] = ('"""functools.lru_cache hands back one dict; a change through one call\'s result is seen by the next."""', '''
import functools


@functools.lru_cache(maxsize=None)
def get_config():
    return {"sync": ("i", "j")}


def main(mesh, x):
    get_config()["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, get_config()["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '@functools.lru_cache(maxsize=None)\n', '\n', "SF105")

P["helper_state_parameter_second_call"] = ('"""A helper called twice with one state dict: the second call sees the first call\'s mark and returns early."""', '''

def reduce_once(v, axes, state):
    if state["done"]:
        return v
    state["done"] = True
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        state = {"done": False}
        rows = reduce_once(counts, ("i",), state)
        return jax.lax.pmean(reduce_once(counts, ("i", "j"), state), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        return jax.lax.pmean(reduce_once(counts, ("i", "j"), state), "i") + rows', '        return jax.lax.pmean(reduce_once(counts, ("i", "j"), {"done": False}), "i") + rows', "SF105")

P["helper_tracker_object_second_call"] = ('"""A tracker object handed to a helper records the first call; the second call skips the sum."""', '''

class Tracker:
    def __init__(self):
        self.calls = []


def sync(v, axes, tracker):
    if tracker.calls:
        return v
    tracker.calls.append(axes)
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        tracker = Tracker()
        rows = sync(counts, ("i",), tracker)
        return jax.lax.pmean(sync(counts, ("i", "j"), tracker), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        return jax.lax.pmean(sync(counts, ("i", "j"), tracker), "i") + rows', '        return jax.lax.pmean(sync(counts, ("i", "j"), Tracker()), "i") + rows', "SF105")

P["helper_class_attribute_flag"] = ('"""A layer marks its class as warmed up on the first call; the second call skips the sum."""', '''

class Sync:
    warmed = False

    def __call__(self, v, axes):
        if type(self).warmed:
            return v
        type(self).warmed = True
        return jax.lax.psum(v, axes)


def main(mesh, x):
    sync = Sync()

    def body(block):
        counts = jax.lax.psum(block, "j")
        rows = sync(counts, ("i",))
        return jax.lax.pmean(sync(counts, ("i", "j")), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        type(self).warmed = True', '        type(self).warmed = False', "SF105")

P["helper_environ_flag_second_call"] = ('"""The first call sets an environment variable the second call tests."""', '''
import os

os.environ.pop("ADV12_SYNCED", None)


def sync(v, axes):
    if os.environ.get("ADV12_SYNCED"):
        return v
    os.environ["ADV12_SYNCED"] = "1"
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        rows = sync(counts, ("i",))
        return jax.lax.pmean(sync(counts, ("i", "j")), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    os.environ["ADV12_SYNCED"] = "1"', '    os.environ["ADV12_OTHER"] = "1"', "SF105")

P["helper_counter_next_second_call"] = ('"""next() of a module itertools.count decides the way: only the first call sums."""', '''
import itertools

_CALLS = itertools.count()


def sync(v, axes):
    if next(_CALLS) > 0:
        return v
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        rows = sync(counts, ("i",))
        return jax.lax.pmean(sync(counts, ("i", "j")), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    if next(_CALLS) > 0:', '    if next(_CALLS) > 5:', "SF105")

P["two_helpers_share_a_flag_dict"] = ('"""setup() marks a flag through a parameter; the reducer, called once, tests it."""', '''

STATE = {"rows_only": False}


def configure(state):
    state["rows_only"] = True


def reduce_counts(v):
    if STATE["rows_only"]:
        return jax.lax.psum(v, "i")
    return jax.lax.psum(v, ("i", "j"))


def main(mesh, x):
    configure(STATE)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return reduce_counts(counts)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    configure(STATE)', '    configure({})', "SF105")

P["field_deleted_falls_back_to_class"] = ('"""del self.sync_axes drops the instance field: reads see the class default again."""', '''

class Reducer:
    sync_axes = ("i",)

    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def reset(self):
        del self.sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    reducer = Reducer()
    reducer.reset()
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    reducer.reset()', '    reducer.reset = None', "SF105")

P["inherited_set_descriptor_filters"] = ('"""The class attribute is a descriptor whose __set__ (inherited from its base) filters the stored axes."""', '''

class Validated:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner=None):
        return obj.__dict__[self.key]

    def __set__(self, obj, value):
        obj.__dict__[self.key] = tuple(a for a in value if a not in obj.frozen)


class AxesField(Validated):
    """Axis names a reducer sums over."""


class Reducer:
    sync_axes = AxesField()

    def __init__(self, sync_axes, frozen=()):
        self.frozen = frozen
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    reducer = Reducer(("i", "j"), frozen=("j",))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    reducer = Reducer(("i", "j"), frozen=("j",))', '    reducer = Reducer(("i", "j"), frozen=())', "SF105")

P["slots_class_attribute_default"] = ('"""__init__ stores nothing when a flag is off; the read finds the class-level default."""', '''

class Base:
    sync_axes = ("i",)


class Reducer(Base):
    def __init__(self, wide=False):
        if wide:
            self.sync_axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    return jax.shard_map(Reducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    return jax.shard_map(Reducer(), mesh', '    return jax.shard_map(Reducer(True), mesh', "SF105")

P["field_caller_guarded_store_none"] = ('"""The trainer keeps compute_metrics only when evaluation is on; it is off, so the function never runs."""', '''
import dataclasses


@dataclasses.dataclass
class Args:
    sync_axes: tuple = ("i", "j")
    do_eval: bool = False


def compute_metrics(block, mesh, args):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, args.sync_axes)


def compute_loss(block, mesh, args):
    return jax.lax.psum(block, ("i", "j"))


class Trainer:
    def __init__(self, args, compute_loss, compute_metrics=None):
        self.args = args
        self.compute_loss = compute_loss
        self.compute_metrics = compute_metrics if args.do_eval else None

    def step(self, mesh, x):
        def body(block):
            loss = self.compute_loss(block, mesh, self.args)
            if self.compute_metrics is not None:
                loss = loss + self.compute_metrics(block, mesh, self.args)
            return loss
        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    trainer = Trainer(Args(), compute_loss, compute_metrics=compute_metrics)
    return trainer.step(mesh, x)
''', '    do_eval: bool = False', '    do_eval: bool = True', "SF105")

P["field_caller_args_replaced"] = ('"""The trainer\'s args are replaced after construction; the metrics function gets the narrowed ones."""', '''
import dataclasses


@dataclasses.dataclass
class Args:
    sync_axes: tuple = ("i", "j")


def compute_metrics(block, mesh, args):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, args.sync_axes)


class Trainer:
    def __init__(self, args, compute_metrics=None):
        self.args = args
        self.compute_metrics = compute_metrics

    def evaluate(self, mesh, x):
        def body(block):
            return self.compute_metrics(block, mesh, self.args)
        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def narrow(trainer):
    trainer.args = dataclasses.replace(trainer.args, sync_axes=("i",))


def main(mesh, x):
    trainer = Trainer(Args(), compute_metrics=compute_metrics)
    narrow(trainer)
    return trainer.evaluate(mesh, x)
''', '    narrow(trainer)', '    narrow(Trainer(Args()))', "SF105")

CFG_LIB = '''import functools
import inspect


class FrozenDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setitem__(self, key, value):
        raise TypeError("frozen")


class ConfigMixin:
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config):
        accepted = inspect.signature(cls.__init__).parameters
        return cls(**{k: v for k, v in config.items() if k in accepted})


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items() if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner
'''

P["recorded_config_registered_again_in_init"] = ('"""A scheduler-like __init__ records one key again (register_to_config inside __init__), as diffusers does."""', CFG_LIB + '''

class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i", "j"), rows_only=False):
        if rows_only:
            self.register_to_config(sync_axes=("i",))

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


def main(mesh, x):
    reducer = Reducer(rows_only=True)
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    reducer = Reducer(rows_only=True)', '    reducer = Reducer(rows_only=False)', "SF105")

P["recorded_config_base_records_after_subclass"] = ('"""Both __init__s are decorated: the base\'s recording, run inside the subclass\'s, writes last."""', CFG_LIB + '''

class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i",)):
        pass

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


class WideReducer(Reducer):
    @register_to_config
    def __init__(self, sync_axes=("i", "j"), rows_only=True):
        super().__init__(sync_axes=("i",) if rows_only else sync_axes)


def main(mesh, x):
    reducer = WideReducer()
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    reducer = WideReducer()', '    reducer = WideReducer(rows_only=False)', "SF105")

P["recorded_config_ignored_key_stored_plainly"] = ('"""A key in ignore_for_config is not recorded; the __init__ records a narrowed one itself."""', CFG_LIB + '''

class Reducer(ConfigMixin):
    ignore_for_config = ("sync_axes",)

    @register_to_config
    def __init__(self, sync_axes=("i", "j")):
        self.register_to_config(sync_axes=tuple(a for a in sync_axes if a != "j"))

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


def main(mesh, x):
    reducer = Reducer()
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'tuple(a for a in sync_axes if a != "j")', 'tuple(a for a in sync_axes if a != "k")', "SF105")

P["from_config_subclass_init_takes_kwargs"] = ('"""from_config keeps the keys cls.__init__ names: a subclass __init__ of **kwargs names none, so the default stays."""', CFG_LIB + '''

class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i",)):
        pass

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


class LoggedReducer(Reducer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)


def main(mesh, x):
    reducer = LoggedReducer.from_config({"sync_axes": ("i", "j")})
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    reducer = LoggedReducer.from_config(', '    reducer = Reducer.from_config(', "SF105")

P["from_config_resolves_class_by_name"] = ('"""from_config builds the class the config names (_class_name), not the one it is read through."""', CFG_LIB.replace('''        accepted = inspect.signature(cls.__init__).parameters
        return cls(''', '''        cls = CLASSES.get(config.get("_class_name"), cls)
        accepted = inspect.signature(cls.__init__).parameters
        return cls(''') + '''

class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i", "j")):
        pass

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


class RowReducer(Reducer):
    @register_to_config
    def __init__(self, sync_axes=("i", "j")):
        super().__init__(sync_axes=sync_axes[:1])

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes[:1])


CLASSES = {"RowReducer": RowReducer}


def main(mesh, x):
    reducer = Reducer.from_config({"_class_name": "RowReducer", "sync_axes": ("i", "j")})
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '{"_class_name": "RowReducer", "sync_axes"', '{"_class_name": "Reducer", "sync_axes"', "SF105")

P["host_run_mutable_default_cache"] = ('"""A parser caches its first answer in a mutable default: the later call with no argument gets it back."""', '''

def mesh_axes(spec="i,j", _cache={}):
    if "axes" not in _cache:
        _cache["axes"] = tuple(spec.split(","))
    return _cache["axes"]


def main(mesh, x):
    mesh_axes("i")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, mesh_axes())

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    mesh_axes("i")', '    mesh_axes("i,j")', "SF105")

P["host_run_reads_list_changed_through_values"] = ('"""The parser drops names listed in OPTIONS; a loop over OPTIONS.values() appended "j" first."""', '''

OPTIONS = {"drop": []}


def parse_axes(text):
    return tuple(a for a in text.split(",") if a not in OPTIONS["drop"])


def freeze(name):
    for names in OPTIONS.values():
        names.append(name)


def main(mesh, x):
    freeze("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, parse_axes("i,j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '        names.append(name)', '        names = [name]', "SF105")

P["host_view_field_shadows_method"] = ('"""The parser object holds its own convert function, which a read of self.convert finds before the method."""', '''

class AxisParser:
    def __init__(self, names, convert=None):
        self.names = names
        if convert is not None:
            self.convert = convert

    def convert(self, text):
        return text.split(",")

    def parse(self, text):
        return tuple(a for a in self.convert(text) if a in self.names)


def first_only(text):
    return text.split(",")[:1]


def main(mesh, x):
    axes = AxisParser(("i", "j"), convert=first_only).parse("i,j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'AxisParser(("i", "j"), convert=first_only)', 'AxisParser(("i", "j"), convert=None)', "SF105")

P["host_run_replace_reruns_post_init"] = ('"""dataclasses.replace builds through __init__, so __post_init__ drops the frozen axes again."""', '''
import dataclasses


@dataclasses.dataclass
class MeshCfg:
    axes: tuple = ("i", "j")
    frozen: tuple = ()

    def __post_init__(self):
        self.axes = tuple(a for a in self.axes if a not in self.frozen)


def apply_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, value = item.split("=")
        changes[key] = tuple(value.split(","))
    return dataclasses.replace(cfg, **changes)


CFG = apply_overrides(MeshCfg(), ["frozen=j"])


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CFG.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'CFG = apply_overrides(MeshCfg(), ["frozen=j"])', 'CFG = apply_overrides(MeshCfg(), ["frozen=k"])', "SF105")

P["host_run_overrides_bool_text"] = ('"""Overrides cast by type(current)(value): bool("no") is True, so rows_only stays on."""', '''
import dataclasses


@dataclasses.dataclass
class Cfg:
    rows_only: bool = True
    name: str = "base"


def apply_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, value = item.split("=")
        changes[key] = type(getattr(cfg, key))(value)
    return dataclasses.replace(cfg, **changes)


CFG = apply_overrides(Cfg(), ["rows_only=no", "name=run1"])


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",) if CFG.rows_only else ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', 'CFG = apply_overrides(Cfg(), ["rows_only=no", "name=run1"])', 'CFG = apply_overrides(Cfg(), ["rows_only=", "name=run1"])', "SF105")

P["generator_first_item_only"] = ('"""next() takes the first item of an axes generator; the wide one is never reached."""', '''

def candidate_axes():
    yield ("i",)
    yield ("i", "j")


AXES = next(candidate_axes())


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''', '    yield ("i",)\n', '    yield ("i", "j")\n', "SF105")

GOOD = 'P(None, None, reduced={"i"})'
BAD = 'P(None, None)'

S["gather_ordered_dict_tree_map_keeps_order"] = ('"""jax.tree.map keeps an OrderedDict\'s insertion order (only plain dicts come back sorted)."""', '''
import collections

OUTS = collections.OrderedDict([("w", P(None, None, reduced={"i"})), ("b", P(None, None))])


def main(mesh, x):
    with jax.set_mesh(mesh):
        outs = jax.tree.map(lambda s: s, OUTS, is_leaf=lambda s: isinstance(s, P))
        out = list(outs.values())[0]
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '        out = list(outs.values())[0]', '        out = list(outs.values())[1]', "SF104")

S["gather_tree_map_skips_none"] = ('"""jax.tree.map never calls its function on a None leaf: the counter counts the arrays only."""', '''

def main(mesh, x):
    with jax.set_mesh(mesh):
        tree = {"a": None, "b": x}
        seen = []

        def place(v):
            seen.append(v)
            return jax.device_put(v, NamedSharding(mesh, P("i", None)))

        placed = jax.tree.map(place, tree)
        out = P(None, None, reduced={"i"}) if len(seen) == 1 else P(None, None)
        return top_level_all_gather(placed["b"], out)
''', '        out = P(None, None, reduced={"i"}) if len(seen) == 1 else P(None, None)', '        out = P(None, None, reduced={"i"}) if len(seen) == 2 else P(None, None)', "SF104")

S["gather_replace_reruns_post_init"] = ('"""dataclasses.replace runs __post_init__ again, which derives the out spec from the new axes."""', '''
import dataclasses


@dataclasses.dataclass
class Layout:
    axis: str = "j"
    out: object = dataclasses.field(init=False, default=None)

    def __post_init__(self):
        self.out = P(None, None, reduced={self.axis})


def main(mesh, x):
    layout = dataclasses.replace(Layout(), axis="i")
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)
''', '    layout = dataclasses.replace(Layout(), axis="i")', '    layout = dataclasses.replace(Layout(), axis="j")', "SF104")

S["gather_object_len_zero_is_false"] = ('"""An overrides object with __len__ 0 is falsy: the default spec is taken."""', '''

class Overrides:
    def __init__(self, specs=None):
        self.specs = dict(specs or {})

    def __len__(self):
        return len(self.specs)

    def out(self):
        return P(None, None)


def main(mesh, x):
    overrides = Overrides()
    out = overrides.out() if overrides else P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '    overrides = Overrides()', '    overrides = Overrides({"w": 1})', "SF104")

S["gather_object_bool_false"] = ('"""A config object whose __bool__ says it is empty."""', '''

class Custom:
    def __init__(self, out):
        self.out = out

    def __bool__(self):
        return False


def main(mesh, x):
    custom = Custom(P(None, None))
    out = custom and custom.out or P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '        return False', '        return True', "SF104")

S["gather_contains_override"] = ('"""A layout table whose __contains__ is narrower than its __iter__."""', '''

class Rules:
    def __init__(self, rules):
        self.rules = dict(rules)

    def __iter__(self):
        return iter(self.rules)

    def __contains__(self, name):
        return name in self.rules and self.rules[name] is not None


RULES = Rules({"x": None})


def main(mesh, x):
    out = P(None, None) if "x" in RULES else P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '        return name in self.rules and self.rules[name] is not None', '        return name in self.rules', "SF104")

S["gather_eq_override"] = ('"""An axis-name object whose __eq__ compares case-blind."""', '''

class AxisName:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return self.name.lower() == str(other).lower()

    __hash__ = None


def main(mesh, x):
    axis = AxisName("I")
    out = P(None, None, reduced={"i"}) if axis == "i" else P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '        return self.name.lower() == str(other).lower()', '        return self.name == str(other)', "SF104")

S["gather_class_list_shared_by_instances"] = ('"""A class-level list is shared by all instances: the second layer sees the first one\'s entry."""', '''

class Layer:
    registered = []

    def __init__(self, out):
        self.registered.append(out)

    def out(self):
        return self.registered[0]


def main(mesh, x):
    Layer(P(None, None, reduced={"i"}))
    layer = Layer(P(None, None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layer.out())
''', '        self.registered.append(out)', '        self.registered = [out]', "SF104")

S["gather_map_is_lazy"] = ('"""map() reads the list when consumed: the entry replaced after map() was called is the one used."""', '''

def main(mesh, x):
    outs = [P(None, None)]
    chosen = map(lambda s: s, outs)
    outs[0] = P(None, None, reduced={"i"})
    out = next(chosen)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '    outs[0] = P(None, None, reduced={"i"})', '    outs.append(P(None, None, reduced={"i"}))', "SF104")

S["gather_shadowed_by_local_wrapper"] = ('"""The module defines its own top_level_all_gather that completes the out spec before the real one."""', '''
from jax._src import shard_map as _shard_map


def top_level_all_gather(a, out):
    return _shard_map.top_level_all_gather(a, P(*out, reduced={"i"}))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None))
''', '    return _shard_map.top_level_all_gather(a, P(*out, reduced={"i"}))', '    return _shard_map.top_level_all_gather(a, P(*out))', "SF104")

S["gather_property_setter_normalises"] = ('"""A property setter turns the stored out spec into one that lists the gathered axis."""', '''

class Layout:
    def __init__(self, out):
        self.out = out

    @property
    def out(self):
        return self._out

    @out.setter
    def out(self, spec):
        self._out = P(*spec, reduced={"i"})


def main(mesh, x):
    layout = Layout(P(None, None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)
''', '        self._out = P(*spec, reduced={"i"})', '        self._out = P(*spec)', "SF104")

S["gather_default_bound_at_def_time"] = ('"""A default argument keeps the spec of when the def ran; the module name is rebound later."""', '''

OUT = P(None, None, reduced={"i"})


def gather(a, out=OUT):
    return top_level_all_gather(a, out)


OUT = P(None, None)


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return gather(a)
''', 'def gather(a, out=OUT):', 'def gather(a, out=P(None, None)):', "SF104")

S["gather_dict_subclass_getitem_alias"] = ('"""A spec table (dict subclass) whose __getitem__ follows an alias before reading."""', '''

ALIASES = {"rows": "rows_reduced"}


class Specs(dict):
    def __getitem__(self, name):
        return super().__getitem__(ALIASES.get(name, name))


SPECS = Specs(rows=P(None, None), rows_reduced=P(None, None, reduced={"i"}))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, SPECS["rows"])
''', 'ALIASES = {"rows": "rows_reduced"}', 'ALIASES = {"cols": "rows_reduced"}', "SF104")

S["gather_dict_subclass_get_override"] = ('"""A spec table whose get() falls back to a reduced default for a None entry."""', '''

class Specs(dict):
    def get(self, name, default=None):
        value = super().get(name)
        return P(None, None, reduced={"i"}) if value is None else value


SPECS = Specs(rows=None)


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, SPECS.get("rows", P(None, None)))
''', '        return P(None, None, reduced={"i"}) if value is None else value', '        return default if value is None else value', "SF104")

S["gather_empty_spec_is_falsy"] = ('"""P() is falsy: `override or default` takes the default."""', '''

OVERRIDE = P()


def main(mesh, x):
    out = OVERRIDE or P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', 'OVERRIDE = P()', 'OVERRIDE = P(None)', "SF104")

S["gather_spec_trailing_none_not_equal"] = ('"""P("i", None) == P("i") is False on jax 0.10.2."""', '''

def main(mesh, x):
    spec = P("i", None)
    out = P(None, None) if spec == P("i") else P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, spec))
        return top_level_all_gather(a, out)
''', '    out = P(None, None) if spec == P("i") else P(None, None, reduced={"i"})', '    out = P(None, None) if spec == P("i", None) else P(None, None, reduced={"i"})', "SF104")

S["gather_nested_set_mesh_restores"] = ('"""An inner jax.set_mesh of another mesh ends; the gather runs under the outer one again."""', '''

def main(mesh, x):
    other = jax.make_mesh((8,), ("k",), devices=jax.devices())
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        with jax.set_mesh(other):
            b = jax.device_put(x, NamedSharding(other, P("k", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"})), b
''', '        return top_level_all_gather(a, P(None, None, reduced={"i"})), b', '        return top_level_all_gather(a, P(None, None)), b', "SF104")

S["gather_instance_field_shadows_method"] = ('"""The layout object keeps its own out_spec function in a field, found before the method."""', '''

def reduced_rows():
    return P(None, None, reduced={"i"})


class Layout:
    def __init__(self, out_spec=None):
        if out_spec is not None:
            self.out_spec = out_spec

    def out_spec(self):
        return P(None, None)


def main(mesh, x):
    layout = Layout(reduced_rows)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out_spec())
''', '    layout = Layout(reduced_rows)', '    layout = Layout(None)', "SF104")

S["gather_getattr_default_on_property_error"] = ('"""getattr(obj, name, default) gives the default when the property raises AttributeError."""', '''

class Layout:
    def __init__(self, table):
        self.table = table

    @property
    def out(self):
        return self.table["out"] if "out" in self.table else self.missing


def main(mesh, x):
    out = getattr(Layout({}), "out", P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '    out = getattr(Layout({}), "out", P(None, None, reduced={"i"}))', '    out = getattr(Layout({"out": P(None, None)}), "out", P(None, None, reduced={"i"}))', "SF104")

S["gather_mesh_class_explicit_axis_types"] = ('"""jax.sharding.Mesh given axis_types=Explicit is an Explicit context mesh."""', '''
from jax.sharding import AxisType, Mesh


def main(mesh, x):
    explicit = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"), axis_types=(AxisType.Explicit, AxisType.Explicit))
    with jax.set_mesh(explicit):
        a = jax.device_put(x, NamedSharding(explicit, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''', '    explicit = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"), axis_types=(AxisType.Explicit, AxisType.Explicit))', '    explicit = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"), axis_types=(AxisType.Auto, AxisType.Auto))', "SF104")

S["gather_contextmanager_sets_mesh"] = ('"""A contextlib.contextmanager helper enters jax.set_mesh around the gather."""', '''
import contextlib


@contextlib.contextmanager
def mesh_scope(mesh):
    with jax.set_mesh(mesh):
        yield mesh


def main(mesh, x):
    with mesh_scope(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''', '    with jax.set_mesh(mesh):\n        yield mesh', '    with contextlib.nullcontext(mesh):\n        yield mesh', "SF104")

S["gather_exit_stack_sets_mesh"] = ('"""contextlib.ExitStack enters jax.set_mesh for the rest of the block."""', '''
import contextlib


def main(mesh, x):
    with contextlib.ExitStack() as stack:
        stack.enter_context(jax.set_mesh(mesh))
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''', '        stack.enter_context(jax.set_mesh(mesh))', '        stack.enter_context(contextlib.nullcontext(mesh))', "SF104")

S["gather_set_mesh_aliased_import"] = ('"""set_mesh imported under another name from jax.sharding."""', '''
from jax.sharding import set_mesh as mesh_context


def main(mesh, x):
    with mesh_context(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''', '    with mesh_context(mesh):', '    with open(__file__):', "SF104")

S["gather_mesh_entered_by_object"] = ('"""A runner object enters jax.set_mesh in its own __enter__."""', '''


class MeshRunner:
    def __init__(self, mesh):
        self.mesh = mesh
        self._ctx = None

    def __enter__(self):
        self._ctx = jax.set_mesh(self.mesh)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)


def main(mesh, x):
    with MeshRunner(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''', '        self._ctx = jax.set_mesh(self.mesh)', '        self._ctx = open(__file__)', "SF104")

S["gather_for_else_break_first"] = ('"""The loop breaks at the first matching rule: its else clause (the fallback) never runs."""', '''

RULES = [("rows", P(None, None, reduced={"i"})), ("all", P(None, None))]


def main(mesh, x):
    out = P(None, None)
    for name, spec in RULES:
        if name == "rows":
            out = spec
            break
    else:
        out = P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '        if name == "rows":', '        if name == "cols":', "SF104")

S["gather_namedtuple_replace"] = ('"""NamedTuple._replace changes one field of a layout record."""', '''
from typing import NamedTuple


class Layout(NamedTuple):
    placed: object = P("i", None)
    out: object = P(None, None)


def main(mesh, x):
    layout = Layout()._replace(out=P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout.placed))
        return top_level_all_gather(a, layout.out)
''', '    layout = Layout()._replace(out=P(None, None, reduced={"i"}))', '    layout = Layout()._replace(placed=P("i", None))', "SF104")

S["gather_dataclass_subclass_default"] = ('"""A dataclass subclass redefines a field\'s default."""', '''
import dataclasses


@dataclasses.dataclass
class Layout:
    out: object = P(None, None)


@dataclasses.dataclass
class RowLayout(Layout):
    out: object = P(None, None, reduced={"i"})


def main(mesh, x):
    layout = RowLayout()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)
''', '    layout = RowLayout()', '    layout = Layout()', "SF104")

S["gather_classmethod_constructor_subclass"] = ('"""An alternative constructor read through a subclass builds the subclass, whose hook gives the spec."""', '''


class Layout:
    def __init__(self, out):
        self.out = out

    @classmethod
    def rows(cls):
        return cls(cls.default_out())

    @staticmethod
    def default_out():
        return P(None, None)


class ReducedLayout(Layout):
    @staticmethod
    def default_out():
        return P(None, None, reduced={"i"})


def main(mesh, x):
    layout = ReducedLayout.rows()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)
''', '    layout = ReducedLayout.rows()', '    layout = Layout.rows()', "SF104")

S["gather_partial_keyword_overridden_at_call"] = ('"""A keyword given at the call wins over the one functools.partial holds."""', '''
import functools


def gather(a, out):
    return top_level_all_gather(a, out)


def main(mesh, x):
    gather_rows = functools.partial(gather, out=P(None, None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return gather_rows(a, out=P(None, None, reduced={"i"}))
''', '        return gather_rows(a, out=P(None, None, reduced={"i"}))', '        return gather_rows(a)', "SF104")

S["gather_bool_and_int_keys_collide"] = ('"""True and 1 are one dict key: the later value is kept under the first key."""', '''

OUTS = {True: P(None, None), 1: P(None, None, reduced={"i"})}


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, OUTS[True])
''', 'OUTS = {True: P(None, None), 1: P(None, None, reduced={"i"})}', 'OUTS = {True: P(None, None), 2: P(None, None, reduced={"i"})}', "SF104")

S["gather_dict_union_right_wins"] = ('"""defaults | overrides: the right operand wins."""', '''

DEFAULTS = {"out": P(None, None)}
OVERRIDES = {"out": P(None, None, reduced={"i"})}


def main(mesh, x):
    layout = DEFAULTS | OVERRIDES
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout["out"])
''', '    layout = DEFAULTS | OVERRIDES', '    layout = OVERRIDES | DEFAULTS', "SF104")

S["gather_min_by_key"] = ('"""min(..., key=...) picks the rule of lowest priority number."""', '''

RULES = [(2, P(None, None)), (1, P(None, None, reduced={"i"}))]


def main(mesh, x):
    _, out = min(RULES, key=lambda rule: rule[0])
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '    _, out = min(RULES, key=lambda rule: rule[0])', '    _, out = max(RULES, key=lambda rule: rule[0])', "SF104")

S["gather_star_unpacking_rest"] = ('"""first, *rest = specs: the gather takes the last of the rest."""', '''

SPECS = [P(None, None), P("i", None), P(None, None, reduced={"i"})]


def main(mesh, x):
    first, *rest = SPECS
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, rest[0]))
        return top_level_all_gather(a, rest[-1])
''', '        return top_level_all_gather(a, rest[-1])', '        return top_level_all_gather(a, first)', "SF104")

S["gather_while_loop_counts_down"] = ('"""A while loop steps through the rules until the budget runs out."""', '''

RULES = [P(None, None), P(None, None), P(None, None, reduced={"i"})]


def main(mesh, x):
    budget, k = 3, 0
    out = RULES[0]
    while budget > 0:
        out = RULES[k]
        k += 1
        budget -= 1
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '    budget, k = 3, 0', '    budget, k = 2, 0', "SF104")

S["gather_sharding_of_sum_of_arrays"] = ('"""a + a keeps the row layout; the gather lists the row axis."""', '''

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        b = a + a
        return top_level_all_gather(b, P(None, None, reduced={"i"}))
''', '        return top_level_all_gather(b, P(None, None, reduced={"i"}))', '        return top_level_all_gather(b, P(None, None))', "SF104")

S["gather_jit_out_shardings_tuple"] = ('"""jit\'s out_shardings tuple places each result; the gather takes the second."""', '''

def main(mesh, x):
    with jax.set_mesh(mesh):
        split = jax.jit(lambda v: (v, v), out_shardings=(NamedSharding(mesh, P(None, "j")), NamedSharding(mesh, P("i", None))))
        _, a = split(x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''', '        _, a = split(x)', '        a, _ = split(x)', "SF104")

S["gather_super_property_chain"] = ('"""A subclass property extends the base property through super()."""', '''

class Layout:
    @property
    def reduced(self):
        return set()

    def out(self):
        return P(None, None, reduced=self.reduced)


class RowLayout(Layout):
    @property
    def reduced(self):
        return super().reduced | {"i"}


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, RowLayout().out())
''', '        return top_level_all_gather(a, RowLayout().out())', '        return top_level_all_gather(a, Layout().out())', "SF104")

S["gather_mutated_list_during_iteration"] = ('"""A list appended to while a for loop walks it: the loop sees the appended item."""', '''

def main(mesh, x):
    outs = [P(None, None)]
    out = None
    for spec in outs:
        out = spec
        if len(outs) == 1:
            outs.append(P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
''', '    for spec in outs:', '    for spec in list(outs):', "SF104")


P["dict_display_holds_section"] = ('"""A dict display keeps the nested section under another key; a store through it changes CONFIG\'s."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}}
GROUPS = {"reduce": CONFIG["mesh"]}


def main(mesh, x):
    GROUPS["reduce"]["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'GROUPS = {"reduce": CONFIG["mesh"]}', 'GROUPS = {"reduce": dict(CONFIG["mesh"])}', "SF105")

P["getattr_section_item_store"] = ('"""An override applier walks a namespace config by getattr and stores into the dict it reaches."""', """
import types

CONFIG = types.SimpleNamespace(mesh={"sync": ("i", "j")}, name="base")


def apply_override(root, path, value):
    section, key = path.split(".")
    getattr(root, section)[key] = value


def main(mesh, x):
    apply_override(CONFIG, "mesh.sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG.mesh["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    apply_override(CONFIG, "mesh.sync", ("i",))', '    apply_override(CONFIG, "mesh.other", ("i",))', "SF105")

P["frozen_dataclass_post_init_object_setattr"] = ('"""A frozen dataclass narrows its own field in __post_init__ through object.__setattr__."""', """
import dataclasses


@dataclasses.dataclass(frozen=True)
class Cfg:
    sync_axes: tuple = ("i", "j")
    rows_only: bool = True

    def __post_init__(self):
        if self.rows_only:
            object.__setattr__(self, "sync_axes", self.sync_axes[:1])


CFG = Cfg()


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CFG.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    rows_only: bool = True', '    rows_only: bool = False', "SF105")

P["dict_dunder_setitem_changes_config"] = ('"""dict.__setitem__(CONFIG, ...) changes CONFIG."""', """

CONFIG = {"sync": ("i", "j")}


def main(mesh, x):
    dict.__setitem__(CONFIG, "sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    dict.__setitem__(CONFIG, "sync", ("i",))', '    dict.__setitem__(CONFIG, "other", ("i",))', "SF105")

P["inplace_or_through_parameter"] = ('"""cfg |= {...} in a helper merges into the caller\'s dict in place."""', """

CONFIG = {"sync": ("i", "j"), "name": "base"}


def narrow(cfg):
    cfg |= {"sync": ("i",)}


def main(mesh, x):
    narrow(CONFIG)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    cfg |= {"sync": ("i",)}', '    cfg = cfg | {"sync": ("i",)}', "SF105")

P["slice_assign_through_parameter"] = ('"""axes[:] = ... in a helper trims the caller\'s list in place."""', """

AXES = ["i", "j"]


def keep_first(axes):
    axes[:] = axes[:1]


def main(mesh, x):
    keep_first(AXES)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(AXES))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    axes[:] = axes[:1]', '    axes = axes[:1]', "SF105")

P["map_hands_sections_to_helper"] = ('"""list(map(narrow, CONFIG.values())) hands each section to a helper that changes it."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}, "data": {"sync": ("i", "j")}}


def narrow(section):
    section["sync"] = ("i",)
    return section


def main(mesh, x):
    list(map(narrow, CONFIG.values()))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    section["sync"] = ("i",)', '    section = {"sync": ("i",)}', "SF105")

P["dict_comprehension_shares_sections"] = ('"""A dict comprehension renames the sections; they are the same dicts."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}}
BY_NAME = {"cfg." + name: section for name, section in CONFIG.items()}


def main(mesh, x):
    BY_NAME["cfg.mesh"]["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'BY_NAME = {"cfg." + name: section for name, section in CONFIG.items()}', 'BY_NAME = {"cfg." + name: dict(section) for name, section in CONFIG.items()}', "SF105")

P["list_comprehension_shares_sections"] = ('"""A filtered list comprehension of the sections holds the same dicts."""', """

CONFIG = {"mesh": {"sync": ("i", "j"), "on": True}, "data": {"sync": ("i", "j"), "on": False}}


def main(mesh, x):
    active = [section for section in CONFIG.values() if section["on"]]
    active[0]["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    active = [section for section in CONFIG.values() if section["on"]]', '    active = [dict(section) for section in CONFIG.values() if section["on"]]', "SF105")

P["next_iter_values_changed"] = ('"""next(iter(CONFIG.values())) is the first section itself."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}}


def main(mesh, x):
    next(iter(CONFIG.values()))["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    next(iter(CONFIG.values()))["sync"] = ("i",)', '    dict(next(iter(CONFIG.values())))["sync"] = ("i",)', "SF105")

P["reduce_getitem_path_store"] = ('"""functools.reduce(operator.getitem, path, CONFIG) walks to the nested section a store then changes."""', """
import functools
import operator

CONFIG = {"model": {"mesh": {"sync": ("i", "j")}}}


def set_path(root, path, value):
    *parents, leaf = path.split(".")
    functools.reduce(operator.getitem, parents, root)[leaf] = value


def main(mesh, x):
    set_path(CONFIG, "model.mesh.sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["model"]["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    set_path(CONFIG, "model.mesh.sync", ("i",))', '    set_path(CONFIG, "model.mesh.other", ("i",))', "SF105")

P["module_alias_of_item_list_changed"] = ('"""AXES is CONFIG["sync"] itself: removing through CONFIG changes what AXES holds."""', """

CONFIG = {"sync": ["i", "j"]}
AXES = CONFIG["sync"]


def narrow():
    CONFIG["sync"].remove("j")


def main(mesh, x):
    narrow()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(AXES))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'AXES = CONFIG["sync"]', 'AXES = list(CONFIG["sync"])', "SF105")

P["sorted_items_share_sections"] = ('"""sorted(CONFIG.items()) pairs hold the sections themselves."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}}


def main(mesh, x):
    for name, section in sorted(CONFIG.items()):
        section["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        section["sync"] = ("i",)', '        section = {"sync": ("i",)}', "SF105")

P["pcast_axes_list_display_alias"] = ('"""pcast to varying over the axes a list display shares with CONFIG; a store through the list narrowed them to "j"."""', """

CONFIG = {"cast": ["i", "j"]}
TABLES = [CONFIG["cast"]]


def main(mesh, x):
    TABLES[0].remove("i")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.pcast(counts, tuple(CONFIG["cast"]), to="varying")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
""", 'TABLES = [CONFIG["cast"]]', 'TABLES = [list(CONFIG["cast"])]', "SF107")

P["fluent_setter_through_type_of"] = ('"""type(p).set(p, ...) runs the setter on an object built earlier."""', """

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


BASE = HParams(sync_axes=("i", "j"))


def main(mesh, x):
    type(BASE).set(BASE, sync_axes=("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, BASE.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    type(BASE).set(BASE, sync_axes=("i",))', '    type(BASE).set(BASE, other=("i",))', "SF105")

P["host_run_loop_sees_appended_items"] = ('"""A parser loop expands includes by appending to the list it walks."""', """

INCLUDES = {"rows": ["drop=j"]}


def parse_axes(items):
    axes, queue = ["i", "j"], list(items)
    for item in queue:
        key, value = item.split("=")
        if key == "include":
            queue.extend(INCLUDES[value])
        elif key == "drop":
            axes.remove(value)
    return tuple(axes)


def main(mesh, x):
    axes = parse_axes(["include=rows"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'INCLUDES = {"rows": ["drop=j"]}', 'INCLUDES = {"rows": ["keep=j"]}', "SF105")

P["host_view_field_set_unconditionally"] = ('"""The parser stores the convert function it is given in a field named like its method."""', """

class AxisParser:
    def __init__(self, names, convert):
        self.names = names
        self.convert = convert

    def convert(self, text):
        return text.split(",")

    def parse(self, text):
        return tuple(a for a in self.convert(text) if a in self.names)


def first_only(text):
    return text.split(",")[:1]


def every(text):
    return text.split(",")


def main(mesh, x):
    axes = AxisParser(("i", "j"), first_only).parse("i,j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    axes = AxisParser(("i", "j"), first_only).parse("i,j")', '    axes = AxisParser(("i", "j"), every).parse("i,j")', "SF105")


S["gather_enumerate_sees_appended_rule"] = ('"""enumerate() over a list walks items appended during the loop."""', """

def main(mesh, x):
    rules = [P(None, None)]
    out = None
    for k, spec in enumerate(rules):
        out = spec
        if k == 0:
            rules.append(P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    for k, spec in enumerate(rules):', '    for k, spec in enumerate(list(rules)):', "SF104")

S["gather_reversed_is_lazy"] = ('"""reversed(list) reads the list when consumed: the last entry was replaced before."""', """

def main(mesh, x):
    outs = [P("i", None), P(None, None)]
    backwards = reversed(outs)
    outs[-1] = P(None, None, reduced={"i"})
    out = next(backwards)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    outs[-1] = P(None, None, reduced={"i"})', '    outs[0] = P(None, None, reduced={"i"})', "SF104")

S["gather_dict_values_view_is_live"] = ('"""A dict view taken before a store shows the stored value."""', """

def main(mesh, x):
    specs = {"out": P(None, None)}
    view = specs.values()
    specs["out"] = P(None, None, reduced={"i"})
    out = list(view)[0]
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    specs["out"] = P(None, None, reduced={"i"})', '    specs = {"out": P(None, None, reduced={"i"})}', "SF104")

S["gather_iter_of_list_is_live"] = ('"""iter(list) reads each item when next() asks: a replaced item is seen."""', """

def main(mesh, x):
    outs = [P(None, None)]
    it = iter(outs)
    outs[0] = P(None, None, reduced={"i"})
    out = next(it)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    outs[0] = P(None, None, reduced={"i"})', '    outs.append(P(None, None, reduced={"i"}))', "SF104")

S["gather_zip_is_lazy"] = ('"""zip() of lists reads them when consumed."""', """

def main(mesh, x):
    names, outs = ["rows"], [P(None, None)]
    pairs = zip(names, outs)
    outs[0] = P(None, None, reduced={"i"})
    _, out = next(pairs)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    outs[0] = P(None, None, reduced={"i"})', '    outs.append(P(None, None, reduced={"i"}))', "SF104")

S["gather_spec_tuple_entry_equals_name"] = ('"""P(("i",), None) == P("i", None) on jax 0.10.2: the placed spec matches the table\'s key."""', """

def main(mesh, x):
    placed = P(("i",), None)
    out = P(None, None, reduced={"i"}) if placed == P("i", None) else P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, placed))
        return top_level_all_gather(a, out)
""", '    out = P(None, None, reduced={"i"}) if placed == P("i", None) else P(None, None)', '    out = P(None, None, reduced={"i"}) if placed == P("j", None) else P(None, None)', "SF104")

S["gather_spec_keyed_table_normalised"] = ('"""A table keyed by specs: P(("i",), None) finds the entry of P("i", None)."""', """

OUT_FOR = {P("i", None): P(None, None, reduced={"i"})}


def main(mesh, x):
    placed = P(("i",), None)
    out = OUT_FOR.get(placed, P(None, None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, placed))
        return top_level_all_gather(a, out)
""", 'OUT_FOR = {P("i", None): P(None, None, reduced={"i"})}', 'OUT_FOR = {P("j", None): P(None, None, reduced={"i"})}', "SF104")

S["gather_spec_not_equal_to_tuple"] = ('"""A PartitionSpec is no tuple on jax 0.10.2: legacy code comparing it to one takes the other branch."""', """

def main(mesh, x):
    placed = P("i", None)
    if placed == ("i", None):
        out = P(None, None)
    else:
        out = P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, placed))
        return top_level_all_gather(a, out)
""", '    if placed == ("i", None):', '    if placed == P("i", None):', "SF104")

S["gather_dataclass_classvar_not_a_field"] = ('"""A ClassVar annotation is no dataclass field: fields() starts at out."""', """
import dataclasses
from typing import ClassVar


@dataclasses.dataclass
class Layout:
    legacy_out: ClassVar[object] = P(None, None)
    out: object = P(None, None, reduced={"i"})


def main(mesh, x):
    layout = Layout()
    first = dataclasses.fields(layout)[0].name
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, getattr(layout, first))
""", '    legacy_out: ClassVar[object] = P(None, None)', '    legacy_out: object = P(None, None)', "SF104")

S["gather_class_attribute_changed_after_instance"] = ('"""An instance reads the class attribute when asked, so a later class-level change is seen."""', """

class Layout:
    out = P(None, None)


def main(mesh, x):
    layout = Layout()
    Layout.out = P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)
""", '    Layout.out = P(None, None, reduced={"i"})', '    layout.other = P(None, None, reduced={"i"})', "SF104")

S["gather_reduced_from_mesh_axis_names"] = ('"""The reduced axis is read from mesh.axis_names."""', """

def main(mesh, x):
    first = mesh.axis_names[0]
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(first, None)))
        return top_level_all_gather(a, P(None, None, reduced={first}))
""", '        return top_level_all_gather(a, P(None, None, reduced={first}))', '        return top_level_all_gather(a, P(None, None, reduced={mesh.axis_names[1]}))', "SF104")

S["gather_sorted_stable_by_key"] = ('"""sorted() by priority keeps equal-priority rules in their order."""', """

RULES = [(1, P(None, None, reduced={"i"})), (2, P("i", None)), (1, P(None, None))]


def main(mesh, x):
    ordered = sorted(RULES, key=lambda rule: rule[0])
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, ordered[0][1])
""", 'RULES = [(1, P(None, None, reduced={"i"})), (2, P("i", None)), (1, P(None, None))]', 'RULES = [(1, P(None, None, reduced={"i"})), (2, P("i", None)), (0, P(None, None))]', "SF104")

S["gather_while_pop_worklist"] = ('"""A work list popped from the end: the last pushed rule is taken first."""', """

def main(mesh, x):
    work = [P(None, None)]
    work.append(P(None, None, reduced={"i"}))
    out = work.pop()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    out = work.pop()', '    out = work.pop(0)', "SF104")

S["gather_generator_reads_table_late"] = ('"""A generator reads the table when it resumes: a store between items is seen."""', """

TABLE = {"a": P(None, None), "b": P(None, None)}


def outs():
    yield TABLE["a"]
    yield TABLE["b"]


def main(mesh, x):
    gen = outs()
    next(gen)
    TABLE["b"] = P(None, None, reduced={"i"})
    out = next(gen)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    TABLE["b"] = P(None, None, reduced={"i"})', '    TABLE["a"] = P(None, None, reduced={"i"})', "SF104")


P["recorded_config_registered_again_outside"] = ('"""A pipeline records a narrowed key on a built scheduler (scheduler.register_to_config(...)), as diffusers pipelines do."""', CFG_LIB + """

class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i", "j")):
        pass

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


def main(mesh, x):
    reducer = Reducer()
    reducer.register_to_config(sync_axes=("i",))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    reducer.register_to_config(sync_axes=("i",))', '    reducer.register_to_config(other_axes=("i",))', "SF105")

P["recorded_config_property_overridden"] = ('"""A subclass overrides the config property, narrowing the recorded axes."""', CFG_LIB + """

class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i", "j")):
        pass

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


class RowReducer(Reducer):
    @property
    def config(self):
        return FrozenDict({**self._internal_dict, "sync_axes": self._internal_dict["sync_axes"][:1]})


def main(mesh, x):
    reducer = RowReducer()
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    reducer = RowReducer()', '    reducer = Reducer()', "SF105")

P["field_caller_method_never_called"] = ('"""The trainer would evaluate with compute_metrics, but the script only trains."""', """
import dataclasses


@dataclasses.dataclass
class Args:
    sync_axes: tuple = ("i", "j")


def compute_metrics(block, args):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, args.sync_axes)


class Trainer:
    def __init__(self, args, compute_metrics=None):
        self.args = args
        self.compute_metrics = compute_metrics

    def train(self, mesh, x):
        return jax.shard_map(lambda b: jax.lax.psum(b, ("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

    def evaluate(self, mesh, x):
        def body(block):
            return self.compute_metrics(block, self.args)
        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    trainer = Trainer(Args(), compute_metrics=compute_metrics)
    return trainer.train(mesh, x)
""", '    return trainer.train(mesh, x)', '    return trainer.evaluate(mesh, x)', "SF105")

P["schedule_loop_limited_by_config"] = ('"""A loop over a reduction schedule stops after LIMIT steps; the wide step is never reached."""', """

SCHEDULE = (("i",), ("i", "j"))
LIMIT = 1


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        for step, axes in enumerate(SCHEDULE):
            if step >= LIMIT:
                break
            counts = jax.lax.psum(counts, axes)
        return counts

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'SCHEDULE = (("i",), ("i", "j"))', 'SCHEDULE = (("i", "j"), ("i",))', "SF105")

P["helper_in_loop_shared_list_state"] = ('"""A helper called once per loop round records its axes in the caller\'s list and stops summing after the first."""', """

def sync(v, axes, seen):
    if seen:
        return v
    seen.append(axes)
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        done = []
        total = counts
        for axes in (("i",), ("i", "j")):
            total = sync(counts, axes, done)
        return jax.lax.pmean(total, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    seen.append(axes)', '    seen.count(axes)', "SF105")

P["init_ends_with_vars_update"] = ('"""__init__ stores defaults, then vars(self).update(overrides) replaces them."""', """

class Reducer:
    def __init__(self, **overrides):
        self.sync_axes = ("i", "j")
        vars(self).update(overrides)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    return jax.shard_map(Reducer(sync_axes=("i",)), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    return jax.shard_map(Reducer(sync_axes=("i",)), mesh', '    return jax.shard_map(Reducer(other_axes=("i",)), mesh', "SF105")

P["vars_of_namespace_updated"] = ('"""vars(args).update(overrides) changes the namespace\'s attributes."""', """
import argparse

ARGS = argparse.Namespace(sync=("i", "j"), name="run")
OVERRIDES = {"sync": ("i",)}


def main(mesh, x):
    vars(ARGS).update(OVERRIDES)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ARGS.sync)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'OVERRIDES = {"sync": ("i",)}', 'OVERRIDES = {"other": ("i",)}', "SF105")

P["dunder_dict_update_namespace"] = ('"""ns.__dict__.update(...) changes a SimpleNamespace config."""', """
import types

CFG = types.SimpleNamespace(sync=("i", "j"))


def load_overrides(cfg, overrides):
    cfg.__dict__.update(overrides)


def main(mesh, x):
    load_overrides(CFG, {"sync": ("i",)})

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CFG.sync)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    load_overrides(CFG, {"sync": ("i",)})', '    load_overrides(CFG, {"other": ("i",)})', "SF105")

P["helper_given_nested_section"] = ('"""A helper is handed CONFIG["mesh"] and changes it."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}}


def set_sync(section, axes):
    section["sync"] = axes


def main(mesh, x):
    set_sync(CONFIG["mesh"], ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    set_sync(CONFIG["mesh"], ("i",))', '    set_sync(dict(CONFIG["mesh"]), ("i",))', "SF105")

P["object_given_nested_section"] = ('"""An editor object keeps CONFIG["mesh"] and narrows it through a method."""', """

CONFIG = {"mesh": {"sync": ["i", "j"]}}


class Editor:
    def __init__(self, section):
        self.section = section

    def freeze(self, axis):
        self.section["sync"].remove(axis)


def main(mesh, x):
    Editor(CONFIG["mesh"]).freeze("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(CONFIG["mesh"]["sync"]))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        self.section["sync"].remove(axis)', '        self.section["sync"].count(axis)', "SF105")

P["list_iadd_through_parameter"] = ('"""lst += [...] in a helper extends the caller\'s list in place; the reduction keeps the listed axes only."""', """

FROZEN = []


def freeze(frozen, axis):
    frozen += [axis]


def main(mesh, x):
    freeze(FROZEN, "j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(a for a in ("i", "j") if a not in FROZEN))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    frozen += [axis]', '    frozen = frozen + [axis]', "SF105")

S["gather_tree_leaves_ordered_dict"] = ('"""jax.tree.leaves of an OrderedDict follows its insertion order."""', """
import collections


def main(mesh, x):
    outs = collections.OrderedDict()
    outs["w"] = P(None, None, reduced={"i"})
    outs["b"] = P(None, None)
    first = jax.tree.leaves(outs, is_leaf=lambda s: isinstance(s, P))[0]
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, first)
""", '    first = jax.tree.leaves(outs, is_leaf=lambda s: isinstance(s, P))[0]', '    first = jax.tree.leaves(outs, is_leaf=lambda s: isinstance(s, P))[1]', "SF104")

S["gather_while_over_growing_list"] = ('"""A for loop over rules expanded by includes appended to the same list."""', """

INCLUDES = {"reduced": [("out", P(None, None, reduced={"i"}))]}


def main(mesh, x):
    rules = [("out", P(None, None)), ("include", "reduced")]
    table = {}
    for key, value in rules:
        if key == "include":
            rules.extend(INCLUDES[value])
        else:
            table[key] = value
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, table["out"])
""", '    rules = [("out", P(None, None)), ("include", "reduced")]', '    rules = [("out", P(None, None)), ("skip", "reduced")]', "SF104")


P["dataclass_descriptor_typed_field"] = ('"""A descriptor-typed dataclass field: __init__\'s store goes through the descriptor\'s __set__, which drops frozen axes."""', """
import dataclasses

FROZEN_AXES = ("j",)


class Axes:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return ("i",)
        return obj.__dict__[self.key]

    def __set__(self, obj, value):
        obj.__dict__[self.key] = tuple(a for a in value if a not in FROZEN_AXES)


@dataclasses.dataclass
class Cfg:
    sync_axes: Axes = Axes()


CFG = Cfg(sync_axes=("i", "j"))


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CFG.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'FROZEN_AXES = ("j",)', 'FROZEN_AXES = ("k",)', "SF105")

P["property_installed_after_class"] = ('"""A validating property is installed on the class after its definition; __init__\'s store goes through its setter."""', """

class Reducer:
    def __init__(self, sync_axes):
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def _get_axes(self):
    return self._axes


def _set_axes(self, value):
    self._axes = tuple(value)[:1]


Reducer.sync_axes = property(_get_axes, _set_axes)


def main(mesh, x):
    return jax.shard_map(Reducer(("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    self._axes = tuple(value)[:1]', '    self._axes = tuple(value)', "SF105")

P["gather_reduced_axis_list_display_alias"] = ('"""SF101 form: the psum axis sits in a list display that shares CONFIG\'s section; a store through the list moved it to "i"."""', """

CONFIG = {"reduce": {"axis": "j"}}
STAGES = [CONFIG["reduce"]]


def main(mesh, x):
    STAGES[0]["axis"] = "i"

    def body(block):
        total = jax.lax.psum(block, CONFIG["reduce"]["axis"])
        return jax.lax.all_gather(total, "j", tiled=True, axis=1, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
""", 'STAGES = [CONFIG["reduce"]]', 'STAGES = [dict(CONFIG["reduce"])]', "SF101")

P["gather_reduced_axis_changed_by_iadd"] = ('"""SF101 form: the helper merges an override into the caller\'s dict with |=."""', """

CONFIG = {"reduce_axis": "j"}


def apply(cfg, overrides):
    cfg |= overrides


def main(mesh, x):
    apply(CONFIG, {"reduce_axis": "i"})

    def body(block):
        total = jax.lax.psum(block, CONFIG["reduce_axis"])
        return jax.lax.all_gather(total, "j", tiled=True, axis=1, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
""", '    cfg |= overrides', '    cfg = cfg | overrides', "SF101")

P["field_iadd_merges_overrides"] = ('"""self.cfg |= overrides in a method changes the dict the module also holds."""', """

CONFIG = {"sync": ("i", "j")}


class Runner:
    def __init__(self, cfg):
        self.cfg = cfg

    def override(self, **changes):
        self.cfg |= changes


def main(mesh, x):
    Runner(CONFIG).override(sync=("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        self.cfg |= changes', '        self.cfg = self.cfg | changes', "SF105")

P["helper_comprehension_over_sections"] = ('"""A helper picks sections by a comprehension and narrows them."""', """

CONFIG = {"mesh": {"sync": ("i", "j"), "kind": "reduce"}, "io": {"kind": "data"}}


def narrow_reducers():
    for section in [s for s in CONFIG.values() if s["kind"] == "reduce"]:
        section["sync"] = ("i",)


def main(mesh, x):
    narrow_reducers()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        section["sync"] = ("i",)', '        section = {"sync": ("i",)}', "SF105")

P["filter_hands_sections"] = ('"""filter() yields the sections themselves; a loop over it changes them."""', """

CONFIG = {"mesh": {"sync": ("i", "j"), "on": True}}


def main(mesh, x):
    for section in filter(lambda s: s["on"], CONFIG.values()):
        section["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        section["sync"] = ("i",)', '        section = {"sync": ("i",)}', "SF105")

S["gather_namedtuple_defaults_rightmost"] = ('"""collections.namedtuple defaults fill the rightmost fields."""', """
import collections

Layout = collections.namedtuple("Layout", ["placed", "out"], defaults=[P(None, None, reduced={"i"})])


def main(mesh, x):
    layout = Layout(P("i", None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout.placed))
        return top_level_all_gather(a, layout.out)
""", 'Layout = collections.namedtuple("Layout", ["placed", "out"], defaults=[P(None, None, reduced={"i"})])', 'Layout = collections.namedtuple("Layout", ["placed", "out"], defaults=[P(None, None)])', "SF104")

S["gather_class_attribute_bound_at_class_time"] = ('"""A class attribute is evaluated when the class body runs; the module name is rebound later."""', """

OUT = P(None, None, reduced={"i"})


class Layout:
    out = OUT


OUT = P(None, None)


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, Layout.out)
""", '    out = OUT\n', '    out = P(None, None)\n', "SF104")

S["gather_dataclass_default_bound_at_class_time"] = ('"""A dataclass default is evaluated when the class body runs."""', """
import dataclasses

OUT = P(None, None, reduced={"i"})


@dataclasses.dataclass
class Layout:
    out: object = OUT


OUT = P(None, None)


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, Layout().out)
""", '    out: object = OUT\n', '    out: object = P(None, None)\n', "SF104")

S["gather_filter_is_lazy"] = ('"""filter() reads the list when consumed."""', """

def main(mesh, x):
    outs = [P(None, None)]
    picked = filter(lambda s: s is not None, outs)
    outs[0] = P(None, None, reduced={"i"})
    out = next(picked)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '    outs[0] = P(None, None, reduced={"i"})', '    outs.append(P(None, None, reduced={"i"}))', "SF104")

S["gather_list_sort_in_place"] = ('"""list.sort() reorders the rules in place."""', """

def main(mesh, x):
    rules = [(2, P(None, None)), (1, P(None, None, reduced={"i"}))]
    rules.sort(key=lambda rule: rule[0])
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, rules[0][1])
""", '    rules.sort(key=lambda rule: rule[0])', '    rules.sort(key=lambda rule: -rule[0])', "SF104")

S["gather_list_insert_front"] = ('"""list.insert(0, ...) puts the override first."""', """

def main(mesh, x):
    outs = [P(None, None)]
    outs.insert(0, P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, outs[0])
""", '    outs.insert(0, P(None, None, reduced={"i"}))', '    outs.insert(1, P(None, None, reduced={"i"}))', "SF104")

S["gather_closure_late_binding_local"] = ('"""A nested function reads its enclosing local when called, after it was rebound."""', """

def make_picker():
    out = P(None, None)

    def pick():
        return out
    out = P(None, None, reduced={"i"})
    return pick


def main(mesh, x):
    pick = make_picker()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, pick())
""", '    out = P(None, None, reduced={"i"})\n    return pick', '    out2 = P(None, None, reduced={"i"})\n    return pick', "SF104")

S["gather_dict_pop_reinsert_order"] = ('"""Popping a key and storing it again moves it to the end of the dict."""', """

def main(mesh, x):
    outs = {"out": P(None, None), "fallback": P(None, None, reduced={"i"})}
    outs["out"] = outs.pop("out")
    first = next(iter(outs.values()))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, first)
""", '    outs["out"] = outs.pop("out")', '    outs["out"] = outs.get("out")', "SF104")

S["gather_short_out_spec_reduced"] = ('"""An out spec shorter than the array lists the gathered axis; the missing dimension stays unsharded."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P("a", None)))\n        return top_level_all_gather(a, P(None, reduced={"a"}))\n', '        return top_level_all_gather(a, P(None, reduced={"a"}))', '        return top_level_all_gather(a, P(None))', "SF104")

S["gather_keeps_other_dim_sharded"] = ('"""The second dimension keeps its axis while the first is gathered."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P("a", "b")))\n        return top_level_all_gather(a, P(None, "b", reduced={"a"}))\n', '        return top_level_all_gather(a, P(None, "b", reduced={"a"}))', '        return top_level_all_gather(a, P(None, "b"))', "SF104")

S["gather_four_axes_half_prefix"] = ('"""Four axes on one dimension gathered to the first two: the prefix is exactly half."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2, 1), ("a", "b", "c", "d"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P(("a", "b", "c", "d"), None)))\n        return top_level_all_gather(a, P(("a", "b"), None, reduced={"c", "d"}))\n', '        return top_level_all_gather(a, P(("a", "b"), None, reduced={"c", "d"}))', '        return top_level_all_gather(a, P(("a",), None, reduced={"c", "d"}))', "SF104")

S["gather_two_axes_to_first"] = ('"""Two axes on one dimension gathered to the first."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P(("a", "b"), None)))\n        return top_level_all_gather(a, P("a", None, reduced={"b"}))\n', '        return top_level_all_gather(a, P("a", None, reduced={"b"}))', '        return top_level_all_gather(a, P("b", None, reduced={"a"}))', "SF104")

S["gather_second_dim_tuple_to_prefix"] = ('"""The second dimension\'s two axes gathered to the first of them."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P("a", ("b", "c"))))\n        return top_level_all_gather(a, P("a", "b", reduced={"c"}))\n', '        return top_level_all_gather(a, P("a", "b", reduced={"c"}))', '        return top_level_all_gather(a, P("a", "c", reduced={"b"}))', "SF104")

S["gather_size_one_axis_in_tuple"] = ('"""A size-1 axis is gathered like any other."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2, 1), ("a", "b", "c", "d"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P(("c", "d"), None)))\n        return top_level_all_gather(a, P("c", None, reduced={"d"}))\n', '        return top_level_all_gather(a, P("c", None, reduced={"d"}))', '        return top_level_all_gather(a, P("d", None, reduced={"c"}))', "SF104")

S["gather_two_axes_to_none"] = ('"""Both axes of a dimension gathered, a size-1 one among them."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2, 1), ("a", "b", "c", "d"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P(("a", "d"), None)))\n        return top_level_all_gather(a, P(None, None, reduced={"a", "d"}))\n', '        return top_level_all_gather(a, P(None, None, reduced={"a", "d"}))', '        return top_level_all_gather(a, P(None, None, reduced={"a"}))', "SF104")

S["gather_first_dim_none_second_tuple"] = ('"""The gathered dimension is the second one."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P(None, ("a", "b"))))\n        return top_level_all_gather(a, P(None, "a", reduced={"b"}))\n', '        return top_level_all_gather(a, P(None, "a", reduced={"b"}))', '        return top_level_all_gather(a, P(None, "b", reduced={"a"}))', "SF104")

S["gather_identity_out_spec"] = ('"""An out spec equal to the input\'s gathers nothing."""', '\n\ndef main(mesh, x):\n    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))\n    with jax.set_mesh(mesh):\n        a = jax.device_put(x, NamedSharding(mesh, P(("a", "b"), None)))\n        return top_level_all_gather(a, P(("a", "b"), None))\n', '        return top_level_all_gather(a, P(("a", "b"), None))', '        return top_level_all_gather(a, P(("b", "a"), None))', "SF104")


P["clone_by_type_of_self"] = ('"""with_axes() builds type(self)(...): a RowReducer clones into a RowReducer, whose __call__ keeps one axis."""', """

class Reducer:
    def __init__(self, sync_axes=("i",)):
        self.sync_axes = sync_axes

    def with_axes(self, axes):
        return type(self)(axes)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


class RowReducer(Reducer):
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes[:1])


def main(mesh, x):
    reducer = RowReducer().with_axes(("i", "j"))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    reducer = RowReducer().with_axes(("i", "j"))', '    reducer = Reducer().with_axes(("i", "j"))', "SF105")

P["clone_by_dunder_class"] = ('"""replace() builds self.__class__(...): the subclass\'s __call__ runs."""', """

class Reducer:
    def __init__(self, sync_axes=("i",)):
        self.sync_axes = sync_axes

    def replace(self, **changes):
        return self.__class__(**{"sync_axes": self.sync_axes, **changes})

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


class RowReducer(Reducer):
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes[:1])


def main(mesh, x):
    reducer = RowReducer().replace(sync_axes=("i", "j"))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    reducer = RowReducer().replace(sync_axes=("i", "j"))', '    reducer = Reducer().replace(sync_axes=("i", "j"))', "SF105")

P["handed_table_def_in_module_if"] = ('"""Only the branch Python takes files its def under the key."""', """

REDUCERS = {}
USE_WIDE = False


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn
    return wrap


if USE_WIDE:
    @register(REDUCERS, "sync")
    def sync_all(v):
        return jax.lax.psum(v, ("i", "j"))
else:
    @register(REDUCERS, "sync")
    def sync_rows(v):
        return jax.lax.psum(v, "i")


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCERS["sync"](counts)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'USE_WIDE = False', 'USE_WIDE = True', "SF105")

P["layer_built_but_never_called"] = ('"""A pool layer picked from a factory table is built only when asked for; this model never calls one."""', """
import functools


class Pool:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def __call__(self, v):
        counts = jax.lax.psum(v, "j")
        return jax.lax.psum(counts, self.axes)


def get_layer(name, **kw):
    layer = {"pool": Pool}[name]
    return functools.partial(layer, **kw) if kw else layer


class Model:
    def __init__(self, use_pool=False):
        self.pool = get_layer("pool")() if use_pool else None

    def __call__(self, v):
        if self.pool is not None:
            return self.pool(v)
        return jax.lax.psum(v, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(Model(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    return jax.shard_map(Model(), mesh', '    return jax.shard_map(Model(True), mesh', "SF105")

P["lambda_changes_its_argument"] = ('"""A hook written as a lambda updates the dict it is handed."""', """

CONFIG = {"sync": ("i", "j")}
narrow = lambda cfg: cfg.update(sync=("i",))  # noqa: E731


def main(mesh, x):
    narrow(CONFIG)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'narrow = lambda cfg: cfg.update(sync=("i",))  # noqa: E731', 'narrow = lambda cfg: dict(cfg).update(sync=("i",))  # noqa: E731', "SF105")

P["partial_hands_config_to_changer"] = ('"""functools.partial binds the config to a changer called later."""', """
import functools

CONFIG = {"sync": ("i", "j")}


def set_sync(cfg, axes):
    cfg["sync"] = axes


def main(mesh, x):
    apply = functools.partial(set_sync, CONFIG)
    apply(("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    apply = functools.partial(set_sync, CONFIG)', '    apply = functools.partial(set_sync, dict(CONFIG))', "SF105")

P["dunder_setitem_on_section"] = ('"""CONFIG["mesh"].__setitem__(...) changes the section."""', """

CONFIG = {"mesh": {"sync": ("i", "j")}}


def main(mesh, x):
    CONFIG["mesh"].__setitem__("sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    CONFIG["mesh"].__setitem__("sync", ("i",))', '    CONFIG["mesh"].__setitem__("other", ("i",))', "SF105")

P["chainmap_writes_first_mapping"] = ('"""ChainMap(user, defaults): a store goes to the first mapping, the module\'s user config."""', """
import collections

USER = {"sync": ("i", "j")}
DEFAULTS = {"sync": ("i",)}


def main(mesh, x):
    merged = collections.ChainMap(USER, DEFAULTS)
    merged["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, USER["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    merged["sync"] = ("i",)', '    merged["other"] = ("i",)', "SF105")

P["vars_item_store_on_object"] = ('"""vars(obj)[name] = value replaces an object\'s field."""', """

class Reducer:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    reducer = Reducer()
    vars(reducer)["sync_axes"] = ("i",)
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    vars(reducer)["sync_axes"] = ("i",)', '    vars(reducer)["other_axes"] = ("i",)', "SF105")


P["version_guard_hasattr_pvary"] = ('"""Version-compatible code: the old-JAX branch (pvary present) is never taken on jax 0.10.2."""', """

def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if hasattr(jax.lax, "pvary"):
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if hasattr(jax.lax, "pvary"):', '        if hasattr(jax.lax, "pcast"):', "SF105")

P["version_guard_version_info"] = ('"""Version-compatible code keyed on jax.__version_info__: the branch for jax < 0.8 is never taken."""', """

def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if jax.__version_info__ < (0, 8, 0):
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if jax.__version_info__ < (0, 8, 0):', '        if jax.__version_info__ >= (0, 8, 0):', "SF105")

P["version_guard_parsed_version"] = ('"""Version-compatible code parsing jax.__version__: the old branch is never taken."""', """

JAX_VERSION = tuple(int(part) for part in jax.__version__.split(".")[:2])


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if JAX_VERSION < (0, 8):
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if JAX_VERSION < (0, 8):', '        if JAX_VERSION >= (0, 8):', "SF105")

P["helper_caller_marks_between_calls"] = ('"""The caller records the first sum in the list it hands the helper; the helper skips when it is not empty."""', """

def sync(v, axes, seen):
    if len(seen) > 0:
        return v
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        done = []
        rows = sync(counts, ("i",), done)
        done.append("rows")
        return jax.lax.pmean(sync(counts, ("i", "j"), done), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        done.append("rows")', '        done.count("rows")', "SF105")


P["version_guard_flag_constant"] = ('"""Version-compatible code: a module flag holds hasattr(jax.lax, "pvary"); the old branch is never taken."""', """

HAS_PVARY = hasattr(jax.lax, "pvary")


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if HAS_PVARY:
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if HAS_PVARY:', '        if not HAS_PVARY:', "SF105")

P["version_guard_import_flag"] = ('"""Version-compatible code: a flag set by try/except ImportError around `from jax.lax import pvary`."""', """

try:
    from jax.lax import pvary  # noqa: F401
    OLD_JAX = True
except ImportError:
    OLD_JAX = False


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if OLD_JAX:
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if OLD_JAX:', '        if not OLD_JAX:', "SF105")


P["version_guard_string_compare"] = ('"""jax.__version__ >= "0.8" compares strings: "0.10.2" < "0.8", so Python takes the else branch on jax 0.10.2."""', """

def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if jax.__version__ >= "0.8":
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if jax.__version__ >= "0.8":', '        if jax.__version__ >= "0.1":', "SF105")

P["version_guard_getattr_default"] = ('"""getattr(jax.lax, "pvary", None) is None on jax 0.10.2: the old branch is never taken."""', """

def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if getattr(jax.lax, "pvary", None) is not None:
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        if getattr(jax.lax, "pvary", None) is not None:', '        if getattr(jax.lax, "pcast", None) is not None:', "SF105")

P["fluent_setter_overridden_drops_field"] = ('"""A subclass overrides the setter to keep its axes; set() on a new object leaves them."""', """

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class FrozenAxes(HParams):
    def set(self, **fields):
        fields.pop("sync_axes", None)
        return super().set(**fields)


def main(mesh, x):
    p = FrozenAxes(sync_axes=("i",)).set(sync_axes=("i", "j"), name="norm")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        fields.pop("sync_axes", None)', '        fields.get("sync_axes", None)', "SF105")


S["gather_chained_keeps_reduced"] = ('"""A second gather of a gathered (reduced) array lists both axes."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
        g = top_level_all_gather(a, P(None, "j", reduced={"i"}))
        return top_level_all_gather(g, P(None, None, reduced={"i", "j"}))
""", '        return top_level_all_gather(g, P(None, None, reduced={"i", "j"}))', '        return top_level_all_gather(g, P(None, None, reduced={"j"}))', "SF104")

S["gather_chained_identity_on_reduced"] = ('"""Gathering a reduced array with its own spec changes nothing."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
        g = top_level_all_gather(a, P(None, "j", reduced={"i"}))
        return top_level_all_gather(g, P(None, "j", reduced={"i"}))
""", '        return top_level_all_gather(g, P(None, "j", reduced={"i"}))', '        return top_level_all_gather(g, P(None, "j"))', "SF104")

S["gather_scaled_reduced_array"] = ('"""A reduced array scaled by a constant stays reduced outside shard_map; the next gather lists both axes."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
        g = top_level_all_gather(a, P(None, "j", reduced={"i"})) * 2
        return top_level_all_gather(g, P(None, None, reduced={"i", "j"}))
""", '        return top_level_all_gather(g, P(None, None, reduced={"i", "j"}))', '        return top_level_all_gather(g, P(None, None, reduced={"j"}))', "SF104")


P["enum_alias_member_name"] = ('"""An Enum member with an equal value is an alias: Mode.DEFAULT.name is "ROWS"."""', """
import enum


class Mode(enum.Enum):
    ROWS = 1
    ALL = 2
    DEFAULT = 1


AXES_BY_MODE = {"ROWS": ("i",), "ALL": ("i", "j"), "DEFAULT": ("i", "j")}


def main(mesh, x):
    axes = AXES_BY_MODE[Mode.DEFAULT.name]

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    DEFAULT = 1', '    DEFAULT = 3', "SF105")

P["enum_iteration_skips_alias"] = ('"""Iterating an Enum skips aliases: the last member is ROWS."""', """
import enum


class Mode(enum.Enum):
    ALL = ("i", "j")
    ROWS = ("i",)
    FULL = ("i", "j")


def main(mesh, x):
    axes = list(Mode)[-1].value

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    FULL = ("i", "j")', '    FULL = ("j", "i")', "SF105")

P["try_validation_falls_back"] = ('"""A validation raises for this mesh, so the except clause\'s axes are used."""', """

def check_even(sizes):
    if any(size % 2 for size in sizes):
        raise ValueError("odd axis size")


def main(mesh, x):
    try:
        check_even((2, 3))
        axes = ("i", "j")
    except ValueError:
        axes = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '        check_even((2, 3))', '        check_even((2, 4))', "SF105")

P["sys_modules_attribute_store"] = ('"""A plugin changes the module\'s CONFIG through sys.modules[__name__]."""', """
import sys

CONFIG = {"sync": ("i", "j")}


def plugin():
    sys.modules[__name__].CONFIG["sync"] = ("i",)


def main(mesh, x):
    plugin()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    sys.modules[__name__].CONFIG["sync"] = ("i",)', '    sys.modules[__name__].CONFIG["other"] = ("i",)', "SF105")

P["dunder_setattr_call_on_object"] = ('"""obj.__setattr__("sync_axes", ...) replaces the field."""', """

class Reducer:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    reducer = Reducer()
    reducer.__setattr__("sync_axes", ("i",))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    reducer.__setattr__("sync_axes", ("i",))', '    reducer.__setattr__("other_axes", ("i",))', "SF105")

P["load_state_updates_dict"] = ('"""load_state() puts a saved state into the object\'s __dict__."""', """

class Reducer:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def load_state(self, state):
        self.__dict__.update(state)
        return self

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


SAVED = {"sync_axes": ("i",)}


def main(mesh, x):
    reducer = Reducer().load_state(SAVED)
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'SAVED = {"sync_axes": ("i",)}', 'SAVED = {"other_axes": ("i",)}', "SF105")


P["call_method_replaced_on_class"] = ('"""The class\'s __call__ is replaced after its definition (a plugin patching the layer)."""', """

class Reducer:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


def rows_call(self, block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, "i")


Reducer.__call__ = rows_call


def main(mesh, x):
    return jax.shard_map(Reducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'Reducer.__call__ = rows_call', 'Reducer.rows = rows_call', "SF105")

P["method_patched_on_class"] = ('"""A method is patched on the class before the model runs."""', """

class Model:
    def reduce(self, counts):
        return jax.lax.psum(counts, ("i", "j"))

    def __call__(self, block):
        return self.reduce(jax.lax.psum(block, "j"))


def reduce_rows(self, counts):
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    Model.reduce = reduce_rows
    return jax.shard_map(Model(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '    Model.reduce = reduce_rows', '    Model.reduce_rows = reduce_rows', "SF105")

P["decorator_replaces_function"] = ('"""A module decorator hands back another function in place of the decorated one."""', """

def sync_rows(v):
    return jax.lax.psum(v, "i")


def replaced_by(other):
    def deco(fn):
        return other
    return deco


@replaced_by(sync_rows)
def sync(v):
    return jax.lax.psum(v, ("i", "j"))


def main(mesh, x):
    def body(block):
        return sync(jax.lax.psum(block, "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", '@replaced_by(sync_rows)\n', '@(lambda fn: fn)\n', "SF105")

P["function_defaults_replaced"] = ('"""sync.__defaults__ is replaced: the call without axes gets the new default."""', """

def sync(v, axes=("i", "j")):
    return jax.lax.psum(v, axes)


sync.__defaults__ = (("i",),)


def main(mesh, x):
    def body(block):
        return sync(jax.lax.psum(block, "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""", 'sync.__defaults__ = (("i",),)', 'sync.__doc__ = (("i",),)', "SF105")


S["gather_dict_subclass_contains_override"] = ('"""A spec table (dict subclass) whose __contains__ treats a None entry as absent."""', """

class Specs(dict):
    def __contains__(self, name):
        return super().__contains__(name) and super().__getitem__(name) is not None


SPECS = Specs(out=None)


def main(mesh, x):
    out = SPECS["out"] if "out" in SPECS else P(None, None, reduced={"i"})
    if out is None:
        out = P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '        return super().__contains__(name) and super().__getitem__(name) is not None', '        return super().__contains__(name)', "SF104")

S["gather_dict_subclass_len_override"] = ('"""A spec table (dict subclass) whose __len__ counts only set entries: an all-None table is falsy."""', """

class Specs(dict):
    def __len__(self):
        return sum(1 for value in self.values() if value is not None)


SPECS = Specs(out=None)


def main(mesh, x):
    out = P(None, None) if SPECS else P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)
""", '        return sum(1 for value in self.values() if value is not None)', '        return sum(1 for value in self.values())', "SF104")

S["gather_dict_subclass_keys_override"] = ('"""A spec table (dict subclass) whose keys() hides private entries; the first key is the public one."""', """

class Specs(dict):
    def keys(self):
        return [key for key in super().keys() if not key.startswith("_")]


SPECS = Specs(_draft=P(None, None), out=P(None, None, reduced={"i"}))


def main(mesh, x):
    first = list(SPECS.keys())[0]
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, SPECS[first])
""", '        return [key for key in super().keys() if not key.startswith("_")]', '        return [key for key in super().keys()]', "SF104")


def write():
    base = pathlib.Path(__file__).resolve().parent
    (base / "clean").mkdir(exist_ok=True)
    (base / "twins").mkdir(exist_ok=True)
    edits = {}
    for table, head, tail in ((P, HEAD, TAIL), (S, SF104_HEAD, SF104_TAIL)):
        for name, (doc, body, old, new, rule) in table.items():
            text = doc + "\n" + head + body.rstrip("\n") + "\n" + tail
            assert text.count(old) == 1, (name, old)
            twin = text.replace(old, new)
            a, b = text.splitlines(), twin.splitlines()
            assert len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, name
            (base / "clean" / f"{name}.py").write_text(text)
            (base / "twins" / f"{name}.py").write_text(twin)
            edits[name] = rule
    return edits


if __name__ == "__main__":
    print(len(write()), "programs")
