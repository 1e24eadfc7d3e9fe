"""Distillation eval: a jit(out_shardings=...) projection gathered with a full reduced= spec."""
import functools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
PROJ_SPEC = P("fsdp", "tp")
EVAL_SPEC = P(None, "tp", reduced={"fsdp"})


@functools.partial(jax.jit, out_shardings=NamedSharding(mesh, PROJ_SPEC))
def init_projection(key):
    return jax.random.normal(key, (16, 8)) * 0.02


def inputs():
    return (jax.random.key(6),)


def main(key):
    with jax.set_mesh(mesh):
        full = top_level_all_gather(init_projection(key), EVAL_SPEC)
        return jax.reshard(full, P())
