"""A gate picked per device by `jnp.take(gates, axis_index(expert), axis=1)` (an operation whose
state the analysis does not know) scales each device's block; the product still varies on every
axis of the mesh (the block does), so the psum over the expert axis is invariant there and the
reduced gather over it raises. The axis names come from a table the
object fills from its mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Combine:
    def __init__(self, mesh):
        self.mesh = mesh
        roles = {}
        for role, name in zip(("expert", "data"), mesh.axis_names):
            roles[role] = name
        self.expert_axis, self.data_axis = roles["expert"], roles["data"]

    def combine(self, block):
        gate = jnp.take(jax.nn.softmax(block, axis=-1), jax.lax.axis_index(self.expert_axis), axis=1)
        return jax.lax.psum(gate[:, None] * block, self.expert_axis)

    def __call__(self, x):
        def body(block):
            y = self.combine(block)
            return jax.lax.all_gather(y, self.expert_axis, axis=0, tiled=True, to="reduced")  # SF101

        out = P(self.data_axis, None, reduced={self.expert_axis})
        return jax.shard_map(body, mesh=self.mesh, in_specs=P(self.data_axis, "e"), out_specs=out)(x)


def main():
    mesh = jax.make_mesh((2, 4), ("e", "d"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("d", "e")))
    return Combine(mesh)(x)


if __name__ == "__main__":
    main()
