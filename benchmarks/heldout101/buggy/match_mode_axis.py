"""A `match` on the parallel mode chooses the axis the logits are collected over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def collect_axis(mode):
    match mode.split(":"):
        case ["dp", *_]:
            return "data"
        case ["tp", "rows"]:
            return "data"
        case ["tp", _]:
            return "model"
        case _:
            raise ValueError(mode)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None, mode="tp:cols"):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axis = collect_axis(mode)

    def body(block):
        logits = jax.lax.psum(jnp.tanh(block).sum(axis=1), "model")
        return jax.lax.all_gather(logits, axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", reduced={axis}))(x)


if __name__ == "__main__":
    main()
