"""Mesh axes of logical names read from a rule table by a comprehension of two `for` clauses
(`tuple(ax for name in names for ax in RULES[name])`): the second gather runs over ('i', 'j') on a
value already reduced on 'j' by the first."""
import jax
from jax.sharding import PartitionSpec as P

RULES = {"batch": ("i",), "embed": (), "vocab": ("j",)}


def mesh_axes(*names):
    return tuple(ax for name in names for ax in RULES[name])


def body(block):
    full = jax.lax.all_gather(block, mesh_axes("vocab"), tiled=True, axis=1, to="reduced")
    return jax.lax.all_gather(full, mesh_axes("batch", "embed", "vocab"), tiled=True, axis=0, to="reduced")  # SF102


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i", "j"}))(x)
