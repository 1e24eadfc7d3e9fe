import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Reporter:
    AXIS = "i"

    @staticmethod
    def host_rows(x):
        return top_level_all_gather(x, P(None, reduced={Reporter.AXIS}))  # SF104: no context mesh on the way

    @classmethod
    def run(cls, mesh, x):
        with jax.set_mesh(mesh):
            x = jax.device_put(x, NamedSharding(mesh, P(cls.AXIS)))
        return cls.host_rows(x)


if __name__ == "__main__":
    Reporter.run(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
