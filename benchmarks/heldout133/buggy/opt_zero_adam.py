"""optim/zero/stage1_adam.py: ZeRO-1 style Adam: each dp rank keeps a slice of the moments and
updates its slice of the weights, which are then regathered; the checkpointer takes everything.
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

ADAM = {"lr": 1e-2, "b1": 0.9, "b2": 0.999, "eps": 1e-8}
MESH_AXES = ("dp", "mp")
SLICE = P("dp", "mp")
CKPT = {"gather": MESH_AXES, "every": 2}

regather = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True, to="reduced"))
moment = curry(lambda beta, m, g: beta * m + (1.0 - beta) * g)


def adam_slice(hp, t):
    b1c, b2c = 1.0 - hp["b1"] ** t, 1.0 - hp["b2"] ** t

    def update(w, m, v, g):
        m = moment(hp["b1"], m, g)
        v = moment(hp["b2"], v, g * g)
        w = w - hp["lr"] * (m / b1c) / (jnp.sqrt(v / b2c) + hp["eps"])
        return w, m, v
    return update


def step_body(hp, t, ckpt):
    update = adam_slice(hp, t)
    params_view = regather("dp", 0)
    checkpoint = regather(ckpt["gather"], 0)

    def body(w, m, v, g):
        w, m, v = update(w, m, v, g)
        full = params_view(w)
        return full, m, v, checkpoint(full)
    return body


def build(mesh, hp, t, ckpt):
    full_spec = P(None, "mp", reduced={"dp"})
    ckpt_spec = P(None, None, reduced=set(ckpt["gather"]))
    return jax.jit(jax.shard_map(step_body(hp, t, ckpt), mesh=mesh,
                                 in_specs=(SLICE,) * 4,
                                 out_specs=(full_spec, SLICE, SLICE, ckpt_spec)))


fake_grad = curry(lambda scale, w: np.tanh(w) * scale)
to_np = compose(np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(37)
    w = rng.normal(size=(16, 8)).astype(np.float32)
    return w, ADAM, CKPT


def main(w, hp, ckpt):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, SLICE))
    with jax.set_mesh(mesh):
        ws, m, v = put(w), put(np.zeros_like(w)), put(np.zeros_like(w))
        g = put(fake_grad(0.1, w).astype(np.float32))
        full, m, v, saved = build(mesh, hp, 1, ckpt)(ws, m, v, g)
        full_host, saved_host = to_np(full), to_np(saved)
    print("weights moved by", float(np.abs(full_host - w).mean()))
    print("checkpoint", saved_host.shape)


if __name__ == "__main__":
    main(*inputs())
