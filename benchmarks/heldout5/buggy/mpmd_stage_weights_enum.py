"""An MPMD-style pipeline: each stage's weights are gathered over data then over (data, stage)."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    STAGE = "stage"
    DATA = "data"


def stage_forward(x, w):
    w = jax.lax.all_gather(w, MeshAxis.DATA, axis=1, tiled=True, to="reduced")
    h = jnp.tanh(x @ w)
    # the next stage's input is the same on every data shard
    w2 = jax.lax.all_gather(w, (MeshAxis.DATA, MeshAxis.STAGE), axis=0, tiled=True, to="reduced")
    return h @ w2.T


def inputs():
    mesh = jax.make_mesh((4, 2), (MeshAxis.STAGE.value, MeshAxis.DATA.value))
    x = jax.random.normal(jax.random.key(15), (8, 8))
    w = jax.random.normal(jax.random.key(16), (32, 8)) * 0.1
    return (mesh, jax.device_put(x, NamedSharding(mesh, P(MeshAxis.DATA))),
            jax.device_put(w, NamedSharding(mesh, P(MeshAxis.STAGE, MeshAxis.DATA))))


def main(mesh, x, w):
    f = jax.shard_map(stage_forward, mesh=mesh,
                      in_specs=(P(MeshAxis.DATA), P(MeshAxis.STAGE, MeshAxis.DATA)),
                      out_specs=P(MeshAxis.DATA, MeshAxis.STAGE))
    return f(x, w)
