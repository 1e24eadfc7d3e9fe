"""Movement/magnitude pruning in an FSDP layer: the gathered kernel is masked before use."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    w = np.sin(np.arange(64, dtype=np.float32)).reshape(8, 8)
    mask = (np.abs(w) > 0.4).astype(np.float32)
    return x, w, mask


def sparse_dense(x, w_shard, mask):
    w_full = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="reduced")
    w_sparse = w_full * mask
    return x @ w_sparse


def main(x, w, mask):
    mesh = jax.make_mesh((4, 2), ("fsdp", "batch"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", None)))
    mask = jax.device_put(mask, NamedSharding(mesh, P()))
    f = jax.shard_map(sparse_dense, mesh=mesh, in_specs=(P("batch", None), P("fsdp", None), P()),
                      out_specs=P("batch", None))
    return f(x, w, mask)


if __name__ == "__main__":
    print(main(*inputs()))
