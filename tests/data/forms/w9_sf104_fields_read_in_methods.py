import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P()}


class Trainer:
    def __init__(self, mesh, params, spec=P(None, ("j", "i"))):
        self.mesh = mesh
        self.params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
        self.table = jax.device_put(params["w"], NamedSharding(mesh, spec))

    def export(self):
        with jax.set_mesh(self.mesh):
            w = top_level_all_gather(self.params["w"], P("j", None, reduced={"i"}))  # SF104
            t = top_level_all_gather(self.table * 2, P(None, "i", reduced={"j"}))  # SF104
            return w, t


def run(mesh, x):
    trainer = Trainer(mesh, {"w": x, "b": x[0]})
    return trainer.export()
