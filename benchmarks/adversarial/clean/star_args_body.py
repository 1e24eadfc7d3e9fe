"""A body taking *blocks, unpacked inside; the second block is the one split on both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(*blocks):
    rows, tiles = blocks
    return jax.lax.psum(jnp.sum(tiles), ("data", "model")) + jax.lax.psum(jnp.sum(rows), "data")


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(rows, tiles):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = (P("data"), P("data", "model"))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((rows, tiles), specs)]
    return jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P())(*args)


if __name__ == "__main__":
    print(main(*inputs()))
