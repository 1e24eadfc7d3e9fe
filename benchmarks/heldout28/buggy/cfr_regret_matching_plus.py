"""CFR+ regret matching: clip the accumulated regrets, then normalise to a strategy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RegretMatchingPlus:
    def __init__(self, mesh, traj_axis="traj", action_axis="infoset"):
        self.mesh = mesh
        self.traj_axis = traj_axis
        self.action_axis = action_axis

    def accumulate(self, instant):
        return jax.lax.all_gather(instant, self.traj_axis, tiled=True, to="reduced")

    def strategy(self, instant):
        cumulative = self.accumulate(instant)
        positive = jnp.maximum(cumulative, 0.0)
        total = jnp.sum(positive, axis=0, keepdims=True)
        return positive.max(axis=0, keepdims=True), total

    def __call__(self, instant):
        fn = jax.shard_map(
            self.strategy, mesh=self.mesh,
            in_specs=P(self.traj_axis, self.action_axis),
            out_specs=(P(None, self.action_axis), P(None, self.action_axis)),
        )
        return fn(instant)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(8, 8)).astype(np.float32),)


def main(instant):
    mesh = jax.make_mesh((2, 4), ("traj", "infoset"))
    instant = jax.device_put(instant, NamedSharding(mesh, P("traj", "infoset")))
    return RegretMatchingPlus(mesh)(instant)


if __name__ == "__main__":
    print(main(*inputs()))
