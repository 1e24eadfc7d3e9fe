"""stats/quality/outlier_flags.py: robust-ish outlier flags per column: each column is made whole
along the rows axis, then every value is compared with the column's mean and spread.
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

RULE = {"threshold": 3.0, "axes": ("rows", "cols")}
ROW_AXIS, COL_AXIS = RULE["axes"]

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
whole_column = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="reduced"))
col_total = compose(psum_over(ROW_AXIS), partial(jnp.sum, axis=0))


def column_stats(n_rows):
    mean = compose(lambda s: s / n_rows, col_total)
    second = compose(lambda s: s / n_rows, col_total, jnp.square)
    spread = lambda x: jnp.sqrt(second(x) - jnp.square(mean(x)))
    return juxt(mean, spread)


def zscores(mu, sd):
    return lambda col: (col - mu) / sd


def flag_body(threshold, n_rows):
    stats = column_stats(n_rows)

    def body(x):
        mu, sd = stats(x)
        z = pipe(x, whole_column(ROW_AXIS), zscores(mu, sd))
        return jnp.abs(z) > threshold, mu, sd
    return body


def build(mesh, threshold, n_rows):
    return jax.jit(jax.shard_map(flag_body(threshold, n_rows), mesh=mesh,
                                 in_specs=P(ROW_AXIS, COL_AXIS),
                                 out_specs=(P(None, COL_AXIS, reduced={ROW_AXIS}),
                                            P(COL_AXIS), P(COL_AXIS))))


count_flags = compose(partial(np.sum, axis=0), np.asarray, jax.device_get)
where_flags = compose(list, partial(map, tuple), np.argwhere, np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(79)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    x[[3, 17, 40], [1, 5, 6]] = [9.0, -8.0, 7.5]
    return x, RULE


def main(x, rule):
    mesh = jax.make_mesh((2, 4), rule["axes"])
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(*rule["axes"])))
        flags, mu, sd = build(mesh, rule["threshold"], x.shape[0])(xs)
        per_col = count_flags(flags)
        cells = where_flags(flags)
    print("flags per column", per_col)
    print("flagged cells", cells)


if __name__ == "__main__":
    main(*inputs())
