import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def gather_stats(value, axis_name):
    return jax.lax.all_gather(value, axis_name, tiled=True, to="reduced")  # SF101


def run(mesh, x, data_axis: str = "i", model_axis: str = "j"):
    def body(v):
        total = jax.lax.psum(jnp.sum(v, axis=0, keepdims=True), data_axis)
        return gather_stats(total, data_axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P(data_axis, model_axis),
                         out_specs=P(None, model_axis, reduced={data_axis}))(x)
