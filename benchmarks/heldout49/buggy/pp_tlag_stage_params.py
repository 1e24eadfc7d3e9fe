"""Stage-stacked pipeline weights merged into one replicated copy for a single-device eval."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STACKED = P("stage", None, "dp")
MERGED = P(None, None, "dp", reduced={"stage"})


def build(mesh):
    w = np.random.default_rng(24).normal(size=(4, 8, 16)).astype(np.float32)
    return jax.device_put(w, NamedSharding(mesh, STACKED))


def merge_stages(stacked):
    merged = top_level_all_gather(stacked, MERGED)
    return merged


def inputs():
    return (jax.make_mesh((4, 2), ("stage", "dp")),)


def main(mesh):
    with jax.set_mesh(mesh):
        stacked = build(mesh)
        total = stacked.sum()
    merged = merge_stages(stacked)
    return total, merged


if __name__ == "__main__":
    main(*inputs())
