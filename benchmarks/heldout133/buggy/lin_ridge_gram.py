"""linmodels/ridge/gram_report.py: ridge regression via normal equations on a data x model mesh.

The Gram diagonal is logged per solve (column scales feed the preconditioner report).
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

CONFIG = {
    "mesh": {"axes": ("data", "model"), "shape": (4, 2)},
    "layout": {"x": ("data", "model"), "y": ("data", None), "w": ("model", None)},
    "solver": {"ridge": 0.1, "iters": 3},
    "report": {"gather_axis": "data", "every": 1},
}

mesh_axes, _ = lens("mesh", "axes")
mesh_shape, _ = lens("mesh", "shape")
report_axis, _ = lens("report", "gather_axis")
ridge_of, set_ridge = lens("solver", "ridge")
spec_for = curry(lambda name, cfg: P(*get_in(("layout", name), cfg)))

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
gather_reduced = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))
column_energy = compose(partial(jnp.sum, axis=0), jnp.square)


def make_mesh(cfg):
    return jax.make_mesh(mesh_shape(cfg), mesh_axes(cfg))


def gram_diag_body(cfg):
    """diag(X^T X) per column block, summed over the rows and kept for the report."""
    return compose(gather_reduced(report_axis(cfg)), psum_over("data"), column_energy)


def xty_body(x, y):
    return jax.lax.psum(x.T @ y, "data")


def build(cfg, mesh):
    diag = jax.shard_map(gram_diag_body(cfg), mesh=mesh,
                         in_specs=spec_for("x", cfg),
                         out_specs=P(None, "model", reduced={report_axis(cfg)}))
    xty = jax.shard_map(xty_body, mesh=mesh,
                        in_specs=(spec_for("x", cfg), spec_for("y", cfg)),
                        out_specs=spec_for("w", cfg))
    return juxt(compose(diag, itemgetter(0)), lambda xy: xty(*xy))


def solve(cfg, x_host, y_host, diag_host, xty_host):
    lam = ridge_of(cfg)
    gram = x_host.T @ x_host
    precond = 1.0 / np.sqrt(diag_host + lam)
    scaled = precond[:, None] * (gram + lam * np.eye(gram.shape[0])) * precond[None, :]
    w_scaled = np.linalg.solve(scaled, precond[:, None] * xty_host)
    return precond[:, None] * w_scaled


place = curry(lambda mesh, spec, a: jax.device_put(a, NamedSharding(mesh, spec)))


def inputs():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    w_true = rng.normal(size=(8, 1)).astype(np.float32)
    y = (x @ w_true + 0.05 * rng.normal(size=(64, 1))).astype(np.float32)
    return x, y, CONFIG


def main(x, y, cfg):
    mesh = make_mesh(cfg)
    with jax.set_mesh(mesh):
        xs = place(mesh, spec_for("x", cfg), x)
        ys = place(mesh, spec_for("y", cfg), y)
        diag, xty = build(cfg, mesh)((xs, ys))
        diag_host = np.asarray(jax.device_get(diag))[0]
        w = pipe(cfg, set_ridge(0.05), lambda c: solve(c, x, y, diag_host, np.asarray(xty)))
    print("ridge weights", np.round(w.ravel(), 3))
    print("column energy", np.round(diag_host, 2))


if __name__ == "__main__":
    main(*inputs())
