import textwrap
HEAD = """import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
"""
TAIL = """

def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
"""
P = {}
P["ft_reduce"] = """
import functools, operator
parts = [("data",), ("model",)]
AXES = functools.reduce(operator.add, parts)
DATA, MODEL = AXES
"""
P["ft_cache"] = """
import functools
@functools.cache
def axes():
    return ("data", "model")
@functools.lru_cache(maxsize=None)
def axis(i):
    return axes()[i]
AXES = axes()
DATA, MODEL = axis(0), axis(1)
"""
P["ft_partialmethod"] = """
import functools
class Layout:
    def __init__(self):
        self.names = ("data", "model")
    def name(self, i):
        return self.names[i]
    data = functools.partialmethod(name, 0)
    model = functools.partialmethod(name, 1)
L = Layout()
DATA, MODEL = L.data(), L.model()
AXES = (DATA, MODEL)
"""
P["ft_total_ordering"] = """
import functools
@functools.total_ordering
class Ax:
    def __init__(self, name, rank):
        self.name, self.rank = name, rank
    def __eq__(self, o):
        return self.rank == o.rank
    def __lt__(self, o):
        return self.rank < o.rank
axs = sorted([Ax("model", 2), Ax("data", 1)])
assert axs[1] >= axs[0]
AXES = tuple(a.name for a in axs)
DATA, MODEL = AXES
"""
P["ft_singledispatchmethod"] = """
import functools
class Resolver:
    @functools.singledispatchmethod
    def resolve(self, arg):
        raise TypeError(arg)
    @resolve.register
    def _(self, arg: str):
        return tuple(arg.split(","))
    @resolve.register
    def _(self, arg: int):
        return ("data", "model")[:arg]
AXES = Resolver().resolve("data,model")
DATA, MODEL = AXES
"""
P["it_product"] = """
import itertools
pairs = list(itertools.product(["data"], ["model", "x"]))
AXES = pairs[0]
DATA, MODEL = AXES
"""
P["it_zip_longest"] = """
import itertools
names = ["data", "model"]
sizes = [2]
table = dict(itertools.zip_longest(names, sizes, fillvalue=4))
AXES = tuple(table)
DATA, MODEL = AXES
"""
P["it_combinations"] = """
import itertools
combos = list(itertools.combinations(["data", "model", "pipe"], 2))
AXES = combos[0]
DATA, MODEL = AXES
perms = list(itertools.permutations(AXES))
assert perms[1] == ("model", "data")
"""
P["it_chain_tee"] = """
import itertools
groups = [["data"], ["model"]]
flat = itertools.chain.from_iterable(groups)
a, b = itertools.tee(flat)
AXES = tuple(a)
DATA, MODEL = AXES
assert tuple(itertools.repeat(DATA, 2)) == ("data", "data")
"""
P["co_namedtuple"] = """
import collections
Axes = collections.namedtuple("Axes", ["data", "model"], defaults=["model"])
ax = Axes._make(["data"])
d = ax._asdict()
AXES = tuple(d.values())
DATA, MODEL = ax.data, d["model"]
"""
P["co_defaultdict"] = """
import collections
roles = collections.defaultdict(list)
for name, role in [("data", "batch"), ("model", "hidden")]:
    roles[role].append(name)
DATA = roles["batch"][0]
MODEL = roles["hidden"][0]
AXES = (DATA, MODEL)
"""
P["co_ordereddict"] = """
import collections
od = collections.OrderedDict([("model", 4), ("data", 2)])
od.move_to_end("model")
AXES = tuple(od)
DATA, MODEL = AXES
"""
P["co_counter"] = """
import collections
uses = collections.Counter(["data", "model", "data", "model", "data"])
AXES = tuple(n for n, _ in uses.most_common())
DATA, MODEL = AXES
"""
P["co_deque"] = """
import collections
dq = collections.deque(["model", "data"], maxlen=2)
dq.rotate(1)
AXES = tuple(dq)
DATA, MODEL = AXES
"""
P["co_chainmap"] = """
import collections
defaults = {"dp": "data", "tp": "model"}
overrides = {}
cm = collections.ChainMap(overrides, defaults)
DATA, MODEL = cm["dp"], cm["tp"]
AXES = (DATA, MODEL)
"""
P["co_userdict"] = """
import collections
class Cfg(collections.UserDict):
    def __missing__(self, key):
        return key
cfg = Cfg({"dp": "data"})
DATA = cfg["dp"]
MODEL = cfg["model"]
AXES = (DATA, MODEL)
"""
P["dc_replace"] = """
import dataclasses
@dataclasses.dataclass(frozen=True)
class Cfg:
    dp: str = "x"
    tp: str = "model"
cfg = dataclasses.replace(Cfg(), dp="data")
d = dataclasses.asdict(cfg)
DATA, MODEL = dataclasses.astuple(cfg)
AXES = tuple(d[f.name] for f in dataclasses.fields(cfg))
"""
P["dc_initvar"] = """
import dataclasses
@dataclasses.dataclass
class Cfg:
    spec: dataclasses.InitVar[str]
    axes: tuple = dataclasses.field(init=False)
    def __post_init__(self, spec):
        self.axes = tuple(spec.split("/"))
cfg = Cfg("data/model")
AXES = cfg.axes
DATA, MODEL = AXES
"""
P["en_intenum"] = """
import enum
@enum.unique
class Ax(enum.IntEnum):
    DATA = enum.auto()
    MODEL = enum.auto()
NAMES = {Ax.DATA: "data", Ax.MODEL: "model"}
AXES = tuple(NAMES[a] for a in sorted(Ax))
DATA, MODEL = NAMES[Ax(1)], NAMES[Ax.MODEL]
"""
P["en_flag"] = """
import enum
class Par(enum.Flag):
    DATA = enum.auto()
    MODEL = enum.auto()
use = Par.DATA | Par.MODEL
AXES = tuple(m.name.lower() for m in Par if m in use)
DATA, MODEL = AXES
"""
P["abc_base"] = """
import abc
class Strategy(abc.ABC):
    @abc.abstractmethod
    def axes(self): ...
    @property
    @abc.abstractmethod
    def dp(self): ...
class TwoD(Strategy):
    def axes(self):
        return ("data", "model")
    @property
    def dp(self):
        return "data"
s = TwoD()
AXES = s.axes()
DATA, MODEL = s.dp, AXES[1]
"""
P["cl_exitstack"] = """
import contextlib
names = []
@contextlib.contextmanager
def axis(n):
    names.append(n)
    yield n
with contextlib.ExitStack() as stack:
    for n in ("data", "model"):
        stack.enter_context(axis(n))
with contextlib.suppress(KeyError):
    {}["x"]
with contextlib.nullcontext("data") as DATA:
    pass
AXES = tuple(names)
MODEL = AXES[1]
"""
P["cl_redirect"] = """
import contextlib, io
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("data model")
AXES = tuple(buf.getvalue().split())
DATA, MODEL = AXES
"""
P["ty_typeddict"] = """
import typing
class Layout(typing.TypedDict):
    dp: str
    tp: str
class Axes(typing.NamedTuple):
    dp: str
    tp: str = "model"
lay = Layout(dp="data", tp="model")
ax = Axes(lay["dp"])
hints = typing.get_type_hints(Axes)
assert "tp" in hints
AXES = tuple(ax)
DATA, MODEL = ax.dp, ax.tp
"""
P["in_signature"] = """
import inspect
def layout(dp="data", tp="model"):
    return dp, tp
sig = inspect.signature(layout)
defaults = {k: p.default for k, p in sig.parameters.items() if p.default is not inspect.Parameter.empty}
bound = sig.bind(tp="model")
bound.apply_defaults()
AXES = tuple(bound.arguments.values())
DATA, MODEL = defaults["dp"], defaults["tp"]
"""
P["cp_deepcopy"] = """
import copy
base = {"axes": ["data", "model"]}
cfg = copy.deepcopy(base)
cfg["axes"].append("pipe")
AXES = tuple(base["axes"])
DATA, MODEL = AXES
"""
P["op_methodcaller"] = """
import operator
up = operator.methodcaller("strip")
AXES = tuple(map(up, [" data", "model "]))
get = operator.itemgetter(0, 1)
DATA, MODEL = get(AXES)
"""
P["ps_json"] = """
import json
LAYOUT = '{"axes": ["data", "model"], "dp": "data"}'
cfg = json.loads(LAYOUT)
AXES = tuple(cfg["axes"])
DATA, MODEL = AXES
"""
P["ps_literal"] = """
import ast
cfg = ast.literal_eval("{'axes': ('data', 'model')}")
AXES = cfg["axes"]
DATA, MODEL = AXES
"""
P["ps_shlex"] = """
import shlex
AXES = tuple(shlex.split("--axes data model")[1:])
DATA, MODEL = AXES
"""
P["ps_template"] = """
import string
t = string.Template("$dp,$tp")
AXES = tuple(t.substitute(dp="data", tp="model").split(","))
DATA, MODEL = AXES
"""
P["ps_re"] = """
import re
m = re.match(r"(?P<dp>\\w+)x(?P<tp>\\w+)", "dataxmodel")
DATA, MODEL = m.group("dp"), m.group("tp")
AXES = tuple(re.findall(r"[a-z]+", "data|model"))
"""
P["ps_configparser"] = """
import configparser
cp = configparser.ConfigParser()
cp.read_string("[mesh]\\ndp = data\\ntp = model\\n")
DATA, MODEL = cp["mesh"]["dp"], cp.get("mesh", "tp")
AXES = (DATA, MODEL)
"""
P["ap_subparsers"] = """
import argparse
parser = argparse.ArgumentParser()
sub = parser.add_subparsers(dest="cmd")
tr = sub.add_parser("train")
tr.add_argument("--axes", nargs="+", default=["data", "model"])
tr.set_defaults(dp="data")
args, rest = parser.parse_known_args(["train", "--extra", "1"])
AXES = tuple(args.axes)
DATA, MODEL = args.dp, AXES[1]
"""
P["ap_action"] = """
import argparse
class Split(argparse.Action):
    def __call__(self, parser, ns, values, option_string=None):
        setattr(ns, self.dest, tuple(values.split(",")))
parser = argparse.ArgumentParser()
parser.add_argument("--axes", action=Split, default=("x", "y"))
args = parser.parse_args(["--axes", "data,model"])
AXES = args.axes
DATA, MODEL = AXES
"""
P["pl_pathlib"] = """
import pathlib, os.path
p = pathlib.Path("/ckpt/data/model.npz")
DATA = p.parent.name
MODEL = p.stem
AXES = (DATA, os.path.splitext(os.path.basename(str(p)))[0])
"""
P["lg_adapter"] = """
import logging
log = logging.LoggerAdapter(logging.getLogger("mesh"), {"run": 1})
class F(logging.Filter):
    def filter(self, rec):
        return True
logging.getLogger("mesh").addFilter(F())
log.info("axes %s", "data")
AXES = ("data", "model")
DATA, MODEL = AXES
"""
P["wn_catch"] = """
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("deprecated layout", DeprecationWarning)
AXES = ("data", "model") if w else ("x", "y")
DATA, MODEL = AXES
"""
P["tm_datetime"] = """
import datetime, time
stamp = datetime.datetime.now().strftime("%Y")
t0 = time.perf_counter()
AXES = ("data", "model")
RUN = f"{stamp}-{time.time():.0f}"
DATA, MODEL = AXES
"""
P["rn_random"] = """
import random
rng = random.Random(0)
order = ["data", "model"]
noise = rng.random()
AXES = tuple(order)
DATA, MODEL = AXES
"""
P["mt_math"] = """
import math, statistics
n = math.prod([2, 4])
half = math.isqrt(n) // 2
mid = statistics.median([1, 2, 3])
AXES = ("data", "model") if n == 8 and mid == 2 else ("x", "y")
DATA, MODEL = AXES
"""
P["hq_heapq"] = """
import heapq, bisect
h = [(2, "model"), (1, "data")]
heapq.heapify(h)
first = heapq.heappop(h)[1]
second = heapq.nsmallest(1, h)[0][1]
AXES = (first, second)
idx = bisect.bisect_left([1, 2, 4, 8], 4)
DATA, MODEL = AXES[idx - 2], AXES[1]
"""
P["tp_namespace"] = """
import types
ns = types.SimpleNamespace(dp="data", tp="model")
ro = types.MappingProxyType({"axes": (ns.dp, ns.tp)})
AXES = ro["axes"]
DATA, MODEL = AXES
"""
P["tp_methodtype"] = """
import types
class C:
    pass
def axes(self):
    return ("data", "model")
c = C()
c.axes = types.MethodType(axes, c)
AXES = c.axes()
DATA, MODEL = AXES
"""
P["wr_weakref"] = """
import weakref
class Cfg:
    axes = ("data", "model")
cfg = Cfg()
ref = weakref.ref(cfg)
AXES = ref().axes
DATA, MODEL = AXES
"""
P["th_thread"] = """
import threading
out = {}
lock = threading.Lock()
def work():
    with lock:
        out["axes"] = ("data", "model")
t = threading.Thread(target=work)
t.start()
t.join()
AXES = out["axes"]
DATA, MODEL = AXES
"""
P["th_queue"] = """
import queue
q = queue.Queue()
q.put("data")
q.put("model")
AXES = (q.get(), q.get())
DATA, MODEL = AXES
"""
P["cf_pool"] = """
import concurrent.futures as cf
with cf.ThreadPoolExecutor(2) as ex:
    AXES = tuple(ex.map(str.lower, ["DATA", "MODEL"]))
    fut = ex.submit(str.upper, "x")
DATA, MODEL = AXES
"""
P["il_import"] = """
import importlib
itertools = importlib.import_module("itertools")
AXES = tuple(itertools.islice(["data", "model", "pipe"], 2))
DATA, MODEL = AXES
"""
P["st_format"] = """
spec = "Data:Model"
DATA, MODEL = (s.lower() for s in spec.partition(":")[::2])
AXES = tuple("{}|{}".format(DATA, MODEL).split("|"))
assert "data".center(6).strip().removeprefix("d") == "ata"
"""
P["np_unique"] = """
import numpy as np
names = np.array(["model", "data", "data"])
u = np.unique(names)
AXES = tuple(str(s) for s in u)
DATA, MODEL = AXES
"""
P["np_argsort"] = """
import numpy as np
names = ["model", "data"]
ranks = np.array([2, 1])
AXES = tuple(names[i] for i in np.argsort(ranks))
DATA, MODEL = AXES
shape = tuple(int(s) for s in np.array_split(np.arange(8), 2)[0][:2] + 2)
"""
P["np_prod"] = """
import numpy as np
shape = (2, 4)
n = int(np.prod(shape))
rng = np.random.default_rng(0)
AXES = ("data", "model") if n == 8 and np.dtype("float32").itemsize == 4 else ("x", "y")
DATA, MODEL = AXES
"""
P["jx_treemap"] = """
specs = {"dp": "data", "tp": "model"}
up = jax.tree.map(lambda s: s, specs)
leaves, tdef = jax.tree.flatten(up)
back = jax.tree.unflatten(tdef, leaves)
AXES = tuple(jax.tree.leaves(back))
DATA, MODEL = back["dp"], back["tp"]
"""
P["jx_pytree_class"] = """
@jax.tree_util.register_pytree_node_class
class Names:
    def __init__(self, dp, tp):
        self.dp, self.tp = dp, tp
    def tree_flatten(self):
        return (self.dp, self.tp), None
    @classmethod
    def tree_unflatten(cls, aux, ch):
        return cls(*ch)
n = jax.tree.map(str.lower, Names("DATA", "MODEL"))
AXES = (n.dp, n.tp)
DATA, MODEL = AXES
"""
P["jx_devcount"] = """
n = jax.device_count()
AXES = ("data", "model") if n == 8 else ("data",)
DATA, MODEL = AXES
s = jax.eval_shape(lambda a: a * 2, jax.ShapeDtypeStruct((8,), jnp.float32))
assert s.shape == (8,)
"""
for k, v in P.items():
    open(f"p_{k}.py", "w").write(HEAD + textwrap.dedent(v) + TAIL)
print(len(P))
