import jax
import numpy as np
from jax import tree
from jax._src.shard_map import top_level_all_gather as gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Sweep:
    def __init__(self, mesh):
        self.mesh = mesh

    def run(self, x, lr):
        with jax.set_mesh(self.mesh):
            return (jax.device_put(x, NamedSharding(self.mesh, P("i"))) * lr,)

    def results(self, outs):
        return tree.map(gather, outs, (P(None, reduced={"i"}),))  # SF104: no context mesh on the way


def main(mesh, x):
    sweep = Sweep(mesh)
    return [sweep.results(sweep.run(x, lr)) for lr in (0.1, 0.01)]


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
