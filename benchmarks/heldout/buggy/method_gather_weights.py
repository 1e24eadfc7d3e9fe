import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DenseGeneral:
    dp = "data"
    mp = "model"

    def __init__(self, mesh):
        self.mesh = mesh

    def gather_kernel(self, k):
        k = jax.lax.all_gather(k, self.dp, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(k, (self.dp, self.mp), axis=1, tiled=True, to="reduced")

    def kernel(self, k):
        return jax.shard_map(self.gather_kernel, mesh=self.mesh, in_specs=P(self.dp, self.mp),
                             out_specs=P(None, None))(k)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(4, 8),)


def main(k):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k = jax.device_put(k, NamedSharding(mesh, P("data", "model")))
    return DenseGeneral(mesh).kernel(k)


if __name__ == "__main__":
    print(main(*inputs()))
