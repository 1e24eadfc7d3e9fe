"""Pruning threshold from the max magnitude of a gathered kernel (jnp.max drops the reduced type)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KEEP_FRACTION = 0.5


def inputs():
    return (np.sin(np.arange(64, dtype=np.float32)).reshape(8, 8),)


def mask_fn(w_shard):
    w = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="reduced")
    peak = jnp.max(jnp.abs(w))
    return (jnp.abs(w_shard) > KEEP_FRACTION * peak).astype(jnp.float32)


def main(w):
    mesh = jax.make_mesh((4, 2), ("fsdp", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "model")))
    f = jax.shard_map(mask_fn, mesh=mesh, in_specs=P("fsdp", "model"), out_specs=P("fsdp", "model"))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
