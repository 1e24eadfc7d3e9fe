import enum
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SPECS = {"w": P(("i", "j"), None), "b": P("i")}
RULES = {"batch": "i", "embed": "j"}


class Specs:
    W = P(("i", "j"), None)
    TABLE = {"w": P(("j", "i"))}


class Axis(str, enum.Enum):
    DATA = "i"
    MODEL = "j"


class Plain(enum.Enum):
    DATA = "i"
    MODEL = "j"


class Trainer:
    SPEC = P(("i", "j"))

    def __init__(self, mesh):
        self.mesh = mesh

    def gather(self, x):
        x = jax.device_put(x, NamedSharding(self.mesh, self.SPEC))
        return top_level_all_gather(x, NamedSharding(self.mesh, P("j")))  # SF104


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, Specs.W))
        b = top_level_all_gather(a, NamedSharding(mesh, P("j", None)))  # SF104
        c = jax.device_put(x, NamedSharding(mesh, SPECS["w"]))
        d = top_level_all_gather(c, NamedSharding(mesh, P("i", None)))  # SF104
        e = jax.device_put(x, NamedSharding(mesh, P(RULES["batch"], RULES["embed"])))
        f = top_level_all_gather(e, NamedSharding(mesh, P(None, RULES["embed"])))  # SF104
        g = jax.device_put(x, NamedSharding(mesh, P(Axis.DATA, Axis.MODEL)))
        h = top_level_all_gather(g, NamedSharding(mesh, P(None, Axis.MODEL)))  # SF104
        k = jax.device_put(x, NamedSharding(mesh, P(Plain.DATA.value, Plain.MODEL.value)))
        m = top_level_all_gather(k, NamedSharding(mesh, P(None, "j")))  # SF104
        n = jax.device_put(x, NamedSharding(mesh, Specs.TABLE["w"]))
        o = top_level_all_gather(n, P("i"))  # SF104
        q = top_level_all_gather(c, NamedSharding(mesh, P("i", None, reduced={"j"})))  # none
        r = Trainer(mesh).gather(x)
    return b, d, f, h, m, o, q, r
