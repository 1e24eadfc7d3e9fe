"""jax.jit(report) is built after the block; the jitted report is called (traced) inside the next."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def report(w):
    return top_level_all_gather(w, P(None, "c", reduced={"r"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("r", "c"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("r", "c")))
    fast_report = jax.jit(report)
    if True:
        return fast_report(w)


if __name__ == "__main__":
    print(main(*inputs()))
