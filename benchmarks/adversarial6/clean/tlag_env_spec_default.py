"""The layout is read from an env variable whose default is the mesh order (ADV6_* is unset)."""
import os
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    axes = os.environ.get("ADV6_LAYOUT", "data,model").split(",")
    w = jax.device_put(x, NamedSharding(mesh, P(*axes)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
