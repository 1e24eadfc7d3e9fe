"""device_put with a sharding tree that is a prefix of the params tree."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"enc": {"w": w, "b": b}, "dec": {"w": w + 1}}
    shardings = {"enc": NamedSharding(mesh, P("data", "model")), "dec": NamedSharding(mesh, P("model", "data"))}
    placed = jax.device_put(params, shardings)
    with jax.set_mesh(mesh):
        enc = top_level_all_gather(placed["enc"]["w"], P(None, "model", reduced={"data"}))
        dec = top_level_all_gather(placed["dec"]["w"], P(None, "model", reduced={"data"}))
    return enc, dec


if __name__ == "__main__":
    print(main(*inputs()))
