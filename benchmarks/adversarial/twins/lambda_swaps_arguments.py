"""The shard_map callable reorders its arguments before calling the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(full, rows):
    return jax.lax.psum(jnp.sum(full), ("data", "model")) + jax.lax.psum(jnp.sum(rows), "data")


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(rows, full):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rows = jax.device_put(rows, NamedSharding(mesh, P("data")))
    full = jax.device_put(full, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(lambda r, f: body(r, f), mesh=mesh, in_specs=(P("data"), P("data", "model")),
                         out_specs=P())(rows, full)


if __name__ == "__main__":
    print(main(*inputs()))
