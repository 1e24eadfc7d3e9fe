"""The job probes a (2, n // 2) mesh under `try`: it fits every device count JAX accepts it on, so
the wide axes are taken on every machine the program runs on."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pick_axes():
    n = jax.device_count()
    try:
        jax.make_mesh((2, n // 2), ("i", "j"))
        return ("i", "j")
    except ValueError:
        return ("i",)


def main():
    sync = pick_axes()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
