import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def setup():
    mesh = jax.make_mesh((2, 4), ("rows", "k"))
    a = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 8) / 10.0, NamedSharding(mesh, P("rows", "k")))
    b = jax.device_put(np.ones((8, 3), np.float32), NamedSharding(mesh, P("k", None)))
    return a, b


@jax.jit
def project(a, b):
    return jnp.tanh(a @ b)


def main():
    a, b = setup()
    out = project(a, b)
    print(out.shape, np.round(np.asarray(out)[:, 0], 4).tolist())


if __name__ == "__main__":
    main()
