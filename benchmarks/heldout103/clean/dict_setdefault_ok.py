import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

PLAN = {"loss_axes": ("data",), "grad_axes": ("data",)}


def body(block):
    stats = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="invarying")
    # grad_axes is not in the plan: setdefault stores and returns the default
    axes = PLAN.setdefault("grad_axes", mesh.axis_names)
    return jax.lax.psum(stats, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P())
    return f(x)


if __name__ == "__main__":
    main()
