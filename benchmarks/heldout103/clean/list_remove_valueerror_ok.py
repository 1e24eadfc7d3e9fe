import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

def data_axes(names, tensor_axis="model"):
    axes = list(names)
    try:
        axes.remove(tensor_axis)
    except ValueError:
        pass  # no tensor axis on this mesh
    return tuple(axes)


def body(block):
    h = jax.lax.psum(block, "model")
    return jax.lax.psum(h, data_axes(mesh.axis_names))


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
