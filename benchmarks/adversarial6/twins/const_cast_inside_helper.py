"""A helper casts the reduced value to varying before scaling it by an np constant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = np.array(2.0, dtype=np.float32)


def scaled(v, axis):
    v = v
    return v * SCALE


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        return scaled(r, "data")
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
