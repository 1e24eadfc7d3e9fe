"""`for name, value in state.items()` over the dict the caller builds and hands to the method:
each value is placed with `P("i", "j")`, so gathering "i" to `P(None, "j")` without `reduced=`
fails."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Checkpointer:
    def __init__(self, mesh):
        self.mesh = mesh

    def save(self, state):
        saved = {}
        with jax.set_mesh(self.mesh):
            for name, value in state.items():
                saved[name] = top_level_all_gather(value, P(None, "j"))  # SF104
        return saved


def main(mesh, x):
    sharding = NamedSharding(mesh, P("i", "j"))
    state = {"weights": jax.device_put(x, sharding), "momentum": jax.device_put(x * 2.0, sharding)}
    return Checkpointer(mesh).save(state)
