"""montecarlo/mcmc/rw_metropolis.py: random-walk Metropolis on a 1-D bimodal target, chains split
over `chains` and independent walkers over `walkers`; acceptance rates are traced per chain group.
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

SAMPLER = {"step": 1.2, "n_steps": 50, "mesh": ("chains", "walkers"), "trace_over": "walkers"}
CHAIN_AXIS, WALKER_AXIS = SAMPLER["mesh"]

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
trace_gather = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))


def log_target(x):
    return jnp.logaddexp(-0.5 * jnp.square(x - 2.0), -0.5 * jnp.square(x + 2.0))


def mh_step(step_size):
    def step(carry, key):
        x, accepted = carry
        k_prop, k_u = jax.random.split(key)
        prop = x + step_size * jax.random.normal(k_prop, x.shape)
        log_alpha = log_target(prop) - log_target(x)
        ok = jnp.log(jax.random.uniform(k_u, x.shape)) < log_alpha
        return (jnp.where(ok, prop, x), accepted + ok.astype(jnp.float32))
    return step


def device_key(seed):
    idx = jax.lax.axis_index(CHAIN_AXIS) * 4 + jax.lax.axis_index(WALKER_AXIS)
    return jax.random.fold_in(jax.random.key(seed), idx)


def sampler_body(cfg, seed):
    step = mh_step(cfg["step"])
    n = cfg["n_steps"]
    rate_per_group = compose(lambda a: a / n, psum_over(WALKER_AXIS), partial(jnp.mean, axis=-1))
    traced = trace_gather(cfg["trace_over"])

    def body(x0):
        keys = jax.random.split(device_key(seed), n)
        x, accepted = reduce(lambda c, k: step(c, k), keys, (x0, jnp.zeros_like(x0)))
        rate = rate_per_group(accepted) / 4
        return x, traced(rate)
    return body


def build(mesh, cfg, seed):
    return jax.jit(jax.shard_map(sampler_body(cfg, seed), mesh=mesh,
                                 in_specs=P(CHAIN_AXIS, WALKER_AXIS),
                                 out_specs=(P(CHAIN_AXIS, WALKER_AXIS),
                                            P(None, CHAIN_AXIS, reduced={cfg["trace_over"]}))))


mode_share = compose(lambda x: float(np.mean(x > 0)), np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(131)
    x0 = rng.normal(size=(8, 16)).astype(np.float32)
    return x0, SAMPLER, 0


def main(x0, cfg, seed):
    mesh = jax.make_mesh((2, 4), cfg["mesh"])
    with jax.set_mesh(mesh):
        xs = jax.device_put(x0, NamedSharding(mesh, P(CHAIN_AXIS, WALKER_AXIS)))
        x, rates = build(mesh, cfg, seed)(xs)
        rates_host = np.asarray(jax.device_get(rates))
    print("share in right mode", mode_share(x))
    print("acceptance per chain row", np.round(rates_host[0], 3))


if __name__ == "__main__":
    main(*inputs())
