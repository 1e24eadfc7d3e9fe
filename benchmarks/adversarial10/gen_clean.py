"""Writes clean/*.py (run once by the adv10 helper; kept so the set can be re-made by hand)."""
import pathlib

TAIL = '''

def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
'''
HEAD = 'import jax\nimport numpy as np\nfrom jax.sharding import PartitionSpec as P\n'
RUN = '    return jax.shard_map({f}, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)\n'

P = {}
P["zoo_defaults_item_changed"] = ('"""The decorator sets `cls.defaults`; the dict is then changed in place before the build."""', '''
ZOO = {}


def register(name, **defaults):
    def wrap(cls):
        cls.defaults = defaults
        ZOO[name] = cls
        return cls

    return wrap


def build(name, **overrides):
    cls = ZOO[name]
    return cls(**{**cls.defaults, **overrides})


@register("avg", axis="j", loss_axes=("i", "j"))
class Averager:
    def __init__(self, axis, loss_axes):
        self.axis = axis
        self.loss_axes = loss_axes

    def loss(self, block):
        total = jax.lax.psum(block, self.axis)
        return jax.lax.pmean(total.mean(), self.loss_axes)


Averager.defaults["loss_axes"] = ("i",)


def main(mesh, x):
    model = build("avg")
''' + RUN.format(f="model.loss"))

P["zoo_stacked_register_last_wins"] = ('"""Two stacked register decorators: the outer one runs last and its defaults replace the inner one\'s on the class, so "avg" builds with ("i",)."""', '''
ZOO = {}


def register(name, **defaults):
    def wrap(cls):
        cls.defaults = defaults
        ZOO[name] = cls
        return cls

    return wrap


def build(name):
    cls = ZOO[name]
    return cls(**cls.defaults)


@register("rows", axis="j", loss_axes=("i",))
@register("avg", axis="j", loss_axes=("i", "j"))
class Averager:
    def __init__(self, axis, loss_axes):
        self.axis = axis
        self.loss_axes = loss_axes

    def loss(self, block):
        total = jax.lax.psum(block, self.axis)
        return jax.lax.pmean(total.mean(), self.loss_axes)


def main(mesh, x):
    model = build("avg")
''' + RUN.format(f="model.loss"))

P["registry_build_overridden_aliases"] = ('"""A Registry subclass overrides build to map an old type name to its replacement."""', '''

class Registry:
    def __init__(self, name):
        self.name = name
        self._modules = {}

    def register_module(self):
        def wrap(cls):
            self._modules[cls.__name__] = cls
            return cls

        return wrap

    def build(self, cfg):
        cfg = dict(cfg)
        cls = self._modules[cfg.pop("type")]
        return cls(**cfg)


class AliasRegistry(Registry):
    aliases = {"SumAll": "SumRows"}

    def build(self, cfg):
        cfg = dict(cfg)
        cfg["type"] = self.aliases.get(cfg["type"], cfg["type"])
        return super().build(cfg)


MODELS = AliasRegistry("models")


@MODELS.register_module()
class SumAll:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


@MODELS.register_module()
class SumRows:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def main(mesh, x):
    model = MODELS.build(dict(type="SumAll"))
''' + RUN.format(f="model"))

P["registry_type_replaced_before_build"] = ('"""The config\'s type key is replaced at run time before the build."""', '''

class Registry:
    def __init__(self, name):
        self._modules = {}

    def register_module(self):
        def wrap(cls):
            self._modules[cls.__name__] = cls
            return cls

        return wrap

    def build(self, cfg):
        cfg = dict(cfg)
        return self._modules[cfg.pop("type")](**cfg)


MODELS = Registry("models")


@MODELS.register_module()
class SumAll:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


@MODELS.register_module()
class SumRows:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


MODEL_CFG = dict(type="SumAll")


def main(mesh, x):
    MODEL_CFG["type"] = "SumRows"
    model = MODELS.build(MODEL_CFG)
''' + RUN.format(f="model"))

