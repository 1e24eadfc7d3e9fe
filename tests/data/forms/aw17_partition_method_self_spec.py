"""The partitioner's own method maps a body with `in_specs=self.logical_spec(*in_logical)`, the
logical names passed by its one caller; the spec comes from the rules table the object holds."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Partitioner:
    def __init__(self, mesh, rules):
        self.mesh = mesh
        self.rules = dict(rules)

    def mesh_axes(self, *logical):
        return tuple(self.rules[name] for name in logical)

    def logical_spec(self, *logical):
        return P(*self.mesh_axes(*logical))

    def partition(self, fn, in_logical):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=self.logical_spec(*in_logical),
                             out_specs=P(None, None, reduced={"j"}))


def scaled(h):
    cols = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
    return cols * 0.5  # SF106


def run(mesh, x):
    part = Partitioner(mesh, (("embed", None), ("vocab", "j")))
    return part.partition(scaled, ("embed", "vocab"))(jnp.asarray(x))
