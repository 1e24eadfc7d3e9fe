"""linmodels/explain/contrib_dump.py: per-feature contributions x_ij * w_j of a linear model,
regathered row-wise for the explainer UI and dumped whole for the audit bucket.
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

MESH = {"axes": ("data", "model"), "shape": (4, 2)}
LAYOUT = {"x": P("data", "model"), "w": P("model"), "rows": P("data", None)}
DUMP = {"target": "audit", "over": MESH["axes"], "row_axis": "model"}

gather_over = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True, to="reduced"))
scale_by = curry(lambda w, x: x * w[None, :])


def explain_rows(cfg):
    """Feature blocks -> whole rows (the UI reads a row at a time)."""
    return gather_over(cfg["row_axis"], 1)


def dump_all(cfg):
    return gather_over(cfg["over"], 0)


def contribution_body(cfg):
    rows = explain_rows(cfg)
    dump = dump_all(cfg)

    def body(x, w):
        return pipe(x, scale_by(w), rows, juxt(identity, dump))
    return body


def build(mesh, cfg):
    out_rows = P("data", None, reduced={cfg["row_axis"]})
    out_dump = P(None, None, reduced=set(cfg["over"]))
    return jax.jit(jax.shard_map(contribution_body(cfg), mesh=mesh,
                                 in_specs=(LAYOUT["x"], LAYOUT["w"]),
                                 out_specs=(out_rows, out_dump)))


top_k = curry(lambda k, row: np.argsort(-np.abs(row))[:k])
describe = curry(lambda names, idx: [names[i] for i in idx])


def report(names, rows_host, k=3):
    return list(map(compose(describe(names), top_k(k)), rows_host))


place_all = curry(lambda mesh, pairs: tuple(
    jax.device_put(a, NamedSharding(mesh, spec)) for a, spec in pairs))


def inputs():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    w = rng.normal(size=(8,)).astype(np.float32)
    names = [f"f{i}" for i in range(8)]
    return x, w, names


def main(x, w, names):
    mesh = jax.make_mesh(MESH["shape"], MESH["axes"])
    with jax.set_mesh(mesh):
        xs, ws = place_all(mesh, [(x, LAYOUT["x"]), (w, LAYOUT["w"])])
        rows, dumped = build(mesh, DUMP)(xs, ws)
        rows_host = np.asarray(jax.device_get(rows))
        dump_host = np.asarray(jax.device_get(dumped))
    tops = report(names, rows_host)
    print("rows", rows_host.shape, "dump", dump_host.shape)
    print("first explanations", tops[:4])
    print("dump checksum", float(np.abs(dump_host).sum()))


if __name__ == "__main__":
    main(*inputs())
