"""Specs written through logical-name helpers that take the names as arguments (a rule table
maps each logical name to a mesh axis), as MaxText- and haliax-like code does."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXIS_RULES = {"batch": "i", "embed": "j", "vocab": "j"}


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("batch", 8)
Embed = Axis("embed", 8)


def named_spec(*axes):
    return P(*(AXIS_RULES.get(axis.name) for axis in axes))


def logical_spec(*names):
    rules = dict(AXIS_RULES)
    mesh_names = [rules[name] for name in names]
    return P(*mesh_names)


def run(mesh, x):
    def embed(h):
        rows = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102

    def logits(z):
        return jax.lax.all_gather(z, "j", axis=1, tiled=True, to="reduced")  # SF101

    a = jax.shard_map(embed, mesh=mesh, in_specs=(named_spec(Batch, Embed),),
                      out_specs=P(None, None, reduced={"i", "j"}))(x)
    b = jax.shard_map(logits, mesh=mesh, in_specs=logical_spec("batch"), out_specs=P("i", None, reduced={"j"}))(x)
    return a, b
