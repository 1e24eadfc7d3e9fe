"""Pruned FSDP layer: the mask is applied to the local shard before the reduced gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    w = np.sin(np.arange(64, dtype=np.float32)).reshape(8, 8)
    return x, w, (np.abs(w) > 0.4).astype(np.float32)


def sparse_dense(x, w_shard, mask_shard):
    w = jax.lax.all_gather(w_shard * mask_shard, "fsdp", axis=0, tiled=True, to="reduced")
    return x @ w


def main(x, w, mask):
    mesh = jax.make_mesh((4, 2), ("fsdp", "batch"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", None)))
    mask = jax.device_put(mask, NamedSharding(mesh, P("fsdp", None)))
    f = jax.shard_map(sparse_dense, mesh=mesh,
                      in_specs=(P("batch", None), P("fsdp", None), P("fsdp", None)),
                      out_specs=P("batch", None))
    return f(x, w, mask)


if __name__ == "__main__":
    print(main(*inputs()))
