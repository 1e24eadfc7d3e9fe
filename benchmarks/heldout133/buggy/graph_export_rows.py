"""graphs/embeddings/export_rows.py: label propagation features for a node table, rows made whole
over the feature shards (the ANN index wants full rows), and the whole table dumped for offline eval.
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

BASE = {"mesh": {"names": ("nodes", "feat"), "shape": (4, 2)},
        "export": {"rows_over": "feat", "dump_over": None},
        "alpha": 0.8, "rounds": 3}
names_of, _ = lens("mesh", "names")
rows_over, _ = lens("export", "rows_over")
dump_over, set_dump_over = lens("export", "dump_over")

CONFIG = pipe(BASE, lambda c: set_dump_over(names_of(c), c))

whole = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True, to="reduced"))
plain_gather = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=0, tiled=True))


def label_prop(alpha, rounds):
    def run(a_rows, y0):
        full = plain_gather("nodes")
        step = lambda y, _: alpha * (a_rows @ full(y)) + (1.0 - alpha) * y0
        return reduce(step, range(rounds), y0)
    return run


def export_body(cfg):
    prop = label_prop(cfg["alpha"], cfg["rounds"])
    stages = [whole(rows_over(cfg), 1), whole(dump_over(cfg), 0)]

    def body(a_rows, y0):
        emb = prop(a_rows, y0)
        rows = stages[0](emb)
        return rows, stages[1](rows)
    return body


def build(mesh, cfg):
    row_spec = P("nodes", None, reduced={rows_over(cfg)})
    dump_spec = P(None, None, reduced=set(dump_over(cfg)))
    return jax.jit(jax.shard_map(export_body(cfg), mesh=mesh,
                                 in_specs=(P("nodes", None), P("nodes", "feat")),
                                 out_specs=(row_spec, dump_spec)))


def two_communities(n):
    blk = n // 2
    a = np.zeros((n, n), np.float32)
    a[:blk, :blk] = a[blk:, blk:] = 1.0
    a[0, blk] = a[blk, 0] = 1.0
    return a / a.sum(1, keepdims=True)


predicted = compose(partial(np.argmax, axis=1), np.asarray, jax.device_get)


def inputs():
    n = 16
    y0 = np.zeros((n, 2), np.float32)
    y0[0, 0] = y0[n - 1, 1] = 1.0
    return two_communities(n), y0, CONFIG


def main(a, y0, cfg):
    mesh = jax.make_mesh(cfg["mesh"]["shape"], names_of(cfg))
    with jax.set_mesh(mesh):
        a_s = jax.device_put(a, NamedSharding(mesh, P("nodes", None)))
        y_s = jax.device_put(y0, NamedSharding(mesh, P("nodes", "feat")))
        rows, dump = build(mesh, cfg)(a_s, y_s)
        labels = predicted(rows)
        dumped = np.asarray(jax.device_get(dump))
    print("labels", labels)
    print("dump", dumped.shape)


if __name__ == "__main__":
    main(*inputs())
