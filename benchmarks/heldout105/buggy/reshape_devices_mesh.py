import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


grid = jax.sharding.Mesh(np.array(jax.devices()).reshape(4, 2), ("data", "model"))


def body(b):
    rows = jax.lax.psum(b, "model")
    return jax.lax.psum(rows, grid.axis_names)


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(grid, P("data", "model")))
    out = jax.shard_map(body, mesh=grid, in_specs=P("data", "model"), out_specs=P())(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
