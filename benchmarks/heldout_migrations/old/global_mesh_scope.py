import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P


@contextlib.contextmanager
def activate(mesh):
    previous = jax.sharding.set_mesh(mesh)
    try:
        yield mesh
    finally:
        jax.sharding.set_mesh(previous)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    with activate(mesh):
        x = jax.device_put(np.arange(16, dtype=np.float32).reshape(8, 2), P("data", "model"))
        y = jax.jit(lambda v: jnp.sin(v) * 2 + 1)(x)
        print(tuple(y.sharding.spec), np.round(np.asarray(y).sum(axis=0), 4).tolist())
    print("mesh cleared:", jax.sharding.get_abstract_mesh().empty)


if __name__ == "__main__":
    main()
