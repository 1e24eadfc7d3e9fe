"""The Rank key object orders higher costs first: min() picks the costliest plan,
over 'i' (a model that compared the costs themselves would pick both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rank:
    def __init__(self, cost):
        self.cost = cost

    def __lt__(self, other):
        return self.cost > other.cost


class Plan:
    def __init__(self, axes, cost):
        self.axes = axes
        self.cost = cost


def main():
    plans = [Plan("i", 3), Plan(("i", "j"), 1), Plan("j", 2)]
    return reduce_over(min(plans, key=lambda plan: Rank(plan.cost)).axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
