"""Retrieval item tower: an item table sharded by rows and embedding dims, gathered per call."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TABLE_AXES = {"rows": "shard", "dims": "expert"}


class ItemTower:
    def __init__(self, axes=TABLE_AXES):
        self.axes = axes

    def lookup_table(self, table):
        rows = jax.lax.all_gather(table, self.axes["rows"], axis=0, tiled=True, to="reduced")
        return self.expand(rows)

    def expand(self, rows):
        both = tuple(self.axes.values())
        return jax.lax.all_gather(rows, both, axis=1, tiled=True, to="reduced")

    def score(self, users, table):
        items = self.lookup_table(table)
        return users @ items.T


def inputs():
    users = np.linspace(0, 1, 256, dtype=np.float32).reshape(8, 32)
    table = np.linspace(1, 0, 128, dtype=np.float32).reshape(16, 8)
    return users, table


def main(users, table):
    tower = ItemTower()
    mesh = jax.make_mesh((4, 2), ("shard", "expert"))
    users = jax.device_put(users, NamedSharding(mesh, P()))
    table = jax.device_put(table, NamedSharding(mesh, P("shard", "expert")))
    f = jax.shard_map(tower.score, mesh=mesh,
                      in_specs=(P(), P("shard", "expert")),
                      out_specs=P())
    return f(users, table)


if __name__ == "__main__":
    print(main(*inputs()))
