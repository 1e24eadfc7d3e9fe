"""The property places with the spec current when it is read."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Store:
    def __init__(self, mesh, raw):
        self.mesh = mesh
        self.raw = raw
        self.spec = P("model", "data")

    @property
    def placed(self):
        return jax.device_put(self.raw, NamedSharding(self.mesh, self.spec))

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    store = Store(mesh, x)
    store.spec = P("data", "model")
    with jax.set_mesh(mesh):
        return top_level_all_gather(store.placed, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
