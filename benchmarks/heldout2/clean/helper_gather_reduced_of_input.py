import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def unshard(w, axis):
    return jax.lax.all_gather(w, axis, to="reduced", tiled=True)


def layer(w_in_shard, w_out_shard, x):
    w_in = unshard(w_in_shard, "fsdp")
    w_out = unshard(w_out_shard, "fsdp")
    return (x @ w_in) @ w_out.T


def inputs():
    return np.ones((8, 4), np.float32) / 8, np.ones((8, 4), np.float32) / 4, np.ones((8, 8), np.float32)


def main(w_in, w_out, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    w_in, w_out, x = (jax.device_put(a, NamedSharding(mesh, P("fsdp"))) for a in (w_in, w_out, x))
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("fsdp"),) * 3, out_specs=P("fsdp"))(w_in, w_out, x)
