import functools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def make_update(mesh, spec):
    out = NamedSharding(mesh, spec)

    def update(w):
        return w * 0.9

    return jax.jit(update, out_shardings=out)


class Exporter:
    train_axes = ("i", "j")

    def __init__(self, mesh):
        self.mesh = mesh

    def load(self, host):
        return jax.device_put(host, NamedSharding(self.mesh, P(self.train_axes)))

    def export(self, param):
        return top_level_all_gather(param, P("j", reduced={"i"}))  # SF104


@functools.partial(jax.jit, static_argnames=("keep", "drop"))
def gather_cols(logits, keep, drop):
    return top_level_all_gather(logits, P(None, keep, reduced={drop}))  # SF104


def run(mesh, x):
    with jax.set_mesh(mesh):
        w = make_update(mesh, P(("i", "j"), None))(x)
        rows = top_level_all_gather(w, P("j", None, reduced={"i"}))  # SF104
        exporter = Exporter(mesh)
        param = exporter.load(x)
        out = exporter.export(param)
        logits = jax.device_put(x, NamedSharding(mesh, P(None, ("j", "i"))))
        cols = gather_cols(logits, keep="i", drop="j")
    return rows, out, cols
