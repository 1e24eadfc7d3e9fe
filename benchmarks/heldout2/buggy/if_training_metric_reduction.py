import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_step(mesh, training, axes=("data", "model")):
    data_axis, model_axis = axes

    def body(x, w):
        h = jax.lax.psum(x @ w, model_axis)
        if training:
            metric = jnp.sum(h * h)
        else:
            metric = jnp.max(jnp.abs(h))
        metric = jax.lax.psum(metric, axes)
        return metric

    return jax.shard_map(body, mesh=mesh, in_specs=(P(data_axis, model_axis), P(model_axis, None)), out_specs=P())


def inputs():
    return np.ones((4, 8), np.float32), np.ones((8, 2), np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    w = jax.device_put(w, NamedSharding(mesh, P("model", None)))
    return make_step(mesh, training=True)(x, w)
