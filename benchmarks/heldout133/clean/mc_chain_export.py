"""montecarlo/mcmc/chain_export.py: run a batch of AR(1)-style Gibbs chains under jit (one row of
states per chain, rows split over `chains`) and export the final states whole for the restarter.
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

MESH_AXES = ("chains", "walkers")
STATE_LAYOUT = P("chains", None)
EXPORT = {"gathered": ("chains",)}
GIBBS = {"rho": 0.9, "sweeps": 30}

export_spec = compose(lambda axes: P(None, None, reduced=set(axes)), itemgetter("gathered"))


def gibbs_sweep(rho):
    """Bivariate normal with correlation rho: x | y ~ N(rho y, 1 - rho^2) and back."""
    sd = np.sqrt(1.0 - rho ** 2)

    def sweep(state, key):
        kx, ky = jax.random.split(key)
        x = rho * state[:, 1] + sd * jax.random.normal(kx, state[:, 0].shape)
        y = rho * x + sd * jax.random.normal(ky, x.shape)
        return jnp.stack([x, y], axis=1)
    return sweep


def runner(mesh, cfg):
    sweep = gibbs_sweep(cfg["rho"])

    @partial(jax.jit, out_shardings=NamedSharding(mesh, STATE_LAYOUT))
    def run(state, key):
        keys = jax.random.split(key, cfg["sweeps"])
        return jax.lax.scan(lambda s, k: (sweep(s, k), None), state, keys)[0]
    return run


export = curry(lambda spec, s: top_level_all_gather(s, spec, multi_dim=True))
correlation = compose(lambda s: float(np.corrcoef(s[:, 0], s[:, 1])[0, 1]), np.asarray,
                      jax.device_get)
moments = compose(lambda s: (np.round(s.mean(0), 3), np.round(s.std(0), 3)), np.asarray,
                  jax.device_get)


def inputs():
    rng = np.random.default_rng(137)
    state = rng.normal(size=(256, 2)).astype(np.float32) * 5.0
    return state, GIBBS, EXPORT


def main(state, cfg, export_cfg):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    with jax.set_mesh(mesh):
        s0 = jax.device_put(state, NamedSharding(mesh, STATE_LAYOUT))
        final = runner(mesh, cfg)(s0, jax.random.key(1))
        whole = export(export_spec(export_cfg), final)
        corr = correlation(whole)
        mean, sd = moments(whole)
    print("sample correlation", round(corr, 3), "target", cfg["rho"])
    print("mean", mean, "sd", sd)


if __name__ == "__main__":
    main(*inputs())
