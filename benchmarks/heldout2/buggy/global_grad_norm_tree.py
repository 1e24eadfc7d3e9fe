import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALL_AXES = ("data", "fsdp")


def global_norm(grads):
    sq = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    local = sum(jax.tree.leaves(sq))
    return jnp.sqrt(jax.lax.psum(local, ALL_AXES))


def inputs():
    return ({"w": np.ones((8, 4), np.float32), "b": np.ones((8,), np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    grads = jax.device_put(grads, NamedSharding(mesh, P("fsdp")))
    return jax.shard_map(global_norm, mesh=mesh, in_specs=P("fsdp"), out_specs=P())(grads)
