import jax
from jax.sharding import PartitionSpec as P


class Strategy:
    def aggregate(self, update):
        raise NotImplementedError


class FedAvg(Strategy):
    def __init__(self, axes):
        self.axes = axes
        self.on_aggregate = []

    def aggregate(self, update):
        total = jax.lax.psum(update.sum(axis=1), self.axes)
        for hook in self.on_aggregate:
            total = hook(total)
        return total


def broadcast(axis):
    def hook(value):
        return jax.lax.all_gather(value, axis, to="reduced")  # SF101
    return hook


def main(mesh, x):
    strategy = FedAvg(("i", "j"))
    strategy.on_aggregate.append(broadcast("j"))
    fn = jax.shard_map(strategy.aggregate, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))
    return fn(x)
