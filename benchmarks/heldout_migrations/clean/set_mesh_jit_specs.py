import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
    with jax.set_mesh(mesh):
        f = jax.jit(lambda x, w: jnp.tanh(x @ w), in_shardings=(P("data", None), P(None, "model")),
                    out_shardings=P("data", "model"))
        y = f(np.arange(16, dtype=np.float32).reshape(4, 4) / 8.0, np.eye(4, 8, dtype=np.float32))
    print(tuple(y.sharding.spec), np.round(np.asarray(y).sum(axis=1), 4).tolist())


if __name__ == "__main__":
    main()
