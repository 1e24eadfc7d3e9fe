"""stats/timeseries/lag_autocorr.py: lag-1 autocorrelation of many series stored as a table
(time along rows, series along cols); each row block borrows the last row of its neighbour.
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

TIME_AXIS, SERIES_AXIS = "rows", "cols"
N_TIME_SHARDS = 2
OPTIONS = {"whole_series": False, "halo": 1}

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
whole_series = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="reduced"))
shift_down = curry(lambda ax, n, x: jax.lax.ppermute(x, ax, [(i, (i + 1) % n) for i in range(n)]))
last_rows = curry(lambda k, x: x[-k:])


def prepare(options):
    keep = Maybe(options["whole_series"] or None).map(lambda _: whole_series(TIME_AXIS))
    return keep.or_else(identity)


def autocorr_body(options):
    view = prepare(options)
    halo_of = compose(shift_down(TIME_AXIS, N_TIME_SHARDS), last_rows(options["halo"]))
    total = psum_over(TIME_AXIS)

    def body(x, means):
        idx = jax.lax.axis_index(TIME_AXIS)
        series = view(x - means)
        prev = halo_of(series)
        lagged = jnp.concatenate([prev, series[:-1]], axis=0)
        valid = jnp.where(idx == 0, jnp.arange(series.shape[0]) > 0, True)[:, None]
        num = total(jnp.sum(jnp.where(valid, series * lagged, 0.0), axis=0))
        den = total(jnp.sum(jnp.square(series), axis=0))
        return num / den
    return body


def build(mesh, options):
    return jax.shard_map(autocorr_body(options), mesh=mesh,
                         in_specs=(P(TIME_AXIS, SERIES_AXIS), P(None, SERIES_AXIS)),
                         out_specs=P(SERIES_AXIS))


def ar1_series(rng, phi, n, k):
    step = lambda acc, eps: acc + [phi * acc[-1] + eps]
    eps = rng.normal(size=(n, k))
    return np.stack(reduce(step, eps[1:], [eps[0]])).astype(np.float32)


def inputs():
    rng = np.random.default_rng(67)
    x = ar1_series(rng, 0.7, 64, 8)
    return x, OPTIONS


def main(x, options):
    mesh = jax.make_mesh((N_TIME_SHARDS, 4), (TIME_AXIS, SERIES_AXIS))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(TIME_AXIS, SERIES_AXIS)))
        ms = jax.device_put(x.mean(axis=0, keepdims=True), NamedSharding(mesh, P(None, SERIES_AXIS)))
        rho = np.asarray(jax.device_get(build(mesh, options)(xs, ms)))
    print("lag-1 autocorrelation", np.round(rho, 3))
    print("mean", round(float(rho.mean()), 3))


if __name__ == "__main__":
    main(*inputs())
