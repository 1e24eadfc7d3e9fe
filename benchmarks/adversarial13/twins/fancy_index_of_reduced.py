"""g[jnp.array([1, 0])] (a gather by a constant index array), then scaled by a constant: accepted on 0.10.2 where the index drops the reduced state."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
    part = g.T
    return jax.lax.psum(jnp.sum(part * 2.0), "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
