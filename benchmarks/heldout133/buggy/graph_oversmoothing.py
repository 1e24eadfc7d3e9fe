"""graphs/diagnostics/oversmoothing.py: oversmoothing diagnostics per propagation depth: Dirichlet
energy of the node features and the mean feature norm, summed over the whole mesh for the plot.
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

DIAG = {"depths": 4, "node_axis": "nodes", "feat_axis": "feat"}
MESH_AXES = (DIAG["node_axis"], DIAG["feat_axis"])

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
rows_of = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True))


def dirichlet(lap_rows):
    """trace(H^T L H) restricted to this block of rows and feature columns."""
    return lambda h_rows, h_all: jnp.sum(h_rows * (lap_rows @ h_all))


def feature_norm(feat_axis):
    return compose(jnp.sum, jnp.sqrt, psum_over(feat_axis), partial(jnp.sum, axis=1),
                   jnp.square)


def diag_body(cfg):
    nodes, feat = cfg["node_axis"], cfg["feat_axis"]
    gather_rows = rows_of(nodes)
    norm_sum = feature_norm(feat)
    total = partial(jax.tree.map, psum_over(MESH_AXES))

    def body(a_rows, lap_rows, h):
        energy = dirichlet(lap_rows)

        def depth(carry, _):
            h_cur, out = carry
            h_all = gather_rows(h_cur)
            stats = total({"energy": energy(h_cur, h_all), "norm": norm_sum(h_cur)})
            return a_rows @ h_all, out + [stats]
        _, per_depth = reduce(depth, range(cfg["depths"]), (h, []))
        return per_depth
    return body


def build(mesh, cfg):
    nodes, feat = MESH_AXES
    return jax.jit(jax.shard_map(diag_body(cfg), mesh=mesh,
                                 in_specs=(P(nodes, None), P(nodes, None), P(nodes, feat)),
                                 out_specs=[{"energy": P(), "norm": P()}] * cfg["depths"]))


def path_graph(n):
    a = np.eye(n, k=1) + np.eye(n, k=-1)
    deg = np.diag(a.sum(1))
    walk = (a + np.eye(n)) / (a.sum(1, keepdims=True) + 1)
    return walk.astype(np.float32), (deg - a).astype(np.float32)


series = curry(lambda key, rows: [round(float(r[key]), 3) for r in rows])


def inputs():
    rng = np.random.default_rng(113)
    walk, lap = path_graph(16)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    return walk, lap, h, DIAG


def main(walk, lap, h, cfg):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        per_depth = build(mesh, cfg)(put(walk, P("nodes", None)), put(lap, P("nodes", None)),
                                     put(h, P(*MESH_AXES)))
        rows = jax.device_get(per_depth)
    print("dirichlet energy by depth", series("energy", rows))
    print("feature norm by depth", series("norm", rows))


if __name__ == "__main__":
    main(*inputs())
