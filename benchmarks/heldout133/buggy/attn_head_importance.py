"""attention/pruning/head_importance.py: per-head importance scores (mean attention mass on the
top keys) gathered across the heads axis so every device can rank heads for structured pruning.
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

MESH_SPEC = {"names": ("batch", "heads"), "sizes": (2, 4)}
HEAD_AXIS = MESH_SPEC["names"][1]
BATCH_AXIS = MESH_SPEC["names"][0]
PRUNE = {"keep": 5, "top_keys": 4}

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))
rank_view = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=1, tiled=True, to="reduced"))

probs = compose(partial(jax.nn.softmax, axis=-1),
                lambda qk: jnp.einsum("bhqd,bhkd->bhqk", *qk) / jnp.sqrt(qk[0].shape[-1]))
top_mass = curry(lambda k, p: jnp.sum(jax.lax.top_k(p, k)[0], axis=-1))
per_head = compose(partial(jnp.mean, axis=-1), top_mass(PRUNE["top_keys"]), probs)


def share_of_total(s):
    return s / psum_over(HEAD_AXIS, jnp.sum(s, axis=1, keepdims=True))


importance_body = compose(
    share_of_total,
    rank_view(HEAD_AXIS),
    pmean_over(BATCH_AXIS),
    partial(jnp.mean, axis=0, keepdims=True),
    per_head,
)


def build(mesh):
    qkv = P(BATCH_AXIS, HEAD_AXIS, None, None)
    return jax.shard_map(lambda q, k: importance_body((q, k)), mesh=mesh,
                         in_specs=(qkv, qkv),
                         out_specs=P(None, None, reduced={HEAD_AXIS}))


keep_heads = curry(lambda n, scores: sorted(np.argsort(-scores)[:n].tolist()))
mask_from = curry(lambda n_heads, kept: np.isin(np.arange(n_heads), kept))


def inputs():
    rng = np.random.default_rng(13)
    q = rng.normal(size=(4, 8, 16, 8)).astype(np.float32)
    k = rng.normal(size=(4, 8, 16, 8)).astype(np.float32)
    k[:, :3] *= 3.0
    return q, k, PRUNE


def main(q, k, prune):
    mesh = jax.make_mesh(MESH_SPEC["sizes"], MESH_SPEC["names"])
    sharding = NamedSharding(mesh, P(BATCH_AXIS, HEAD_AXIS, None, None))
    with jax.set_mesh(mesh):
        scores = build(mesh)(jax.device_put(q, sharding), jax.device_put(k, sharding))
        host = np.asarray(jax.device_get(scores))[0]
    kept = keep_heads(prune["keep"], host)
    print("head shares", np.round(host, 3))
    print("kept heads", kept, "mask", mask_from(q.shape[1], kept).astype(int))


if __name__ == "__main__":
    main(*inputs())
