"""montecarlo/bootstrap/mean_ci.py: bootstrap standard error of a sample mean: every device draws
its own resamples, each chain row collects its walkers' replicates and reports their spread.
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

BOOT = {"replicates_per_device": 32, "seed": 11}
ROWS, COLS = "chains", "walkers"

collect = curry(lambda ax, r: jax.lax.all_gather(r, ax, axis=-1, tiled=True, to="reduced"))
spread = lambda reps: jnp.std(reps, axis=-1)


def device_key(seed):
    idx = jax.lax.axis_index(ROWS) * 4 + jax.lax.axis_index(COLS)
    return jax.random.fold_in(jax.random.key(seed), idx)


def replicates(n_reps):
    def draw(data, key):
        idx = jax.random.randint(key, (n_reps, data.shape[-1]), 0, data.shape[-1])
        return jnp.mean(data[0][idx], axis=-1)[None, :]
    return draw


def boot_body(cfg):
    draw = replicates(cfg["replicates_per_device"])
    row_spread = compose(spread, collect(COLS))

    def body(data):
        reps = draw(data, device_key(cfg["seed"]))
        return row_spread(reps), reps
    return body


def build(mesh, cfg):
    return jax.jit(jax.shard_map(boot_body(cfg), mesh=mesh, in_specs=P(ROWS, None),
                                 out_specs=(P(ROWS), P(ROWS, COLS))))


analytic_se = compose(lambda x: float(np.std(x, ddof=1) / np.sqrt(x.size)), np.ravel)
fmt = compose(list, partial(map, lambda v: round(float(v), 4)), np.asarray, jax.device_get)


def heavy_sample(rng, n):
    return rng.lognormal(mean=0.0, sigma=0.8, size=n).astype(np.float32)


def inputs():
    rng = np.random.default_rng(149)
    data = np.stack([heavy_sample(rng, 48), heavy_sample(rng, 48)])
    return data, BOOT


def main(data, cfg):
    mesh = jax.make_mesh((2, 4), (ROWS, COLS))
    with jax.set_mesh(mesh):
        d = jax.device_put(data, NamedSharding(mesh, P(ROWS, None)))
        se, reps = build(mesh, cfg)(d)
        se_host = fmt(se)
    print("bootstrap se per row", se_host)
    print("analytic se per row", [round(analytic_se(row), 4) for row in data])


if __name__ == "__main__":
    main(*inputs())
