import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(x, axis):
    return top_level_all_gather(x, P(None, reduced={axis}))


class Evaluator:
    def __init__(self, mesh, axis="i"):
        self.mesh = mesh
        self.axis = axis

    def evaluate(self, x):
        x = jax.device_put(x, NamedSharding(self.mesh, P(self.axis)))
        return gather_rows(x, self.axis)


class Job:
    def __init__(self, mesh):
        self.mesh = mesh

    def export(self, x):
        return gather_rows(x, "i")

    def run(self, x):
        with jax.set_mesh(self.mesh):
            x = jax.device_put(x, NamedSharding(self.mesh, P("i")))
            return self.export(x)


def run_all(evaluators, x, mesh):
    with jax.set_mesh(mesh):
        return [e.evaluate(x) for e in evaluators]


def main(mesh, x):
    evaluator = Evaluator(mesh)  # handed to other code, which may set the mesh
    return run_all([evaluator], x, mesh), Job(mesh).run(x)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
