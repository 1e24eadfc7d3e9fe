import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init_accumulator(grad_shard):
    # zeros_like of a split value varies like it (jax >= 0.8.2)
    acc = jnp.zeros_like(grad_shard)
    acc = acc + 1.0
    return jax.lax.all_gather(acc, "dp", to="reduced", tiled=True)


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(g):
    mesh = jax.make_mesh((8,), ("dp",))
    g = jax.device_put(g, NamedSharding(mesh, P("dp")))
    return jax.shard_map(init_accumulator, mesh=mesh, in_specs=P("dp"), out_specs=P(None, reduced={"dp"}))(g)
