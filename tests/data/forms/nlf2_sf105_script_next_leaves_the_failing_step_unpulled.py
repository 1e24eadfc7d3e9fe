"""next() pulls only the first generated step, which passes; the failing one never runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CANDIDATES = [("i",), ("i", "j")]


def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    results = (reduce_with(mesh, x, axes) for axes in CANDIDATES)
    return next(results)


if __name__ == "__main__":
    main()
