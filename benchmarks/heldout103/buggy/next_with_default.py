import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

def first_axis(names, pred):
    return next((n for n in names if pred(n)), "model")


def body(block):
    r = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
    # the replica axis is the one whose name starts with "rep"; none does
    axis = first_axis(mesh.axis_names, lambda n: n.startswith("rep"))
    return jax.lax.pmin(r, axis)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
