"""jnp.piecewise traces its default function (the one past the conditions) first, then the others
in order: `wide` runs before `reset`, which leaves ("data",) in the config, so the psum runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"axes": ("data", "model")}


def reset(v):
    CONFIG["axes"] = ("data",)
    return v


def wide(v):
    CONFIG["axes"] = ("data", "model")
    return v


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    grid = jnp.arange(4.0)
    jnp.piecewise(grid, [grid < 2.0], [reset, wide])
    return reduce(mesh, x, CONFIG["axes"])


if __name__ == "__main__":
    main()
