import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def main():
    axes = jax.sharding.get_abstract_mesh().axis_names  # (no mesh in force yet: no axes)
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(b):
        return jax.lax.psum(jnp.sum(b, keepdims=True), axes)

    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), P("data"))
        return jax.shard_map(body, in_specs=P("data"), out_specs=P("data"))(x)


if __name__ == "__main__":
    main()
