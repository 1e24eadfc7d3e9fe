"""A spec table (dict subclass) whose __getitem__ follows an alias before reading."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


ALIASES = {"rows": "rows_reduced"}


class Specs(dict):
    def __getitem__(self, name):
        return super().__getitem__(ALIASES.get(name, name))


SPECS = Specs(rows=P(None, None), rows_reduced=P(None, None, reduced={"i"}))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, SPECS["rows"])


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
