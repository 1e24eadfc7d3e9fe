"""optim/checkpoint/state_export.py: run a few RMSProp steps with the weights and their squared-
gradient averages split over (dp, mp), then export the optimiser state whole for the checkpoint.
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

RMS = {"lr": 0.01, "decay": 0.9, "eps": 1e-6, "steps": 5}
STATE_SPEC = P("dp", "mp")
WHOLE = P(None, None, reduced={"dp", "mp"})

rms_avg = curry(lambda decay, s, g: decay * s + (1.0 - decay) * g * g)
rms_step = curry(lambda lr, eps, w, s, g: w - lr * g / (jnp.sqrt(s) + eps))


def quadratic_grad(target):
    return lambda w: 2.0 * (w - target)


def make_step(mesh, hp, target):
    grad = quadratic_grad(target)
    sharding = NamedSharding(mesh, STATE_SPEC)

    @partial(jax.jit, out_shardings=(sharding, sharding))
    def step(w, s):
        g = grad(w)
        s = rms_avg(hp["decay"], s, g)
        return rms_step(hp["lr"], hp["eps"], w, s, g), s
    return step


def run(mesh, hp, w0, target):
    step = make_step(mesh, hp, target)
    place = partial(jax.device_put, device=NamedSharding(mesh, STATE_SPEC))
    with jax.set_mesh(mesh):
        state = (place(w0), place(np.zeros_like(w0)))
        state = reduce(lambda st, _: step(*st), range(hp["steps"]), state)
    return state


export_leaf = curry(lambda spec, a: top_level_all_gather(a, spec, multi_dim=True))
export_state = compose(tuple, partial(map, export_leaf(WHOLE)))
distance = curry(lambda target, w: float(np.abs(np.asarray(jax.device_get(w)) - target).max()))


def inputs():
    rng = np.random.default_rng(43)
    w0 = rng.normal(size=(8, 4)).astype(np.float32)
    target = np.ones((8, 4), np.float32)
    return w0, target, RMS


def main(w0, target, hp):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    w, s = run(mesh, hp, w0, jnp.asarray(target))
    w_all, s_all = export_state((w, s))
    print("distance to target", distance(target, w_all))
    print("mean second moment", float(np.mean(np.asarray(jax.device_get(s_all)))))


if __name__ == "__main__":
    main(*inputs())
