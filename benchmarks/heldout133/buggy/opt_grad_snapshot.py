"""optim/monitor/grad_snapshot.py: data-parallel SGD with momentum on a 2-layer MLP whose hidden
units are split over `mp`; the averaged gradients are snapshotted whole for the spike detector.
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

OPT = {"lr": 0.05, "momentum": 0.9, "axes": {"data": "dp", "model": "mp", "snapshot": "dp"}}
PARAM_SPECS = {"w1": P(None, "mp"), "w2": P("mp", None)}

data_axis, _ = lens("axes", "data")
snapshot_axis, _ = lens("axes", "snapshot")
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
snapshot = curry(lambda ax, g: jax.lax.all_gather(g, ax, to="reduced"))


def loss_fn(params, x, y):
    h = jnp.tanh(x @ params["w1"])
    out = psum_over("mp", h @ params["w2"])
    return jnp.mean(jnp.square(out - y))


momentum_update = curry(lambda mu, lr, p, v, g: (p - lr * (mu * v + g), mu * v + g))


def step_body(opt):
    average = partial(jax.tree.map, pmean_over(data_axis(opt)))
    keep = partial(jax.tree.map, snapshot(snapshot_axis(opt)))
    update = momentum_update(opt["momentum"], opt["lr"])

    def body(params, velocity, x, y):
        grads = average(jax.grad(loss_fn)(params, x, y))
        pairs = jax.tree.map(update, params, velocity, grads)
        new_p = jax.tree.map(itemgetter(0), pairs, is_leaf=lambda t: isinstance(t, tuple))
        new_v = jax.tree.map(itemgetter(1), pairs, is_leaf=lambda t: isinstance(t, tuple))
        return new_p, new_v, keep(grads)
    return body


def build(mesh, opt):
    snap_specs = jax.tree.map(lambda s: P(None, *s, reduced={snapshot_axis(opt)}), PARAM_SPECS)
    batch = P(data_axis(opt), None)
    return jax.jit(jax.shard_map(step_body(opt), mesh=mesh,
                                 in_specs=(PARAM_SPECS, PARAM_SPECS, batch, batch),
                                 out_specs=(PARAM_SPECS, PARAM_SPECS, snap_specs)))


spike = curry(lambda thresh, g: float(np.abs(np.asarray(g)).max()) > thresh)


def inputs():
    rng = np.random.default_rng(31)
    params = {"w1": rng.normal(size=(4, 8)).astype(np.float32) * 0.5,
              "w2": rng.normal(size=(8, 2)).astype(np.float32) * 0.5}
    x = rng.normal(size=(32, 4)).astype(np.float32)
    y = rng.normal(size=(32, 2)).astype(np.float32)
    return params, x, y, OPT


def main(params, x, y, opt):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    put = curry(lambda spec, a: jax.device_put(a, NamedSharding(mesh, spec)))
    with jax.set_mesh(mesh):
        p = jax.tree.map(put, PARAM_SPECS, params)
        v = jax.tree.map(compose(lambda a: a * 0.0, identity), p)
        xs, ys = map(put(P(data_axis(opt), None)), (x, y))
        step = build(mesh, opt)
        p, v, snaps = reduce(lambda c, _: step(c[0], c[1], xs, ys), range(3), (p, v, None))
        flags = jax.tree.map(spike(5.0), jax.device_get(snaps))
    print("spikes", flags)
    print("w2 norm", float(jnp.linalg.norm(jax.device_get(p["w2"]))))


if __name__ == "__main__":
    main(*inputs())
