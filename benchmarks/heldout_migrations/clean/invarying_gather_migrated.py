import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def body(block):
    rows = jax.lax.all_gather(block, "cols", axis=1, tiled=True, to="invarying")
    return rows / jnp.sum(rows, axis=1, keepdims=True)


def main():
    mesh = jax.make_mesh((2, 4), ("rows", "cols"), axis_types=(AxisType.Explicit,) * 2)
    x = jax.device_put(np.arange(1, 33, dtype=np.float32).reshape(4, 8), NamedSharding(mesh, P("rows", "cols")))
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("rows", "cols"), out_specs=P("rows", None)))
    print(np.round(np.asarray(f(x))[:, 0], 4).tolist())


if __name__ == "__main__":
    main()
