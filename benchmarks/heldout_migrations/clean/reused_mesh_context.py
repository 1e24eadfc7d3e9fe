import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("b",), axis_types=(AxisType.Explicit,))
mesh_ctx = jax.set_mesh(mesh)


def main():
    with mesh_ctx:
        x = jax.device_put(np.arange(16, dtype=np.float32).reshape(8, 2), NamedSharding(mesh, P("b")))
        y = jax.reshard(x * 2, P())
        print(tuple(y.sharding.spec), np.asarray(y).sum(axis=0).tolist())


if __name__ == "__main__":
    main()
