import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Exporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def place(self, tree):
        return jax.tree.map(lambda p: jax.device_put(p, NamedSharding(self.mesh, P("i", "j"))), tree)

    def gather(self, w):
        return top_level_all_gather(w, P(None, "j"))  # SF104

    def gather_rows(self, w):
        return top_level_all_gather(w, P(None, "j", reduced={"i"}))  # none

    def export(self, tree):
        placed = self.place(tree)
        return self.gather(placed["w"]), self.gather_rows(placed["b"])


def gather_tree(mesh, tree):
    placed = jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, P(("i", "j")))), tree)
    return top_level_all_gather(placed, P("j"))  # SF104


def main(mesh, x):
    with jax.set_mesh(mesh):
        return Exporter(mesh).export({"w": x, "b": x}), gather_tree(mesh, {"w": x, "b": x})
