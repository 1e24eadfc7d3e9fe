import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((8,), ("batch",))
    x = jax.device_put(np.arange(32, dtype=np.float32).reshape(16, 2) / 16.0, NamedSharding(mesh, P("batch")))
    margin = np.float32(0.25)

    def hinge(x):
        m = jax.lax.pvary(margin, "batch")
        per = jnp.maximum(0.0, m - x[:, 0] + x[:, 1] * 0.5)
        return jax.lax.psum(jnp.sum(per), "batch")

    f = jax.jit(jax.shard_map(hinge, mesh=mesh, in_specs=P("batch"), out_specs=P()))
    print(f"{float(f(x)):.4f}")


if __name__ == "__main__":
    main()
