"""Both dimensions are gathered at once with multi_dim=True."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    w = jax.device_put(x, NamedSharding(mesh, P("rows", "cols")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, None, reduced={"rows", "cols"}), multi_dim=True)


if __name__ == "__main__":
    print(main(*inputs()))
