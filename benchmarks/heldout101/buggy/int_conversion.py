"""Parallel sizes arrive as strings (env style) and are converted with int() to pick the loss axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENV = {"DP_SIZE": "4", "TP_SIZE": "2"}


def loss_axes(env):
    axes = []
    if int(env.get("DP_SIZE", "1")) > 1:
        axes.append("data")
    if int(env.get("TP_SIZE", "1")) > 1:
        axes.append("model")
    return tuple(axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((int(ENV["DP_SIZE"]), int(ENV["TP_SIZE"])), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axes = loss_axes(ENV)

    def body(block):
        logits = jax.lax.psum(block @ jnp.ones((4, 3), block.dtype), "model")
        return jax.lax.psum(jnp.sum(logits ** 2), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)


if __name__ == "__main__":
    main()
