"""montecarlo/diagnostics/pooled_histogram.py: pooled histogram of Monte Carlo draws. Each chain
group first totals its walkers' counts (the per-chain histograms feed the R-hat plot), then the
pooled counts are scattered bin-wise over every device for the density writer.
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

HIST = {"bins": 16, "lo": -4.0, "hi": 4.0}
MESH = {"chains": 2, "walkers": 4}
ALL_AXES = tuple(MESH)

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
scatter_over = curry(lambda ax, x: jax.lax.psum_scatter(x, ax, scatter_dimension=0, tiled=True))


def bin_counts(cfg):
    width = (cfg["hi"] - cfg["lo"]) / cfg["bins"]
    index = lambda x: jnp.clip(((x - cfg["lo"]) / width).astype(jnp.int32), 0, cfg["bins"] - 1)
    return compose(partial(jnp.sum, axis=(0, 1)),
                   lambda i: jax.nn.one_hot(i, cfg["bins"], dtype=jnp.float32), index)


def hist_body(cfg):
    counts_of = bin_counts(cfg)
    per_chain = psum_over("walkers")
    pooled_scatter = scatter_over(ALL_AXES)

    def body(draws):
        chain_counts = per_chain(counts_of(draws))
        return chain_counts[None, :], pooled_scatter(chain_counts)
    return body


def build(mesh, cfg):
    return jax.jit(jax.shard_map(hist_body(cfg), mesh=mesh, in_specs=P(*ALL_AXES),
                                 out_specs=(P("chains", None), P(ALL_AXES))))


def edges(cfg):
    return np.linspace(cfg["lo"], cfg["hi"], cfg["bins"] + 1)


density = curry(lambda cfg, c: np.asarray(c) / (np.sum(c) * np.diff(edges(cfg))))
chain_gap = compose(float, np.max, np.abs, lambda c: c[0] / c[0].sum() - c[1] / c[1].sum(),
                    np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(139)
    draws = rng.standard_t(df=5, size=(8, 64)).astype(np.float32)
    draws[:4] += 0.3
    return draws, HIST


def main(draws, cfg):
    mesh = jax.make_mesh(tuple(MESH.values()), ALL_AXES)
    with jax.set_mesh(mesh):
        xs = jax.device_put(draws, NamedSharding(mesh, P(*ALL_AXES)))
        per_chain, pooled = build(mesh, cfg)(xs)
        pooled_host = np.asarray(jax.device_get(pooled))
    print("max gap between chain histograms", round(chain_gap(per_chain), 4))
    print("pooled density", np.round(density(cfg, pooled_host), 3))


if __name__ == "__main__":
    main(*inputs())
