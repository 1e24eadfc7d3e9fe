import functools

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def build_update(mesh, spec):
    @functools.partial(jax.jit, out_shardings=NamedSharding(mesh, spec))
    def update(params, grads):
        return params - 0.1 * grads

    return update


def build_maybe(mesh, fast):
    @functools.partial(jax.jit, out_shardings=NamedSharding(mesh, P(("i", "j"), None)))
    def update(params):
        return params * 2

    if fast:
        update = jax.jit(lambda params: params * 2)
    return update


def build_wrapped(mesh):
    @functools.lru_cache(maxsize=None)
    @functools.partial(jax.jit, out_shardings=NamedSharding(mesh, P(("i", "j"), None)))
    def update(scale):
        return jnp.ones((8, 8)) * scale

    return update


def run(mesh, x):
    rows = build_update(mesh, P("i", None))
    cols = build_update(mesh, P(None, "j"))
    with jax.set_mesh(mesh):
        a = top_level_all_gather(rows(x, x), P(None, None, reduced={"i"}))
        b = top_level_all_gather(cols(x, x), P(None, None, reduced={"j"}))
        c = top_level_all_gather(build_maybe(mesh, True)(x), P(None, None))
        d = top_level_all_gather(build_wrapped(mesh)(2.0), P("i", None, reduced={"j"}))
        return a, b, c, d
