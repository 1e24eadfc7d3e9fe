"""Logging ||c|| and ||c_i|| every round, as SCAFFOLD papers plot them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("silo", "shard"))


def sq_norm_over_shards(v, shard_axis):
    return jax.lax.psum(jnp.sum(v * v), shard_axis)


def variate_norms(c_i):
    silo, shard = MESH.axis_names
    local = jnp.sum(c_i * c_i)
    total = jax.lax.psum(local, axis_name=tuple(MESH.axis_names))
    return jnp.sqrt(total)


def inputs():
    return (np.linspace(0.0, 1.0, 8 * 8, dtype=np.float32).reshape(8, 8),)


def main(c_i):
    spec = P(*MESH.axis_names)
    c_i = jax.device_put(c_i, NamedSharding(MESH, spec))
    return jax.shard_map(variate_norms, mesh=MESH, in_specs=spec, out_specs=P())(c_i)


if __name__ == "__main__":
    main(*inputs())
