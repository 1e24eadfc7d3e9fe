"""graphs/gat/attention_layer.py: a single graph-attention layer: node features are made whole over
the node shards, activated, scored against each row block's own nodes and softmax-mixed.
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

LAYER = {"slope": 0.2, "node_axis": "nodes", "feat_axis": "feat", "mask_value": -1e9}

all_nodes = curry(lambda ax, h: jax.lax.all_gather(h, ax, axis=0, tiled=True, to="reduced"))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
activate = curry(lambda slope, h: jax.nn.leaky_relu(h, negative_slope=slope))


def scores(feat_axis):
    """Dot products of this block's nodes with every node, summed over the feature shards."""
    return lambda h_rows, h_all: psum_over(feat_axis, h_rows @ h_all.T)


def masked_softmax(mask_value):
    return lambda s, adj: jax.nn.softmax(jnp.where(adj > 0, s, mask_value), axis=-1)


def gat_body(cfg):
    nodes, feat = cfg["node_axis"], cfg["feat_axis"]
    gather_act = compose(activate(cfg["slope"]), all_nodes(nodes))
    score = scores(feat)
    mix = masked_softmax(cfg["mask_value"])

    def body(adj_rows, h):
        h_all = gather_act(h)
        att = mix(score(h, h_all), adj_rows)
        return att @ h_all, att
    return body


def build(mesh, cfg):
    nodes, feat = cfg["node_axis"], cfg["feat_axis"]
    return jax.jit(jax.shard_map(gat_body(cfg), mesh=mesh,
                                 in_specs=(P(nodes, None), P(nodes, feat)),
                                 out_specs=(P(nodes, feat), P(nodes, None))))


def grid_graph(side):
    n = side * side
    adj = np.eye(n, dtype=np.float32)
    for i in range(n):
        r, c = divmod(i, side)
        for dr, dc in ((0, 1), (1, 0)):
            if r + dr < side and c + dc < side:
                j = (r + dr) * side + c + dc
                adj[i, j] = adj[j, i] = 1.0
    return adj


entropy = compose(partial(np.round, decimals=3), lambda p: -np.sum(p * np.log(p + 1e-9), axis=1),
                  np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(127)
    adj = grid_graph(4)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    return adj, h, LAYER


def main(adj, h, cfg):
    mesh = jax.make_mesh((4, 2), (cfg["node_axis"], cfg["feat_axis"]))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        out, att = build(mesh, cfg)(put(adj, P(cfg["node_axis"], None)),
                                    put(h, P(cfg["node_axis"], cfg["feat_axis"])))
        ent = entropy(att)
    print("output", np.asarray(jax.device_get(out)).shape)
    print("attention entropy (first 6 nodes)", ent[:6])


if __name__ == "__main__":
    main(*inputs())
