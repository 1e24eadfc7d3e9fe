"""attention/viz/rollout.py: attention rollout for the saliency viewer: per-head maps are
collected across the heads axis, averaged over heads and mixed with the identity (residual path).
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

VIEW = {"axes": {"batch": "batch", "heads": "heads"}, "residual": 0.5}

batch_axis, _ = lens("axes", "batch")
heads_axis, _ = lens("axes", "heads")
residual_of, _ = lens("residual")

collect_heads = curry(lambda ax, a: jax.lax.all_gather(a, ax, axis=1, tiled=True, to="invarying"))
attention_maps = compose(partial(jax.nn.softmax, axis=-1),
                         lambda qk: jnp.einsum("bhqd,bhkd->bhqk", *qk) / jnp.sqrt(qk[0].shape[-1]))
head_average = lambda a: jnp.mean(a, axis=1)


def with_residual(alpha):
    def mix(a):
        eye = jnp.eye(a.shape[-1], dtype=a.dtype)
        return alpha * a + (1.0 - alpha) * eye
    return mix


def rollout_body(view):
    return compose(with_residual(residual_of(view)), head_average,
                   collect_heads(heads_axis(view)), attention_maps)


def build(mesh, view):
    b, h = batch_axis(view), heads_axis(view)
    qkv = P(b, h, None, None)
    return jax.shard_map(lambda q, k: rollout_body(view)((q, k)), mesh=mesh,
                         in_specs=(qkv, qkv), out_specs=P(b, None, None))


row_sums = compose(partial(np.round, decimals=4), partial(np.sum, axis=-1))
most_attended = compose(partial(np.argmax, axis=-1), partial(np.mean, axis=1))


def inputs():
    rng = np.random.default_rng(29)
    q = rng.normal(size=(2, 8, 8, 4)).astype(np.float32)
    k = rng.normal(size=(2, 8, 8, 4)).astype(np.float32)
    return q, k, VIEW


def main(q, k, view):
    mesh = jax.make_mesh((2, 4), tuple(view["axes"].values()))
    sharding = NamedSharding(mesh, P(batch_axis(view), heads_axis(view), None, None))
    with jax.set_mesh(mesh):
        roll = build(mesh, view)(jax.device_put(q, sharding), jax.device_put(k, sharding))
        host = np.asarray(jax.device_get(roll))
    print("rollout", host.shape, "row sums", row_sums(host)[0, :3])
    print("most attended key per sequence", most_attended(host))


if __name__ == "__main__":
    main(*inputs())
