import jax
from jax import lax
from jax.sharding import PartitionSpec as P

LOGICAL_AXIS_RULES = (("embed", "i"), ("mlp", "j"), ("batch", None))


class Partitioner:
    def __init__(self, mesh, rules=LOGICAL_AXIS_RULES):
        self.mesh = mesh
        self.rules = dict(rules)

    def mesh_axes(self, *logical):
        return tuple(self.rules[name] for name in logical)

    def gather_params(self, w):
        embed, mlp = self.mesh_axes("embed", "mlp")
        stage1 = lax.all_gather(w, embed, axis=0, to="reduced", tiled=True)
        return lax.all_gather(stage1, (embed, mlp), axis=1, to="reduced", tiled=True)  # SF102

    def partition(self, fn, out_spec):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=P("i", "j"), out_specs=out_spec))


def run(mesh, x):
    part = Partitioner(mesh)
    return part.partition(part.gather_params, P(reduced={"i", "j"}))(x)
