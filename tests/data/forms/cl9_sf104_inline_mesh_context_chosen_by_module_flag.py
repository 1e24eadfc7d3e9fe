"""The mesh context is picked inline by a module flag (`with (jax.set_mesh(mesh) if USE_MESH
else contextlib.nullcontext()):`); the flag is False, so the export gathers without a mesh."""
import contextlib

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

USE_MESH = False


def export(mesh, x):
    with (jax.set_mesh(mesh) if USE_MESH else contextlib.nullcontext()):
        return top_level_all_gather(x, P("i", None, reduced={"j"}))  # SF104


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return export(mesh, placed)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
