"""The eval layout is missing from the table: the KeyError fallback names the axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES_BY_MODE = {"train": ("data", "model")}


def axes_for(mode):
    try:
        return AXES_BY_MODE[mode]
    except KeyError:
        return ("data",)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    axes = axes_for("eval")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: jax.lax.psum(jnp.max(v, axis=1), axes), mesh=mesh,
                         in_specs=P("data", None), out_specs=P(None))(x)


if __name__ == "__main__":
    print(main(*inputs()))
