import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sync_or_skip(flag, g):
    def do_sync(g):
        total = jax.lax.psum(g, "dp")
        return jax.lax.all_gather(total, "dp", to="reduced", tiled=True)

    def skip(g):
        return jax.lax.all_gather(g, "dp", to="reduced", tiled=True)

    return jax.lax.cond(flag, do_sync, skip, g)


def inputs():
    return np.array(True), np.arange(16, dtype=np.float32)


def main(flag, g):
    mesh = jax.make_mesh((8,), ("dp",))
    flag = jax.device_put(flag, NamedSharding(mesh, P()))
    g = jax.device_put(g, NamedSharding(mesh, P("dp")))
    return jax.shard_map(sync_or_skip, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P(None, reduced={"dp"}))(flag, g)
