"""jax.tree.map over (SPECS, params): the lambda's first argument is the spec."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = {"w": P("data", "model"), "b": P("model", "data")}

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    placed = jax.tree.map(lambda s, p: jax.device_put(p, NamedSharding(mesh, s)), SPECS, {"w": w, "b": b})
    with jax.set_mesh(mesh):
        gw = top_level_all_gather(placed["w"], P(None, "model", reduced={"data"}))
        gb = top_level_all_gather(placed["b"], P(None, "data", reduced={"model"}))
    return gw, gb


if __name__ == "__main__":
    print(main(*inputs()))
