import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def export_spec(arr):
    rows, cols = arr.sharding.spec
    return P(rows, None, reduced={cols})


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        out = top_level_all_gather(x, export_spec(x))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
