"""Recommendation: a table of two-tower scores for the serving cache.
"""
import functools
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- vendored from our internal `flowlite` package (v0.4, trimmed) ----------------------------

class PValue:
    """A (lazily built) collection flowing through a Pipeline."""

    def __init__(self, pipeline, producer=None, parent=None, label=None):
        self.pipeline, self.producer, self.parent, self.label = pipeline, producer, parent, label
        self._cache = None

    def __or__(self, transform):
        return self.pipeline.apply(transform, self)

    def materialize(self):
        if self._cache is None:
            upstream = [] if self.parent is None else self.parent.materialize()
            self._cache = list(self.producer.expand(upstream))
        return self._cache


class PTransform:
    label = None

    def __rrshift__(self, label):
        self.label = label
        return self

    def __ror__(self, left):
        return left | self

    def expand(self, elements):
        raise NotImplementedError


class Pipeline:
    """`with Pipeline() as p:` builds a graph; it runs when the block exits."""

    def __init__(self, options=None):
        self.options = dict(options or {})
        self.sinks, self.outputs = [], {}

    def __or__(self, transform):
        return self.apply(transform, None)

    def apply(self, transform, parent):
        pv = PValue(self, transform, parent, transform.label or type(transform).__name__)
        self.outputs[pv.label] = pv
        return pv

    def run(self):
        for label, pv in self.outputs.items():
            pv.materialize()
        return self

    def result(self, label):
        return self.outputs[label].materialize()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.run()
        return False


class Create(PTransform):
    def __init__(self, values):
        self.values = list(values)

    def expand(self, elements):
        return iter(self.values)


class Map(PTransform):
    def __init__(self, fn, *args, **kwargs):
        self.fn, self.args, self.kwargs = fn, args, kwargs

    def expand(self, elements):
        for el in elements:
            yield self.fn(el, *self.args, **self.kwargs)


class FlatMap(Map):
    def expand(self, elements):
        for el in elements:
            yield from self.fn(el, *self.args, **self.kwargs)


class DoFn:
    def setup(self):
        pass

    def start_bundle(self):
        pass

    def process(self, element, *args, **kwargs):
        yield element

    def finish_bundle(self):
        return ()


class ParDo(PTransform):
    def __init__(self, dofn, *args, **kwargs):
        self.dofn, self.args, self.kwargs = dofn, args, kwargs

    def expand(self, elements):
        self.dofn.setup()
        self.dofn.start_bundle()
        for el in elements:
            yield from self.dofn.process(el, *self.args, **self.kwargs)
        yield from self.dofn.finish_bundle() or ()


class CombineGlobally(PTransform):
    def __init__(self, fn):
        self.fn = fn

    def expand(self, elements):
        yield self.fn(list(elements))


class Dataset:
    """tf.data-like chains: Dataset.from_tensor_slices(x).map(f).batch(n).prefetch(k)."""

    def __init__(self, source):
        self._source = source

    @classmethod
    def from_tensor_slices(cls, data):
        if isinstance(data, dict):
            n = len(next(iter(data.values())))
            return cls(lambda: ({k: v[i] for k, v in data.items()} for i in range(n)))
        return cls(lambda: iter(data))

    def map(self, fn):
        src = self._source
        return Dataset(lambda: (fn(el) for el in src()))

    def batch(self, n):
        src = self._source

        def gen():
            it = src()
            while True:
                chunk = list(itertools.islice(it, n))
                if not chunk:
                    return
                if isinstance(chunk[0], dict):
                    yield {k: np.stack([c[k] for c in chunk]) for k in chunk[0]}
                else:
                    yield np.stack(chunk)
        return Dataset(gen)

    def prefetch(self, k=1):
        return self

    def take(self, n):
        src = self._source
        return Dataset(lambda: itertools.islice(src(), n))

    def __iter__(self):
        return self._source()

    def collect(self):
        return list(self)


