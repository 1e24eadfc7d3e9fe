"""One placement helper called with two specs; each result gathered by its own layout."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def place(mesh, x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def main(x, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = place(mesh, x, P("data", "model"))
    b = place(mesh, y, P("model", "data"))
    with jax.set_mesh(mesh):
        ga = top_level_all_gather(a, P(None, "model", reduced={"data"}))
        gb = top_level_all_gather(b, P(None, "data", reduced={"model"}))
    return ga, gb


if __name__ == "__main__":
    print(main(*inputs()))
