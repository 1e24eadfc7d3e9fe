import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Plan:
    serve = P("j", None)


class Other:
    serve = P(("i", "j"), None)


def gather_rows(w):
    return top_level_all_gather(w, P(None, "j"))


def gather_some(w):
    return top_level_all_gather(w, P(None, "j"))  # SF104 (from the second call only)


def to_serving(x, plan=Plan):
    x = jax.reshard(x, P(("i", "j"), None))
    return top_level_all_gather(x, plan.serve)


def gather_each(params, specs, mesh):
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, specs)
    return jax.tree.map(lambda p: top_level_all_gather(p, P(None, reduced={"i"})), placed)


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
        rows = jax.tree.map(gather_rows, {"w": placed})
        some = gather_some(jax.device_put(x, NamedSharding(mesh, P(None, "j"))))
        some2 = gather_some(placed)
        served = to_serving(x, Other)
        served2 = to_serving(x, Other)
        each = gather_each({"w": x}, {"w": P("i")}, mesh)
    return rows, some, some2, served, served2, each


class Swapper:
    def place(self, tree, mesh):
        return jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, P("i", "j"))), tree)

    def gather(self, w):
        return top_level_all_gather(w, P(None, "j"))

    def run(self, tree, mesh):
        placed = self.place(tree, mesh)
        placed["w"] = jax.device_put(tree["w"], NamedSharding(mesh, P(None, "j")))
        return self.gather(placed["w"])


class Base:
    def gather(self, w):
        return top_level_all_gather(w, P(None, "j"))


class Derived(Base):
    def run(self, x, mesh):
        return self.gather(jax.device_put(x, NamedSharding(mesh, P(None, "j"))))


def methods(mesh, x):
    with jax.set_mesh(mesh):
        return Swapper().run({"w": x}, mesh), Derived().run(x, mesh)
