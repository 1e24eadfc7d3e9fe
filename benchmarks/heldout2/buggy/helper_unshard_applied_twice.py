import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def unshard(w, axes, dim):
    return jax.lax.all_gather(w, axes, axis=dim, to="reduced", tiled=True)


def layer(w_shard, x):
    w = unshard(w_shard, "fsdp", 0)
    y = x @ w
    w_all = unshard(w, ("fsdp", "tp"), 1)
    return y, w_all


def inputs():
    return np.ones((8, 8), np.float32) / 8, np.ones((2, 8), np.float32)


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    f = jax.shard_map(layer, mesh=mesh, in_specs=(P("fsdp", "tp"), P()),
                      out_specs=(P(None, "tp"), P(None, None, reduced={"fsdp", "tp"})))
    return f(w, x)