P["registry_same_name_last_registration_wins"] = ('"""Two classes file themselves under the same name: the later registration replaces the earlier."""', '''

class Registry:
    def __init__(self):
        self._modules = {}

    def register_module(self, name):
        def wrap(cls):
            self._modules[name] = cls
            return cls

        return wrap

    def build(self, cfg):
        cfg = dict(cfg)
        return self._modules[cfg.pop("type")](**cfg)


MODELS = Registry()


@MODELS.register_module("Reducer")
class SumAll:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


@MODELS.register_module("Reducer")
class SumRows:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def main(mesh, x):
    model = MODELS.build({"type": "Reducer"})
''' + RUN.format(f="model"))

P["registry_get_with_fallback"] = ('"""`get(name, fallback)`: the name is not registered, so the fallback class is built."""', '''
REDUCERS = {}


def register(cls):
    REDUCERS[cls.__name__] = cls
    return cls


@register
class SumAll:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


class SumRows:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def main(mesh, x):
    model = REDUCERS.get("Sumall", SumRows)()
''' + RUN.format(f="model"))

P["call_overridden_in_subclass"] = ('"""The object built is the subclass; its `__call__` replaces the base\'s."""', '''

class Reducer:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowReducer(Reducer):
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def make(kind):
    return {"all": Reducer, "rows": RowReducer}[kind]()


def main(mesh, x):
    model = make("rows")
''' + RUN.format(f="model"))

P["call_set_on_instance_ignored"] = ('"""`obj(x)` looks `__call__` up on the type: the function stored on the instance never runs."""', '''

def _all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


class Reducer:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def main(mesh, x):
    model = Reducer()
    model.__call__ = _all
''' + RUN.format(f="model"))

P["namedtuple_replace"] = ('"""`_replace` makes a new plan with the row axis only."""', '''
from typing import NamedTuple


class Plan(NamedTuple):
    count_axis: str = "j"
    sync_axes: tuple = ("i", "j")


PLAN = Plan()._replace(sync_axes=("i",))


def body(block):
    counts = jax.lax.psum(block, PLAN.count_axis)
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
''' + RUN.format(f="body"))

P["enum_missing_maps_to_rows"] = ('"""`_missing_` turns an unknown value into ROWS."""', '''
import enum


class Sync(enum.Enum):
    ROWS = ("i",)
    ALL = ("i", "j")

    @classmethod
    def _missing_(cls, value):
        return cls.ROWS


SYNC = Sync("everything")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC.value)


def main(mesh, x):
''' + RUN.format(f="body"))

P["str_enum_value_lookup_by_name"] = ('"""A str Enum whose `_missing_` looks a member up by name: Sync("ALL") is the member ALL,\nwhose value is "i"."""', '''
import enum


class Sync(str, enum.Enum):
    ALL = "i"
    BOTH = "i,j"

    @classmethod
    def _missing_(cls, value):
        return cls[value]


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(Sync("ALL").value.split(",")))


def main(mesh, x):
''' + RUN.format(f="body"))

P["contextvar_set_in_helper"] = ('"""A ContextVar\'s default is replaced by `.set()` in a helper main calls first."""', '''
import contextvars

SYNC_AXES = contextvars.ContextVar("sync_axes", default=("i", "j"))


def configure():
    SYNC_AXES.set(("i",))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES.get())


def main(mesh, x):
    configure()
''' + RUN.format(f="body"))

P["regex_rules_first_match_wins"] = ('"""Logical-axis rules as regexes: the first rule that matches decides."""', '''
import re

RULES = [
    (r"batch.*", ("i",)),
    (r"batch_all", ("i", "j")),
]


def mesh_axes(logical):
    for pattern, axes in RULES:
        if re.fullmatch(pattern, logical):
            return axes
    raise KeyError(logical)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, mesh_axes("batch_all"))


def main(mesh, x):
''' + RUN.format(f="body"))

