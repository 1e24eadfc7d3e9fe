"""The same request read with `dict(parse_qsl(...))`: the pairs come in order and the dict keeps the
last value of a repeated key, so the body gathers once, over ("i", "j"), a block varying on both."""
from urllib.parse import parse_qsl

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REQUEST = "mesh=2x4&names=i,j&gather=j&gather=i,j"


def main():
    q = dict(parse_qsl(REQUEST))
    names = tuple(q["names"].split(","))
    mesh = jax.make_mesh(tuple(int(s) for s in q["mesh"].split("x")), names)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        for axes in [q["gather"]]:
            block = jax.lax.all_gather(block, tuple(axes.split(",")), axis=0, tiled=True, to="reduced")
        return block

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)


if __name__ == "__main__":
    main()
