import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "data", "tensor"


def inputs():
    return (np.sin(np.arange(64, dtype=np.float32)).reshape(8, 8),)


def main(h):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    h = jax.device_put(h, NamedSharding(mesh, P(DP, TP)))

    def body(h):
        col_max = jnp.max(h, axis=0, keepdims=True)
        col_max = jax.lax.pmax(col_max, DP)
        return jax.lax.all_gather(col_max, DP, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P(DP, TP), out_specs=P(None, TP))(h)


if __name__ == "__main__":
    print(main(*inputs()))
