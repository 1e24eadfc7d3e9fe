import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Loader:
    def __init__(self, mesh, axis):
        self.sharding = NamedSharding(mesh, P(axis))

    def __iter__(self):
        yield jax.device_put(np.ones((8, 4), np.float32), self.sharding)

    def rebind(self, mesh):
        self.sharding = NamedSharding(mesh, P(None, "j"))


def mixed(mesh):
    yield jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("j")))
    yield jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i")))


def main(mesh, flag=False):
    out = []
    with jax.set_mesh(mesh):
        loader = Loader(mesh, "i")
        if flag:
            loader.rebind(mesh)  # another store to the field: it is not one value
        for batch in loader:
            out.append(top_level_all_gather(batch, P(None, reduced={"i"})))  # none
        for batch in mixed(mesh):
            out.append(top_level_all_gather(batch, P(None, reduced={"j"})))  # none: the yields disagree
            break
    return out


def rebound(mesh, axis):
    yield jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P(axis)))
    axis = "j"
    yield jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P(axis)))


def rebinding(mesh):
    out = []
    with jax.set_mesh(mesh):
        for batch in rebound(mesh, "i"):
            out.append(top_level_all_gather(batch, P(None, reduced={"i"})))  # none: the second batch is on 'j'
    return out
