"""optim/mixed_precision/loss_scale.py: dynamic loss scaling for a tensor-parallel regressor:
the scaled gradients are checked for overflow on every shard before the scale is adjusted.
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

SCALER = {"init": 2.0 ** 10, "growth": 2.0, "backoff": 0.5}
AXES = {"data": "dp", "model": "mp"}
EVERY_AXIS = tuple(AXES.values())

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))
count_bad = compose(jnp.sum, jnp.logical_not, jnp.isfinite)


def scaled_loss(w, x, y, scale):
    pred = psum_over(AXES["model"], x @ w)
    return scale * jnp.mean(jnp.square(pred - y))


def overflow_probe(*grads):
    """Non-finite entries in the gradients handed in, counted on this shard."""
    return reduce(operator.add, map(count_bad, grads))


def step_body(lr):
    total_bad = psum_over(AXES["model"])
    grad_mean = pmean_over(AXES["data"])

    def body(w, x, y, scale):
        g = grad_mean(jax.grad(scaled_loss)(w, x, y, scale))
        bad = total_bad(overflow_probe(g))
        ok = bad == 0
        w_new = jnp.where(ok, w - lr * g / scale, w)
        scale_new = jnp.where(ok, scale * SCALER["growth"], scale * SCALER["backoff"])
        return w_new, scale_new, bad
    return body


def build(mesh, lr):
    x_spec = P(AXES["data"], AXES["model"])
    w_spec = P(AXES["model"])
    return jax.jit(jax.shard_map(step_body(lr), mesh=mesh,
                                 in_specs=(w_spec, x_spec, P(AXES["data"]), P()),
                                 out_specs=(w_spec, P(), P())))


history = curry(lambda step, n, state: reduce(lambda acc, _: acc + [step(*acc[-1])], range(n), [state]))


def inputs():
    rng = np.random.default_rng(47)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = rng.normal(size=(32,)).astype(np.float32)
    return x, y, SCALER


def main(x, y, scaler):
    mesh = jax.make_mesh((4, 2), EVERY_AXIS)
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        xs, ys = put(x, P(*EVERY_AXIS)), put(y, P(AXES["data"]))
        w0 = put(np.zeros(8, np.float32), P(AXES["model"]))
        step = build(mesh, 0.1)
        runner = lambda w, s, _bad=None: step(w, xs, ys, s)
        states = history(runner, 4, (w0, jnp.float32(scaler["init"])))
    print("scales", [float(s[1]) for s in states])
    print("overflows", [int(s[2]) for s in states[1:]])


if __name__ == "__main__":
    main(*inputs())
