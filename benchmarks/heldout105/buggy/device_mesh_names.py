import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.experimental import mesh_utils
from jax.sharding import AxisType

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def build_mesh():
    devices = mesh_utils.create_device_mesh((4, 2))
    return jax.sharding.Mesh(devices, ("data", "model"),
                             axis_types=(AxisType.Explicit, AxisType.Explicit))


def body(b, axes):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, axes, axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    dmesh = build_mesh()
    x = jax.device_put(x, NamedSharding(dmesh, P("data", "model")))
    axes = dmesh.axis_names
    out = jax.shard_map(lambda b: body(b, axes), mesh=dmesh, in_specs=P("data", "model"),
                        out_specs=P(None, None, reduced={"data", "model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
