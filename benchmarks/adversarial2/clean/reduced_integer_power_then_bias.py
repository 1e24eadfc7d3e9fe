"""r ** 2 (integer power) drops the reduced type on jax 0.10.2, so adding a bias is accepted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        full = jax.lax.all_gather(v, "i", to="reduced", tiled=True)
        energy = full ** 2
        return energy + 1.0

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
