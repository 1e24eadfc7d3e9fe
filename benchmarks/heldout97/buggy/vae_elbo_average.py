"""variational autoencoder with a Gaussian encoder: elbo average.

Computes the objective from the projected features and all-reduces it.

Usage: XLA_FLAGS=--xla_force_host_platform_device_count=8 python vae_elbo_average.py
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
# vae: variational autoencoder with a Gaussian encoder
# ---------------------------------------------------------------------------
Axes = namedtuple("Axes", ["batch", "latent"])
Config = namedtuple("Config", ["mesh_shape", "axes", "rows", "cols", "width", "seed", "scale"])

AX = Axes("batch", "latent")
BASE = Config(mesh_shape=(4, 2), axes=AX, rows=16, cols=8, width=8, seed=4, scale=0.5)

make_mesh = lambda cfg: jax.make_mesh(cfg.mesh_shape, tuple(cfg.axes))
place = curry(lambda mesh, spec, a: jax.device_put(a, NamedSharding(mesh, spec)), 3)


@curry
def encoder(w, h):
    """encoder projection with the input split over the latent axis"""
    return (jax.nn.softplus(h)) @ w


@curry
def latent_reduce(axis, h):
    return jax.lax.psum(h, axis)


def inputs(cfg=BASE):
    rng = np.random.default_rng(cfg.seed)
    pixels = rng.standard_normal((cfg.rows, cfg.cols)).astype(np.float32)
    enc_w = (rng.standard_normal((cfg.cols, cfg.width)) / np.sqrt(cfg.cols)).astype(np.float32)
    return pixels, enc_w


ElboCfg = namedtuple("ElboCfg", ["kl_weight", "average_over"])
ELBO = ElboCfg(kl_weight=1.0, average_over=None)


def elbo_terms(h):
    recon = jnp.mean(h ** 2)
    kl = 0.5 * jnp.mean(jnp.exp(h) - h - 1.0)
    return {"recon": recon, "kl": kl}


def main(pixels, enc_w, cfg=BASE, elbo=ELBO):
    mesh = make_mesh(cfg)
    put = place(mesh)
    average_over = elbo.average_over or tuple(cfg.axes)

    def body(x, w):
        h = latent_reduce(cfg.axes.latent, encoder(w, x))
        terms = elbo_terms(h)
        return jax.tree.map(lambda t: jax.lax.pmean(t, average_over), terms)

    fn = jax.shard_map(body, mesh=mesh, in_specs=(P(*cfg.axes), P(cfg.axes.latent, None)),
                       out_specs={"recon": P(), "kl": P()})
    return fn(put(P(*cfg.axes), pixels), put(P(cfg.axes.latent, None), enc_w))


if __name__ == "__main__":
    main(*inputs())
