"""graphs/gcn/readout_trace.py: two rounds of normalised message passing (rows of the adjacency
over `nodes`, feature columns over `feat`) with a sum-pooled graph readout traced per layer.
"""
import functools
import inspect
import operator
from functools import partial, reduce
from operator import itemgetter, attrgetter

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- fp_lite: pasted combinators (toolz / returns / fn.py are not installed here) ----------
def curry(fn):
    """Collect arguments until fn's signature can be bound, then call it."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def collecting(*args, **kwargs):
        try:
            sig.bind(*args, **kwargs)
        except TypeError:
            return curry(partial(fn, *args, **kwargs))
        return fn(*args, **kwargs)
    return collecting


def compose(*fns):
    return lambda x: reduce(lambda acc, f: f(acc), reversed(fns), x)


def pipe(x, *fns):
    return reduce(lambda acc, f: f(acc), fns, x)


def thread_first(x, *forms):
    step = lambda acc, form: form(acc) if callable(form) else form[0](acc, *form[1:])
    return reduce(step, forms, x)


juxt = lambda *fns: lambda *a, **k: tuple(f(*a, **k) for f in fns)
flip = lambda fn: curry(lambda a, b: fn(b, a))
identity = lambda x: x
complement = lambda pred: compose(operator.not_, pred)
foldl = curry(lambda fn, init, xs: reduce(fn, xs, init))


class Maybe:
    def __init__(self, value):
        self.value = value

    def map(self, fn):
        return self if self.value is None else Maybe(fn(self.value))

    def bind(self, fn):
        return self if self.value is None else fn(self.value)

    def or_else(self, default):
        return default if self.value is None else self.value


get_in = curry(lambda path, d: reduce(lambda acc, k: acc[k], path, d))
assoc_in = curry(lambda path, v, d: {**d, path[0]: v} if len(path) == 1
                 else {**d, path[0]: assoc_in(path[1:], v, d.get(path[0], {}))})
lens = lambda *path: (get_in(path), curry(lambda v, d: assoc_in(path, v, d)))
# ---- end fp_lite ----------------------------------------------------------------------------

GCN = {"layers": 2, "axes": {"node": "nodes", "feature": "feat"}, "trace_axis": "nodes"}
node_axis, _ = lens("axes", "node")
feat_axis, _ = lens("axes", "feature")

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
gather_full = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True))
trace = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))


def propagate(cfg):
    """One round: every node row takes the normalised sum of its neighbours' features."""
    full_nodes = gather_full(node_axis(cfg), 0)
    return lambda a_norm, h: a_norm @ full_nodes(h)


def readout(cfg):
    return compose(psum_over(node_axis(cfg)), partial(jnp.sum, axis=0))


def gcn_body(cfg):
    step = propagate(cfg)
    pool = readout(cfg)
    keep = trace(cfg["trace_axis"])

    def body(a_norm, h):
        h = reduce(lambda acc, _: jnp.tanh(step(a_norm, acc)), range(cfg["layers"]), h)
        return h, keep(pool(h))
    return body


def build(mesh, cfg):
    nodes, feat = node_axis(cfg), feat_axis(cfg)
    return jax.jit(jax.shard_map(gcn_body(cfg), mesh=mesh,
                                 in_specs=(P(nodes, None), P(nodes, feat)),
                                 out_specs=(P(nodes, feat), P(None, feat, reduced={cfg["trace_axis"]}))))


def ring_graph(n):
    a = np.eye(n, k=1) + np.eye(n, k=-1) + np.eye(n)
    a[0, -1] = a[-1, 0] = 1.0
    d = a.sum(1)
    return (a / np.sqrt(d[:, None] * d[None, :])).astype(np.float32)


to_host = compose(np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(103)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    return ring_graph(16), h, GCN


def main(a_norm, h, cfg):
    mesh = jax.make_mesh((4, 2), (node_axis(cfg), feat_axis(cfg)))
    with jax.set_mesh(mesh):
        a_s = jax.device_put(a_norm, NamedSharding(mesh, P(node_axis(cfg), None)))
        h_s = jax.device_put(h, NamedSharding(mesh, P(node_axis(cfg), feat_axis(cfg))))
        h_out, pooled = build(mesh, cfg)(a_s, h_s)
        pooled_host = to_host(pooled)[0]
    print("node embeddings", to_host(h_out).shape)
    print("graph readout", np.round(pooled_host, 3))


if __name__ == "__main__":
    main(*inputs())
