"""A job reads its INI section whole with `dict(cp["step"])`: the DEFAULT section's keys come
along and `%(summed)s` is interpolated from them, so the gather axis is the psum's "j"."""
import configparser

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[DEFAULT]
summed = j

[step]
gather = %(summed)s
"""


def main():
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    step = dict(cp["step"])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, step["summed"])
        return jax.lax.all_gather(total, step["gather"], axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
