"""A first shard_map returns a NamedTuple under a NamedTuple of out_specs; the run goes on past it
to the second, which JAX rejects (its axes read back from a file the run wrote)."""
import tempfile
from pathlib import Path
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Stats(NamedTuple):
    total: jax.Array
    count: jax.Array


def main():
    path = Path(tempfile.mkdtemp()) / "axes.txt"
    path.write_text("i,j")
    sync = tuple(path.read_text().split(","))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def stats(block):
        return Stats(jax.lax.psum(block, ("i", "j")), jax.lax.psum(jnp.ones_like(block), ("i", "j")))

    first = jax.shard_map(stats, mesh=mesh, in_specs=P("i", "j"), out_specs=Stats(P(), P()))(x)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return first, jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
