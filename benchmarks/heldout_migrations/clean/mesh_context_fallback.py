import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

try:
    mesh_context = jax.set_mesh
except AttributeError:
    mesh_context = jax.sharding.use_mesh


def main():
    mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
    with mesh_context(mesh):
        a = jax.device_put(np.arange(16, dtype=np.float32).reshape(8, 2), NamedSharding(mesh, P("x", "y")))
        b = jax.jit(lambda v: jnp.cos(v) * 2)(a)
        print(tuple(b.sharding.spec), np.round(float(b.sum()), 4))


if __name__ == "__main__":
    main()
