"""Save ZeRO-sharded optimizer variables, keeping the tensor-parallel split of each shard file."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP_AXES = ("batch", "model")


class Adam:
    def __init__(self, learning_rate=1e-3, mesh=None):
        self.learning_rate = learning_rate
        self.mesh = mesh

    def build(self, variables):
        sharding = NamedSharding(self.mesh, P(FSDP_AXES, None))
        self.momentums = [jax.device_put(jnp.zeros_like(v), sharding) for v in variables]
        self.velocities = [jax.device_put(jnp.zeros_like(v) + 1e-3, sharding) for v in variables]

    def save_own_variables(self, store, keep_axis="model"):
        spec = P(keep_axis, None, reduced=set(FSDP_AXES) - {keep_axis})
        with jax.set_mesh(self.mesh):
            for slot, values in {"m": self.momentums, "v": self.velocities}.items():
                for i, value in enumerate(values):
                    store[f"{i}/{slot}"] = top_level_all_gather(value, spec)
        return store


def inputs():
    return ([np.ones((8, 4), np.float32), np.ones((16, 2), np.float32)],)


def main(variables):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    optimizer = Adam(mesh=mesh)
    optimizer.build(variables)
    store = optimizer.save_own_variables({})
    return store["0/v"]


if __name__ == "__main__":
    print(main(*inputs()))
