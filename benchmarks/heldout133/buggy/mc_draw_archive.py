"""montecarlo/integration/draw_archive.py: plain Monte Carlo estimate of a 1-D integral with draws
split over (chains, walkers); each chain row regathers its draws for the histogram and the run
archives every draw for reproducibility checks.
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

RUN = {"draws_per_device": 32, "seed": 3}
ARCHIVE = {"row": "walkers", "everything": ("chains", "walkers")}
MESH_AXES = ("chains", "walkers")

regather = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True, to="reduced"))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
integrand = lambda u: jnp.exp(-u) * jnp.sin(3.0 * u) ** 2


def draws(seed, n):
    idx = jax.lax.axis_index("chains") * 4 + jax.lax.axis_index("walkers")
    return jax.random.uniform(jax.random.fold_in(jax.random.key(seed), idx), (1, n))


def estimate(total_draws):
    return compose(lambda s: s / total_draws, psum_over(MESH_AXES), jnp.sum, integrand)


def mc_body(run, archive):
    n = run["draws_per_device"]
    est = estimate(8 * n)
    per_row = regather(archive["row"], 1)
    keep_all = regather(archive["everything"], 0)

    def body(_anchor):
        u = draws(run["seed"], n)
        row = per_row(u)
        return est(u), row, keep_all(row)
    return body


def build(mesh, run, archive):
    return jax.jit(jax.shard_map(mc_body(run, archive), mesh=mesh, in_specs=P(*MESH_AXES),
                                 out_specs=(P(),
                                            P("chains", None, reduced={archive["row"]}),
                                            P(None, None, reduced=set(archive["everything"])))))


exact = lambda: float(np.trapezoid(np.exp(-np.linspace(0, 1, 10001))
                                   * np.sin(3 * np.linspace(0, 1, 10001)) ** 2,
                                   np.linspace(0, 1, 10001)))
std_err = compose(lambda v: float(np.std(v) / np.sqrt(v.size)), np.asarray, jax.device_get)


def inputs():
    anchor = np.zeros((2, 4), np.float32)
    return anchor, RUN, ARCHIVE


def main(anchor, run, archive):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    with jax.set_mesh(mesh):
        a = jax.device_put(anchor, NamedSharding(mesh, P(*MESH_AXES)))
        est, rows, archived = build(mesh, run, archive)(a)
        archived_host = np.asarray(jax.device_get(archived))
    print("estimate", round(float(est), 5), "exact", round(exact(), 5))
    print("archive", archived_host.shape, "se of draws", std_err(archived_host))


if __name__ == "__main__":
    main(*inputs())
