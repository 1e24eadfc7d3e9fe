"""`jax.device_put(device=sharding, x=host)`: both by keyword, in either order; the export keeps
"data", a prefix of the layout, which JAX accepts."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export_rows(x):
    return top_level_all_gather(x, P("data", None, reduced={"model"}))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    sharding = NamedSharding(mesh, P(("data", "model"), None))
    with jax.set_mesh(mesh):
        a = jax.device_put(device=sharding, x=np.ones((8, 12), np.float32))
        b = jax.device_put(np.zeros((8, 12), np.float32), device=sharding)
        return export_rows(a), export_rows(b)


if __name__ == "__main__":
    main()
