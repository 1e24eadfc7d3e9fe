"""keystr(path) of a dict item is "['w']": the test `"w" in keystr(path)` holds for the "w" leaf, whose
value is reduced on "i", and its psum over "i" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(w, b):
    tree = {"w": jax.lax.all_gather(w, "i", tiled=True, to="reduced"), "b": b}

    def sync(path, leaf):
        if "w" in jax.tree_util.keystr(path):
            return jax.lax.psum(leaf, "i")  # SF103
        return leaf

    out = jax.tree_util.tree_map_with_path(sync, tree)
    return out["w"], out["b"]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    b = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P()))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P()), out_specs=(P(), P()))(w, b)


if __name__ == "__main__":
    main()
