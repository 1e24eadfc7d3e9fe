import jax
from jax.sharding import PartitionSpec as P


class FedAvg:
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
        return jax.lax.all_gather(value, axis, to="reduced")
    return hook


def to_varying(value):
    return jax.lax.pcast(value, "j", to="varying")


def main(mesh, x):
    strategy = FedAvg(("i", "j"))
    strategy.on_aggregate.append(broadcast("j"))
    strategy.on_aggregate.insert(0, to_varying)  # runs first: the gather sees a varying value
    fn = jax.shard_map(strategy.aggregate, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))
    return fn(x)
