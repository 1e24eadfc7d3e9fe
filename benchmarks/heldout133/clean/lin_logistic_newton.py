"""linmodels/glm/logistic_newton.py: logistic regression by Newton steps on a data x model mesh;
the fitted probabilities are kept whole (reduced over data) for the calibration curve.
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

FIT = {"newton_steps": 6, "ridge": 1e-3, "axes": {"rows": "data", "cols": "model"}}
rows_axis, _ = lens("axes", "rows")
cols_axis, _ = lens("axes", "cols")

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
gather_over = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True))
keep_whole = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True, to="reduced"))


def newton_body(cfg):
    rows, cols = rows_axis(cfg), cols_axis(cfg)
    logits = compose(psum_over(cols), lambda xw: xw[0] @ xw[1])
    full_cols = gather_over(cols)

    def step(w, x, y):
        p = jax.nn.sigmoid(logits((x, w)))
        x_all = gather_over(cols, x.T).T
        grad = psum_over(rows, x_all.T @ (p - y))
        hess = psum_over(rows, (x_all * (p * (1 - p))[:, None]).T @ x_all)
        w_full = full_cols(w)
        w_new = w_full - jnp.linalg.solve(hess + cfg["ridge"] * jnp.eye(hess.shape[0]), grad)
        block = jax.lax.axis_index(cols) * w.shape[0]
        return jax.lax.dynamic_slice_in_dim(w_new, block, w.shape[0])

    def body(w, x, y):
        w = reduce(lambda acc, _: step(acc, x, y), range(cfg["newton_steps"]), w)
        probs = jax.nn.sigmoid(logits((x, w)))
        return w, keep_whole(rows, probs)
    return body


def build(mesh, cfg):
    rows, cols = rows_axis(cfg), cols_axis(cfg)
    return jax.jit(jax.shard_map(newton_body(cfg), mesh=mesh,
                                 in_specs=(P(cols), P(rows, cols), P(rows)),
                                 out_specs=(P(cols), P(None, reduced={rows}))))


calibration = curry(lambda y, p: [round(float(y[(p >= lo) & (p < lo + 0.25)].mean()), 3)
                                  if np.any((p >= lo) & (p < lo + 0.25)) else None
                                  for lo in (0.0, 0.25, 0.5, 0.75)])


def inputs():
    rng = np.random.default_rng(151)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    w_true = rng.normal(size=(8,)).astype(np.float32)
    y = (rng.random(64) < 1 / (1 + np.exp(-x @ w_true))).astype(np.float32)
    return x, y, FIT


def main(x, y, cfg):
    mesh = jax.make_mesh((4, 2), (rows_axis(cfg), cols_axis(cfg)))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    with jax.set_mesh(mesh):
        args = (put(np.zeros(8, np.float32), P(cols_axis(cfg))),
                put(x, P(rows_axis(cfg), cols_axis(cfg))), put(y, P(rows_axis(cfg))))
        w, probs = build(mesh, cfg)(*args)
        p_host = np.asarray(jax.device_get(probs))
    print("weights", np.round(np.asarray(jax.device_get(w)), 2))
    print("calibration by quarter", calibration(y, p_host))


if __name__ == "__main__":
    main(*inputs())
