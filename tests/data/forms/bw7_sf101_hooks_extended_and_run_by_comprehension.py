import jax
from jax.sharding import PartitionSpec as P


class Evaluator:
    def __init__(self, axis):
        self.axis = axis
        self.metrics = []

    def run(self, x):
        total = jax.lax.psum(x.sum(axis=1), self.axis)
        return [metric(total, self.axis) for metric in self.metrics]


def mean_metric(total, axis):
    return total / 8.0


def spread_metric(total, axis):
    return jax.lax.all_gather(total, axis, to="reduced")  # SF101


def main(mesh, x):
    evaluator = Evaluator("j")
    evaluator.metrics.extend([mean_metric, spread_metric])
    fn = jax.shard_map(evaluator.run, mesh=mesh, in_specs=P("i", "j"),
                       out_specs=[P("i"), P(None, "i", reduced={"j"})])
    return fn(x)
