"""Entry point: a nested callback rebinds the gather axis (nonlocal) once the mesh is built."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), "data", "model"


def main(w, batch_axis, gather_axis):
    mesh = jax.make_mesh((2, 4), (batch_axis, gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(batch_axis)))

    def fold():
        nonlocal gather_axis
        gather_axis = batch_axis

    callbacks = [fold]
    for cb in callbacks:
        cb()

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={batch_axis}))(w)
    return float(np.asarray(out).sum())
