import jax
import jax.numpy as jnp
import numpy as np
import jax.experimental.shard as jshard
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("b",), axis_types=(AxisType.Auto,))


def per_example(x):
    return jnp.sum(x * x, axis=1)


@jax.jit
def loss(x):
    sq = jshard.explicit_axes(per_example, axes="b", in_shardings=P("b", None))(x)
    return jnp.mean(sq)


def main():
    x = np.arange(48, dtype=np.float32).reshape(16, 3) / 10.0
    with jax.sharding.use_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("b", None)))
        print(f"{float(loss(x)):.4f}")


if __name__ == "__main__":
    main()
