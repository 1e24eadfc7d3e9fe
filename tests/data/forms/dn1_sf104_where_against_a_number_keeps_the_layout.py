"""`jnp.where(ids > 0, ids, -1)` of a batch placed over both axes is laid out as the batch is (a
test against a number, and a number, broadcast without moving it: jax 0.10.2, Explicit and Auto
axes alike). The export gathers it with an out spec that keeps "model" only: not a prefix of
("data", "model"), which JAX rejects."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export_rows(x):
    return top_level_all_gather(x, P("model", None, reduced={"data"}))  # SF104


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        ids = jax.device_put(np.arange(96, dtype=np.int32).reshape(8, 12) - 5,
                             NamedSharding(mesh, P(("data", "model"), None)))
        ids = jnp.where(ids > 0, ids, -1)
        return export_rows(ids)


if __name__ == "__main__":
    main()
