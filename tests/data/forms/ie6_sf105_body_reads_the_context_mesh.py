import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(b):
    axes = jax.sharding.get_abstract_mesh().axis_names  # (the body's mesh: the one set_mesh put in force)
    return jax.lax.psum(jnp.sum(b, keepdims=True), axes)  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), P("data"))
        return jax.shard_map(body, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
