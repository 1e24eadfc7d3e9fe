"""As gb7, but the loop also keeps arrays already in their export layout, and the kernel's entry
is written `P(("i",), None)`: JAX reads a one-axis tuple as the axis, the two specs are
equal, and the kernel is kept, never gathered."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
EXPORT = {"bias": P(), "kernel": P(("i",), None)}
DONE = P("i", None)  # the layout a previous export left


def export(params):
    out = {}
    with jax.set_mesh(MESH):
        for name, spec in EXPORT.items():
            out[name] = params[name] if spec == P() or spec == DONE else top_level_all_gather(params[name], spec)
    return out


def main():
    params = {"bias": jax.device_put(np.ones((8,), np.float32), NamedSharding(MESH, P())),
              "kernel": jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))}
    return export(params)


if __name__ == "__main__":
    main()
