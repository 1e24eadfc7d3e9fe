import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

try:
    from jax.sharding import reshard
except ImportError:
    from jax.experimental.shard import reshard


def main():
    mesh = jax.make_mesh((8,), ("x",), axis_types=(AxisType.Explicit,))
    ctx = jax.set_mesh if hasattr(jax, "set_mesh") else jax.sharding.use_mesh
    with ctx(mesh):
        a = jax.device_put(np.arange(8, dtype=np.float32), NamedSharding(mesh, P("x")))
        b = jax.jit(lambda v: reshard(v * 3, P()))(a)
    print(tuple(b.sharding.spec), np.asarray(b).tolist())


if __name__ == "__main__":
    main()
