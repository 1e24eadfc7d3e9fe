"""The same table, but the comprehension's `if` drops 'j' (`if ax != "j"`): the second gather runs
over 'i' alone, where the value still varies."""
import jax
from jax.sharding import PartitionSpec as P

RULES = {"batch": ("i",), "embed": (), "vocab": ("j",)}


def mesh_axes(*names):
    return tuple(ax for name in names for ax in RULES[name] if ax != "j")


def body(block):
    full = jax.lax.all_gather(block, "j", tiled=True, axis=1, to="reduced")
    return jax.lax.all_gather(full, mesh_axes("batch", "embed", "vocab"), tiled=True, axis=0, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i", "j"}))(x)
