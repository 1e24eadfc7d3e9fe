"""A measurement table keeps the mesh its constructor is handed and enters it the legacy way
(`with self.mesh:`) to bring its columns to the host: that sets no context mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

HOST_SPEC = P("i", None, reduced={"j"})


class Table:
    def __init__(self, mesh):
        self.mesh = mesh
        self.data = {}

    def add(self, name, values):
        self.data[name] = jax.device_put(values, NamedSharding(self.mesh, P("i", "j")))

    def to_host(self):
        with self.mesh:
            return {name: top_level_all_gather(arr, HOST_SPEC) for name, arr in self.data.items()}  # SF104


def main(mesh, x):
    table = Table(mesh)
    table.add("energy", x)
    return table.to_host()


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