P["method_changes_field_before_run"] = ('"""A method main calls before the run narrows the object\'s axes."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def rows_only(self):
        self.axes = ("i",)
        return self

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = Reducer()
    model.rows_only()
''' + RUN.format(f="model"))

P["method_changes_field_after_run"] = ('"""The widening method runs after the shard_map call, so the run saw ("i",)."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i",)

    def widen(self):
        self.axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = Reducer()
    out = jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    model.widen()
    return out
''')

P["yaml_text_override_later"] = ('"""A YAML-like config string is parsed, then a command-line style override replaces a key."""', '''
TEXT = """
count_axis: j
sync_axes: i,j
"""
OVERRIDES = ["sync_axes=i"]


def parse(text):
    conf = {}
    for line in text.strip().splitlines():
        key, value = line.split(":", 1)
        conf[key.strip()] = value.strip()
    return conf


CONF = parse(TEXT)
for item in OVERRIDES:
    k, v = item.split("=", 1)
    CONF[k] = v


def body(block):
    counts = jax.lax.psum(block, CONF["count_axis"])
    return jax.lax.psum(counts, tuple(CONF["sync_axes"].split(",")))


def main(mesh, x):
''' + RUN.format(f="body"))

P["attrdict_setattr_after_build"] = ('"""An AttrDict config: an attribute store writes the item."""', '''

class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


CFG = AttrDict(count_axis="j", sync_axes=("i", "j"))


def body(block):
    counts = jax.lax.psum(block, CFG.count_axis)
    return jax.lax.psum(counts, CFG.sync_axes)


def main(mesh, x):
    CFG.sync_axes = ("i",)
''' + RUN.format(f="body"))

P["module_patch_then_inplace_or"] = ('"""A dict patched below its literal, then changed again in main with `|=`."""', '''
CONFIG = {"count": "j", "sync": ("i", "j")}
CONFIG["sync"] = ("i", "j")


def body(block):
    counts = jax.lax.psum(block, CONFIG["count"])
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    global CONFIG
    CONFIG |= {"sync": ("i",)}
''' + RUN.format(f="body"))

P["copy_only_when_asked"] = ('"""The helper copies its config only when asked; main does not ask, so the pop changes CONF."""', '''
CONF = {"sync": ("i", "j"), "rows": ("i",)}


def narrow(conf, copy=True):
    if copy:
        conf = dict(conf)
    conf["sync"] = conf.pop("rows")
    return conf


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    narrow(CONF, copy=False)
''' + RUN.format(f="body"))

P["copy_then_written_back"] = ('"""A builder changes its own copy, then writes the copy back into the module config."""', '''
CONF = {"sync": ("i", "j"), "scale": 2.0}


def narrowed(conf):
    conf = dict(conf)
    conf.pop("sync")
    conf["sync"] = ("i",)
    return conf


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    CONF.update(narrowed(CONF))
''' + RUN.format(f="body"))

P["merger_empty_list_uses_defaults"] = ('"""A merger given [] falls back to its default overrides, which narrow the axes."""', '''

class Cfg:
    sync_axes = ("i", "j")


DEFAULT_OVERRIDES = [("sync_axes", ("i",))]


def merge_overrides(cfg, overrides):
    overrides = overrides or DEFAULT_OVERRIDES
    for key, value in overrides:
        setattr(cfg, key, value)
    return cfg


CFG = Cfg()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CFG.sync_axes)


def main(mesh, x):
    merge_overrides(CFG, [])
''' + RUN.format(f="body"))

P["namespace_attr_rebound"] = ('"""A SimpleNamespace of helpers whose entry is rebound before use."""', '''
import types


def _sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def _sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


ut = types.SimpleNamespace(reduce=_sum_all)
ut.reduce = _sum_rows


def body(block):
    return ut.reduce(block)


def main(mesh, x):
''' + RUN.format(f="body"))

