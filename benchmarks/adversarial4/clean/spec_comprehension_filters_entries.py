"""A dict comprehension exports the entries whose export spec differs from the stored one."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STORED = {"q": P("x", "y"), "k": P("y", "x"), "pos": P("y")}
EXPORTED = {"q": P("x", reduced={"y"}), "k": P("y", reduced={"x"}), "pos": P("x")}
EXPORTABLE = ("q", "k")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in STORED.items()}
    with jax.set_mesh(mesh):
        return {k: top_level_all_gather(placed[k], EXPORTED[k]) for k in placed if k in EXPORTABLE}


if __name__ == "__main__":
    print(main(*inputs()))
