"""optim/averaging/ema_eval.py: keep an exponential moving average of the model-parallel weights
on every device (whole), so the evaluation worker can read it without another collective.
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

EMA = {"decay": 0.99, "model_axis": "mp", "data_axis": "dp"}
W_SPEC = P(None, "mp")

whole_of = curry(lambda ax, w: jax.lax.all_gather(w, ax, axis=1, tiled=True, to="reduced"))
ema_update = curry(lambda decay, avg, new: decay * avg + (1.0 - decay) * new)
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))


def sgd_grad(w, x, y):
    return x.T @ (x @ w - y) / x.shape[0]


def step_body(cfg, lr):
    gather = whole_of(cfg["model_axis"])
    average = ema_update(cfg["decay"])
    grad_mean = pmean_over(cfg["data_axis"])

    def body(w, avg, x, y):
        w = w - lr * grad_mean(sgd_grad(w, x, y))
        return w, average(avg, gather(w))
    return body


def build(mesh, cfg, lr):
    whole = P(None, None, reduced={cfg["model_axis"]})
    batch = P(cfg["data_axis"], None)
    return jax.jit(jax.shard_map(step_body(cfg, lr), mesh=mesh,
                                 in_specs=(W_SPEC, whole, batch, P(cfg["data_axis"], cfg["model_axis"])),
                                 out_specs=(W_SPEC, whole)))


def reduced_zeros(mesh, cfg, shape):
    """A zero average already laid out as the step returns it."""
    make = jax.shard_map(lambda z: jax.lax.all_gather(z, cfg["model_axis"], axis=1, tiled=True,
                                                      to="reduced"),
                         mesh=mesh, in_specs=W_SPEC,
                         out_specs=P(None, None, reduced={cfg["model_axis"]}))
    return make(jax.device_put(np.zeros(shape, np.float32), NamedSharding(mesh, W_SPEC)))


eval_mse = curry(lambda x, y, w: float(np.mean(np.square(x @ w - y))))


def inputs():
    rng = np.random.default_rng(53)
    x = rng.normal(size=(32, 6)).astype(np.float32)
    w_true = rng.normal(size=(6, 4)).astype(np.float32)
    return x, (x @ w_true).astype(np.float32), EMA


def main(x, y, cfg):
    mesh = jax.make_mesh((4, 2), (cfg["data_axis"], cfg["model_axis"]))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        w = put(np.zeros((6, 4), np.float32), W_SPEC)
        avg = reduced_zeros(mesh, cfg, (6, 4))
        xs, ys = put(x, P(cfg["data_axis"], None)), put(y, P(cfg["data_axis"], cfg["model_axis"]))
        step = build(mesh, cfg, 0.1)
        w, avg = reduce(lambda st, _: step(st[0], st[1], xs, ys), range(10), (w, avg))
        avg_host = np.asarray(jax.device_get(avg))
    print("ema eval mse", eval_mse(x, y, avg_host))


if __name__ == "__main__":
    main(*inputs())
