import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def lm_head(w_local, h):
    """Tensor-parallel LM head: logits are summed over 'tp', then a reduced copy is kept."""
    logits = jax.lax.psum(h @ w_local, "tp")
    logits = jax.lax.pcast(logits, "tp", to="reduced")
    stacked = jax.lax.all_gather(logits, "tp", to="reduced", tiled=True)
    return stacked


def inputs():
    return np.ones((8, 4), np.float32), np.arange(4 * 8, dtype=np.float32).reshape(4, 8) / 10


def main(w, h):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))
    h = jax.device_put(h, NamedSharding(mesh, P("dp", "tp")))
    head = jax.shard_map(lm_head, mesh=mesh, in_specs=(P("tp", None), P("dp", "tp")), out_specs=P("dp", None, reduced={"tp"}))
    return head(w, h)
