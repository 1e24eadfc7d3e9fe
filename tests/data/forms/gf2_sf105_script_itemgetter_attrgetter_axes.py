"""itemgetter and a dotted attrgetter pick the axes tuple out of a config."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from collections import namedtuple
from operator import attrgetter, itemgetter

Axes = namedtuple("Axes", ["pair", "rows"])
Config = namedtuple("Config", ["axes", "name"])
CFG = Config(Axes(("i", "j"), ("i",)), "run")
AXES = itemgetter(0, 1)(attrgetter("axes.pair")(CFG))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, AXES)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
