"""A method hands its parameter on and rebinds it to the result (`head = self.prepare(head)`):
the call reads what the caller passed, whatever the name holds after."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class EvalLoop:
    def prepare(self, head):
        return top_level_all_gather(head, P(None, None, reduced={"j"}), multi_dim=True)  # SF104

    def evaluate(self, head, features):
        head = self.prepare(head)
        return features @ head


def main(mesh, x):
    loop = EvalLoop()
    with jax.set_mesh(mesh):
        head = jax.device_put(np.asarray(x), NamedSharding(mesh, P("j", "i")))
        return loop.evaluate(head, np.asarray(x))
