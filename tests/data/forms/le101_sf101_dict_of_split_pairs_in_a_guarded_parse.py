"""`dict(pair.split("=") for pair in ...)` of two-item lists, in a parse guarded by `except
TypeError` that never fires: the gather axis is the psum's "j"."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEP = "sum=j;gather=j"


def gather_axis():
    try:
        kv = dict(pair.split("=", 1) for pair in STEP.split(";"))
        return kv["gather"]
    except TypeError:
        return "i"


def main():
    axis = gather_axis()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
