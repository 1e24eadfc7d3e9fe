import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, FSDP = "data", "fsdp"


def build(mesh):
    shmap = jax.shard_map

    def allreduce(g):
        g = jnp.sum(g, axis=0)
        g = jax.lax.psum(g, (DATA, FSDP))
        return g

    return shmap(allreduce, mesh=mesh, in_specs=P(DATA, None), out_specs=P())


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(g):
    mesh = jax.make_mesh((4, 2), (DATA, FSDP))
    g = jax.device_put(g, NamedSharding(mesh, P(DATA, None)))
    return build(mesh)(g)


if __name__ == "__main__":
    print(main(*inputs()))
