"""stats/preprocess/robust_scale.py: robust scaling of every column by its median and median
absolute deviation; each column is collected whole (same copy on every row shard) for the order
statistics, and the scaling itself is applied to the local block.
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

GRID = ("rows", "cols")
ROW_AXIS, COL_AXIS = GRID
SCALE = {"mad_to_sd": 1.4826, "clip": 5.0}

whole_column = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="invarying"))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
median = partial(jnp.median, axis=0, keepdims=True)


def robust_stats(k):
    def stats(col):
        med = median(col)
        mad = median(jnp.abs(col - med)) * k
        return med, mad
    return stats


def scale_body(cfg):
    stats = robust_stats(cfg["mad_to_sd"])
    clip = cfg["clip"]
    n_clipped = compose(psum_over(GRID), jnp.sum, lambda z: (jnp.abs(z) >= clip).astype(jnp.int32))

    def body(x):
        med, mad = pipe(x, whole_column(ROW_AXIS), stats)
        z = jnp.clip((x - med) / (mad + 1e-6), -clip, clip)
        return z, med, n_clipped(z)
    return body


def build(mesh, cfg):
    return jax.jit(jax.shard_map(scale_body(cfg), mesh=mesh, in_specs=P(*GRID),
                                 out_specs=(P(*GRID), P(None, COL_AXIS), P())))


column_summary = compose(lambda z: (np.round(np.median(z, 0), 3), np.round(z.std(0), 3)),
                         np.asarray, jax.device_get)


def contaminate(rng, x, frac):
    mask = rng.random(x.shape) < frac
    return np.where(mask, x + rng.normal(scale=20.0, size=x.shape), x).astype(np.float32)


def inputs():
    rng = np.random.default_rng(163)
    x = (rng.normal(size=(64, 8)) * np.arange(1, 9) + 3.0).astype(np.float32)
    return contaminate(rng, x, 0.05), SCALE


def main(x, cfg):
    mesh = jax.make_mesh((2, 4), GRID)
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(*GRID)))
        z, med, clipped = build(mesh, cfg)(xs)
        med_z, sd_z = column_summary(z)
    print("medians", np.round(np.asarray(jax.device_get(med)).ravel(), 2))
    print("scaled medians", med_z, "clipped cells", int(clipped))


if __name__ == "__main__":
    main(*inputs())
