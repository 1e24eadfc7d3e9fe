import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


# the layout the checkpoint reader expects (column-major export)
TARGET = jax.ShapeDtypeStruct((8, 8), jnp.float32,
                              sharding=NamedSharding(mesh, P("model", "data")))


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        keep, drop = TARGET.sharding.spec
        out = top_level_all_gather(x, P(keep, None, reduced={drop}))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
