"""stats/describe/column_moments.py: column means and variances of a large table split by rows
and columns; the per-column moments are stacked for the profile report.
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

PROFILE = {
    "mesh": {"rows": 2, "cols": 4},
    "sum_over": "rows",
    "stack_over": "rows",
    "moments": ("mean", "var"),
}

mesh_names = compose(tuple, dict.keys, itemgetter("mesh"))
mesh_sizes = compose(tuple, dict.values, itemgetter("mesh"))
psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
stack_over = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, to="reduced"))
divide_by = flip(operator.truediv)


def moments_body(cfg, n_rows):
    total = psum_over(cfg["sum_over"])
    mean_of = compose(divide_by(n_rows), total, partial(jnp.sum, axis=0))

    def body(x):
        mean = mean_of(x)
        var = thread_first(x, (operator.sub, mean), jnp.square, partial(jnp.sum, axis=0),
                           total, divide_by(n_rows - 1))
        return thread_first(jnp.stack([mean, var]), stack_over(cfg["stack_over"]))
    return body


def build(mesh, cfg, n_rows):
    return jax.jit(jax.shard_map(moments_body(cfg, n_rows), mesh=mesh,
                                 in_specs=P("rows", "cols"),
                                 out_specs=P(None, None, "cols", reduced={cfg["stack_over"]})))


as_profile = curry(lambda names, m: {n: np.round(m[i], 3).tolist() for i, n in enumerate(names)})
first_copy = itemgetter(0)


def inputs():
    rng = np.random.default_rng(59)
    x = (rng.normal(size=(64, 8)) * np.arange(1, 9) + np.arange(8)).astype(np.float32)
    return x, PROFILE


def main(x, cfg):
    mesh = jax.make_mesh(mesh_sizes(cfg), mesh_names(cfg))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P("rows", "cols")))
        stacked = build(mesh, cfg, x.shape[0])(xs)
        host = first_copy(np.asarray(jax.device_get(stacked)))
    profile = as_profile(cfg["moments"], host)
    print(profile)
    print("matches numpy", np.allclose(host[0], x.mean(0), atol=1e-4))


if __name__ == "__main__":
    main(*inputs())
