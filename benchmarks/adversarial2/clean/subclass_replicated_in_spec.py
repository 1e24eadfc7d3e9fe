"""The subclass replicates the input (IN_SPEC = P()), so the cast to varying over 'i' is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Block:
    IN_SPEC = P("i", None)

    def __init__(self, mesh):
        self.mesh = mesh

    def forward(self, v):
        v = jax.lax.pcast(v, "i", to="varying")
        return jax.lax.psum(jnp.sum(v * jax.lax.axis_index("i")), "i")

    def __call__(self, x):
        x = jax.device_put(x, NamedSharding(self.mesh, self.IN_SPEC))
        return jax.shard_map(self.forward, mesh=self.mesh, in_specs=self.IN_SPEC, out_specs=P())(x)


class ReplicatedBlock(Block):
    IN_SPEC = P()


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return ReplicatedBlock(mesh)(x)


if __name__ == "__main__":
    print(main(*inputs()))
