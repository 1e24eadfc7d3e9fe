"""The input is resharded to a one-axis layout first, so gathering that axis is a valid prefix."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(("y", "x"))))
        x = jax.reshard(x, P("x", "y"))
        rows = top_level_all_gather(x, P(None, "y", reduced={"x"}))
        return jax.reshard(rows, P(None, "y"))


if __name__ == "__main__":
    print(main(*inputs()))