P["int_stage_registered_twice"] = ('"""Two stages filed under the same number: the later one replaces the earlier."""', '''
STAGES = {}


def stage(n):
    def register(fn):
        STAGES[n] = fn
        return fn

    return register


@stage(1)
def sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


@stage(1)
def sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


def main(mesh, x):
    return jax.shard_map(STAGES[1], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["kwargs_spread_overrides_default"] = ('"""The spread config passes sync_axes, replacing the parameter default."""', '''
CONF = {"sync_axes": ("i",)}


def build_loss(mesh, count_axis="j", sync_axes=("i", "j")):
    def body(block):
        counts = jax.lax.psum(block, count_axis)
        return jax.lax.psum(counts, sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())


def main(mesh, x):
    return build_loss(mesh, **CONF)(x)
''')

P["property_reads_changed_field"] = ('"""A property reads a field main changes before the run."""', '''

class Plan:
    def __init__(self):
        self._sync = "i,j"

    @property
    def sync_axes(self):
        return tuple(self._sync.split(","))


PLAN = Plan()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
    PLAN._sync = "i"
''' + RUN.format(f="body"))


P["namedtuple_new_defaults_changed"] = ('"""A NamedTuple\'s defaults live in `__new__.__defaults__`; replacing them changes what Plan() holds."""', """
from typing import NamedTuple


class Plan(NamedTuple):
    count_axis: str = "j"
    sync_axes: tuple = ("i", "j")


Plan.__new__.__defaults__ = ("j", ("i",))
PLAN = Plan()


def body(block):
    counts = jax.lax.psum(block, PLAN.count_axis)
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
""" + RUN.format(f="body"))

P["namedtuple_subclass_property"] = ('"""A NamedTuple subclass hides the field with a property."""', """
from typing import NamedTuple


class Plan(NamedTuple):
    count_axis: str = "j"
    sync_axes: tuple = ("i", "j")


class RowPlan(Plan):
    @property
    def sync_axes(self):
        return ("i",)


PLAN = RowPlan()


def body(block):
    counts = jax.lax.psum(block, PLAN.count_axis)
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
""" + RUN.format(f="body"))

P["namedtuple_replace_rebound"] = ('"""The module name is rebound to a `_replace` copy inside main, before the run."""', """
from typing import NamedTuple


class Plan(NamedTuple):
    count_axis: str = "j"
    sync_axes: tuple = ("i", "j")


PLAN = Plan()


def body(block):
    counts = jax.lax.psum(block, PLAN.count_axis)
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
    global PLAN
    PLAN = PLAN._replace(sync_axes=("i",))
""" + RUN.format(f="body"))

P["copy_shares_nested_list"] = ('"""`dict(conf)` is shallow: popping the nested list changes CONF\'s list too."""', """
CONF = {"sync": ["i", "j"], "scale": 2.0}


def scale_of(conf):
    conf = dict(conf)
    conf["sync"].pop()
    return conf["scale"]


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(CONF["sync"]))


def main(mesh, x):
    scale_of(CONF)
""" + RUN.format(f="body"))

P["copy_result_rebinds_global"] = ('"""The builder changes its own copy, and main rebinds the module name to that copy."""', """
CONF = {"sync": ("i", "j"), "scale": 2.0}


def narrowed(conf):
    conf = dict(conf)
    conf.pop("sync")
    conf["sync"] = ("i",)
    return conf


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    global CONF
    CONF = narrowed(CONF)
""" + RUN.format(f="body"))

P["copy_module_level_rebind"] = ('"""The module name is rebound at import to the builder\'s changed copy."""', """
CONF = {"sync": ("i", "j"), "scale": 2.0}


def narrowed(conf):
    conf = dict(conf)
    conf["sync"] = ("i",)
    return conf


CONF = narrowed(CONF)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
""" + RUN.format(f="body"))

P["copy_with_shadowed_dict"] = ('"""`dict` is rebound in the module to a function that returns its argument: no copy is made."""', """
CONF = {"sync": ("i", "j"), "rows": ("i",)}


def dict(d):
    return d


def narrow(conf):
    conf = dict(conf)
    conf["sync"] = conf.pop("rows")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    narrow(CONF)
""" + RUN.format(f="body"))

P["copy_then_clear_update"] = ('"""The copy is changed, then CONF is cleared and refilled from it."""', """
CONF = {"sync": ("i", "j"), "scale": 2.0}


def narrowed(conf):
    conf = dict(conf)
    conf.pop("sync")
    conf["sync"] = ("i",)
    return conf


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    new = narrowed(CONF)
    CONF.clear()
    CONF.update(new)
""" + RUN.format(f="body"))

P["registry_first_registration_kept"] = ('"""This Registry keeps the first class filed under a name (setdefault), unlike mmcv\'s."""', """

class Registry:
    def __init__(self):
        self._modules = {}

    def register_module(self, name):
        def wrap(cls):
            self._modules.setdefault(name, cls)
            return cls

        return wrap

    def build(self, cfg):
        cfg = dict(cfg)
        return self._modules[cfg.pop("type")](**cfg)


MODELS = Registry()


@MODELS.register_module("Reducer")
class SumRows:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


@MODELS.register_module("Reducer")
class SumAll:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    model = MODELS.build({"type": "Reducer"})
""" + RUN.format(f="model"))

P["registry_build_type_default"] = ('"""build() fills a missing type from its default_args; the config names none."""', """

class Registry:
    def __init__(self):
        self._modules = {}

    def register_module(self, name):
        def wrap(cls):
            self._modules[name] = cls
            return cls

        return wrap

    def build(self, cfg, default_args=None):
        cfg = dict(cfg)
        for k, v in (default_args or {}).items():
            cfg.setdefault(k, v)
        return self._modules[cfg.pop("type")](**cfg)


MODELS = Registry()


@MODELS.register_module("All")
class SumAll:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = MODELS.build({"axes": ("i",)}, default_args={"type": "All", "axes": ("i", "j")})
""" + RUN.format(f="model"))

P["registry_unregistered_then_reregistered"] = ('"""A registered name is deleted and filed again under another class."""', """
REDUCERS = {}


def register(name):
    def wrap(fn):
        REDUCERS[name] = fn
        return fn

    return wrap


@register("reduce")
def sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


del REDUCERS["reduce"]
register("reduce")(sum_rows)


def main(mesh, x):
""" + RUN.format(f='REDUCERS["reduce"]'))

P["int_stage_first_kept"] = ('"""The stage decorator keeps the first function filed under a number."""', """
STAGES = {}


def stage(n):
    def register(fn):
        STAGES.setdefault(n, fn)
        return fn

    return register


@stage(1)
def sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


@stage(1)
def sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(STAGES[1], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""")

P["int_stage_key_shifted"] = ('"""The decorator files each stage under n + 1; STAGES[1] is the stage written as @stage(0)."""', """
STAGES = {}


def stage(n):
    def register(fn):
        STAGES[n + 1] = fn
        return fn

    return register


@stage(0)
def sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


@stage(1)
def sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(STAGES[1], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
""")


P["dataclass_init_defaults_replaced"] = ('"""A dataclass\'s defaults are `__init__.__defaults__`; replacing them changes what Cfg() holds."""', """
import dataclasses


@dataclasses.dataclass
class Cfg:
    count_axis: str = "j"
    sync_axes: tuple = ("i", "j")


Cfg.__init__.__defaults__ = ("j", ("i",))
CFG = Cfg()


def body(block):
    counts = jax.lax.psum(block, CFG.count_axis)
    return jax.lax.psum(counts, CFG.sync_axes)


def main(mesh, x):
""" + RUN.format(f="body"))

P["kwdefaults_replaced"] = ('"""A keyword-only default changed through `__kwdefaults__` before the run."""', """


def body(block, *, sync_axes=("i", "j")):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, sync_axes)


def main(mesh, x):
    body.__kwdefaults__["sync_axes"] = ("i",)
""" + RUN.format(f="body"))

P["partial_keywords_dict_changed"] = ('"""`partial.keywords` is the dict the partial calls with; changing it changes the call."""', """
import functools


def reduce(block, sync_axes):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, sync_axes)


def main(mesh, x):
    body = functools.partial(reduce, sync_axes=("i", "j"))
    body.keywords["sync_axes"] = ("i",)
""" + RUN.format(f="body"))

P["function_code_replaced"] = ('"""`body.__code__` is replaced by another function\'s code: the run executes that code."""', """


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def _rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


body.__code__ = _rows.__code__


def main(mesh, x):
""" + RUN.format(f="body"))

P["class_call_replaced"] = ('"""The class\'s `__call__` is replaced after the class body."""', """


class Reducer:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


def _rows(self, block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


Reducer.__call__ = _rows


def main(mesh, x):
""" + RUN.format(f="Reducer()"))

P["decorator_returns_other_function"] = ('"""The decorator discards the function it is given and returns the row reducer."""', """


def _rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


def rows_instead(fn):
    return _rows


@rows_instead
def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
""" + RUN.format(f="body"))

P["global_rebound_through_setattr_module"] = ('"""The module constant is rebound through `setattr(sys.modules[__name__], ...)`."""', """
import sys

SYNC = ("i", "j")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC)


def main(mesh, x):
    setattr(sys.modules[__name__], "SYNC", ("i",))
""" + RUN.format(f="body"))

P["global_rebound_through_globals_update"] = ('"""The module constant is rebound by `globals().update`."""', """
SYNC = ("i", "j")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC)


def main(mesh, x):
    globals().update(SYNC=("i",))
""" + RUN.format(f="body"))

P["enum_new_sets_value"] = ('"""The Enum\'s `__new__` sets `_value_` to the first axis only."""', """
import enum


class Sync(enum.Enum):
    ALL = "i,j"

    def __new__(cls, text):
        obj = object.__new__(cls)
        obj._value_ = tuple(text.split(","))[:1]
        return obj


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, Sync.ALL.value)


def main(mesh, x):
""" + RUN.format(f="body"))

P["contextvar_set_then_reset"] = ('"""`.set()` then `.reset(token)`: the run sees the default again."""', """
import contextvars

SYNC_AXES = contextvars.ContextVar("sync_axes", default=("i",))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES.get())


def main(mesh, x):
    token = SYNC_AXES.set(("i", "j"))
    SYNC_AXES.reset(token)
""" + RUN.format(f="body"))

P["contextvar_set_in_copied_context"] = ('"""`.set()` inside `copy_context().run(...)` changes only the copy."""', """
import contextvars

SYNC_AXES = contextvars.ContextVar("sync_axes", default=("i",))


def widen():
    SYNC_AXES.set(("i", "j"))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES.get())


def main(mesh, x):
    contextvars.copy_context().run(widen)
""" + RUN.format(f="body"))

P["regex_match_is_prefix"] = ('"""`re.match` anchors only at the start: "batch" matches "batch_all" first."""', """
import re

RULES = (("batch", ("i",)), ("batch_all", ("i", "j")))


def mesh_axes(logical):
    for pattern, axes in RULES:
        if re.match(pattern, logical):
            return axes
    return ()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, mesh_axes("batch_all"))


def main(mesh, x):
""" + RUN.format(f="body"))

P["regex_rules_ignorecase"] = ('"""A case-insensitive rule earlier in the list catches "BATCH"."""', """
import re

RULES = [(re.compile("batch", re.IGNORECASE), ("i",)), (re.compile("BATCH"), ("i", "j"))]


def mesh_axes(logical):
    for pattern, axes in RULES:
        if pattern.fullmatch(logical):
            return axes
    return ()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, mesh_axes("BATCH"))


def main(mesh, x):
""" + RUN.format(f="body"))


P["function_defaults_replaced"] = ('"""A positional default replaced through `__defaults__` before the run."""', """


def body(block, sync_axes=("i", "j")):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, sync_axes)


body.__defaults__ = (("i",),)


def main(mesh, x):
""" + RUN.format(f="body"))

P["plain_init_defaults_replaced"] = ('"""A plain class\'s `__init__.__defaults__` replaced: Reducer() takes the new default."""', """


class Reducer:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


Reducer.__init__.__defaults__ = (("i",),)


def main(mesh, x):
""" + RUN.format(f="Reducer()"))

SF104_HEAD = ('import jax\nimport numpy as np\nfrom jax._src.shard_map import top_level_all_gather\n'
              'from jax.sharding import NamedSharding, PartitionSpec as P\n')
SF104_TAIL = '''

def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
'''
S = {}
S["gather_input_placed_in_branch"] = ('"""The input is placed by rows in the branch a runtime flag takes."""', '''
FLAGS = {"flat": False}


def main(mesh, x):
    with jax.set_mesh(mesh):
        if FLAGS["flat"]:
            a = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        else:
            a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''')
S["gather_input_resharded_by_helper"] = ('"""A helper reshards the input by rows before the gather."""', '''


def by_rows(mesh, a):
    return jax.device_put(a, NamedSharding(mesh, P("i", None)))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        a = by_rows(mesh, a)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''')
S["gather_spec_from_flag_table"] = ('"""The input spec comes from a table keyed by a flag changed before use."""', '''
SPECS = {"flat": P(("i", "j"), None), "rows": P("i", None)}
MODE = ["flat"]


def main(mesh, x):
    MODE[0] = "rows"
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, SPECS[MODE[0]]))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''')
S["gather_sharding_object_method_changes"] = ('"""A layout object\'s method replaces its spec before the input is placed."""', '''


