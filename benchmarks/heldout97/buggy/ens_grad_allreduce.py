"""deep-ensemble uncertainty estimates: grad allreduce.

Computes the objective from the projected features and all-reduces it.

Usage: XLA_FLAGS=--xla_force_host_platform_device_count=8 python ens_grad_allreduce.py
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
# ens: deep-ensemble uncertainty estimates
# ---------------------------------------------------------------------------
Axes = namedtuple("Axes", ["inputs", "members"])
Config = namedtuple("Config", ["mesh_shape", "axes", "rows", "cols", "width", "seed", "scale"])

AX = Axes("inputs", "members")
BASE = Config(mesh_shape=(4, 2), axes=AX, rows=16, cols=8, width=8, seed=6, scale=0.5)

make_mesh = lambda cfg: jax.make_mesh(cfg.mesh_shape, tuple(cfg.axes))
place = curry(lambda mesh, spec, a: jax.device_put(a, NamedSharding(mesh, spec)), 3)


@curry
def member_logits(w, h):
    """ensemble heads: one slice of the input features per member group"""
    return (jnp.tanh(h)) @ w


@curry
def member_reduce(axis, h):
    return jax.lax.psum(h, axis)


def inputs(cfg=BASE):
    rng = np.random.default_rng(cfg.seed)
    features = rng.standard_normal((cfg.rows, cfg.cols)).astype(np.float32)
    heads = (rng.standard_normal((cfg.cols, cfg.width)) / np.sqrt(cfg.cols)).astype(np.float32)
    return features, heads


def allreduce_grads(leaf_axes):
    by_axes = groupby(sorted(leaf_axes, key=itemgetter(1)), key=itemgetter(1))
    plan = [(axes, [name for name, _ in group]) for axes, group in by_axes]
    return lambda grads: merge(*({k: jax.lax.psum(grads[k], axes) for k in keys} for axes, keys in plan))


def main(features, heads, cfg=BASE):
    mesh = make_mesh(cfg)
    put = place(mesh)
    every = tuple(cfg.axes)

    def body(x, w):
        logits = member_logits(w, x)
        probs = member_reduce(cfg.axes.members, logits)
        grads = {"heads": (jnp.tanh(x).T @ probs), "bias": jnp.sum(probs, axis=0)}
        return allreduce_grads(tuple((k, every) for k in ("heads", "bias")))(grads)

    fn = jax.shard_map(body, mesh=mesh, in_specs=(P(*cfg.axes), P(cfg.axes.members, None)),
                       out_specs={"heads": P(), "bias": P()})
    return fn(put(P(*cfg.axes), features), put(P(cfg.axes.members, None), heads))


if __name__ == "__main__":
    main(*inputs())
