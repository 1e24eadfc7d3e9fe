"""A parser given an interpolation of the program's own class: its `before_get` is the program's
code (here it keeps the first axis only), so what `get` gives is not read (no finding)."""
import configparser

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class FirstOnly(configparser.BasicInterpolation):
    def before_get(self, parser, section, option, value, defaults):
        return super().before_get(parser, section, option, value, defaults).split(",")[0]


def load_axes():
    cp = configparser.ConfigParser(interpolation=FirstOnly())
    cp.read_string("[DEFAULT]\na = data\n[reduce]\nover = %(a)s, model\n")
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
