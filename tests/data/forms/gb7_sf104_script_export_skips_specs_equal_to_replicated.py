"""An export loop keeps the arrays whose table entry equals `P()` and gathers the others: the
bias's entry is `P()`, so it is kept; the kernel's asks for a gather JAX rejects."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
EXPORT = {"bias": P(), "kernel": P("i", None)}


def export(params):
    out = {}
    with jax.set_mesh(MESH):
        for name, spec in EXPORT.items():
            out[name] = params[name] if spec == P() else top_level_all_gather(params[name], spec)  # SF104
    return out


def main():
    params = {"bias": jax.device_put(np.ones((8,), np.float32), NamedSharding(MESH, P())),
              "kernel": jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))}
    return export(params)


if __name__ == "__main__":
    main()
