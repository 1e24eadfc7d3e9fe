"""enumerate(zip(...)) pairs each batch with its own spec."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = (P("data", "model"), P("model", "data"))
OUT = (P(None, "model", reduced={"data"}), P(None, "data", reduced={"model"}))

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(x, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    out = []
    with jax.set_mesh(mesh):
        for i, (a, s) in enumerate(zip((x, y), SPECS)):
            placed = jax.device_put(a, NamedSharding(mesh, s))
            out.append(top_level_all_gather(placed, OUT[i]))
    return out


if __name__ == "__main__":
    print(main(*inputs()))
