import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 8


def my_rows(table):
    # the table is replicated; each device takes its own rows, which then vary over 'shard'
    i = jax.lax.axis_index("shard")
    rows = jax.lax.dynamic_slice_in_dim(table, i * 2, 2)
    return jax.lax.all_gather(rows, "shard", to="reduced", tiled=True)


def inputs():
    return (np.arange(16 * 3, dtype=np.float32).reshape(16, 3),)


def main(table):
    mesh = jax.make_mesh((N,), ("shard",))
    table = jax.device_put(table, NamedSharding(mesh, P()))
    return jax.shard_map(my_rows, mesh=mesh, in_specs=P(), out_specs=P(None, None, reduced={"shard"}))(table)
