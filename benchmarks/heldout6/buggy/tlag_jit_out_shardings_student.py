"""Distillation: the student's projection produced by jit(out_shardings=...), gathered for eval."""
import functools

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
PROJ_SPEC = P("fsdp", "tp")
EVAL_SPEC = P("tp", None, reduced={"fsdp"})


@functools.partial(jax.jit, out_shardings=NamedSharding(mesh, PROJ_SPEC))
def init_projection(key):
    return jax.random.normal(key, (16, 8)) * 0.02


def inputs():
    return (jax.random.key(11),)


def main(key):
    with jax.set_mesh(mesh):
        proj = init_projection(key)
        full = top_level_all_gather(proj, EVAL_SPEC)
        return jax.reshard(full, P())
