"""`dict(map(strip, pair.split("=")) for pair in ...)` takes each `map` as a key-value pair: Python
raises no TypeError, so the fallback "j" is never taken and the gather is over "i", on which the
j-summed block varies."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEP = "sum = j; gather = i"


def gather_axis():
    try:
        kv = dict(map(lambda s: s.strip(), pair.split("=", 1)) for pair in STEP.split(";"))
        return kv["gather"]
    except TypeError:
        return "j"


def main():
    axis = gather_axis()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
