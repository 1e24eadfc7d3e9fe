"""log_params gathers only with full=True (inside the block); after it, it logs local shards."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def log_params(w, full=False):
    if full:
        w = top_level_all_gather(w, P(None, "tp", reduced={"dp"}))
    return float(np.abs(np.asarray(w)).sum())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
        a = log_params(w, full=True)
    b = log_params(w, full=True)
    return np.array([a, b])


if __name__ == "__main__":
    print(main(*inputs()))
