import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

REPLICA_AXES = {"data", "model", "replica"}


def body(block):
    rows = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="invarying")
    axes = tuple(sorted(set(mesh.axis_names) & REPLICA_AXES))
    return jax.lax.pmean(rows, axes)


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
