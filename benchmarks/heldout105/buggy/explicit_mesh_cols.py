import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather
from jax.sharding import AxisType

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def build_mesh():
    devices = np.array(jax.devices()).reshape(4, 2)
    return jax.sharding.Mesh(devices, ("data", "model"),
                             axis_types=(AxisType.Explicit, AxisType.Explicit))


def main(x=None):
    if x is None:
        (x,) = inputs()
    emesh = build_mesh()
    with jax.set_mesh(emesh):
        x = jax.device_put(x, P("data", "model"))
        out = top_level_all_gather(x, P(None, "model"))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
