import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

try:
    from jax import shard_map
except ImportError:
    from jax.experimental.shard_map import shard_map


def make_mesh(shape, names):
    if jax.__version_info__ >= (0, 5, 0):
        return jax.make_mesh(shape, names, axis_types=(jax.sharding.AxisType.Auto,) * len(names))
    return jax.make_mesh(shape, names)


def main():
    mesh = make_mesh((4, 2), ("data", "model"))
    f = jax.jit(shard_map(lambda x: jax.lax.psum(x.sum(axis=1), "model"), mesh=mesh,
                          in_specs=P("data", "model"), out_specs=P("data")))
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    print(np.asarray(f(x)).tolist())


if __name__ == "__main__":
    main()
