import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(w_shard, x):
    w = jax.lax.all_gather(w_shard, "fsdp", to="reduced", tiled=True)
    y = x @ w
    # the name is reused for an ordinary local value
    w = jnp.ones_like(x) * 3.0
    y = y + jnp.sum(w * 2.0)
    return jax.lax.psum(y, "fsdp")


def inputs():
    return np.ones((8, 2), np.float32), np.ones((8, 8), np.float32)


def main(w, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P("fsdp")))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp"), P("fsdp")), out_specs=P())(w, x)
