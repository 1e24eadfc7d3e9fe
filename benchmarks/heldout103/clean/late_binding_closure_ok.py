import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def make_gatherers(axes):
    gatherers = []
    for ax in axes:
        gatherers.append(lambda v: jax.lax.all_gather(v, ax, axis=1, tiled=True, to="reduced"))
    return gatherers


ROW_GATHER, COL_GATHER = make_gatherers(("model", "data"))


def body(block):
    col_sums = jax.lax.psum(block, "model")
    # intended: gather the column sums across rows
    wide = ROW_GATHER(col_sums)
    return wide


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data"}))
    return f(x)


if __name__ == "__main__":
    main()
