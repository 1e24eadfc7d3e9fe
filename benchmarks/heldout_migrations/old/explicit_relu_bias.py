import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((8,), ("d",))
    bias = np.array([0.5, -1.0, 2.0], np.float32)
    x = jax.device_put(np.arange(24, dtype=np.float32).reshape(8, 3), NamedSharding(mesh, P("d")))

    def body(x, b):
        y = jnp.maximum(x + b, 0.0)
        axes = jax.typeof(y).vma
        return jax.lax.psum(y, tuple(sorted(axes)))

    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("d"), P()), out_specs=P()))
    print(np.asarray(f(x, bias)).tolist())


if __name__ == "__main__":
    main()
