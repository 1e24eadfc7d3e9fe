"""attention/debug/context_dump.py: run one attention layer, merge the heads of its context
vectors and write the whole merged tensor once per run for the regression-test golden files.
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

AXES = ("batch", "heads")
QKV = P("batch", "heads", None, None)
DUMP_PLAN = [("merge", "heads", 1), ("golden", AXES, 0)]

gather_to = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True, to="reduced"))


def attend(q, k, v):
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(q.shape[-1])
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)


stage_of = lambda step: gather_to(step[1], step[2])
run_plan = curry(lambda plan, x: thread_first(x, *map(stage_of, plan)))


def context_body(plan):
    dump = run_plan(plan)
    return compose(dump, lambda qkv: attend(*qkv))


def out_spec(plan):
    reduced = foldl(lambda acc, step: acc | set(np.atleast_1d(step[1]).tolist()), set(), plan)
    return P(None, None, None, None, reduced=reduced)


def build(mesh, plan):
    body = context_body(plan)
    return jax.jit(jax.shard_map(lambda q, k, v: body((q, k, v)), mesh=mesh,
                                 in_specs=(QKV, QKV, QKV), out_specs=out_spec(plan)))


digest = compose(lambda a: (a.shape, round(float(a.std()), 4)), np.asarray, jax.device_get)


def inputs():
    rng = np.random.default_rng(4)
    q, k, v = (rng.normal(size=(2, 4, 8, 4)).astype(np.float32) for _ in range(3))
    return q, k, v, DUMP_PLAN


def main(q, k, v, plan):
    mesh = jax.make_mesh((2, 4), AXES)
    sharding = NamedSharding(mesh, QKV)
    with jax.set_mesh(mesh):
        golden = build(mesh, plan)(*(jax.device_put(a, sharding) for a in (q, k, v)))
        shape, spread = digest(golden)
    print("golden", shape, "std", spread)


if __name__ == "__main__":
    main(*inputs())