class MeshBuilder:
    """MeshBuilder().axes("data", "model").shape(4, 2).build()"""

    def __init__(self):
        self._names, self._shape = (), ()

    def axes(self, *names):
        self._names = tuple(names)
        return self

    def shape(self, *sizes):
        self._shape = tuple(sizes)
        return self

    def build(self):
        return jax.make_mesh(self._shape, self._names)


class StepBuilder:
    """StepBuilder(mesh).with_specs(in_specs, out_specs).with_body(fn).compile()"""

    def __init__(self, mesh=None):
        self._mesh, self._in, self._out, self._body, self._jit = mesh, None, None, None, True

    def on(self, mesh):
        self._mesh = mesh
        return self

    def with_specs(self, in_specs, out_specs):
        self._in, self._out = in_specs, out_specs
        return self

    def with_body(self, fn):
        self._body = fn
        return self

    def eager(self):
        self._jit = False
        return self

    def compile(self):
        fn = jax.shard_map(self._body, mesh=self._mesh, in_specs=self._in, out_specs=self._out)
        return jax.jit(fn) if self._jit else fn


class Node:
    """A lazy graph node: `(src >> f >> g).run()`; nothing is evaluated before run()/collect()."""

    def __init__(self, thunk, name="node"):
        self._thunk, self.name = thunk, name

    @classmethod
    def source(cls, value, name="source"):
        return cls(lambda: value, name)

    def __rshift__(self, fn):
        parent = self
        return Node(lambda: fn(parent.run()), getattr(fn, "__name__", "stage"))

    def __add__(self, other):
        a, b = self, other
        return Node(lambda: (a.run(), b.run()), "zip")

    def run(self):
        return self._thunk()

    collect = run


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))

# ---- end of flowlite ---------------------------------------------------------------------------


# ---- recommendation: a two-tower CTR scorer fed by a tf.data-like chain -----------------------

USERS, EMB = "users", "emb"


class Tower:
    """Two-tower scorer; class attributes hold the layout the serving team agreed on."""

    MESH_SHAPE = (2, 4)
    SCORE_AXIS = USERS
    TAU = 0.07

    def __init__(self, items):
        self.mesh = MeshBuilder().axes(USERS, EMB).shape(*self.MESH_SHAPE).build()
        self.items = place(self.mesh, items, P(None, EMB))

    def logits(self, u, v):
        return jax.lax.psum(u @ v.T, EMB)             # embedding dim split over EMB


class Exporter:
    """Exporter().gather(EMB, 1).gather(USERS, 0).apply(x): gather stages as a fluent chain."""

    def __init__(self):
        self.stages = []

    def gather(self, axes, dim):
        self.stages.append((axes, dim))
        return self

    def apply(self, x):
        for axes, dim in self.stages:
            x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")
        return x


def to_batch(example):
    return {"user": example["user"] / np.linalg.norm(example["user"]), "clicked": example["clicked"]}


class ServingTower(Tower):
    SCORE_AXIS = EMB


def build(tower):
    def body(u, v):
        scores = tower.logits(u, v)
        return jax.lax.all_gather(scores, tower.SCORE_AXIS, axis=0, tiled=True, to="reduced")

    out = P(None, None, reduced={tower.SCORE_AXIS})
    return StepBuilder(tower.mesh).with_specs((P(USERS, EMB), P(None, EMB)), out).with_body(body).compile()


MODEL = ServingTower


def inputs():
    rng = np.random.default_rng(23)
    users = rng.normal(size=(32, 8)).astype(np.float32)
    items = rng.normal(size=(6, 8)).astype(np.float32)
    clicked = rng.integers(0, 6, size=32)
    return users, items, clicked


def main(users, items, clicked):
    tower = MODEL(items)
    step = build(tower)
    outs = (Dataset.from_tensor_slices({"user": users, "clicked": clicked})
            .map(to_batch)
            .batch(16)
            .map(lambda b: step(place(tower.mesh, b["user"].astype(np.float32), P(USERS, EMB)), tower.items))
            .prefetch(1)
            .collect())
    for o in outs:
        print(jax.tree.map(jnp.shape, o))
    return outs


if __name__ == "__main__":
    main(*inputs())
