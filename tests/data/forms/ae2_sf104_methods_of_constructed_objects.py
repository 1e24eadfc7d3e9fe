import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"kernel": P(("i", "j"), None), "bias": P(None)}


class Restorer:
    def __init__(self, mesh, layout):
        self.mesh = mesh
        self.layout = layout

    def restore(self, arrays):
        return {key: jax.device_put(value, NamedSharding(self.mesh, self.layout[key]))
                for key, value in arrays.items()}


class Placer:
    def __init__(self, mesh, spec=P(None, ("j", "i"))):
        self.sharding = NamedSharding(mesh, spec)

    def place(self, value):
        return jax.device_put(value, self.sharding)


class Sharder:
    def __init__(self, mesh, specs):
        self.mesh = mesh
        self.specs = specs

    def shard(self, tree):
        return jax.tree.map(lambda leaf, spec: jax.device_put(leaf, NamedSharding(self.mesh, spec)), tree, self.specs)


def run(mesh, x):
    with jax.set_mesh(mesh):
        state = Restorer(mesh, LAYOUT).restore({"kernel": x, "bias": x[0]})
        k = top_level_all_gather(state["kernel"], P("j", None))  # SF104
        placer = Placer(mesh)
        w = top_level_all_gather(placer.place(x), P(None, "i", reduced={"j"}))  # SF104
        tree = Sharder(mesh, LAYOUT).shard({"kernel": jnp.ones((8, 4)), "bias": jnp.ones(4)})
        b = top_level_all_gather(tree["kernel"], P(None, None))  # SF104
    return k, w, b
