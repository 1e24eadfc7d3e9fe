"""Per-cohort privacy spent so far; the server tracks the worst case against the budget."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BudgetTracker:
    def __init__(self, budget, axis="cohort"):
        self.budget = budget
        self.axis = axis

    def spent(self, eps_per_round):
        cumulative = jnp.cumsum(eps_per_round, axis=-1)
        return jax.lax.all_gather(cumulative, self.axis, axis=0, tiled=True, to="reduced")

    def worst_case(self, spent):
        return jnp.max(spent, axis=0)

    def track(self, eps_per_round):
        return self.worst_case(self.spent(eps_per_round))


def inputs():
    return (np.full((4, 8), 0.05, dtype=np.float32),)


def main(eps_per_round):
    tracker = BudgetTracker(budget=8.0)
    mesh = jax.make_mesh((2, 4), (tracker.axis, "param"))
    eps_per_round = jax.device_put(eps_per_round, NamedSharding(mesh, P(tracker.axis)))
    fn = jax.shard_map(tracker.track, mesh=mesh, in_specs=P(tracker.axis), out_specs=P())
    return fn(eps_per_round)


if __name__ == "__main__":
    main(*inputs())
