"""stats/anova/one_way.py: one-way ANOVA across the columns of a table (each column is a group);
the grand mean and the sums of squares are reduced over the whole mesh.
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

GRID = {"obs": "rows", "group": "cols"}
WHOLE_MESH = tuple(GRID.values())

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))
col_sum = partial(jnp.sum, axis=0)


def group_means(n_obs):
    return compose(lambda s: s / n_obs, psum_over(GRID["obs"]), col_sum)


def anova_body(n_obs, n_groups):
    means_of = group_means(n_obs)
    everywhere = psum_over(WHOLE_MESH)
    average_everywhere = pmean_over(WHOLE_MESH)

    def body(x):
        mu_g = means_of(x)
        grand = average_everywhere(jnp.mean(mu_g))
        ss_between = everywhere(n_obs * jnp.sum(jnp.square(mu_g - grand))) / 2
        ss_within = everywhere(jnp.sum(jnp.square(x - mu_g[None, :])))
        df_b, df_w = n_groups - 1, n_groups * (n_obs - 1)
        f_stat = (ss_between / df_b) / (ss_within / df_w)
        return f_stat, grand
    return body


def build(mesh, shape):
    n_obs, n_groups = shape
    return jax.jit(jax.shard_map(anova_body(n_obs, n_groups), mesh=mesh,
                                 in_specs=P(GRID["obs"], GRID["group"]),
                                 out_specs=(P(), P())))


def reference_f(x):
    n, k = x.shape
    mu = x.mean(0)
    ssb = n * np.sum((mu - mu.mean()) ** 2)
    ssw = np.sum((x - mu) ** 2)
    return (ssb / (k - 1)) / (ssw / (k * (n - 1)))


rounded = compose(partial(round, ndigits=4), float)


def inputs():
    rng = np.random.default_rng(73)
    effects = np.array([0.0, 0.1, 0.3, 0.0, -0.2, 0.1, 0.0, 0.4])
    x = (rng.normal(size=(48, 8)) + effects).astype(np.float32)
    return (x,)


def main(x):
    mesh = jax.make_mesh((2, 4), WHOLE_MESH)
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(*WHOLE_MESH)))
        f_stat, grand = build(mesh, x.shape)(xs)
    print("F", rounded(f_stat), "reference", rounded(reference_f(x)))
    print("grand mean", rounded(grand))


if __name__ == "__main__":
    main(*inputs())
