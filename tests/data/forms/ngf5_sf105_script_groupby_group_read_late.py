"""groupby groups only neighbours: the first group holds 'i' alone, not every 'model' axis."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from itertools import chain, cycle, groupby, islice
from operator import itemgetter

PAIRS = [("i", "model"), ("j", "data"), ("j", "model")]
GROUPS = []
for _, group in groupby(PAIRS, key=itemgetter(1)):
    GROUPS.append(tuple(item[0] for item in group))
AXES = tuple(chain(*islice(cycle(GROUPS), 0, 1)))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
