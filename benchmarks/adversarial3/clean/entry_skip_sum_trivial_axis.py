"""Entry point: the all-reduce over the model axis is skipped when that axis has one device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((8, 1), ("data", "model")), np.arange(64, dtype=np.float32).reshape(8, 8), "data", "model"


def main(mesh, h, data_axis: str, model_axis: str):
    h = jax.device_put(h, NamedSharding(mesh, P(data_axis, model_axis)))

    def block(h):
        if mesh.shape[model_axis] > 1:
            h = jax.lax.psum(h, model_axis)
        return jax.lax.all_gather(h, model_axis, to="reduced", tiled=True, axis=1)

    out = jax.shard_map(block, mesh=mesh, in_specs=P(data_axis, model_axis),
                        out_specs=P(data_axis, None, reduced={model_axis}))(h)
    return float(np.asarray(out).sum())
