"""After a psum over 'i', per-device noise (fold_in of axis_index) makes the value vary on 'i' again."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        total = jax.lax.psum(v, "i")
        key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i"))
        jittered = total + 1e-3 * jax.random.normal(key, total.shape)
        return jax.lax.all_gather(jittered, "i", to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
