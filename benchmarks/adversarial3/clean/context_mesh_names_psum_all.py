"""Entry point: the body sums over every axis of the context mesh (1-D here), read inside the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((8,), ("devices",)), np.arange(16, dtype=np.float32).reshape(8, 2)


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P(mesh.axis_names[0])))

    def loss(x):
        names = jax.sharding.get_abstract_mesh().axis_names
        return jax.lax.psum(jnp.sum(x), names)

    with jax.set_mesh(mesh):
        return jax.shard_map(loss, in_specs=P(mesh.axis_names[0]), out_specs=P())(x)
