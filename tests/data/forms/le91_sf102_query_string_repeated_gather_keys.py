"""A sweep request is a query string read with `parse_qs`, which keeps every value of a repeated
key in order: `gather=j&gather=i,j` gathers over "j" first, then over ("i", "j") a block already
reduced on "j"."""
from urllib.parse import parse_qs

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REQUEST = "mesh=2x4&names=i,j&gather=j&gather=i,j"


def main():
    q = parse_qs(REQUEST)
    names = tuple(q["names"][0].split(","))
    mesh = jax.make_mesh(tuple(int(s) for s in q["mesh"][0].split("x")), names)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        for axes in q["gather"]:
            block = jax.lax.all_gather(block, tuple(axes.split(",")), axis=0, tiled=True, to="reduced")  # SF102
        return block

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)


if __name__ == "__main__":
    main()
