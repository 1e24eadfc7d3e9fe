"""The slice object steps backwards (`slice(None, None, -2)`): JAX reverses the columns with `rev`,
which drops the reduced state, so scaling the result runs (a model that read any slice object as
a forward one would report line 14)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVERY_OTHER = slice(None, None, -2)


def step(mesh, x, cols):
    def body(block):
        g = jax.lax.all_gather(block, "j", axis=1, tiled=True, to="reduced")
        part = g[:, cols]
        return part * 2.0

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


def main():
    m = jax.make_mesh((2, 4), ("i", "j"))
    return step(m, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(m, P("i", "j"))), EVERY_OTHER)


if __name__ == "__main__":
    main()
