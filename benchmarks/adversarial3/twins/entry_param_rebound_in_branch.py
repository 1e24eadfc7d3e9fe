"""Entry point with axis parameters; fold=True points the gather at the batch axis after the mesh exists."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), True, "data", "model"


def main(w, fold, batch_axis, gather_axis):
    mesh = jax.make_mesh((2, 4), (batch_axis, gather_axis))
    spec = P(batch_axis)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    if not fold:
        gather_axis = batch_axis

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={batch_axis}))(w)
    return float(np.asarray(out).sum())
