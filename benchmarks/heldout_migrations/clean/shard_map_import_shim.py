import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

try:
    from jax import shard_map
except ImportError:
    from jax.experimental.shard_map import shard_map


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("x", "y"))
    f = jax.jit(shard_map(lambda a: jax.lax.psum(a * a, "y"), mesh=mesh,
                          in_specs=P("x", "y"), out_specs=P("x", None)))
    a = jax.device_put(np.arange(16, dtype=np.float32).reshape(2, 8), NamedSharding(mesh, P("x", "y")))
    print(np.asarray(f(a)).tolist())


if __name__ == "__main__":
    main()
