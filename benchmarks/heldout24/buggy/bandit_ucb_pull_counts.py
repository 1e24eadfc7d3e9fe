"""LinUCB-style ad allocation: pull counts per arm, shared across user shards."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BanditAxes(NamedTuple):
    arms: str = "arms"
    users: str = "users"


AXES = BanditAxes()


class BanditState(NamedTuple):
    pulls: jax.Array
    rewards: jax.Array


STATE_SPECS = BanditState(pulls=P(AXES.users, AXES.arms), rewards=P(AXES.users, AXES.arms))


def exploration_counts(state: BanditState):
    n = jax.lax.psum(state.pulls.sum(axis=0), AXES.users)
    return jax.lax.all_gather(n, AXES.users, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    pulls = rng.integers(0, 5, (16, 8)).astype(np.float32)
    return pulls, pulls * rng.uniform(0, 1, (16, 8)).astype(np.float32)


def main(pulls, rewards):
    mesh = jax.make_mesh((4, 2), (AXES.arms, AXES.users))
    state = BanditState(pulls, rewards)
    state = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), state, STATE_SPECS)
    fn = jax.shard_map(exploration_counts, mesh=mesh, in_specs=(STATE_SPECS,),
                       out_specs=P(None, AXES.arms, reduced={AXES.users}))
    return fn(state)


if __name__ == "__main__":
    print(main(*inputs()))
