"""Population-based training explore step: learning rates perturbed by a random factor."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MEMBER = "member"


class Explorer:
    def __init__(self, perturb_factors=(1.2, 0.8), member_axis=MEMBER):
        self.perturb_factors = perturb_factors
        self.member_axis = member_axis

    def explore(self, lr, explore_mask):
        lrs = jax.lax.all_gather(lr, self.member_axis, tiled=True, to="reduced")
        up = lrs * self.perturb_factors[0]
        down = lrs * self.perturb_factors[1]
        return jnp.where(explore_mask, up, down)


def inputs():
    return np.array([1e-3, 3e-4, 1e-4, 3e-3], np.float32), np.array([True, False, True, False])


def main(lr, explore_mask):
    mesh = jax.make_mesh((4, 2), (MEMBER, "data"))
    lr = jax.device_put(lr, NamedSharding(mesh, P(MEMBER)))
    explore_mask = jax.device_put(explore_mask, NamedSharding(mesh, P()))
    explorer = Explorer()
    step = jax.jit(jax.shard_map(explorer.explore, mesh=mesh, in_specs=(P(MEMBER), P()), out_specs=P()))
    return step(lr, explore_mask)


if __name__ == "__main__":
    main(*inputs())
