"""`jnp.transpose(x, axes)` with a permutation written out is `lax.transpose(x, axes)`: a value
gathered to reduced stays reduced through it, so the sum over the gathered axis after it
raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8, 2), np.float32), NamedSharding(mesh, P("data", "model")))

    def body(v):
        full = jax.lax.all_gather(v, "model", axis=1, tiled=True, to="reduced")
        moved = jnp.transpose(full, (1, 0, 2))
        return jax.lax.psum(moved, "model")  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "data"))(x)


if __name__ == "__main__":
    main()
