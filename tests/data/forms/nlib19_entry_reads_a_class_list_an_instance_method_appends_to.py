"""A library module whose layer class keeps its axes in a class-level list that a method appends to
through `self`: an importer's `Gather().use("model")` changes the list every instance shares, and
the entry (which makes its own `Gather()`) runs clean; straight after the import it raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Gather:
    axes = ["data"]

    def use(self, name):
        self.axes.append(name)

    def axis(self):
        return self.axes[-1]


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, Gather().axis(), axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={Gather().axis()}))(x)
