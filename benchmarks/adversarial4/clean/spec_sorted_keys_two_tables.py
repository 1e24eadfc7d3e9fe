"""Store and export tables in different key orders; the loop walks sorted keys and indexes both."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STORE = {"q": P("x", "y"), "k": P("y", "x"), "v": P(None, "y")}
EXPORT = {"v": P(None, "y"), "q": P("x", reduced={"y"}), "k": P("y", reduced={"x"})}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in STORE.items()}
    out = {}
    with jax.set_mesh(mesh):
        for key in sorted(EXPORT):
            out[key] = top_level_all_gather(placed[key], EXPORT[key])
    return out


if __name__ == "__main__":
    print(main(*inputs()))
