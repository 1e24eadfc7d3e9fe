import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(w_shard, x):
    w = jax.lax.all_gather(w_shard, "fsdp", to="reduced", tiled=True)
    y = x @ w
    scaled = w
    scaled = scaled * 3.0
    return jax.lax.psum(y, "fsdp"), scaled


def inputs():
    return np.ones((8, 2), np.float32), np.ones((8, 8), np.float32)


def main(w, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P("fsdp")))
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp"), P("fsdp")), out_specs=(P(), P(None, None, reduced={"fsdp"})))
    return f(w, x)
