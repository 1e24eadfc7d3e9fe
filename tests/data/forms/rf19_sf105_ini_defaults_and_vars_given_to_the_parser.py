"""`ConfigParser(defaults={...})` and `get(..., vars={...})`: the defaults and the vars mapping take
part in `%(x)s` interpolation as CPython reads them; `optionxform = str` keeps option names as
written."""
import configparser

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    cp = configparser.ConfigParser(defaults={"rows": "data"})
    cp.optionxform = str
    cp.read_string("[reduce]\nOver = %(rows)s, %(cols)s\n")
    return tuple(s.strip() for s in cp.get("reduce", "Over", vars={"cols": "model"}).split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
