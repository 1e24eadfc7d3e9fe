"""Evaluation: per-class support of the evaluation set.
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


# ---- evaluation: metrics as lazy graph nodes over sharded logits ------------------------------

SHARDS, CLASSES = "shards", "classes"
MESH = MeshBuilder().axes(SHARDS, CLASSES).shape(2, 4).build()
PAIR_SPECS = (P(SHARDS, CLASSES), P(SHARDS, CLASSES))


def log_softmax_sharded(z):
    m = jax.lax.pmax(jnp.max(z, axis=1, keepdims=True), CLASSES)
    e = jnp.exp(z - m)
    s = jax.lax.psum(jnp.sum(e, axis=1, keepdims=True), CLASSES)
    return z - m - jnp.log(s)


class Metric:
    """Metric("nll").computed_by(fn).laid_out(P()) is a stage of the evaluation graph."""

    def __init__(self, name):
        self.name, self.body, self.out, self.options = name, None, P(), {}

    def computed_by(self, fn):
        self.body = fn
        return self

    def laid_out(self, spec):
        self.out = spec
        return self

    def using(self, **options):
        self.options.update(options)
        return self

    def __call__(self, pair):
        body = functools.partial(self.body, **self.options)
        step = StepBuilder(MESH).with_specs(PAIR_SPECS, self.out).with_body(body).compile()
        return {self.name: step(*pair)}


def class_counts(logits, onehot, gather_over):
    counts = jnp.sum(onehot, axis=0)
    return jax.lax.all_gather(counts, gather_over, tiled=True, to="reduced")


METRIC = (Metric("support")
          .computed_by(class_counts)
          .using(gather_over=SHARDS)
          .laid_out(P(CLASSES, reduced={SHARDS})))


def REPORT(result):
    return result


def inputs():
    rng = np.random.default_rng(5)
    logits = rng.normal(size=(16, 8)).astype(np.float32)
    onehot = np.eye(8, dtype=np.float32)[rng.integers(0, 8, size=16)]
    return logits, onehot


def main(logits, onehot):
    source = (Node.source(place(MESH, logits, PAIR_SPECS[0]), "logits")
              + Node.source(place(MESH, onehot, PAIR_SPECS[1]), "labels"))
    report = (source >> METRIC >> REPORT).collect()
    for name, value in report.items():
        print(name, np.asarray(value).shape)
    return report


if __name__ == "__main__":
    main(*inputs())
