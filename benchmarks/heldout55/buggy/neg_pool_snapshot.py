"""Snapshot of the negative pools (one per sampler) for offline analysis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

POOL_LAYOUT = {
    "uniform": P("item", None),
    "popular": P("item", "replica"),
    "hard": P(("replica", "item"), None),
}
SNAPSHOT_LAYOUT = {
    "uniform": P(None, None, reduced={"item"}),
    "popular": P(None, "replica", reduced={"item"}),
    "hard": P("item", None, reduced={"replica"}),
}


def snapshot(pools):
    out = {}
    for name in ("uniform", "popular", "hard"):
        out[name] = top_level_all_gather(pools[name], SNAPSHOT_LAYOUT[name])
    return out


def inputs():
    rng = np.random.default_rng(43)
    return ({name: rng.normal(size=(16, 8)).astype(np.float32) for name in POOL_LAYOUT},)


def main(pools):
    mesh = jax.make_mesh((2, 4), ("replica", "item"))
    with jax.set_mesh(mesh):
        placed = {n: jax.device_put(a, NamedSharding(mesh, POOL_LAYOUT[n])) for n, a in pools.items()}
        return snapshot(placed)


if __name__ == "__main__":
    main(*inputs())
