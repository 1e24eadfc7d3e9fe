import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, data):
        self.data = data

    def rows(self):
        return P(self.data)

    def cols(self):
        return P(None, "j")


class Plan:
    def spec(self):
        return P("i")


def swap(plan):
    plan.spec = lambda: P(None)


def spec_for(axis):
    if axis == "i":
        return P("i", "j")
    return P(None, "i")


def main(mesh, x, flag=False):
    layout = Layout("i") if flag else Layout("j")
    plan = Plan()
    swap(plan)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout.rows()))  # the field differs by branch
        b = top_level_all_gather(a, P(None, reduced={"j"}))  # none
        c = jax.device_put(x, NamedSharding(mesh, plan.spec()))  # the method is replaced
        d = top_level_all_gather(c, P(None))  # none
        e = jax.device_put(x, NamedSharding(mesh, spec_for("j")))  # two returns
        f = top_level_all_gather(e, P(None, None, reduced={"i"}))  # none
    return b, d, f
