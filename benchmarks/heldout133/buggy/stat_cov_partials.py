"""stats/multivariate/cov_partials.py: per-row-block covariance partials of a centred table for
the streaming covariance estimator; every partial is written out for the merge job.
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
TABLE_SPEC = P(*GRID)
WRITER = {"collect": GRID, "stack_dim": 0}

gather_cols = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=1, tiled=True, to="reduced"))
collect = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, to="reduced"))
gram = lambda x: jnp.sum(x[:, :, None] * x[:, None, :], axis=0)


def centred(means):
    return lambda x: x - means


def partials_body(writer):
    def body(x, means):
        full_rows = Maybe(x).map(centred(means)).map(gather_cols("cols"))
        cov_part = full_rows.map(gram)
        return cov_part.bind(collect(writer["collect"], writer["stack_dim"]))
    return body


def build(mesh, writer):
    out = P(None, None, None, reduced=set(writer["collect"]))
    return jax.jit(jax.shard_map(partials_body(writer), mesh=mesh,
                                 in_specs=(TABLE_SPEC, P("cols")), out_specs=out))


merge = compose(lambda s: s / s.shape[0], partial(np.sum, axis=0))
scale_by_n = curry(lambda n, c: c * s_factor(n))
s_factor = lambda n: 1.0 / (n - 1)


def inputs():
    rng = np.random.default_rng(61)
    base = rng.normal(size=(64, 8)).astype(np.float32)
    x = (base + 0.5 * base[:, [1, 0, 3, 2, 5, 4, 7, 6]]).astype(np.float32)
    return x, WRITER


def main(x, writer):
    mesh = jax.make_mesh((2, 4), GRID)
    means = x.mean(axis=0).astype(np.float32)
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, TABLE_SPEC))
        ms = jax.device_put(means, NamedSharding(mesh, P("cols")))
        parts = np.asarray(jax.device_get(build(mesh, writer)(xs, ms)))
    cov = scale_by_n(x.shape[0], parts.sum(axis=0) / (parts.shape[0] // 2))
    print("partials", parts.shape)
    print("cov close to numpy", np.allclose(cov, np.cov(x, rowvar=False), atol=1e-3))


if __name__ == "__main__":
    main(*inputs())
