"""A prefix gather: keep the outer axis, gather the inner one (listed as reduced)."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("pod", "chip"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(("pod", "chip"), None)))
        per_pod = top_level_all_gather(x, P("pod", None, reduced={"chip"}))
        return jax.reshard(per_pod, P("pod", None))


if __name__ == "__main__":
    print(main(*inputs()))
