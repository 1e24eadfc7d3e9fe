"""A loop over a reduction schedule stops after LIMIT steps; the wide step is never reached."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


SCHEDULE = (("i",), ("i", "j"))
LIMIT = 1


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        for step, axes in enumerate(SCHEDULE):
            if step >= LIMIT:
                break
            counts = jax.lax.psum(counts, axes)
        return counts

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
