"""montecarlo/importance/snis.py: self-normalised importance sampling of a posterior mean with a
wide Gaussian proposal; each chain row keeps all its log-weights for the effective sample size.
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

IS = {"proposal_scale": 3.0, "n": 64, "seed": 5}
ROW, COL = "chains", "walkers"

pmax_over = curry(lambda ax, x: jax.lax.pmax(x, ax))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
row_weights = curry(lambda ax, lw: jax.lax.all_gather(lw, ax, axis=-1, tiled=True, to="reduced"))


def log_posterior(theta):
    return -0.5 * jnp.square(theta - 1.5) / 0.25


def log_proposal(scale):
    return lambda theta: -0.5 * jnp.square(theta / scale) - jnp.log(scale)


def proposals(cfg):
    idx = jax.lax.axis_index(ROW) * 4 + jax.lax.axis_index(COL)
    key = jax.random.fold_in(jax.random.key(cfg["seed"]), idx)
    return cfg["proposal_scale"] * jax.random.normal(key, (1, cfg["n"]))


def stabilised(lw_row):
    """Log-weights shifted by the row's maximum (the sums below must not overflow)."""
    shift = compose(partial(jnp.max, axis=-1, keepdims=True), pmax_over(COL))
    return lambda lw: lw - shift(lw_row)


def snis_body(cfg):
    log_q = log_proposal(cfg["proposal_scale"])

    def body(_anchor):
        theta = proposals(cfg)
        lw = log_posterior(theta) - log_q(theta)
        all_lw = row_weights(COL, lw)
        w = jnp.exp(stabilised(all_lw)(lw))
        num = psum_over(COL, jnp.sum(w * theta, axis=-1))
        den = psum_over(COL, jnp.sum(w, axis=-1))
        ess = jnp.square(den) / psum_over(COL, jnp.sum(w * w, axis=-1))
        return num / den, ess
    return body


def build(mesh, cfg):
    return jax.jit(jax.shard_map(snis_body(cfg), mesh=mesh, in_specs=P(ROW, COL),
                                 out_specs=(P(ROW), P(ROW))))


summary = compose(lambda a: (round(float(a.mean()), 4), round(float(a.std()), 4)), np.asarray,
                  jax.device_get)


def inputs():
    return np.zeros((2, 4), np.float32), IS


def main(anchor, cfg):
    mesh = jax.make_mesh((2, 4), (ROW, COL))
    with jax.set_mesh(mesh):
        a = jax.device_put(anchor, NamedSharding(mesh, P(ROW, COL)))
        means, ess = build(mesh, cfg)(a)
    print("posterior mean estimates (mean, sd over rows)", summary(means), "truth 1.5")
    print("effective sample size per row", np.round(np.asarray(jax.device_get(ess)), 1))


if __name__ == "__main__":
    main(*inputs())
