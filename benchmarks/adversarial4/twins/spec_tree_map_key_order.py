"""Params and export specs are dicts written in different key orders; tree.map pairs them by key."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAM_SPECS = {"w": P("d", "m"), "b": P("m"), "scale": P("d")}
EXPORT_SPECS = {"scale": P("d"), "b": P(None, reduced={"m"}), "w": P("m", reduced={"d"})}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),
            np.arange(8, dtype=np.float32),
            np.ones(8, dtype=np.float32))


def main(w, b, scale):
    mesh = jax.make_mesh((2, 4), ("d", "m"))
    params = {"w": w, "b": b, "scale": scale}
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, PARAM_SPECS)
    with jax.set_mesh(mesh):
        return jax.tree.map(top_level_all_gather, placed, EXPORT_SPECS)


if __name__ == "__main__":
    print(main(*inputs()))
