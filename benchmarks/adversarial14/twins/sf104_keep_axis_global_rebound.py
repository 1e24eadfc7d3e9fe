"""setup() rebinds KEEP to 'i' through `global`: P('i', reduced={'j'}) is a prefix."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

from jax._src.shard_map import top_level_all_gather


def gather_rows(mesh, x, keep):
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(keep, reduced={"i", "j"} - {keep}))

KEEP = "j"


def setup():
    global KEEP
    KEEP = "i"


def main(mesh, x):
    setup
    return gather_rows(mesh, x, KEEP)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
