"""`x.at[0].get()` is an indexed read (one rank fewer), unlike `set`: the spec built from its
rank matches what is gathered (JAX runs it)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export(row, axes):
    return top_level_all_gather(row, P(*([None] * row.ndim), reduced=axes))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    row = jnp.ones((4, 8)).at[0].get()
    with jax.set_mesh(mesh):
        placed = jax.device_put(row, NamedSharding(mesh, P("model")))
        return export(placed, {"model"})


if __name__ == "__main__":
    main()
