"""Module-level export layout changed through a `global` statement by a configure function."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_SPEC = P(None, "model", reduced={"data"})


def configure(layout):
    global EXPORT_SPEC
    if layout == "column_major":
        EXPORT_SPEC = P("model", None, reduced={"data"})


def export(w):
    return top_level_all_gather(w, EXPORT_SPEC)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None, layout="column_major"):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    configure(layout)
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        return export(w)


if __name__ == "__main__":
    main()
