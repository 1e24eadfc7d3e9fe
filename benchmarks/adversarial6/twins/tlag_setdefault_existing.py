"""setdefault does not replace the existing 'w' entry."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"v": P("data", "model")}


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = SPECS.setdefault("w", P("model", "data"))
    w = jax.device_put(x, NamedSharding(mesh, spec))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
