import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(x, axis):
    return top_level_all_gather(x, P(None, reduced={axis}))  # SF104: no context mesh on the way


class Evaluator:
    def __init__(self, mesh, axis="i"):
        self.mesh = mesh
        self.axis = axis

    def predict(self, x):
        with jax.set_mesh(self.mesh):
            return jax.device_put(x, NamedSharding(self.mesh, P(self.axis))) * 2.0

    def evaluate(self, x):
        preds = self.predict(x)
        return gather_rows(preds, self.axis)


def main(mesh, x):
    evaluator = Evaluator(mesh)
    return evaluator.evaluate(x)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
