"""The `items()` view is taken before `cp.set` changes the gather axis: a view reads the section
when it is walked, so the dict made from it holds "i", on which the j-summed block varies."""
import configparser

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[step]
summed = j
gather = %(summed)s
"""


def main():
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    view = cp["step"].items()
    cp.set("step", "gather", "i")
    step = dict(view)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, step["summed"])
        return jax.lax.all_gather(total, step["gather"], axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
