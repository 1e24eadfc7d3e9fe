"""Loss-spike detector hook: compares every replica's loss with a running mean."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Hook:
    def after_loss(self, losses, running_mean):
        return {}


class LossSpikeDetector(Hook):
    def __init__(self, axis, factor=3.0):
        self.axis = axis
        self.factor = factor

    def after_loss(self, losses, running_mean):
        everyone = jax.lax.all_gather(losses, self.axis, tiled=True, to="reduced")
        return {"spikes": everyone > self.factor * running_mean}


class HookRunner:
    def __init__(self, hooks):
        self.hooks = hooks

    def __call__(self, losses, running_mean):
        out = {}
        for hook in self.hooks:
            out.update(hook.after_loss(losses, running_mean))
        return out


def inputs():
    losses = np.array([1.0, 1.1, 0.9, 5.0, 1.0, 1.2, 0.8, 1.05], np.float32)
    return losses, np.array(1.0, np.float32)


def main(losses, running_mean):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    losses = jax.device_put(losses, NamedSharding(mesh, P("data")))
    running_mean = jax.device_put(running_mean, NamedSharding(mesh, P()))
    runner = HookRunner([LossSpikeDetector("data")])
    return jax.shard_map(runner, mesh=mesh, in_specs=(P("data"), P()),
                         out_specs={"spikes": P(reduced={"data"})})(losses, running_mean)


if __name__ == "__main__":
    main(*inputs())
