"""A list of (name, spec) rows; the loop places x with the row named 'w'."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = [("wt", P("model", "data")), ("w", P("data", "model"))]


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = None
    for name, s in ROWS:
        if name == "wt":
            spec = s
    w = jax.device_put(x, NamedSharding(mesh, spec))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
