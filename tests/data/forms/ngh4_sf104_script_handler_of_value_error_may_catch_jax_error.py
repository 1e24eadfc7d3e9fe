"""The handler also names ValueError, the class JAX's error is: the program goes on another way."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    spec = P("i", None)

    def __init_subclass__(cls, spec=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.spec = spec


class Grid(Layout, spec=P("i", "j")):
    pass


class ServiceError(Exception):
    def __init__(self, status, detail=""):
        super().__init__(detail)
        self.status = status


def export(table):
    try:
        return top_level_all_gather(table, P(None, None, reduced={"i", "j"}))
    except (ServiceError, ValueError):
        return jax.reshard(table, P(None, None))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    table = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, Grid.spec))
    with jax.set_mesh(mesh):
        return export(table)


if __name__ == "__main__":
    main()
