import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, table):
        self.table = table

    def spec(self, name):
        dims = [None if part == "-" else tuple(part.split("+")) for part in self.table[name].split(",")]
        return P(*dims)


TRAIN = Layout({"embed": "i+j,-", "head": "i,j"})
EXPORT = Layout({"embed": "i+j,-", "head": "i,j"})


def export(params):
    return {name: top_level_all_gather(value, EXPORT.spec(name)) for name, value in params.items()}


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    raw = {"embed": np.ones((8, 8), np.float32), "head": np.ones((8, 8), np.float32)}
    params = {name: jax.device_put(value, NamedSharding(mesh, TRAIN.spec(name))) for name, value in raw.items()}
    with jax.set_mesh(mesh):
        return export(params)


if __name__ == "__main__":
    main()
