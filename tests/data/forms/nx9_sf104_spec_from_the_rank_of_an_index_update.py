"""Model surgery: old rows copied into a new table by `new.at[:n, :d].set(old)`, which keeps the
new table's rank; the exporter builds its out spec from that rank (`[None] * table.ndim`) and
forgets the rows' axis in `reduced`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export(table, axes):
    return top_level_all_gather(table, P(*([None] * table.ndim), reduced=axes))  # SF104


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    old = np.ones((8, 8), np.float32)
    table = jnp.zeros((16, 8)).at[: old.shape[0], : old.shape[1]].set(old)
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, P("data", "model")))
        return export(placed, {"model"})


if __name__ == "__main__":
    main()
