"""A dict display with a repeated key keeps the last value (a config edited in place by hand)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {
    "batch_axes": ("dp", "tp"),
    "lr": 3e-4,
    # narrowed after the tensor-parallel loss was moved into the model
    "batch_axes": ("dp",),  # noqa: F601
}


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))

    def loss(batch):
        return jax.lax.psum(jnp.sum(batch) * TRAIN["lr"], TRAIN["batch_axes"])

    return jax.shard_map(loss, mesh=mesh, in_specs=P("dp", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
