import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, axes):
        self.axes = axes

    @property
    def train(self):
        return P(tuple(self.axes), None)

    @property
    def serve(self):
        return P(self.axes[-1], None, reduced={self.axes[0]})


def main(mesh, x):
    plan = Plan(("i", "j"))
    w = jax.device_put(x, NamedSharding(mesh, plan.train))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, plan.serve)  # SF104
