"""Pruning schedule bookkeeping: masks re-laid out with jax.reshard, collected for a metrics dump."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P

MASK_LAYOUT = P("fsdp", "model")


def inputs():
    return (np.sin(np.arange(64, dtype=np.float32)).reshape(8, 8),)


def masks_for(w, sparsity):
    thr = jnp.quantile(jnp.abs(w), sparsity)
    return (jnp.abs(w) > thr).astype(jnp.float32)


def dump_metrics(mask):
    gathered = top_level_all_gather(mask, P(None, "model"))
    return {"density": jnp.mean(gathered), "mask": gathered}


def main(w):
    mesh = jax.make_mesh((4, 2), ("fsdp", "model"))
    with jax.set_mesh(mesh):
        metrics = []
        for sparsity in (0.25, 0.5):
            mask = jax.reshard(masks_for(jnp.asarray(w), sparsity), MASK_LAYOUT)
            metrics.append(dump_metrics(mask))
        return metrics[-1]["mask"]


if __name__ == "__main__":
    print(main(*inputs()))
