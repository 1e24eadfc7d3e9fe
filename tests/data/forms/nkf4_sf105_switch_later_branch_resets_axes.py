"""lax.switch traces its branches in order whatever the index: `reset`, after the selected
`wide`, sets the config to ("data",) while it is traced, so the psum runs (running only the
selected branch, or none, would leave both axes)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"axes": ("data", "model")}


def wide(v):
    CONFIG["axes"] = ("data", "model")
    return v


def reset(v):
    CONFIG["axes"] = ("data",)
    return v


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    jax.lax.switch(0, (wide, reset), jnp.float32(1.0))
    return reduce(mesh, x, CONFIG["axes"])


if __name__ == "__main__":
    main()
