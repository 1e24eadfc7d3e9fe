import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Exporter:
    def __init__(self, mesh, store):
        self.mesh = mesh
        self.store = store

    @property
    def compute_layout(self):
        return NamedSharding(self.mesh, P("i", "j"))

    @property
    def store_layout(self):
        return self.store

    def predict(self, x):
        step = jax.jit(lambda v: jnp.tanh(v), out_shardings=self.compute_layout)
        return step(x)

    def export(self, x):
        with jax.set_mesh(self.mesh):
            forecast = self.predict(x)
            return top_level_all_gather(forecast, self.store_layout)  # none


class Swapped(Exporter):
    pass


def main(mesh, x):
    # the store layout is what each object is given, a valid one here
    good = Exporter(mesh, P("i", None, reduced={"j"})).export(x)
    return good, Swapped(mesh, P(None, "j", reduced={"i"})).export(x)
