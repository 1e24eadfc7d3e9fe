"""Strategy.broadcast and reduce_boolean_decision as Lightning's strategies spell them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ParallelStrategy:
    def __init__(self, mesh, process_axis):
        self.mesh = mesh
        self.process_axis = process_axis

    def broadcast(self, obj, src=0):
        everyone = jax.lax.all_gather(obj, self.process_axis, to="invarying")
        return everyone[src]

    def reduce_boolean_decision(self, decision, all=True):
        votes = jax.lax.psum(decision.astype(jnp.int32), self.process_axis)
        n = jax.lax.psum(1, self.process_axis)
        return votes == n if all else votes > 0


class SingleDeviceStrategy(ParallelStrategy):
    def __init__(self, mesh, process_axis=None):
        super().__init__(mesh, process_axis)

    def broadcast(self, obj, src=0):
        return obj


STRATEGIES = {"ddp": ParallelStrategy, "single_device": SingleDeviceStrategy}


class EarlyStopCheck:
    def __init__(self, strategy, threshold):
        self.strategy = strategy
        self.threshold = threshold

    def __call__(self, val_loss):
        should_stop = self.strategy.broadcast(val_loss < self.threshold)
        return self.strategy.reduce_boolean_decision(should_stop)


def inputs():
    return (np.array([0.3, 0.2, 0.5, 0.1, 0.9, 0.05, 0.4, 0.2], np.float32),)


def main(val_loss):
    mesh = jax.make_mesh((8,), ("dp",))
    strategy = STRATEGIES["ddp"](mesh, "dp")
    val_loss = jax.device_put(val_loss, NamedSharding(mesh, P("dp")))
    check = EarlyStopCheck(strategy, threshold=0.6)
    return jax.shard_map(check, mesh=mesh, in_specs=P("dp"), out_specs=P())(val_loss)


if __name__ == "__main__":
    main(*inputs())
