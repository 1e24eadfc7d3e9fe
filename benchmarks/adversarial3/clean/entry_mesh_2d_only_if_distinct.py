"""Entry point: a 2-D mesh only when the model axis differs from the data axis (not in this run)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_mesh(data_axis, model_axis):
    if model_axis != data_axis:
        return jax.make_mesh((2, 4), (data_axis, model_axis))
    return jax.make_mesh((8,), (data_axis,))


def inputs():
    return "data", "data", np.arange(32, dtype=np.float32).reshape(8, 4)


def main(data_axis: str, model_axis: str, w):
    mesh = build_mesh(data_axis, model_axis)
    w = jax.device_put(w, NamedSharding(mesh, P(data_axis)))

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, model_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(data_axis), out_specs=P(None, reduced={model_axis}))(w)
    return float(np.asarray(out).sum())
