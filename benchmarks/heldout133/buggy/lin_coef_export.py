"""linmodels/serving/coef_export.py: fit a multi-target linear model with sharded weights and
export the coefficient matrix whole (every device holds it) for the serving snapshot.
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

MESH_AXES = ("data", "model")
LOGICAL = {"feature": "model", "target": "data", "sample": "data", "none": None}
COEF_DIMS = ("feature", "target")

to_axes = compose(tuple, partial(map, LOGICAL.get))
spec_of = compose(lambda axes: P(*axes), to_axes)
non_null = partial(filter, complement(partial(operator.is_, None)))


def export_spec(dims):
    """Whole matrix on every device: each dimension unsplit, the split axes listed as reduced."""
    first_axis = pipe(dims, to_axes, non_null, partial(next), Maybe).or_else(None)
    return P(*(None for _ in dims), reduced=Maybe(first_axis).map(lambda a: {a}).or_else(set()))


sgd_step = curry(lambda lr, w, g: w - lr * g)


def grad_fn(w, x, y):
    r = x @ w - y
    return x.T @ r / x.shape[0]


def fit(mesh, x, y, steps=200, lr=0.1):
    """Host-side gradient descent; the result is shrunk and placed by a jitted step."""
    w = reduce(lambda w_, _: sgd_step(lr, w_, grad_fn(w_, x, y)), range(steps),
               np.zeros((x.shape[1], y.shape[1]), np.float32))
    shrink = jax.jit(lambda w_: w_ / (1.0 + 1e-3), out_shardings=NamedSharding(mesh, spec_of(COEF_DIMS)))
    return shrink(w)


def export(w):
    return top_level_all_gather(w, export_spec(COEF_DIMS), multi_dim=True)


checksum = compose(float, np.sum, np.abs, np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    w_true = rng.normal(size=(8, 4)).astype(np.float32)
    y = (x @ w_true).astype(np.float32)
    return x, y, w_true


def main(x, y, w_true):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    with jax.set_mesh(mesh):
        w = fit(mesh, x, y)
        snap = export(w)
        snap_host = np.asarray(jax.device_get(snap))
    print("export spec", export_spec(COEF_DIMS))
    print("max error vs truth", float(np.abs(snap_host - w_true).max()))
    print("checksum", checksum(snap))


if __name__ == "__main__":
    main(*inputs())
