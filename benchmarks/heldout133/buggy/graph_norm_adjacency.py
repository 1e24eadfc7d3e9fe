"""graphs/preprocess/norm_adjacency.py: symmetric normalisation D^-1/2 (A + I) D^-1/2 of a graph,
computed under jit with rows split over every device, then handed to the trainer, which keeps
rows split over `feat` only.
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

AXES = ("nodes", "feat")
PLACEMENT = {
    "preprocess": (AXES, None),
    "trainer": (AXES[1], None),
}
TRAINER_GATHERS = (AXES[0],)

spec_named = compose(lambda dims: P(*dims), PLACEMENT.__getitem__)
with_reduced = curry(lambda axes, spec: P(*spec, reduced=set(axes)))
trainer_spec = compose(with_reduced(TRAINER_GATHERS), spec_named)


def normaliser(mesh):
    out = NamedSharding(mesh, spec_named("preprocess"))

    @partial(jax.jit, out_shardings=out)
    def normalise(adj):
        a_hat = adj + jnp.eye(adj.shape[0], dtype=adj.dtype)
        d = jax.lax.rsqrt(jnp.sum(a_hat, axis=1))
        return d[:, None] * a_hat * d[None, :]
    return normalise


hand_to_trainer = curry(lambda spec, a: top_level_all_gather(a, spec))
row_sums = compose(partial(np.round, decimals=3), partial(np.sum, axis=1), np.asarray,
                   jax.device_get)
is_symmetric = compose(lambda a: bool(np.allclose(a, a.T, atol=1e-6)), np.asarray, jax.device_get)


def random_graph(rng, n, p):
    upper = np.triu((rng.random((n, n)) < p).astype(np.float32), k=1)
    return upper + upper.T


def degree_summary(adj):
    deg = adj.sum(1)
    return {"min": int(deg.min()), "max": int(deg.max()), "mean": round(float(deg.mean()), 2)}


def inputs():
    rng = np.random.default_rng(109)
    return random_graph(rng, 32, 0.15), PLACEMENT


def main(adj, placement):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        a_norm = normaliser(mesh)(adj)
        for_trainer = hand_to_trainer(trainer_spec("trainer"), a_norm)
        sums = row_sums(for_trainer)
        sym = is_symmetric(for_trainer)
    print("degrees", degree_summary(adj))
    print("normalised row sums (first 6)", sums[:6], "symmetric", sym)


if __name__ == "__main__":
    main(*inputs())
