"""linmodels/diagnostics/residuals.py: residual diagnostics for a fitted least-squares model.

Residuals are computed shard-local, optionally kept whole for plotting, and reduced to metrics.
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

AXES = ("data", "model")
SAMPLE_AXIS, FEATURE_AXIS = AXES
SPECS = {"x": P(SAMPLE_AXIS, FEATURE_AXIS), "w": P(FEATURE_AXIS, None), "y": P(SAMPLE_AXIS, None)}

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
keep_whole = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="reduced"))

METRICS = {
    "sse": compose(psum_over(SAMPLE_AXIS), jnp.sum, jnp.square),
    "sae": compose(psum_over(SAMPLE_AXIS), jnp.sum, jnp.abs),
    "n": compose(psum_over(SAMPLE_AXIS), lambda r: jnp.float32(r.shape[0])),
}


def predict(x, w):
    return psum_over(FEATURE_AXIS, x @ w)


def residual_body(names, keep_plot):
    take = Maybe(keep_plot).map(lambda _: keep_whole(SAMPLE_AXIS)).or_else(identity)
    stats = juxt(*map(METRICS.__getitem__, names))

    def body(x, w, y):
        r = take(y - predict(x, w))
        return stats(r), r
    return body


def build(mesh, names, keep_plot):
    r_spec = P(None, None, reduced={SAMPLE_AXIS}) if keep_plot else SPECS["y"]
    return jax.shard_map(residual_body(names, keep_plot), mesh=mesh,
                         in_specs=(SPECS["x"], SPECS["w"], SPECS["y"]),
                         out_specs=(tuple(P() for _ in names), r_spec))


summarise = compose(
    lambda d: {**d, "rmse": float(np.sqrt(d["sse"] / d["n"])), "mae": float(d["sae"] / d["n"])},
    dict)


def inputs():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    w = rng.normal(size=(8, 1)).astype(np.float32)
    y = (x @ w + 0.2 * rng.normal(size=(64, 1))).astype(np.float32)
    w_fit = (w + 0.01).astype(np.float32)
    return x, w_fit, y, True


def main(x, w, y, keep_plot):
    mesh = jax.make_mesh((4, 2), AXES)
    names = ("sse", "sae", "n")
    with jax.set_mesh(mesh):
        placed = [jax.device_put(a, NamedSharding(mesh, SPECS[k])) for a, k in zip((x, w, y), "xwy")]
        stats, r = build(mesh, names, keep_plot)(*placed)
        host = summarise(zip(names, map(float, jax.device_get(stats))))
        resid = np.asarray(jax.device_get(r))
    print({k: round(v, 4) for k, v in host.items()})
    print("residual range", float(resid.min()), float(resid.max()))


if __name__ == "__main__":
    main(*inputs())
