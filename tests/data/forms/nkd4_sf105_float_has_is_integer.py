"""The loss of kd4 is a Python float, which HAS `is_integer`: the layout helper picks ("data",)
for it, and the psum over "data" of a value varying on "data" passes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def layout_axes(v):
    return ("data",) if hasattr(v, "is_integer") else ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = layout_axes(float(jnp.mean(x)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
