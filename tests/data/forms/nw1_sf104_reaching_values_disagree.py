import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Exporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def load(self, host):
        return jax.device_put(host, NamedSharding(self.mesh, P(("i", "j"))))


def replicate(host):
    return jax.device_put(host, P())


def run(mesh, x, turns=2):
    with jax.set_mesh(mesh):
        # the loop always runs: the value before it never reaches the gather
        u = jax.device_put(x, NamedSharding(mesh, P(("j", "i"), None)))
        for _ in range(turns):
            u = jax.reshard(u, P(("i", "j"), None))
        rows = top_level_all_gather(u, P("i", None, reduced={"j"}))  # none
        # one branch leaves the name as it was
        v = jax.reshard(x, P("i"))
        if turns > 1:
            v = jax.reshard(x, P())
        cols = top_level_all_gather(v, P())  # none
        # the tree's item is replaced before the state is built from it
        placed = {"w": jax.device_put(x, NamedSharding(mesh, P("i", None)))}
        placed["w"] = jax.reshard(placed["w"], P())
        mu = jax.tree.map(jnp.zeros_like, placed)
        whole = top_level_all_gather(mu["w"], P(None, None))  # none
        # the method is replaced on the instance
        exporter = Exporter(mesh)
        exporter.load = replicate
        param = top_level_all_gather(exporter.load(x), P(None))  # none
        # two arrays: the result's layout is not one operand's
        both = top_level_all_gather(jax.reshard(x, P()) + jnp.ones((8, 8)), P())  # none
    return rows, cols, whole, param, both


SERVE = {"w": P("i", None, reduced={"j"}), "b": P(None, None)}


def serve(params, mesh):
    placed = {k: jax.device_put(v, NamedSharding(mesh, P(("i", "j"), None))) for k, v in params.items()}
    out = {}
    for name, p in placed.items():
        out[name] = top_level_all_gather(p, SERVE[name])  # none
    return out
