"""graphs/features/spectral_export.py: diffusion features of a graph (powers of the normalised
adjacency applied to random probes) computed under jit, then exported twice: node-whole for the
feature store (columns still split over `feat`) and fully whole for the offline notebook.
"""
import functools
import inspect
import operator
from functools import partial, reduce
from operator import itemgetter, attrgetter

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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

AXES = ("nodes", "feat")
FEATURES = {"powers": 3, "probes": 4}
EXPORTS = {
    "store": {"spec": P(None, "feat", reduced={"nodes"}), "multi_dim": False},
    "notebook": {"spec": P(None, None, reduced={"nodes", "feat"}), "multi_dim": True},
}

export_with = curry(lambda cfg, x: top_level_all_gather(x, cfg["spec"], multi_dim=cfg["multi_dim"]))


def diffusion_features(mesh, cfg):
    out = NamedSharding(mesh, P(*AXES))

    @partial(jax.jit, out_shardings=out)
    def features(a_norm, probes):
        powers = reduce(lambda acc, _: acc + [a_norm @ acc[-1]], range(cfg["powers"]), [probes])
        return jnp.concatenate(powers[1:], axis=1)
    return features


def normalised(adj):
    a = adj + np.eye(adj.shape[0], dtype=np.float32)
    d = 1.0 / np.sqrt(a.sum(1))
    return (d[:, None] * a * d[None, :]).astype(np.float32)


def small_world(rng, n, k, p):
    adj = np.zeros((n, n), np.float32)
    for i in range(n):
        for j in range(1, k + 1):
            t = (i + j) % n if rng.random() > p else rng.integers(n)
            if t != i:
                adj[i, t] = adj[t, i] = 1.0
    return adj


shape_of = compose(np.shape, np.asarray, jax.device_get)
norms = compose(partial(np.round, decimals=3), partial(np.linalg.norm, axis=0), np.asarray,
                jax.device_get)


def inputs():
    rng = np.random.default_rng(167)
    adj = small_world(rng, 32, 2, 0.1)
    probes = rng.normal(size=(32, FEATURES["probes"])).astype(np.float32)
    return normalised(adj), probes, FEATURES


def main(a_norm, probes, cfg):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        feats = diffusion_features(mesh, cfg)(a_norm, probes)
        exported = {name: export_with(e, feats) for name, e in EXPORTS.items()}
        shapes = {name: shape_of(v) for name, v in exported.items()}
        col_norms = norms(exported["notebook"])
    print("exported shapes", shapes)
    print("feature column norms", col_norms)


if __name__ == "__main__":
    main(*inputs())
