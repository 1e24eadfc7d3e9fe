"""A helper rewrites every entry of the spec table before placement."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = {"w": P("model", "data"), "b": P("model", "data")}


def use_row_major(table):
    for k in table:
        table[k] = P("data", "model")

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    use_row_major(SPECS)
    placed = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in {"w": w, "b": b}.items()}
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["w"], P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
