"""The section sets `summed` itself: `%(summed)s` interpolates the section's own "i", not the
DEFAULT's "j", so the gather is over "i", on which the j-summed block still varies."""
import configparser

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[DEFAULT]
summed = j

[step]
summed = i
gather = %(summed)s
"""


def main():
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    step = dict(cp["step"])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, step["gather"], axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
