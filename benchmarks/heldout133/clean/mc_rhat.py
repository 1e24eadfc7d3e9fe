"""montecarlo/diagnostics/rhat.py: Gelman-Rubin R-hat for chains laid out as (chains, walkers):
each device holds a slice of draws for one chain group; within- and between-chain variances are
reduced over the mesh, with the chain means cast back to varying before the tuple reduction.
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

MESH = {"chains": 2, "walkers": 4}
ALL = tuple(MESH)
N_WALKERS = MESH["walkers"]

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))
to_varying = curry(lambda ax, x: jax.lax.pcast(x, ax, to="varying"))


def rhat_body(n_per_chain):
    chain_mean = compose(lambda s: s / n_per_chain, psum_over("walkers"), jnp.sum)
    chain_sq = compose(lambda s: s / n_per_chain, psum_over("walkers"), jnp.sum, jnp.square)
    # equal on every walker after the psum: each chain's value counts once per walker device
    everywhere_mean = compose(pmean_over(ALL), to_varying("walkers"))

    def body(draws):
        m = chain_mean(draws)
        w = chain_sq(draws) - m * m
        grand = everywhere_mean(m)
        b = everywhere_mean(jnp.square(m - grand)) * n_per_chain * 2 / (2 - 1)
        within = everywhere_mean(w) * n_per_chain / (n_per_chain - 1)
        var_plus = (n_per_chain - 1) / n_per_chain * within + b / n_per_chain
        return jnp.sqrt(var_plus / within), m[None]
    return body


def build(mesh, n_per_chain):
    return jax.jit(jax.shard_map(rhat_body(n_per_chain), mesh=mesh, in_specs=P(*ALL),
                                 out_specs=(P(), P("chains"))))


def chains(rng, n, offsets):
    return np.stack([rng.normal(loc=o, size=n) for o in offsets]).astype(np.float32)


def numpy_rhat(x):
    m, n = x.shape
    w = x.var(axis=1, ddof=1).mean()
    b = n * x.mean(axis=1).var(ddof=1)
    return float(np.sqrt(((n - 1) / n * w + b / n) / w))


def inputs():
    rng = np.random.default_rng(173)
    return chains(rng, 256, (0.0, 0.0)), chains(rng, 256, (0.0, 1.0))


def main(mixed, stuck):
    mesh = jax.make_mesh(tuple(MESH.values()), ALL)
    run = build(mesh, mixed.shape[1])
    with jax.set_mesh(mesh):
        put = lambda a: jax.device_put(a, NamedSharding(mesh, P(*ALL)))
        results = list(map(compose(run, put), (mixed, stuck)))
    for name, (r, _), x in zip(("mixed", "stuck"), results, (mixed, stuck)):
        print(name, "R-hat", round(float(r), 4), "numpy", round(numpy_rhat(x), 4))


if __name__ == "__main__":
    main(*inputs())
