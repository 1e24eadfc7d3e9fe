"""Specs from helpers that take a config object or a kind and look the layout up in a table,
one of them returning the specs of every argument at once."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass(frozen=True)
class Layout:
    data: str = "i"
    model: str = "j"


LAYOUT = Layout()


def spec_for(kind, layout):
    table = {"activations": (layout.data, None), "weights": (None, layout.model)}
    dims = table[kind]
    return P(*dims)


def step_specs(layout, batch_sharded=True):
    batch = layout.data if batch_sharded else None
    return P(batch, None), P(None, layout.model)


def run(mesh, x):
    def step(a, w):
        full_w = jax.lax.all_gather(w, LAYOUT.data, axis=0, tiled=True, to="reduced")  # SF101
        return jnp.tanh(a), full_w

    def norm(a):
        return jax.lax.all_gather(a * a, LAYOUT.model, axis=1, tiled=True, to="reduced")  # SF101

    first = jax.shard_map(step, mesh=mesh, in_specs=step_specs(LAYOUT),
                          out_specs=(P("i", None), P(None, "j", reduced={"i"})))(x, x)
    second = jax.shard_map(norm, mesh=mesh, in_specs=spec_for("activations", LAYOUT),
                           out_specs=P("i", None, reduced={"j"}))(x)
    return first, second
