"""lax.switch traces every branch whatever the index: the `wide` branch, never selected, still
records both mesh axes in the config while it is traced, so the psum over them of a value varying
on "data" only raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"axes": ("data",)}


def narrow(v):
    return v


def wide(v):
    CONFIG["axes"] = ("data", "model")
    return v


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    jax.lax.switch(0, [narrow, wide], jnp.float32(1.0))
    return reduce(mesh, x, CONFIG["axes"])


if __name__ == "__main__":
    main()
