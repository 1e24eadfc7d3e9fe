import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import shard
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def make():
    return jax.make_mesh((2, 4), ("stage", "batch"), axis_types=(AxisType.Explicit, AxisType.Explicit))


@jax.jit
def two_stage(x):
    h = jnp.sin(x) * 3.0
    h = shard.reshard(h, P(None, "batch"))
    return jnp.sum(h, axis=0)


def main():
    mesh = make()
    with jax.sharding.use_mesh(mesh):
        x = jax.device_put(np.arange(64, dtype=np.float32).reshape(8, 8) / 8.0,
                           NamedSharding(mesh, P("stage", "batch")))
        y = two_stage(x)
        print(tuple(y.sharding.spec), np.round(np.asarray(y), 3).tolist())


if __name__ == "__main__":
    main()
