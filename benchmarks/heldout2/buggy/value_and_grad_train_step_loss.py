import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_train_step(mesh, axes=("data", "model"), lr=0.1):
    data_axis, _ = axes

    def forward(w, x):
        h = x @ w
        return jax.lax.psum(jnp.sum(h * h), axes)

    sharded = jax.shard_map(forward, mesh=mesh, in_specs=(P(), P(data_axis)), out_specs=P())

    @jax.jit
    def step(w, x):
        loss, g = jax.value_and_grad(sharded)(w, x)
        return loss, w - lr * g

    return step


def inputs():
    return np.ones((8, 2), np.float32) / 8, np.ones((8, 8), np.float32)


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    with jax.set_mesh(mesh):
        return make_train_step(mesh)(w, x)
