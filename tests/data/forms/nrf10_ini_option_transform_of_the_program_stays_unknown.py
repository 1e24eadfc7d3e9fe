"""`parser.optionxform` set to a function of the program's: which option a name finds is its code
(here it maps `over-axes` and `over_axes` together), so what `get` gives is not read (no finding)."""
import configparser

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    cp = configparser.ConfigParser()
    cp.optionxform = lambda option: option.lower().replace("-", "_")
    cp.read_string("[reduce]\nover-axes = data\n")
    return tuple(s.strip() for s in cp.get("reduce", "over_axes").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
