"""RealNVP-style normalizing flow density estimation: dim bounds.

Gathers the dims-split inputs and synchronises statistics of them across the mesh.

Usage: XLA_FLAGS=--xla_force_host_platform_device_count=8 python flow_dim_bounds_ok.py
"""
import functools
import itertools
import operator
from collections import namedtuple
from functools import cached_property, lru_cache, partial, reduce, wraps
from itertools import accumulate, chain, cycle, groupby, islice, product, starmap
from operator import attrgetter, itemgetter, methodcaller

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ---------------------------------------------------------------------------
# fp.py -- a few toolz-style helpers (pasted here so the script has no deps)
# ---------------------------------------------------------------------------
def identity(x):
    return x


def compose(*fns):
    """compose(f, g, h)(x) == f(g(h(x)))"""
    if not fns:
        return identity
    return reduce(lambda f, g: lambda *a, **k: f(g(*a, **k)), fns)


def pipe(data, *fns):
    return reduce(lambda acc, f: f(acc), fns, data)


def thread_first(val, *forms):
    def step(acc, form):
        if callable(form):
            return form(acc)
        fn, *args = form
        return fn(acc, *args)
    return reduce(step, forms, val)


def curry(fn, arity=None):
    n = fn.__code__.co_argcount if arity is None else arity

    @wraps(fn)
    def curried(*args, **kwargs):
        if len(args) >= n:
            return fn(*args, **kwargs)
        return curry(partial(fn, *args, **kwargs), n - len(args))
    return curried


def juxt(*fns):
    return lambda *a, **k: tuple(f(*a, **k) for f in fns)


def memoize(fn):
    cache = {}

    @wraps(fn)
    def memo(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]
    return memo


def merge(*dicts):
    return reduce(lambda acc, d: {**acc, **d}, dicts, {})


def get_in(keys, coll, default=None):
    try:
        return reduce(operator.getitem, keys, coll)
    except (KeyError, IndexError, TypeError):
        return default


def do(fn):
    def run(x):
        fn(x)
        return x
    return run


# ---------------------------------------------------------------------------
# stax-ish combinators: a layer is a Stage(name, init_fn, apply_fn)
# ---------------------------------------------------------------------------
Stage = namedtuple("Stage", ["name", "init", "apply"])


def stateless(name, fn):
    return Stage(name, lambda shapes: {}, lambda params, h: fn(h))


def serial(*stages):
    init = lambda shapes: merge(*map(lambda s: s.init(shapes), stages))
    apply = lambda params, x: reduce(lambda h, s: s.apply(params, h), stages, x)
    return init, apply


def parallel(*stages):
    init = lambda shapes: merge(*map(lambda s: s.init(shapes), stages))
    apply = lambda params, x: tuple(map(lambda s: s.apply(params, x), stages))
    return init, apply


# ---------------------------------------------------------------------------
# flow: RealNVP-style normalizing flow density estimation
# ---------------------------------------------------------------------------
Axes = namedtuple("Axes", ["samples", "dims"])
Config = namedtuple("Config", ["mesh_shape", "axes", "rows", "cols", "width", "seed", "scale"])

AX = Axes("samples", "dims")
BASE = Config(mesh_shape=(4, 2), axes=AX, rows=16, cols=8, width=8, seed=2, scale=0.5)

make_mesh = lambda cfg: jax.make_mesh(cfg.mesh_shape, tuple(cfg.axes))
place = curry(lambda mesh, spec, a: jax.device_put(a, NamedSharding(mesh, spec)), 3)


@curry
def coupling(w, h):
    """affine coupling conditioner, input dims split over the dims axis"""
    return (h * jnp.exp(0.1 * jnp.tanh(h))) @ w


@curry
def logdet_reduce(axis, h):
    return jax.lax.psum(h, axis)


def inputs(cfg=BASE):
    rng = np.random.default_rng(cfg.seed)
    z = rng.standard_normal((cfg.rows, cfg.cols)).astype(np.float32)
    coupling_w = (rng.standard_normal((cfg.cols, cfg.width)) / np.sqrt(cfg.cols)).astype(np.float32)
    return z, coupling_w


REDUCERS = {"max": jax.lax.pmax, "min": jax.lax.pmin, "mean": jax.lax.pmean}


def bounds(axis):
    _, apply = parallel(stateless("hi", lambda h: REDUCERS["max"](h, axis)),
                        stateless("lo", lambda h: REDUCERS["min"](h, axis)))
    return partial(apply, {})


def main(z, coupling_w, cfg=BASE):
    mesh = make_mesh(cfg)
    put = place(mesh)

    def body(x, w):
        full = jax.lax.all_gather(x, cfg.axes.dims, axis=1, tiled=True, to="reduced")
        hi, lo = bounds(cfg.axes.samples)(full)
        return hi, lo

    fn = jax.shard_map(body, mesh=mesh, in_specs=(P(*cfg.axes), P(cfg.axes.dims, None)),
                       out_specs=(P(None, None, reduced={"dims"}), P(None, None, reduced={"dims"})))
    return fn(put(P(*cfg.axes), z), put(P(cfg.axes.dims, None), coupling_w))


if __name__ == "__main__":
    main(*inputs())
