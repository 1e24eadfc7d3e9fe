"""jax.tree.map over a prefix spec tree: each lambda call places a whole subtree."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


PREFIX = {"enc": P("data", "model"), "dec": P("model", "data")}

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"enc": {"w": w, "b": b}, "dec": {"w": w - 1}}
    placed = jax.tree.map(lambda s, sub: jax.device_put(sub, NamedSharding(mesh, s)), PREFIX, params)
    with jax.set_mesh(mesh):
        enc = top_level_all_gather(placed["enc"]["b"], P(None, "model", reduced={"data"}))
        dec = top_level_all_gather(placed["dec"]["w"], P(None, "data", reduced={"model"}))
    return enc, dec


if __name__ == "__main__":
    print(main(*inputs()))
