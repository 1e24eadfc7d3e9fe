"""attention/losses/aux_losses.py: auxiliary attention losses (z-loss on the logits, entropy
floor) computed per shard and averaged over the whole mesh for logging and the total loss.
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

MESH_AXES = ("batch", "heads")
WEIGHTS = {"z_loss": 1e-3, "entropy_floor": 1e-2}
FLOOR = 1.5

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))

logits_of = lambda qk: jnp.einsum("bhqd,bhkd->bhqk", *qk) / jnp.sqrt(qk[0].shape[-1])
z_loss = compose(jnp.mean, jnp.square, partial(jax.nn.logsumexp, axis=-1), logits_of)


def entropy_floor(qk):
    """Penalty when a sequence's attention, summed over all heads, gets too peaked."""
    p = jax.nn.softmax(logits_of(qk), axis=-1)
    h = -jnp.sum(p * jnp.log(p + 1e-9), axis=-1)
    per_seq = psum_over("heads", jnp.mean(h, axis=(1, 2)))
    return jnp.mean(jax.nn.relu(FLOOR * 8 - per_seq))


AUX = {"z_loss": z_loss, "entropy_floor": entropy_floor}
weigh = curry(lambda w, losses: {k: w[k] * v for k, v in losses.items()})
total = compose(partial(reduce, operator.add), dict.values)


def aux_body(q, k):
    losses = {name: fn((q, k)) for name, fn in AUX.items()}
    averaged = jax.tree.map(pmean_over(MESH_AXES), losses)
    return averaged, total(weigh(WEIGHTS, averaged))


def build(mesh):
    qkv = P(*MESH_AXES, None, None)
    return jax.jit(jax.shard_map(aux_body, mesh=mesh, in_specs=(qkv, qkv),
                                 out_specs=({k: P() for k in AUX}, P())))


fmt = compose(dict, partial(map, lambda kv: (kv[0], round(float(kv[1]), 5))), dict.items)


def inputs():
    rng = np.random.default_rng(23)
    q = rng.normal(size=(4, 8, 16, 8)).astype(np.float32)
    k = rng.normal(size=(4, 8, 16, 8)).astype(np.float32) * 2.0
    return q, k


def main(q, k):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    sharding = NamedSharding(mesh, P(*MESH_AXES, None, None))
    with jax.set_mesh(mesh):
        per_loss, aux_total = build(mesh)(jax.device_put(q, sharding), jax.device_put(k, sharding))
        report = fmt(jax.device_get(per_loss))
    print("aux losses", report)
    print("weighted total", float(aux_total))


if __name__ == "__main__":
    main(*inputs())
