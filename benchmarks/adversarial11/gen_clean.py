"""Writes clean/*.py (run once by the adv11 helper; kept so the set can be re-made by hand).

    python3 benchmarks/adversarial11/gen_clean.py
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
P = {}
S = {}

P["setter_copies_before_owner_changes"] = ('"""The callback copies the model\'s axes in set_model; the model changes its own field afterwards."""', '''

class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model


class AxesCallback(Callback):
    def set_model(self, model):
        super().set_model(model)
        self.axes = tuple(model.sync_axes)

    def on_batch_end(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class CallbackList:
    def __init__(self, callbacks, model=None):
        self.callbacks = list(callbacks or [])
        for callback in self.callbacks:
            callback.set_model(model)


class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.sync_axes = ("i",)
        self.hook = AxesCallback()
        self.callbacks = CallbackList([self.hook], model=self)
        self.sync_axes = ("i", "j")

    def run(self, x):
        return jax.shard_map(self.hook.on_batch_end, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return Trainer(mesh).run(x)
''')

P["setter_called_with_two_objects"] = ('"""set_model runs twice, the second time with a model of narrower axes; the last one counts."""', '''

class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model

    def on_batch_end(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.model.data_axes)


class Model:
    def __init__(self, data_axes):
        self.data_axes = data_axes


def main(mesh, x):
    hook = Callback()
    hook.set_model(Model(("i", "j")))
    hook.set_model(Model(("i",)))
    return jax.shard_map(hook.on_batch_end, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["walrus_rebinds_axes"] = ('"""A walrus in an expression statement binds the axes a second time."""', '''

def main(mesh, x):
    axes = ("i", "j")
    print("sync over", (axes := ("i",)))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["straight_rebind_read_in_lambda"] = ('"""The axes are bound twice in straight code; the body closes over the name and runs after the second binding."""', '''

def main(mesh, x):
    axes = ("i", "j")
    body = lambda block: jax.lax.psum(jax.lax.psum(block, "j"), axes)
    axes = ("i",)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["match_case_binds_axes"] = ('"""A match statement binds the axes from the config after a plain binding."""', '''
CONFIG = {"sync": ("i",)}


def main(mesh, x):
    axes = ("i", "j")
    match CONFIG:
        case {"sync": axes}:
            pass

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["subclass_drops_popped_keyword"] = ('"""The subclass pops the keyword before handing **kwargs to the base, so the base\'s default holds."""', '''

class PretrainedConfig:
    def __init__(self, **kwargs):
        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i",)))
        self.count_axis = kwargs.pop("count_axis", "j")
        for key, value in kwargs.items():
            setattr(self, key, value)


class RowConfig(PretrainedConfig):
    def __init__(self, **kwargs):
        kwargs.pop("sync_axes", None)
        super().__init__(**kwargs)


def main(mesh, x):
    config = RowConfig(sync_axes=("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, config.count_axis)
        return jax.lax.psum(counts, config.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["setattr_loop_overrides_popped_field"] = ('"""A keyword left in **kwargs names the popped field; the setattr loop after the pops overwrites it."""', '''

class PretrainedConfig:
    def __init__(self, **kwargs):
        self.sync_axes = tuple(kwargs.pop("sync", ("i", "j")))
        self.count_axis = kwargs.pop("count_axis", "j")
        for key, value in kwargs.items():
            setattr(self, key, value)


def main(mesh, x):
    config = PretrainedConfig(sync_axes=("i",))

    def body(block):
        counts = jax.lax.psum(block, config.count_axis)
        return jax.lax.psum(counts, config.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["subclass_setdefault_before_super"] = ('"""The subclass fills a keyword with setdefault before the base pops it."""', '''

class PretrainedConfig:
    def __init__(self, **kwargs):
        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i", "j")))
        self.count_axis = kwargs.pop("count_axis", "j")


class RowConfig(PretrainedConfig):
    def __init__(self, **kwargs):
        kwargs.setdefault("sync_axes", ("i",))
        super().__init__(**kwargs)


def main(mesh, x):
    config = RowConfig()

    def body(block):
        counts = jax.lax.psum(block, config.count_axis)
        return jax.lax.psum(counts, config.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["base_init_calls_overridden_hook"] = ('"""The base __init__ calls a hook the subclass overrides to narrow the axes; the subclass calls super().__init__ first."""', '''

class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.sync_axes = ("i", "j")
        self.configure()

    def configure(self):
        pass

    def step(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


class RowTrainer(Trainer):
    def __init__(self, mesh):
        super().__init__(mesh)
        self.step_fn = jax.shard_map(self.step, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())

    def configure(self):
        self.sync_axes = ("i",)


def main(mesh, x):
    return RowTrainer(mesh).step_fn(x)
''')

P["base_reads_subclass_class_attr"] = ('"""The base __init__ reads a class attribute the subclass overrides; super().__init__ runs first."""', '''

class Trainer:
    SYNC = ("i", "j")

    def __init__(self, mesh):
        self.mesh = mesh
        self.sync_axes = self.SYNC

    def step(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


class RowTrainer(Trainer):
    SYNC = ("i",)

    def __init__(self, mesh):
        super().__init__(mesh)
        self.step_fn = jax.shard_map(self.step, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())


def main(mesh, x):
    return RowTrainer(mesh).step_fn(x)
''')

P["init_subclass_keyword_sets_axes"] = ('"""A class keyword handed to the base\'s __init_subclass__ replaces the inherited axes."""', '''

class Reducer:
    axes = ("i", "j")

    def __init_subclass__(cls, axes=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if axes is not None:
            cls.axes = axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowReducer(Reducer, axes=("i",)):
    pass


def main(mesh, x):
    return jax.shard_map(RowReducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["type_name_of_subclass"] = ('"""type(self).__name__ in the base names the subclass, whose table entry is rows only."""', '''
AXES = {"norm": ("i", "j"), "rownorm": ("i",)}


class Norm:
    def __init__(self, name=None):
        self.name = name or type(self).__name__.lower()
        self.axes = AXES[self.name]

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowNorm(Norm):
    pass


def main(mesh, x):
    return jax.shard_map(RowNorm(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["dispatch_entry_overwritten"] = ('"""The "sum" entry of a table of JAX functions is replaced by an identity before the body runs."""', '''
REDUCE = {"sum": jax.lax.psum, "mean": jax.lax.pmean}
REDUCE["sum"] = lambda v, axis: v


def body(block):
    counts = REDUCE["sum"](block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["registry_record_default_changed"] = ('"""The record a registry decorator files keeps a defaults dict that is changed before the build."""', '''
TABLE = {}


def register(name, **defaults):
    def wrap(cls):
        TABLE[name] = {"impl": cls, "default": defaults}
        return cls

    return wrap


@register("pool", axes=("i", "j"))
class Pool:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


TABLE["pool"]["default"]["axes"] = ("i",)


def build(name, **kwargs):
    entry = TABLE[name]
    return entry["impl"](**{**entry["default"], **kwargs})


def main(mesh, x):
    return jax.shard_map(build("pool"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["kwargs_passed_by_spread"] = ('"""The one call of the pipeline hands its options through a ** spread, not written keywords."""', '''
OPTIONS = {"sync_axes": ("i",)}


def pipeline(task, **kwargs):
    axes = kwargs.get("sync_axes", ("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return body


def main(mesh, x):
    body = pipeline("count", **OPTIONS)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["forward_params_changed_after_init"] = ('"""The pipeline\'s forward params dict is changed after construction; _forward reads it through a ** spread."""', '''

class Pipeline:
    def __init__(self, **kwargs):
        self._forward_params = {"sync_axes": ("i", "j")}

    def _forward(self, block, sync_axes=("i", "j")):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync_axes)

    def __call__(self, block):
        return self._forward(block, **self._forward_params)


def main(mesh, x):
    pipe = Pipeline()
    pipe._forward_params["sync_axes"] = ("i",)
    return jax.shard_map(pipe, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["sanitized_dicts_shared"] = ('"""_sanitize_parameters returns one dict twice; narrowing the first narrows the second."""', '''

class Pipeline:
    def __init__(self, **kwargs):
        self.pre, self.fwd = self._sanitize_parameters(**kwargs)
        self.pre["sync_axes"] = ("i",)

    def _sanitize_parameters(self, **kwargs):
        shared = {"sync_axes": ("i", "j")}
        return shared, shared

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.fwd["sync_axes"])


def main(mesh, x):
    return jax.shard_map(Pipeline(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["namedtuple_built_by_keywords"] = ('"""A collections.namedtuple of specs built by keywords in another order than its fields."""', '''
import collections

Graph = collections.namedtuple("Graph", ["nodes", "edges"])


def body(graph):
    return jax.lax.psum(graph.nodes, ("i", "j"))


def main(mesh, x):
    specs = Graph(edges=P("i", None), nodes=P("i", "j"))
    graph = Graph(*[jax.device_put(x, jax.sharding.NamedSharding(mesh, s)) for s in specs])
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(graph)
''')

P["argparse_set_defaults_after_option"] = ('"""parser.set_defaults after add_argument replaces the option\'s default."""', '''
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--sync", default="i,j")
parser.set_defaults(sync="i")


def main(mesh, x):
    args = parser.parse_args([])
    axes = tuple(args.sync.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["argparse_abbreviated_option"] = ('"""The argument list spells the option by a prefix argparse accepts."""', '''
import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync-axes", default="i,j")
    return parser.parse_args(argv)


def main(mesh, x):
    args = parse(["--sync", "i"])
    axes = tuple(args.sync_axes.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["argparse_namespace_prefilled"] = ('"""parse_args into a namespace that already holds the option keeps its value: defaults fill only what is missing."""', '''
import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="i,j")
    return parser.parse_args(argv, namespace=argparse.Namespace(sync="i"))


def main(mesh, x):
    args = parse([])
    axes = tuple(args.sync.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["boolean_optional_last_wins"] = ('"""--no-rows then --rows: the last one wins, so the body syncs over the rows only."""', '''
import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", action=argparse.BooleanOptionalAction, default=False)
    return parser.parse_args(argv)


def main(mesh, x):
    args = parse(["--no-rows", "--rows"])
    axes = ("i",) if args.rows else ("i", "j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["argparse_type_applied_to_default"] = ('"""argparse applies type= to a string default: the default "rows" becomes the rows-only tuple."""', '''
import argparse

MODES = {"rows": ("i",), "all": ("i", "j")}


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="rows", type=lambda s: MODES[s])
    return parser.parse_args(argv)


def main(mesh, x):
    args = parse([])
    axes = args.sync if isinstance(args.sync, tuple) else ("i", "j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["json_tuple_becomes_list"] = ('"""A JSON round trip turns the stored tuple into a list, so the tuple comparison fails and the rows branch is taken."""', '''
import json

META = json.loads(json.dumps({"sync": ("i", "j")}))


def body(block):
    counts = jax.lax.psum(block, "j")
    if META["sync"] == ("i", "j"):
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["json_int_key_collides"] = ('"""json.dumps writes the int key 1 as "1"; loads keeps the last of the two equal keys."""', '''
import json

TEXT = json.dumps({"1": ["i", "j"], 1: ["i"]})
LAYOUT = json.loads(TEXT)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(LAYOUT["1"]))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["json_isinstance_tuple_after_loads"] = ('"""After json.loads the axes are a list: the isinstance test for a tuple fails and the rows default is used."""', '''
import json

SAVED = json.dumps({"sync": ["i", "j"]})


def restore(text):
    meta = json.loads(text)
    axes = meta["sync"]
    return axes if isinstance(axes, tuple) else ("i",)


def main(mesh, x):
    axes = restore(SAVED)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["callable_shadowed"] = ('"""The module defines its own callable(): names that start with "row" count as layers, so the factory keeps the string."""', '''
ACT = {"rowsum": ("i",), "allsum": ("i", "j")}


def callable(name):
    return isinstance(name, str) and name.startswith("row")


def get_axes(name):
    if callable(name):
        return ("i",)
    return ACT["allsum"]


def main(mesh, x):
    axes = get_axes("rowsum")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["kwargs_mapper_keeps_check_flag"] = ('"""A filter-style decorator factory takes check= for itself and hands it to shard_map as check_vma."""', '''
import functools


def sharded(fn=None, check=True, **kw):
    if fn is None:
        return functools.partial(sharded, check=check, **kw)
    return jax.jit(jax.shard_map(fn, check_vma=check, **kw))


def main(mesh, x):
    @sharded(mesh=mesh, in_specs=P("i", "j"), out_specs=P(), check=False)
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))

    return body(x)
''')

P["kwargs_mapper_rewrites_keywords"] = ('"""A decorator factory turns the check off in the keywords it hands shard_map."""', '''
import functools


def sharded(fn=None, **kw):
    if fn is None:
        return functools.partial(sharded, **kw)
    kw = {**kw, "check_vma": False}
    return jax.jit(jax.shard_map(fn, **kw))


def main(mesh, x):
    @sharded(mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))

    return body(x)
''')

P["configurable_bindings_win"] = ('"""The configurable wrapper merges the parsed bindings over the call\'s keywords: the bindings win."""', '''
import ast
import functools

_BINDINGS = {}
CONFIG = "reduce.axes = ('i',)"


def parse_config(text):
    for raw in text.strip().splitlines():
        target, value = raw.split("=", 1)
        scope, param = target.strip().split(".")
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value.strip())


def configurable(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        merged = dict(kwargs)
        merged.update(_BINDINGS.get(fn.__name__, {}))
        return fn(*args, **merged)

    return wrapper


@configurable
def reduce(block, axes=("i",)):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def run(mesh, x):
    return jax.shard_map(lambda b: reduce(b, axes=("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    parse_config(CONFIG)
    return run(mesh, x)
''')

P["curry_puts_value_last"] = ('"""A curry decorator hands the later argument last, so the axes bind to the first parameter\'s partner."""', '''

def curry_last(f):
    return lambda *args, **kwargs: lambda x: f(*args, x, **kwargs)


@curry_last
def reduce(axes, block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def main(mesh, x):
    body = reduce(("i",))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["namedtuple_axes_not_plain_tuple"] = ('"""A NamedTuple of axes is a tuple to isinstance but not to `type(...) is tuple`."""', '''
from typing import NamedTuple


class Axes(NamedTuple):
    rows: str = "i"
    cols: str = "j"


SYNC = Axes()


def body(block):
    counts = jax.lax.psum(block, "j")
    if type(SYNC) is tuple:
        return jax.lax.psum(counts, tuple(SYNC))
    return jax.lax.psum(counts, SYNC.rows)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["dict_registry_copy_overrides"] = ('"""dict(BASE, pool=RowPool) makes a registry whose "pool" entry is the rows class."""', '''

class Pool:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowPool(Pool):
    axes = ("i",)


BASE = dict(pool=Pool)
MODELS = dict(BASE, pool=RowPool)


def main(mesh, x):
    if "pool" not in MODELS:
        raise KeyError("pool")
    return jax.shard_map(MODELS["pool"](), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_second_call_returns_early"] = ('"""A helper keeps a flag in a mutable default: its second call returns before the wide sum."""', '''

def tail(counts, _done=[]):
    if _done:
        return counts
    _done.append(True)
    return jax.lax.psum(counts, ("i", "j"))


def body(block):
    first = tail(block)
    counts = jax.lax.psum(block, "j")
    second = tail(counts)
    return first + jax.lax.psum(second, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["setattr_hook_assigned_after_class"] = ('"""__setattr__ is put on the class after its statement: every store keeps only the first axis."""', '''

def _first_only(self, name, value):
    if name == "sync_axes":
        value = tuple(value)[:1]
    object.__setattr__(self, name, value)


class Reducer:
    def __init__(self):
        self.sync_axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


Reducer.__setattr__ = _first_only


def main(mesh, x):
    return jax.shard_map(Reducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["class_body_changes_module_config"] = ('"""A class body run as the module loads narrows a config node the top level filled before."""', '''

class CN(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


_C = CN()
_C.MODEL = CN()
_C.MODEL.SYNC_AXES = ("i", "j")


class RowDefaults:
    _C.MODEL.SYNC_AXES = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, _C.MODEL.SYNC_AXES)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["default_argument_changes_module_config"] = ('"""A default argument evaluated as the module loads narrows the config the body reads."""', '''
CONFIG = {"sync_axes": ("i", "j")}


def helper(flag=CONFIG.update(sync_axes=("i",))):
    return flag


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["sync_axes"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["del_field_falls_back_to_class"] = ('"""A method deletes the instance field before the run: reads fall back to the class attribute."""', '''

class Reducer:
    sync_axes = ("i",)

    def __init__(self):
        self.sync_axes = ("i", "j")

    def reset(self):
        del self.sync_axes
        return self

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    model = Reducer()
    model.reset()
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["method_stores_on_class"] = ('"""A method run before the body stores the axes on the class through type(self)."""', '''

class Reducer:
    sync_axes = ("i", "j")

    def narrow(self):
        type(self).sync_axes = ("i",)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    model = Reducer()
    model.narrow()
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["vars_alias_updated"] = ('"""vars(obj) is the object\'s own __dict__, not a copy: updating it changes the field."""', '''

class Config:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def to_dict(self):
        return dict(self.__dict__)


def main(mesh, x):
    config = Config()
    vars(config).update(sync_axes=("i",))
    saved = config.to_dict()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, saved["sync_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["to_dict_item_popped_before_rebuild"] = ('"""from_dict(to_dict()) after the saved axes were popped rebuilds with the constructor\'s default."""', '''

class Config:
    def __init__(self, sync_axes=("i",), count_axis="j"):
        self.sync_axes = sync_axes
        self.count_axis = count_axis

    def to_dict(self):
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, d, **kwargs):
        return cls(**{**d, **kwargs})


def main(mesh, x):
    saved = Config(sync_axes=("i", "j")).to_dict()
    saved.pop("sync_axes")
    config = Config.from_dict(saved)

    def body(block):
        counts = jax.lax.psum(block, config.count_axis)
        return jax.lax.psum(counts, config.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["config_dict_update_twice"] = ('"""update_from_flattened_dict runs twice; the second dotted update wins."""', '''

class ConfigDict(dict):
    def __init__(self, initial=None):
        super().__init__()
        for key, value in (initial or {}).items():
            self[key] = ConfigDict(value) if isinstance(value, dict) else value

    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}

    def update_from_flattened_dict(self, flat):
        for path, value in flat.items():
            node = self
            *parents, leaf = path.split(".")
            for key in parents:
                node = node[key]
            node[leaf] = value


CONFIG = ConfigDict({"model": {"sync_axes": ("i", "j")}})
CONFIG_DIFFS = {"rows": [{"model.sync_axes": ("i", "j")}, {"model.sync_axes": ("i",)}]}


def model_config(name):
    cfg = ConfigDict(CONFIG.to_dict())
    for diff in CONFIG_DIFFS[name]:
        cfg.update_from_flattened_dict(diff)
    return cfg


def main(mesh, x):
    cfg = model_config("rows")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.model.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["frozen_config_converts_lists"] = ('"""The hand-written FrozenConfigDict turns lists into tuples; the body tests the type."""', '''

class ConfigDict(dict):
    def __init__(self, initial=None):
        super().__init__()
        for key, value in (initial or {}).items():
            self[key] = ConfigDict(value) if isinstance(value, dict) else value

    def __getattr__(self, name):
        return self[name]

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}


class FrozenConfigDict(ConfigDict):
    def __init__(self, initial=None):
        super().__init__(initial.to_dict() if isinstance(initial, ConfigDict) else initial)
        for key, value in list(self.items()):
            if isinstance(value, list):
                dict.__setitem__(self, key, tuple(value))


CONFIG = ConfigDict({"sync_axes": ["i", "j"]})


def main(mesh, x):
    cfg = FrozenConfigDict(CONFIG)
    axes = ("i",) if isinstance(cfg.sync_axes, tuple) else cfg.sync_axes

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["merge_from_list_key_twice"] = ('"""merge_from_list gets the key twice: the later pair wins."""', '''
import ast


class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})

    def merge_from_list(self, cfg_list):
        for full_key, v in zip(cfg_list[0::2], cfg_list[1::2]):
            d = self
            *parents, leaf = full_key.split(".")
            for sub in parents:
                d = d[sub]
            try:
                v = ast.literal_eval(v)
            except (ValueError, SyntaxError):
                pass
            d[leaf] = v


_C = CfgNode()
_C.MODEL = CfgNode()
_C.MODEL.SYNC_AXES = ("i",)


def get_cfg():
    return _C.clone()


def main(mesh, x):
    cfg = get_cfg()
    cfg.merge_from_list(["MODEL.SYNC_AXES", "('i', 'j')", "MODEL.SYNC_AXES", "('i',)"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.MODEL.SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["config_helper_stores_in_branch"] = ('"""add_sync_config stores a literal only when asked; the call asks for rows."""', '''

class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})


_C = CfgNode()
_C.SYNC_AXES = ("i", "j")


def get_cfg():
    return _C.clone()


def add_sync_config(cfg, rows=False):
    if rows:
        cfg.SYNC_AXES = ("i",)


def main(mesh, x):
    cfg = get_cfg()
    add_sync_config(cfg, rows=True)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["compile_called_twice"] = ('"""compile() sets the loss axes after construction; the second call narrows them."""', '''

class Model:
    def __init__(self):
        self.loss_axes = None

    def compile(self, loss_axes=("i", "j")):
        self.loss_axes = loss_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.loss_axes)


def main(mesh, x):
    model = Model()
    model.compile()
    model.compile(loss_axes=("i",))
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["fiddle_copy_shares_arguments"] = ('"""A shallow copy of a fiddle-like Config shares its arguments dict: setting the copy\'s field sets the original\'s."""', '''
import copy


class Config:
    def __init__(self, fn, **kwargs):
        object.__setattr__(self, "__fn__", fn)
        object.__setattr__(self, "__arguments__", dict(kwargs))

    def __getattr__(self, name):
        arguments = object.__getattribute__(self, "__arguments__")  # AttributeError on a bare copy
        try:
            return arguments[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self.__arguments__[name] = value


def build(cfg):
    return cfg.__fn__(**cfg.__arguments__)


class Reducer:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    base = Config(Reducer, axes=("i", "j"))
    variant = copy.copy(base)
    variant.axes = ("i",)
    return jax.shard_map(build(base), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["fiddle_setattr_keeps_first_axis"] = ('"""The fiddle-like Config\'s own __setattr__ keeps only the first axis of a tuple it is given."""', '''

class Config:
    def __init__(self, fn, **kwargs):
        object.__setattr__(self, "__fn__", fn)
        object.__setattr__(self, "__arguments__", {})
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __getattr__(self, name):
        try:
            return self.__arguments__[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        if isinstance(value, tuple):
            value = value[:1]
        self.__arguments__[name] = value


def build(cfg):
    return cfg.__fn__(**cfg.__arguments__)


class Reducer:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    cfg = Config(Reducer, axes=("i", "j"))
    return jax.shard_map(build(cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["hparams_set_through_alias"] = ('"""Praxis-like HParams: .set() on an alias changes the params the layer is built from."""', '''

class HParams:
    def __init__(self, cls, **kwargs):
        self.__dict__["cls"] = cls
        self.__dict__["fields"] = dict(kwargs)

    def __getattr__(self, name):
        return self.__dict__["fields"][name]

    def set(self, **kwargs):
        self.__dict__["fields"].update(kwargs)
        return self

    def clone(self):
        return HParams(self.cls, **self.__dict__["fields"])

    def instantiate(self):
        return self.cls(self)


class Reducer:
    def __init__(self, hparams):
        self.axes = hparams.axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    params = HParams(Reducer, axes=("i", "j"))
    wide = params.clone()
    alias = params
    alias.set(axes=("i",))
    wide.set(axes=("i", "j"))
    return jax.shard_map(params.instantiate(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["timm_layer_table_entry_replaced"] = ('"""A timm-like norm layer table gets its "layernorm" entry replaced before the model is made."""', '''

class AllNorm:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowNorm(AllNorm):
    axes = ("i",)


_NORM_LAYERS = {"layernorm": AllNorm}


def get_norm_layer(name):
    if callable(name):
        return name
    return _NORM_LAYERS[name]


def set_layer_config(rows_only=False):
    if rows_only:
        _NORM_LAYERS["layernorm"] = RowNorm


def main(mesh, x):
    set_layer_config(rows_only=True)
    norm = get_norm_layer("layernorm")()
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["trainer_compute_metrics_replaced"] = ('"""An HF-like Trainer\'s compute_metrics is replaced on the object after construction."""', '''

def all_metrics(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def row_metrics(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, "i")


class Trainer:
    def __init__(self, mesh, compute_metrics=None):
        self.mesh = mesh
        self.compute_metrics = compute_metrics

    def evaluate(self, x):
        return jax.shard_map(self.compute_metrics, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    trainer = Trainer(mesh, compute_metrics=all_metrics)
    trainer.compute_metrics = row_metrics
    return trainer.evaluate(x)
''')

P["hf_argument_parser_post_init"] = ('"""An HfArgumentParser-like parser builds the dataclass; its __post_init__ narrows the axes."""', '''
import argparse
import dataclasses


@dataclasses.dataclass
class TrainingArguments:
    sync_axes: str = "i,j"
    rows_only: bool = True

    def __post_init__(self):
        if self.rows_only:
            self.sync_axes = self.sync_axes.split(",")[0]


class HfArgumentParser(argparse.ArgumentParser):
    def __init__(self, dataclass_type):
        super().__init__()
        self.dataclass_type = dataclass_type
        for field in dataclasses.fields(dataclass_type):
            self.add_argument(f"--{field.name}", type=type(field.default), default=field.default)

    def parse_args_into_dataclasses(self, args=None):
        namespace = self.parse_args(args)
        return (self.dataclass_type(**vars(namespace)),)


def main(mesh, x):
    (training_args,) = HfArgumentParser(TrainingArguments).parse_args_into_dataclasses([])
    axes = tuple(training_args.sync_axes.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["callback_order_matters"] = ('"""Callbacks run in list order; the last one narrows the axes the step reads."""', '''

class Callback:
    def on_train_begin(self, logs):
        pass


class Widen(Callback):
    def on_train_begin(self, logs):
        logs["sync_axes"] = ("i", "j")


class Narrow(Callback):
    def on_train_begin(self, logs):
        logs["sync_axes"] = ("i",)


class CallbackList:
    def __init__(self, callbacks=None):
        self.callbacks = list(callbacks or [])

    def on_train_begin(self, logs):
        for callback in self.callbacks:
            callback.on_train_begin(logs)


def main(mesh, x):
    logs = {}
    CallbackList([Widen(), Narrow()]).on_train_begin(logs)
    axes = logs["sync_axes"]

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["fvcore_registry_entry_replaced"] = ('"""An fvcore-like registry entry is replaced in its object map after registration."""', '''

class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(cls):
                self._obj_map[cls.__name__] = cls
                return cls

            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        ret = self._obj_map.get(name)
        if ret is None:
            raise KeyError(name)
        return ret


HEADS = Registry("HEADS")


@HEADS.register()
class SumHead:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowHead(SumHead):
    axes = ("i",)


HEADS._obj_map["SumHead"] = RowHead


def main(mesh, x):
    head = HEADS.get("SumHead")()
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["config_read_then_mutated"] = ('"""The axes are read into a local before the config is changed; the body closes over the local."""', '''
CFG = {"sync": ("i",)}


def main(mesh, x):
    axes = CFG["sync"]
    CFG["sync"] = ("i", "j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["config_mutated_in_setup_function"] = ('"""A setup function main calls first narrows the module config the body reads."""', '''
CFG = {"sync": ("i", "j")}


def setup():
    CFG["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CFG["sync"])


def main(mesh, x):
    setup()
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["base_builds_step_subclass_narrows_after"] = ('"""The base builds the shard_map in __init__; the subclass narrows the field after super().__init__, before the first call traces."""', '''

class Trainer:
    def __init__(self, mesh):
        self.sync_axes = ("i", "j")
        self.step_fn = jax.shard_map(self.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P())

    def step(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


class RowTrainer(Trainer):
    def __init__(self, mesh):
        super().__init__(mesh)
        self.sync_axes = ("i",)


def main(mesh, x):
    return RowTrainer(mesh).step_fn(x)
''')

P["factory_called_with_two_specs"] = ('"""A step factory is called twice, with matching (spec, axes) pairs."""', '''

def make_step(mesh, spec, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())


def main(mesh, x):
    full = make_step(mesh, P("i", "j"), ("i", "j"))(x)
    rows = jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", None)))
    return full, make_step(mesh, P("i", None), ("i",))(rows)
''')

P["bound_method_alias_narrows"] = ('"""A bound method kept in a local narrows the field when called before the run."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def rows_only(self):
        self.axes = ("i",)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = Reducer()
    narrow = model.rows_only
    narrow()
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["nonlocal_rebinds_between"] = ('"""A nested def rebinds the axes through nonlocal between two straight bindings and the read."""', '''

def main(mesh, x):
    axes = ("i", "j")
    count_axis = "j"
    axes = ("i", "j")

    def narrow():
        nonlocal axes
        axes = ("i",)

    narrow()

    def body(block):
        counts = jax.lax.psum(block, count_axis)
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["subclass_pops_after_super"] = ('"""The subclass pops the axes after super().__init__, with its own default, and overwrites the base\'s field."""', '''

class PretrainedConfig:
    def __init__(self, **kwargs):
        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i", "j")))
        self.count_axis = kwargs.pop("count_axis", "j")


class RowConfig(PretrainedConfig):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i",)))


def main(mesh, x):
    config = RowConfig()

    def body(block):
        counts = jax.lax.psum(block, config.count_axis)
        return jax.lax.psum(counts, config.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["str_enum_isinstance_str"] = ('"""A str Enum member is a str to isinstance, so the rows branch is taken."""', '''
import enum


class Mode(str, enum.Enum):
    ALL = "all"


MODE = Mode.ALL


def body(block):
    counts = jax.lax.psum(block, "j")
    if isinstance(MODE, str):
        return jax.lax.psum(counts, "i")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["dict_store_through_instance_dict"] = ('"""A method writes the field through self.__dict__ before the run."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def rows_only(self):
        self.__dict__["axes"] = ("i",)
        return self

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = Reducer().rows_only()
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

S["gather_spec_table_entry_replaced"] = ('"""The spec table\'s "w" entry is replaced before a comprehension places the params by it."""', """
SPECS = {"w": P(("i", "j"), None), "b": P("i", None)}
SPECS["w"] = P("i", None)


def main(mesh, x):
    params = {"w": x, "b": x}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in params.items()}
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

S["gather_loop_same_name_twice"] = ('"""A loop over (name, spec) pairs places "w" twice; the later placement is by rows."""', """
LAYOUT = [("w", P(("i", "j"), None)), ("b", P("i", None)), ("w", P("i", None))]


def main(mesh, x):
    placed = {}
    with jax.set_mesh(mesh):
        for name, spec in LAYOUT:
            placed[name] = jax.device_put(x, NamedSharding(mesh, spec))
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

S["gather_zip_names_reordered"] = ('"""The names zipped with the specs are listed in another order than the spec table\'s keys."""', """
SPECS = [P(("i", "j"), None), P("i", None)]
NAMES = ["b", "w"]


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = {name: jax.device_put(x, NamedSharding(mesh, spec)) for name, spec in zip(NAMES, SPECS)}
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

S["gather_comprehension_then_resharded"] = ('"""A comprehension places "w" flat; the entry is placed again by rows before the gather."""', """
SPECS = {"w": P(("i", "j"), None), "b": P("i", None)}


def main(mesh, x):
    params = {"w": x, "b": x}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in params.items()}
        placed["w"] = jax.device_put(placed["w"], NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

P["module_walrus_rebinds_axes"] = ('"""A walrus at the module\'s top level binds the axes a second time, after the plain binding."""', '''
SYNC_AXES = ("i", "j")
print("sync over", (SYNC_AXES := ("i",)))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["walrus_in_if_test"] = ('"""The rows axes are bound by a walrus in an if test; the body closes over the name."""', '''
ROWS_ONLY = True


def main(mesh, x):
    axes = ("i", "j")
    if ROWS_ONLY and (axes := ("i",)):
        print("rows only:", axes)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["walrus_in_comprehension_binds_function_name"] = ('"""A walrus inside a comprehension binds the name in the enclosing function."""', '''

def main(mesh, x):
    axes = ("i", "j")
    picked = [axes := tuple(name) for name in (["i"],)]

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    print(picked)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["module_match_capture"] = ('"""A match statement at the module\'s top level binds the axes from the layout."""', '''
LAYOUT = ("rows", ("i",))
SYNC_AXES = ("i", "j")

match LAYOUT:
    case ("rows", SYNC_AXES):
        pass


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["list_of_axes_not_equal_tuple"] = ('"""list(AXES) never equals a tuple, so the rows branch is taken."""', '''
AXES = ("i", "j")


def body(block):
    counts = jax.lax.psum(block, "j")
    names = list(AXES)
    if names == ("i", "j"):
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["json_list_plus_tuple_raises"] = ('"""Adding a tuple to the list json.loads gives raises TypeError; the handler picks the rows axes."""', '''
import json

META = json.loads(json.dumps({"sync": ["i"]}))


def restore():
    try:
        return META["sync"] + ("j",)
    except TypeError:
        return ("i",)


def main(mesh, x):
    axes = restore()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_global_flag_second_call"] = ('"""A helper flips a module flag on its first call; the second call skips the wide sum."""', '''
DONE = False


def tail(counts):
    global DONE
    if DONE:
        return counts
    DONE = True
    return jax.lax.psum(counts, ("i", "j"))


def body(block):
    first = tail(block)
    counts = jax.lax.psum(block, "j")
    second = tail(counts)
    return first + jax.lax.psum(second, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_function_attribute_second_call"] = ('"""A helper marks itself through a function attribute; its second call skips the wide sum."""', '''

def tail(counts):
    if getattr(tail, "done", False):
        return counts
    tail.done = True
    return jax.lax.psum(counts, ("i", "j"))


def body(block):
    first = tail(block)
    counts = jax.lax.psum(block, "j")
    second = tail(counts)
    return first + jax.lax.psum(second, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_object_counter_second_call"] = ('"""A layer object counts its calls; its second call in the body skips the wide sum."""', '''

class Tail:
    def __init__(self):
        self.calls = 0

    def __call__(self, counts):
        self.calls += 1
        if self.calls > 1:
            return counts
        return jax.lax.psum(counts, ("i", "j"))


TAIL = Tail()


def body(block):
    first = TAIL(block)
    counts = jax.lax.psum(block, "j")
    second = TAIL(counts)
    return first + jax.lax.psum(second, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["chained_field_assignment_shares_dict"] = ('"""self.pre = self.fwd = {...}: one dict in two fields, narrowed through the first."""', '''

class Pipeline:
    def __init__(self):
        self.pre = self.fwd = {"sync_axes": ("i", "j")}
        self.pre["sync_axes"] = ("i",)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.fwd["sync_axes"])


def main(mesh, x):
    return jax.shard_map(Pipeline(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["field_aliases_other_field"] = ('"""self.fwd is the same dict as self.pre; a method narrows self.pre before the run."""', '''

class Pipeline:
    def __init__(self):
        self.pre = {"sync_axes": ("i", "j")}
        self.fwd = self.pre

    def rows_only(self):
        self.pre["sync_axes"] = ("i",)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.fwd["sync_axes"])


def main(mesh, x):
    pipe = Pipeline()
    pipe.rows_only()
    return jax.shard_map(pipe, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["unpacked_config_and_alias"] = ('"""A helper returns one dict twice; the module narrows it through the first name."""', '''

def configs():
    shared = {"sync_axes": ("i", "j")}
    return shared, shared


TRAIN, EVAL = configs()
TRAIN["sync_axes"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, EVAL["sync_axes"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["exec_rebinds_module_axes"] = ('"""exec() at the module\'s top level rebinds the axes."""', '''
SYNC_AXES = ("i", "j")
exec("SYNC_AXES = ('i',)")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["hparams_property_shadows_set_field"] = ('"""The layer\'s params class has a property of the field set() writes: the property, a data descriptor, wins over __dict__."""', '''

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class RowParams(HParams):
    @property
    def sync_axes(self):
        return ("i",)


class Layer:
    def __init__(self, p):
        self.p = p

    def fprop(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.p.sync_axes)


def main(mesh, x):
    layer = Layer(RowParams().set(sync_axes=("i", "j")))
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["hparams_super_follows_mro"] = ('"""super() in a classmethod follows the MRO of the class it is called on: Logged\'s super() reaches Rows, not Base."""', '''

class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class Base:
    @classmethod
    def HParams(cls):
        return HParams(cls=cls, sync_axes=("i", "j"))

    def __init__(self, p):
        self.p = p

    def fprop(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.p.sync_axes)


class Rows(Base):
    @classmethod
    def HParams(cls):
        return super().HParams().set(sync_axes=("i",))


class Logged(Base):
    @classmethod
    def HParams(cls):
        return super().HParams().set(log=True)


class Layer(Logged, Rows):
    pass


def main(mesh, x):
    p = Layer.HParams()
    layer = p.cls(p)
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["init_super_follows_mro"] = ('"""Cooperative __init__s: Logged\'s super().__init__() runs Rows\'s, which narrows the axes."""', '''

class Base:
    def __init__(self):
        self.sync_axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


class Rows(Base):
    def __init__(self):
        super().__init__()
        self.sync_axes = ("i",)


class Logged(Base):
    def __init__(self):
        super().__init__()
        self.log = True


class Layer(Logged, Rows):
    pass


def main(mesh, x):
    return jax.shard_map(Layer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["partial_call_keyword_overrides"] = ('"""The layer factory returns partial(layer, **kw); the call\'s own keyword replaces the partial\'s."""', '''
import functools


class GroupNorm:
    def __init__(self, channels, sync_axes=None):
        self.channels = channels
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        if self.sync_axes:
            return jax.lax.psum(counts, self.sync_axes)
        return jax.lax.psum(counts, "i")


_NORM_LAYERS = dict(groupnorm=GroupNorm)


def get_norm_layer(name, **norm_kwargs):
    layer = _NORM_LAYERS[name]
    return functools.partial(layer, **norm_kwargs) if norm_kwargs else layer


def main(mesh, x):
    norm = get_norm_layer("groupnorm", sync_axes=("i", "j"))(8, sync_axes=("i",))
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["handed_table_key_filed_twice"] = ('"""Two defs are filed under one key of a table handed to the decorator factory: the later one wins."""', '''
REDUCERS = {}


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn

    return wrap


@register(REDUCERS, "sum")
def sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


@register(REDUCERS, "sum")
def sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(REDUCERS["sum"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["setter_handed_another_object"] = ('"""A callback\'s set_model hands its base the student of the model it is given, an object of another class."""', '''

class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model

    def on_batch_end(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.model.data_axes)


class StudentCallback(Callback):
    def set_model(self, model):
        super().set_model(model.student)


class Student:
    def __init__(self):
        self.data_axes = ("i",)


class CallbackList:
    def __init__(self, callbacks, model=None):
        self.callbacks = list(callbacks)
        for callback in self.callbacks:
            callback.set_model(model)


class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.data_axes = ("i", "j")
        self.student = Student()
        self.hook = StudentCallback()
        self.callbacks = CallbackList([self.hook], model=self)

    def run(self, x):
        return jax.shard_map(self.hook.on_batch_end, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return Trainer(mesh).run(x)
''')

P["boolean_optional_abbreviated"] = ('"""--r is a prefix argparse accepts for --rows, given after --no-rows: rows only."""', '''
import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", action=argparse.BooleanOptionalAction, default=False)
    return parser.parse_args(argv)


def main(mesh, x):
    args = parse(["--no-rows", "--r"])
    axes = ("i",) if args.rows else ("i", "j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["argparse_equals_form_with_dest"] = ('"""--sync=i sets the option stored under its dest name."""', '''
import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", dest="sync_axes", default="i,j")
    args = parser.parse_args(argv)
    args.sync_axes = tuple(args.sync_axes.split(","))
    return args


def main(mesh, x):
    args = parse(["--sync=i"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, args.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["kwargs_mapper_spread_keywords"] = ('"""The keywords handed to a filter-style shard_map come partly from a ** spread that turns the check off."""', '''
import functools

OPTIONS = {"check_vma": False}


def filter_shard_map(fn=None, **kw):
    if fn is None:
        return functools.partial(filter_shard_map, **kw)
    return jax.jit(jax.shard_map(fn, **kw))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return filter_shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(), **OPTIONS)(x)
''')

P["chained_wrapper_overrides_partial_keyword"] = ('"""The decorator factory\'s wrap calls the body with its own keyword, replacing the partial\'s."""', '''
import functools


def sharded(mesh, in_specs, out_specs):
    def wrap(fn):
        def run(block):
            return fn(block, axes=("i",))

        return jax.shard_map(run, mesh=mesh, in_specs=in_specs, out_specs=out_specs)

    return wrap


def reduce(block, axes):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def main(mesh, x):
    return sharded(mesh, P("i", "j"), P())(functools.partial(reduce, axes=("i", "j")))(x)
''')

S["gather_spec_table_changed_after_placement"] = ('"""The spec table is changed after the comprehension placed the params: the placement used the old entry."""', """
SPECS = {"w": P("i", None), "b": P("i", None)}


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
        SPECS["w"] = P(("i", "j"), None)
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

S["gather_dict_zip_duplicate_names"] = ('"""dict(zip(names, specs)) keeps the last spec of a name given twice."""', """
NAMES = ["w", "b", "w"]
SPECS = [P(("i", "j"), None), P("i", None), P("i", None)]


def main(mesh, x):
    layout = dict(zip(NAMES, SPECS))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in layout.items()}
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

S["gather_loop_reads_table_per_step"] = ('"""A loop places each param by the table, and the table entry for "w" is narrowed inside the loop before "w" comes."""', """
SPECS = {"b": P("i", None), "w": P(("i", "j"), None)}


def main(mesh, x):
    placed = {}
    with jax.set_mesh(mesh):
        for name in list(SPECS):
            if name == "b":
                SPECS["w"] = P("i", None)
            placed[name] = jax.device_put(x, NamedSharding(mesh, SPECS[name]))
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")


P["split_list_compared_to_tuple"] = ('"""str.split gives a list, never equal to a tuple: the rows branch is taken."""', '''
SYNC = "i,j"


def body(block):
    counts = jax.lax.psum(block, "j")
    if SYNC.split(",") == ("i", "j"):
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["module_chained_assignment_shares_dict"] = ('"""TRAIN = EVAL = {...} binds one dict to both names; narrowing TRAIN narrows EVAL."""', '''
TRAIN = EVAL = {"sync": ("i", "j")}
TRAIN["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, EVAL["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["list_repeat_shares_dict"] = ('"""[cfg] * 2 holds one dict twice; narrowing the first narrows the second."""', '''
STAGES = [{"sync": ("i", "j")}] * 2
STAGES[0]["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, STAGES[1]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["fromkeys_shares_value"] = ('"""dict.fromkeys gives every key the same dict; narrowing "train" narrows "eval"."""', '''
LAYOUT = dict.fromkeys(("train", "eval"), {"sync": ("i", "j")})
LAYOUT["train"]["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, LAYOUT["eval"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["mutable_default_returned_twice"] = ('"""defaults() returns its own default dict: a change through the first call is seen by the second."""', '''

def defaults(cfg={"sync": ("i", "j")}):
    return cfg


defaults()["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, defaults()["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["iterator_advanced_before_read"] = ('"""The module iterator is advanced once before the axes are taken from it."""', '''
SCHEDULE = iter([("i", "j"), ("i",)])
next(SCHEDULE)
SYNC = next(SCHEDULE)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["sorted_axes_not_equal_tuple"] = ('"""sorted() gives a list, which never equals the tuple it is compared with."""', '''
AXES = ("j", "i")


def body(block):
    counts = jax.lax.psum(block, "j")
    if sorted(AXES) == ("i", "j"):
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

S["gather_jit_out_shardings_table_entry_replaced"] = ('"""The jit\'s out_shardings come from a table whose "w" entry is replaced by rows before the jit is made."""', """
OUT = {"w": P(("i", "j"), None)}


def main(mesh, x):
    OUT["w"] = P("i", None)
    with jax.set_mesh(mesh):
        init = jax.jit(lambda v: v * 2, out_shardings=NamedSharding(mesh, OUT["w"]))
        a = init(x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_layout_map_exact_key_first"] = ('"""A LayoutMap-like lookup takes an exact key before any pattern; "dense_w" is laid out by rows."""', """
import re

RULES = {"dense.*": P(("i", "j"), None), "dense_w": P("i", None)}


def layout_for(name):
    if name in RULES:
        return RULES[name]
    for pattern, spec in RULES.items():
        if re.search(pattern, name):
            return spec
    return P()


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout_for("dense_w")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_rules_loop_last_match"] = ('"""A loop over layout rules without a break keeps the last rule that matches."""', """
import re

RULES = [("w", P(("i", "j"), None)), ("^w$", P("i", None))]


def layout_for(name):
    chosen = P()
    for pattern, spec in RULES:
        if re.search(pattern, name):
            chosen = spec
    return chosen


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout_for("w")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_comprehension_get_default"] = ('"""A comprehension places each param by the table, with a rows default for a name the table lacks."""', """
SPECS = {"b": P(("i", "j"), None)}


def main(mesh, x):
    params = {"w": x, "b": x}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, SPECS.get(k, P("i", None)))) for k, v in params.items()}
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))
""")

S["gather_layout_object_field_changed"] = ('"""The layout object\'s method reads a field main changes after building it."""', """

class Layout:
    def __init__(self, mesh):
        self.mesh = mesh
        self.flat = True

    def spec(self):
        return P(("i", "j"), None) if self.flat else P("i", None)

    def place(self, x):
        return jax.device_put(x, NamedSharding(self.mesh, self.spec()))


def main(mesh, x):
    layout = Layout(mesh)
    layout.flat = False
    with jax.set_mesh(mesh):
        a = layout.place(x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")


P["type_of_list_is_list"] = ('"""type() of a list display is list: the rows branch is taken."""', '''
AXES = ["i"]


def body(block):
    counts = jax.lax.psum(block, "j")
    if type(AXES) is list:
        return jax.lax.psum(counts, tuple(AXES))
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["tuple_in_list_of_lists"] = ('"""A tuple is never in a list of lists: the rows branch is taken."""', '''
WIDE = [["i", "j"]]


def body(block):
    counts = jax.lax.psum(block, "j")
    if ("i", "j") in WIDE:
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["kwargs_given_through_partial_only"] = ('"""The pipeline function is only called through a partial that passes the rows axes."""', '''
import functools


def pipeline(task, **kwargs):
    axes = kwargs.get("sync_axes", ("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return body


ROWS = functools.partial(pipeline, sync_axes=("i",))


def main(mesh, x):
    return jax.shard_map(ROWS("count"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["shallow_copied_config_shares_nodes"] = ('"""get_cfg returns a shallow copy: a change to a nested node of one copy is seen by the next."""', '''
import copy


class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


_C = CfgNode()
_C.MODEL = CfgNode()
_C.MODEL.SYNC_AXES = ("i", "j")


def get_cfg():
    return copy.copy(_C)


def main(mesh, x):
    first = get_cfg()
    first.MODEL.SYNC_AXES = ("i",)
    cfg = get_cfg()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.MODEL.SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["agreed_config_changed_by_item"] = ('"""Every runner keeps a config from get_cfg(); main changes its item by subscript before building the runner."""', '''

class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})


_C = CfgNode()
_C.MESH = CfgNode()
_C.MESH.REDUCE_AXES = ("i", "j")


def get_cfg():
    return _C.clone()


class Runner:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def step(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.cfg.MESH.REDUCE_AXES)

    def run(self, x):
        return jax.shard_map(self.step, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    cfg = get_cfg()
    cfg["MESH"]["REDUCE_AXES"] = ("i",)
    return Runner(cfg, mesh).run(x)
''')

P["namedtuple_replace_of_in_specs"] = ('"""The in_specs namedtuple is made by _replace of one with the edges by rows; the nodes stay on both axes."""', '''
import collections

Graph = collections.namedtuple("Graph", ["nodes", "edges"])


def body(graph):
    return jax.lax.psum(graph.nodes, ("i", "j"))


def main(mesh, x):
    specs = Graph(P("i", None), P("i", None))._replace(nodes=P("i", "j"))
    graph = Graph(*[jax.device_put(x, jax.sharding.NamedSharding(mesh, s)) for s in specs])
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(graph)
''')


P["wraps_without_name_hides_binding"] = ('"""functools.wraps(fn, assigned=()) keeps the wrapper\'s own __name__, so the configurable finds no binding for "reduce"."""', '''
import ast
import functools

_BINDINGS = {}
CONFIG = "reduce.axes = ('i', 'j')"


def parse_config(text):
    for raw in text.strip().splitlines():
        target, value = raw.split("=", 1)
        scope, param = target.strip().split(".")
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value.strip())


def traced(fn):
    @functools.wraps(fn, assigned=())
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def configurable(fn):
    @functools.wraps(fn)
    def bound(*args, **kwargs):
        return fn(*args, **{**_BINDINGS.get(fn.__name__, {}), **kwargs})

    return bound


@configurable
@traced
def reduce(block, axes=("i",)):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def run(mesh, x):
    return jax.shard_map(reduce, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    parse_config(CONFIG)
    return run(mesh, x)
''')

P["own_table_attached_to_module_config"] = ('"""The registry\'s own table is rebound to the module config; a registration then writes into that config."""', '''
CONFIG = {"sync": ("i", "j")}


class Registry:
    def __init__(self):
        self._obj_map = {}

    def attach(self, table):
        self._obj_map = table

    def register(self, name, value):
        self._obj_map[name] = value


REG = Registry()
REG.attach(CONFIG)
REG.register("sync", ("i",))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["family_object_built_by_classmethod"] = ('"""The only object run is built by a classmethod\'s cls() on the rows subclass; the base is built once as an unused template."""', '''

class Reducer:
    def body(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))

    def run(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

    @classmethod
    def create(cls):
        return cls()


class RowReducer(Reducer):
    def body(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, "i")


TEMPLATE = Reducer()


def main(mesh, x):
    return RowReducer.create().run(mesh, x)
''')

P["instance_attribute_replaces_method"] = ('"""The body lambda calls self._step; main puts a rows function on the instance under that name."""', '''

def rows_step(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, "i")


class Model:
    def __init__(self):
        self.step_fn = lambda block: self._step(block)

    def _step(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    model = Model()
    model._step = rows_step
    return jax.shard_map(model.step_fn, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["field_changed_after_jit_traced"] = ('"""The field is widened after the jitted step was traced; the second call reuses the cached trace."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i",)

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = Reducer()
    step = jax.jit(jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P()))
    first = step(x)
    model.axes = ("i", "j")
    return first, step(x)
''')


P["split_compare_guards_pcast"] = ('"""str.split gives a list, so the comparison with a tuple is False and the cast runs on the summed value."""', '''
MODE = "i"


def body(block):
    if MODE.split(",") == ("i",):
        return jax.lax.pcast(block, "i", to="varying")
    total = jax.lax.psum(block, "i")
    return jax.lax.pcast(total, "i", to="varying")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
''')

P["walrus_picks_gather_input"] = ('"""A walrus in an if test rebinds the value gathered to reduced: the block, which varies."""', '''

def main(mesh, x):
    def body(block):
        total = jax.lax.psum(block, "j")
        source = total
        if (source := block) is not None:
            print("gathering the block")
        return jax.lax.all_gather(source, "j", axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
''')

P["chained_assignment_shares_object"] = ('"""a = b = Reducer(): one object under two names; narrowing a narrows b."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    train = model = Reducer()
    train.axes = ("i",)
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["chained_assignment_shares_list"] = ('"""SYNC = WIDE = [...] is one list; popping through WIDE shortens SYNC."""', '''
SYNC = WIDE = ["i", "j"]
WIDE.pop()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(SYNC))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["unpacked_pair_shares_object"] = ('"""A helper returns one model twice; narrowing the first name narrows the second."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def pair():
    model = Reducer()
    return model, model


def main(mesh, x):
    student, teacher = pair()
    student.axes = ("i",)
    return jax.shard_map(teacher, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["json_list_in_tuple_table"] = ('"""The axes json.loads gives are a list, so the lookup in a table of tuples misses and the rows default holds."""', '''
import json

SAVED = json.dumps({"sync": ["i", "j"]})
KNOWN = {("i", "j"): "all"}


def mode():
    sync = json.loads(SAVED)["sync"]
    return "all" if sync in list(KNOWN) else "rows"


def main(mesh, x):
    axes = ("i", "j") if mode() == "all" else ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


S["gather_set_mesh_plain_call"] = ('"""jax.set_mesh called as a statement (no with) sets the context mesh for the rest of the run."""', """

def main(mesh, x):
    jax.set_mesh(mesh)
    a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
    return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_short_spec_input"] = ('"""The input is placed by P("i"), a short spec: the same layout as P("i", None)."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_tree_leaves_sorted_keys"] = ('"""jax.tree.leaves of a dict walks its keys sorted: the second leaf is "w", placed by rows."""', """
SPECS = {"w": P("i", None), "b": P(("i", "j"), None)}


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
        second = jax.tree.leaves(placed)[1]
        return top_level_all_gather(second, P(None, None, reduced={"i"}))
""")

S["gather_lambda_late_binding"] = ('"""Lambdas made in a comprehension all see the loop name\'s last value: every placer places by rows."""', """
SPECS = [P(("i", "j"), None), P("i", None)]


def main(mesh, x):
    placers = [lambda a: jax.device_put(a, NamedSharding(mesh, s)) for s in SPECS]
    with jax.set_mesh(mesh):
        a = placers[0](x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_generator_sees_list_change"] = ('"""A generator iterates the list itself: an item replaced before it is consumed is the one placed."""', """
SPECS = [P(("i", "j"), None)]


def main(mesh, x):
    placed = (jax.device_put(x, NamedSharding(mesh, s)) for s in SPECS)
    SPECS[0] = P("i", None)
    with jax.set_mesh(mesh):
        a = next(placed)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_classmethod_changes_class_spec"] = ('"""A classmethod narrows the class attribute the layout\'s instances read."""', """

class Layout:
    SPEC = P(("i", "j"), None)

    def __init__(self, mesh):
        self.mesh = mesh

    @classmethod
    def rows_only(cls):
        cls.SPEC = P("i", None)

    def place(self, x):
        return jax.device_put(x, NamedSharding(self.mesh, self.SPEC))


def main(mesh, x):
    layout = Layout(mesh)
    Layout.rows_only()
    with jax.set_mesh(mesh):
        a = layout.place(x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_for_else_default"] = ('"""No rule matches, so the loop\'s else gives the rows spec."""', """
RULES = [("bias", P(("i", "j"), None)), ("kernel", P(("i", "j"), None))]


def spec_for(name):
    for prefix, spec in RULES:
        if name.startswith(prefix):
            break
    else:
        spec = P("i", None)
    return spec


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, spec_for("embedding")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")


S["gather_second_dim_input"] = ('"""The input is sharded on its second dimension; the gather\'s all-None out spec with reduced={"i"} is one JAX accepts."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(None, "i")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_reversed_axis_tuple"] = ('"""The first dimension is sharded over ("j", "i"); reduced={"i", "j"} names both, in any order."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(("j", "i"), None)))
        return top_level_all_gather(a, P(None, None, reduced={"i", "j"}))
""")

S["gather_empty_out_spec_reduced"] = ('"""The out spec names no dimension, only reduced={"i"}: a prefix of every spec."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(reduced={"i"}))
""")

S["gather_jit_keeps_input_sharding"] = ('"""A jitted elementwise step keeps its input\'s row layout."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        b = jax.jit(lambda v: v * 2)(a)
        return top_level_all_gather(b, P(None, None, reduced={"i"}))
""")

S["gather_bare_spec_placement"] = ('"""device_put with a bare PartitionSpec under the context mesh places by rows."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, P("i", None))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")

S["gather_after_reshard"] = ('"""jax.reshard turns the flat layout into rows before the gather."""', """

def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        a = jax.reshard(a, P("i", None))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))
""")


P["layer_built_once_second_call"] = ('"""A layer computes its statistics only on its first call (self.built); the second call in the body skips the wide sum."""', '''

class Norm:
    def __init__(self):
        self.built = False

    def __call__(self, block):
        if not self.built:
            self.built = True
            return jax.lax.psum(block, ("i", "j"))
        return block


NORM = Norm()


def body(block):
    stats = NORM(block)
    counts = jax.lax.psum(block, "j")
    return stats + jax.lax.psum(NORM(counts), "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["tuple_config_compared_to_list_literal"] = ('"""The config holds a tuple; comparing it with a list literal is False, so the rows branch runs."""', '''
CONFIG = {"sync": ("i", "j")}


def body(block):
    counts = jax.lax.psum(block, "j")
    if CONFIG["sync"] == ["i", "j"]:
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["dict_union_override"] = ('"""BASE | OVERRIDES: the right operand\'s keys win."""', '''
BASE = {"sync": ("i", "j"), "count": "j"}
OVERRIDES = {"sync": ("i",)}
CONFIG = BASE | OVERRIDES


def body(block):
    counts = jax.lax.psum(block, CONFIG["count"])
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["chainmap_first_wins"] = ('"""A ChainMap looks keys up in its first mapping first."""', '''
import collections

BASE = {"sync": ("i", "j"), "count": "j"}
OVERRIDES = {"sync": ("i",)}
CONFIG = collections.ChainMap(OVERRIDES, BASE)


def body(block):
    counts = jax.lax.psum(block, CONFIG["count"])
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["helper_memoized_in_module_dict"] = ('"""A helper memoizes its wide sum in a module dict: the second call returns the cached value."""', '''
_CACHE = {}


def stats(block):
    if "total" in _CACHE:
        return _CACHE["total"]
    total = jax.lax.psum(block, ("i", "j"))
    _CACHE["total"] = total
    return total


def body(block):
    first = stats(block)
    counts = jax.lax.psum(block, "j")
    return first + stats(counts)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_closure_flag_second_call"] = ('"""A factory\'s closure flips a nonlocal flag on its first call; the second call skips the wide sum."""', '''

def make_tail():
    done = False

    def tail(counts):
        nonlocal done
        if done:
            return counts
        done = True
        return jax.lax.psum(counts, ("i", "j"))

    return tail


TAIL = make_tail()


def body(block):
    first = TAIL(block)
    counts = jax.lax.psum(block, "j")
    return first + jax.lax.psum(TAIL(counts), "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["setdefault_returns_nested_dict"] = ('"""setdefault returns the nested dict already there; the store through it changes the config."""', '''
CONFIG = {"mesh": {"sync": ("i", "j")}}
CONFIG.setdefault("mesh", {})["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["mesh"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["class_list_attribute_popped_through_alias"] = ('"""A module name holds the class\'s list attribute itself; popping through it shortens the class\'s list."""', '''

class Defaults:
    SYNC = ["i", "j"]


ROWS = Defaults.SYNC
ROWS.pop()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(Defaults.SYNC))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["module_vars_item_rebinds"] = ('"""vars() at the module\'s top level is its globals dict: an item store rebinds the axes."""', '''
SYNC_AXES = ("i", "j")
vars()["SYNC_AXES"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["field_holds_config_changed_after"] = ('"""The model keeps the module config dict itself; a change after construction is seen by the model."""', '''
CFG = {"sync": ("i", "j")}


class Model:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.cfg["sync"])


def main(mesh, x):
    model = Model(CFG)
    CFG["sync"] = ("i",)
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_narrows_nested_argument"] = ('"""A helper narrows the nested dict it is handed: the module config\'s item changes."""', '''
CONFIG = {"mesh": {"sync": ("i", "j")}}


def narrow(section):
    section["sync"] = ("i",)


narrow(CONFIG["mesh"])


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["mesh"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["get_returns_nested_dict"] = ('"""dict.get returns the nested dict itself; the store through it changes the config."""', '''
CONFIG = {"mesh": {"sync": ("i", "j")}}
CONFIG.get("mesh")["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["mesh"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["module_dict_item_rebinds"] = ('"""The module\'s own __dict__, reached through sys.modules, rebinds the axes."""', '''
import sys

SYNC_AXES = ("i", "j")
sys.modules[__name__].__dict__["SYNC_AXES"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, SYNC_AXES)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["helper_hasattr_lazy_init"] = ('"""A layer computes its statistics once, when it has no such attribute yet; its second call skips the wide sum."""', '''

class Stats:
    def __call__(self, block):
        if not hasattr(self, "total"):
            self.total = jax.lax.psum(block, ("i", "j"))
        return self.total


STATS = Stats()


def body(block):
    first = STATS(block)
    counts = jax.lax.psum(block, "j")
    return first + STATS(counts)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["argparse_shared_dest_first_default"] = ('"""Two options share a dest: argparse fills the namespace from the first one\'s default."""', '''
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--sync", default="i")
parser.add_argument("--all", dest="sync", action="store_const", const="i,j", default="i,j")


def main(mesh, x):
    args = parser.parse_args([])
    axes = tuple(args.sync.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["filing_mark_read_by_init"] = ('"""The filing decorator\'s mark replaces the base\'s config_class, and __init__ builds from it."""', '''
MODELS = {}


class AllConfig:
    sync_axes = ("i", "j")


class RowConfig:
    sync_axes = ("i",)


def register(config_class):
    def wrap(cls):
        cls.config_class = config_class
        MODELS[cls.__name__] = cls
        return cls

    return wrap


class Model:
    config_class = AllConfig

    def __init__(self):
        self.config = self.config_class()

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


@register(RowConfig)
class RowModel(Model):
    pass


def main(mesh, x):
    return jax.shard_map(MODELS["RowModel"](), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["alias_slice_deleted"] = ('"""del on a slice of an alias shortens the config\'s own list."""', '''
CONFIG = {"sync": ["i", "j"]}
rows = CONFIG["sync"]
del rows[1:]


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(CONFIG["sync"]))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["shallow_copied_object_shares_dict"] = ('"""copy.copy of a model shares its config dict: narrowing the copy\'s narrows the original\'s."""', '''
import copy


class Model:
    def __init__(self):
        self.cfg = {"sync": ("i", "j")}

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.cfg["sync"])


def main(mesh, x):
    teacher = Model()
    student = copy.copy(teacher)
    student.cfg["sync"] = ("i",)
    return jax.shard_map(teacher, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["dataclass_replace_shares_list"] = ('"""dataclasses.replace copies fields by reference: popping the copy\'s list pops the original\'s."""', '''
import dataclasses


@dataclasses.dataclass
class Config:
    sync: list


def main(mesh, x):
    cfg = Config(sync=["i", "j"])
    rows = dataclasses.replace(cfg)
    rows.sync.pop()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(cfg.sync))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["returned_module_dict_changed"] = ('"""get_config returns the module dict itself; the store through its result changes the config."""', '''
CONFIG = {"sync": ("i", "j")}


def get_config():
    return CONFIG


get_config()["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["method_returns_own_dict_changed"] = ('"""A method returns the object\'s own config dict; main narrows it through the result."""', '''

class Model:
    def __init__(self):
        self.cfg = {"sync": ("i", "j")}

    def config(self):
        return self.cfg

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.cfg["sync"])


def main(mesh, x):
    model = Model()
    model.config()["sync"] = ("i",)
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["cached_property_read_before_change"] = ('"""A cached_property is read once while the field says rows; the later change does not reach the cached axes."""', '''
import functools


class Reducer:
    def __init__(self):
        self.rows = True

    @functools.cached_property
    def axes(self):
        return ("i",) if self.rows else ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    model = Reducer()
    print("sync over", model.axes)
    model.rows = False
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["store_through_next_of_values"] = ('"""next(iter(TABLE.values())) is the first config itself; the store through it changes the table."""', '''
TABLE = {"train": {"sync": ("i", "j")}}
next(iter(TABLE.values()))["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, TABLE["train"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["operator_setitem_changes_config"] = ('"""operator.setitem changes the module config in place."""', '''
import operator

CONFIG = {"sync": ("i", "j")}
operator.setitem(CONFIG, "sync", ("i",))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["unbound_dict_update_changes_config"] = ('"""dict.update called through the class changes the module config in place."""', '''
CONFIG = {"sync": ("i", "j")}
dict.update(CONFIG, sync=("i",))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["field_store_through_returned_object"] = ('"""get_model returns the module\'s model itself; a field stored through the call\'s result is the model\'s."""', '''

class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


MODEL = Reducer()


def get_model():
    return MODEL


def main(mesh, x):
    get_model().axes = ("i",)
    return jax.shard_map(MODEL, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')


P["values_list_shares_dicts"] = ('"""list(CONFIG.values()) holds the sections themselves: a store through the list changes the config."""', '''
CONFIG = {"mesh": {"sync": ("i", "j")}}
SECTIONS = list(CONFIG.values())
SECTIONS[0]["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["mesh"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["or_default_alias_changed"] = ('"""`config = config or DEFAULTS` makes the name the module defaults themselves; the store changes them."""', '''
DEFAULTS = {"sync": ("i", "j")}


def configure(config=None):
    config = config or DEFAULTS
    config["sync"] = ("i",)
    return config


configure()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, DEFAULTS["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

P["ifexp_alias_changed"] = ('"""A conditional expression picks the module config itself; the store through the name changes it."""', '''
CONFIG = {"mesh": {"sync": ("i", "j")}}
OVERRIDES = None
ACTIVE = OVERRIDES if OVERRIDES is not None else CONFIG
ACTIVE["mesh"]["sync"] = ("i",)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONFIG["mesh"]["sync"])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
''')

out = pathlib.Path(__file__).resolve().parent / "clean"
out.mkdir(exist_ok=True)
for name, (doc, code) in P.items():
    (out / f"{name}.py").write_text(doc + "\n" + HEAD + code + TAIL)
for name, (doc, code) in S.items():
    (out / f"{name}.py").write_text(doc + "\n" + SF104_HEAD + code + SF104_TAIL)
