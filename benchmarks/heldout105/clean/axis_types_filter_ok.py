import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.sharding import AxisType

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


amesh = jax.make_mesh((4, 2), ("data", "model"),
                      axis_types=(AxisType.Explicit, AxisType.Auto))


def body(b, axes):
    col = jax.lax.psum(b, "model")
    return jax.lax.psum(col, axes)


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(amesh, P("data", "model")))
    axes = tuple(n for n, t in zip(amesh.axis_names, amesh.axis_types) if t == AxisType.Explicit)
    out = jax.shard_map(lambda b: body(b, axes), mesh=amesh, in_specs=P("data", "model"),
                        out_specs=P())(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
