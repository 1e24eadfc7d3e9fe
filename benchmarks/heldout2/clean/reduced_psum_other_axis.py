import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, DATA = "fsdp", "data"


def sum_replicas(w_shard):
    w = jax.lax.all_gather(w_shard, FSDP, to="reduced", tiled=True)
    # the data replicas hold different copies (per-replica noise): add them up
    return jax.lax.psum(w, DATA)


def inputs():
    return (np.arange(8 * 4, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), (DATA, FSDP))
    w = jax.device_put(w, NamedSharding(mesh, P(FSDP, DATA)))
    f = jax.shard_map(sum_replicas, mesh=mesh, in_specs=P(FSDP, DATA), out_specs=P(None, None, reduced={FSDP}))
    return f(w)
