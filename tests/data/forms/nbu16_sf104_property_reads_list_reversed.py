import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ["i", "j"]


class Plan:
    @property
    def train(self):
        return P(tuple(AXES), None)


def main(mesh, x):
    AXES.reverse()
    w = jax.device_put(x, NamedSharding(mesh, Plan().train))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("j", None, reduced={"i"}))  # none
