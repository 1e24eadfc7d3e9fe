"""graphs/ranking/pagerank.py: PageRank by power iteration, transition rows split over `nodes`
(the `feat` axis carries independent personalisation vectors); dangling mass is redistributed.
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

PR = {"damping": 0.85, "iters": 20}
NODE, VEC = "nodes", "feat"

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
all_ranks = curry(lambda ax, r: jax.lax.all_gather(r, ax, axis=0, tiled=True, to="reduced"))
masked = curry(lambda mask, r: r * mask)


def dangling_mass(dangling_rows):
    """Rank held by nodes without out-links, summed over the whole graph."""
    return compose(psum_over(NODE), partial(jnp.sum, axis=0, keepdims=True), masked(dangling_rows))


total_mass = compose(psum_over(NODE), partial(jnp.sum, axis=0, keepdims=True))


def pr_body(cfg, n):
    d = cfg["damping"]

    def body(pt_rows, r0, dangling, teleport):
        spill = dangling_mass(dangling)

        def step(r, _):
            everyone = all_ranks(NODE, r)
            lost = spill(r)
            pulled = (pt_rows @ everyone) / total_mass(r)
            return d * pulled + (d * lost / n) + (1.0 - d) * teleport
        return reduce(step, range(cfg["iters"]), r0)
    return body


def build(mesh, cfg, n):
    return jax.jit(jax.shard_map(pr_body(cfg, n), mesh=mesh,
                                 in_specs=(P(NODE, None), P(NODE, VEC), P(NODE, None), P(NODE, VEC)),
                                 out_specs=P(NODE, VEC)))


def transition(adj):
    out = adj.sum(1)
    dangling = (out == 0).astype(np.float32)[:, None]
    pt = np.where(out[:, None] > 0, adj / np.maximum(out[:, None], 1), 0.0).T
    return pt.astype(np.float32), dangling


top_nodes = compose(partial(np.argsort, axis=0), np.negative, np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(107)
    adj = (rng.random((16, 16)) < 0.2).astype(np.float32)
    adj[3] = 0.0
    teleport = np.full((16, 2), 1.0 / 16, np.float32)
    teleport[:, 1] = np.eye(16, dtype=np.float32)[0]
    return adj, teleport, PR


def main(adj, teleport, cfg):
    mesh = jax.make_mesh((4, 2), (NODE, VEC))
    pt, dangling = transition(adj)
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        args = (put(pt, P(NODE, None)), put(teleport, P(NODE, VEC)),
                put(dangling, P(NODE, None)), put(teleport, P(NODE, VEC)))
        ranks = build(mesh, cfg, adj.shape[0])(*args)
        order = top_nodes(ranks)
    print("rank sums", np.round(np.asarray(jax.device_get(ranks)).sum(0), 4))
    print("top-3 nodes per vector", order[:3].T.tolist())


if __name__ == "__main__":
    main(*inputs())
