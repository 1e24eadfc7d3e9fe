import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rows, cols = mesh.devices.shape
    axes = ("data", "model") if cols > 1 else ("data",)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))

    def body(b):
        return jax.lax.psum(jnp.sum(b), axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