class Layout:
    def __init__(self):
        self.spec = P(("i", "j"), None)

    def rows(self):
        self.spec = P("i", None)


def main(mesh, x):
    layout = Layout()
    layout.rows()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout.spec))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
''')

S["gather_helper_early_return"] = ('"""The resharding helper returns its input unchanged when told the array is placed already."""', """


def by_all(mesh, a, placed=False):
    if placed:
        return a
    return jax.device_put(a, NamedSharding(mesh, P(("i", "j"), None)))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        a = by_all(mesh, a, placed=True)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")
S["gather_last_placement_in_loop"] = ('"""The input is placed twice in a loop; the last placement is by rows."""', """


def main(mesh, x):
    with jax.set_mesh(mesh):
        for spec in (P(("i", "j"), None), P("i", None)):
            a = jax.device_put(x, NamedSharding(mesh, spec))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")
S["gather_helper_result_discarded"] = ('"""A helper places a copy by both axes, but its result is dropped: the input keeps its row placement."""', """


def by_all(mesh, a):
    return jax.device_put(a, NamedSharding(mesh, P(("i", "j"), None)))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        by_all(mesh, a)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")
S["gather_reshard_helper_by_flag"] = ('"""A helper reshards by rows when the module flag (set in main) says so."""', """
ROWS = [False]


def place(mesh, x):
    spec = P("i", None) if ROWS[0] else P(("i", "j"), None)
    return jax.device_put(x, NamedSharding(mesh, spec))


def main(mesh, x):
    ROWS[0] = True
    with jax.set_mesh(mesh):
        a = place(mesh, x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")
out = pathlib.Path(__file__).resolve().parent / "clean"
for name, (doc, code) in P.items():
    (out / f"{name}.py").write_text(doc + "\n" + HEAD + code + TAIL)
for name, (doc, code) in S.items():
    (out / f"{name}.py").write_text(doc + "\n" + SF104_HEAD + code + SF104_TAIL)
