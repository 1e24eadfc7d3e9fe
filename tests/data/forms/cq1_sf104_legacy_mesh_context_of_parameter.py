"""The export helper enters the mesh it is handed the legacy way (`with mesh:`): since jax 0.8.1
a Mesh entered so sets no context mesh, and every call hands it the mesh `main` builds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export(w, mesh):
    with mesh:
        return np.asarray(top_level_all_gather(w, P(None, None, reduced={"i"})))  # SF104


def main(mesh, x):
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("i", None))) * 2
    return export(w, mesh)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
