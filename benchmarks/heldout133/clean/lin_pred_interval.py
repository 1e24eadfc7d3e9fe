"""linmodels/uncertainty/pred_interval.py: Gaussian prediction intervals for a linear model,
the whole prediction vector kept on every device for the calibration plot.
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

Z_SCORES = {0.8: 1.2816, 0.9: 1.6449, 0.95: 1.96, 0.99: 2.5758}
SETTINGS = {"level": 0.9, "axes": {"rows": "data", "cols": "model"}}

rows_axis, _ = lens("axes", "rows")
cols_axis, _ = lens("axes", "cols")
z_for = compose(Z_SCORES.__getitem__, get_in(("level",)))

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
gather_rows = curry(lambda ax, x: jax.lax.all_gather(x, ax, tiled=True, to="reduced"))
band = curry(lambda z, sigma, pred: (pred - z * sigma, pred + z * sigma))


def noise_scale(resid_ss, n, p):
    return jnp.sqrt(resid_ss / (n - p))


def interval_body(cfg, n_total, p):
    rows, cols = rows_axis(cfg), cols_axis(cfg)
    predict = compose(psum_over(cols), lambda xw: xw[0] @ xw[1])
    sse = compose(psum_over(rows), jnp.sum, jnp.square)

    def body(x, w, y):
        pred = predict((x, w))
        sigma = noise_scale(sse(y - pred), n_total, p)
        lo, hi = band(z_for(cfg), sigma)(pred)
        return gather_rows(rows, lo), gather_rows(rows, hi), sigma
    return body


def build(mesh, cfg, shape):
    rows, cols = rows_axis(cfg), cols_axis(cfg)
    whole = P(None, reduced={rows})
    return jax.shard_map(interval_body(cfg, *shape), mesh=mesh,
                         in_specs=(P(rows, cols), P(cols), P(rows)),
                         out_specs=(whole, whole, P()))


coverage = curry(lambda y, lohi: float(np.mean((y >= lohi[0]) & (y <= lohi[1]))))
to_host = compose(np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(8)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    w = rng.normal(size=(8,)).astype(np.float32)
    y = (x @ w + 0.3 * rng.normal(size=(64,))).astype(np.float32)
    return x, w, y, SETTINGS


def main(x, w, y, cfg):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rows, cols = rows_axis(cfg), cols_axis(cfg)
    with jax.set_mesh(mesh):
        placed = [jax.device_put(a, NamedSharding(mesh, s))
                  for a, s in ((x, P(rows, cols)), (w, P(cols)), (y, P(rows)))]
        lo, hi, sigma = build(mesh, cfg, x.shape)(*placed)
        lohi = tuple(map(to_host, (lo, hi)))
    print("sigma", float(sigma), "level", cfg["level"])
    print("empirical coverage", coverage(y, lohi))


if __name__ == "__main__":
    main(*inputs())
