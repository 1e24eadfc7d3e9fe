"""linmodels/train/sgd_loop.py: mini-batch SGD for a linear regressor whose feature columns
are split over the model axis; the loss is averaged over the whole mesh for the progress bar.
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

HPARAMS = {"lr": 0.05, "steps": 25, "mesh": {"shape": (4, 2), "axes": ("data", "model")}}
ROLES = {"batch": "data", "feature": "model"}

axis_of = ROLES.__getitem__
all_axes = compose(tuple, partial(map, axis_of))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))

x_spec = P(axis_of("batch"), axis_of("feature"))
w_spec = P(axis_of("feature"))
y_spec = P(axis_of("batch"))

forward = compose(psum_over(axis_of("feature")), lambda xw: xw[0] @ xw[1])
mse = compose(jnp.mean, jnp.square)


def step_body(lr):
    """One step: the gradient of the local block, its batch mean, the loss for the logs."""
    loss_mean = pmean_over(axis_of("batch"))
    grad_mean = pmean_over(axis_of("batch"))

    def body(x, w, y):
        err = forward((x, w)) - y
        g = grad_mean(x.T @ err / x.shape[0])
        return w - lr * g, loss_mean(mse(err))
    return body


def build(mesh, hp):
    return jax.jit(jax.shard_map(step_body(hp["lr"]), mesh=mesh,
                                 in_specs=(x_spec, w_spec, y_spec),
                                 out_specs=(w_spec, P())))


def train(step, w, x, y, steps):
    def one(carry, _):
        w_, losses = carry
        w_new, loss = step(x, w_, y)
        return (w_new, losses + [loss])
    return reduce(lambda c, i: one(c, i), range(steps), (w, []))


last = itemgetter(-1)
fmt_losses = compose(list, partial(map, lambda v: round(float(v), 4)), itemgetter(slice(0, None, 5)))


def inputs():
    rng = np.random.default_rng(21)
    x = rng.normal(size=(128, 8)).astype(np.float32)
    w_true = rng.normal(size=(8,)).astype(np.float32)
    y = (x @ w_true + 0.1 * rng.normal(size=(128,))).astype(np.float32)
    return x, y, HPARAMS


def main(x, y, hp):
    mesh = jax.make_mesh(hp["mesh"]["shape"], hp["mesh"]["axes"])
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        xs, ys = put(x, x_spec), put(y, y_spec)
        w0 = put(np.zeros(x.shape[1], np.float32), w_spec)
        w, losses = train(build(mesh, hp), w0, xs, ys, hp["steps"])
    print("loss every 5 steps", fmt_losses(losses))
    print("final loss", float(last(losses)), "weights", np.round(np.asarray(w), 2))


if __name__ == "__main__":
    main(*inputs())
