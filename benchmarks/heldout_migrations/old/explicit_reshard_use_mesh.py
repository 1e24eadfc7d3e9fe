import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard import reshard
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def build_mesh():
    return jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)


@jax.jit
def mlp(x, w1, w2):
    h = jnp.maximum(x @ w1, 0.0)
    h = reshard(h, P("x", None))
    return h @ w2


def main():
    mesh = build_mesh()
    with jax.sharding.use_mesh(mesh):
        x = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4) / 8.0,
                           NamedSharding(mesh, P("x", None)))
        w1 = jax.device_put(np.full((4, 6), 0.25, np.float32), NamedSharding(mesh, P(None, "y")))
        w2 = jax.device_put(np.full((6, 2), -0.5, np.float32), NamedSharding(mesh, P()))
        y = mlp(x, w1, w2)
        print("spec", tuple(y.sharding.spec))
        print("y", np.round(np.asarray(y)[:, 0], 4).tolist())


if __name__ == "__main__":
    main()
