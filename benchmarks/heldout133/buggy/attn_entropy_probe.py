"""attention/probes/entropy_probe.py: attention-entropy probe for a multi-head layer, batches
split over `batch` and heads over `heads`; the mean entropy is traced per step for the dashboard.
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

PROBE = {
    "mesh": (("batch", 2), ("heads", 4)),
    "qkv_spec": ("batch", "heads", None, None),
    "trace": {"axis": "heads", "keep": True},
}

axis_names = compose(tuple, partial(map, itemgetter(0)), itemgetter("mesh"))
axis_sizes = compose(tuple, partial(map, itemgetter(1)), itemgetter("mesh"))
qkv_spec = compose(lambda t: P(*t), itemgetter("qkv_spec"))
trace_axis, _ = lens("trace", "axis")

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
trace_gather = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))
scaled_scores = lambda qk: jnp.einsum("bhqd,bhkd->bhqk", *qk) / jnp.sqrt(qk[0].shape[-1])
row_entropy = lambda p: -jnp.sum(p * jnp.log(p + 1e-9), axis=-1)


def entropy_body(cfg, n_rows):
    """Mean attention entropy over every (batch, head, query) row of the whole mesh."""
    total = compose(psum_over(axis_names(cfg)), jnp.sum, row_entropy,
                    partial(jax.nn.softmax, axis=-1), scaled_scores)
    traced = trace_gather(trace_axis(cfg))

    def body(q, k):
        mean_h = total((q, k)) / n_rows
        return mean_h, traced(mean_h)
    return body


def build(mesh, cfg, shape):
    n_rows = shape[0] * shape[1] * shape[2]
    return jax.shard_map(entropy_body(cfg, n_rows), mesh=mesh,
                         in_specs=(qkv_spec(cfg), qkv_spec(cfg)),
                         out_specs=(P(), P(None, reduced={trace_axis(cfg)})))


uniform_entropy = compose(float, np.log, itemgetter(-2))
ratio_to_uniform = curry(lambda shape, h: float(h) / uniform_entropy(shape))


def inputs():
    rng = np.random.default_rng(2)
    shape = (4, 8, 16, 8)
    q = rng.normal(size=shape).astype(np.float32)
    k = rng.normal(size=shape).astype(np.float32)
    return q, k, PROBE


def main(q, k, cfg):
    mesh = jax.make_mesh(axis_sizes(cfg), axis_names(cfg))
    sharding = NamedSharding(mesh, qkv_spec(cfg))
    with jax.set_mesh(mesh):
        qs, ks = map(partial(jax.device_put, device=sharding), (q, k))
        mean_h, traced = build(mesh, cfg, q.shape)(qs, ks)
        trace_host = np.asarray(jax.device_get(traced))
    print("mean entropy", float(mean_h), "of uniform", ratio_to_uniform(q.shape, mean_h))
    print("trace", trace_host)


if __name__ == "__main__":
    main(*inputs())
