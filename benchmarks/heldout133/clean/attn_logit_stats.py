"""attention/probes/logit_stats.py: statistics of attention logits per head for the numerics
dashboard: a per-head second moment kept whole over the heads axis, and a batch-wide maximum.
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

AXES = {"batch": "batch", "heads": "heads"}
QKV = P(AXES["batch"], AXES["heads"], None, None)

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmax_over = curry(lambda ax, x: jax.lax.pmax(x, ax))
to_varying = curry(lambda ax, x: jax.lax.pcast(x, ax, to="varying"))
whole_heads = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="reduced"))

logits_of = lambda qk: jnp.einsum("bhqd,bhkd->bhqk", *qk) / jnp.sqrt(qk[0].shape[-1])
per_head_mean_sq = compose(partial(jnp.mean, axis=(0, 2, 3)), jnp.square, logits_of)


def stats_body(n_batch_shards):
    second_moment = compose(lambda s: s / n_batch_shards, psum_over(AXES["batch"]), per_head_mean_sq)
    keep = whole_heads(AXES["heads"])
    peak = compose(pmax_over((AXES["batch"], AXES["heads"])), jnp.max, jnp.abs, logits_of)

    def body(q, k):
        m2 = keep(second_moment((q, k)))
        return m2 * m2, jnp.sum(m2), peak((q, k))
    return body


def build(mesh):
    heads_only = {AXES["heads"]}
    return jax.jit(jax.shard_map(stats_body(mesh.shape[AXES["batch"]]), mesh=mesh,
                                 in_specs=(QKV, QKV),
                                 out_specs=(P(None, reduced=heads_only), P(reduced=heads_only), P())))


rms = compose(np.sqrt, np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(157)
    q = rng.normal(size=(4, 8, 16, 8)).astype(np.float32)
    k = (rng.normal(size=(4, 8, 16, 8)) * np.linspace(0.5, 2.0, 8)[None, :, None, None])
    return q, k.astype(np.float32)


def main(q, k):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    sharding = NamedSharding(mesh, QKV)
    with jax.set_mesh(mesh):
        fourth, total, peak = build(mesh)(jax.device_put(q, sharding), jax.device_put(k, sharding))
        per_head = np.sqrt(rms(fourth))
    print("rms logit per head", np.round(per_head[:8], 3))
    print("sum of moments", round(float(total), 3), "peak |logit|", round(float(peak), 3))


if __name__ == "__main__":
    main(*inputs())
