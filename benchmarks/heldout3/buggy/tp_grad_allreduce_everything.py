"""Tensor-parallel MLP: every gradient is all-reduced over the whole mesh, the DDP way."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "data"
MODEL_AXIS = "model"
GRAD_SYNC_AXES = (DATA_AXIS, MODEL_AXIS)


def mlp_loss(params, x):
    h = jax.nn.relu(x @ params["w_in"])
    return jnp.sum(h @ params["w_out"])


def train_step(params, x):
    grads = jax.grad(mlp_loss)(params, x)
    grads = jax.tree.map(lambda g: lax.pmean(g, GRAD_SYNC_AXES), grads)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)


PARAM_SPECS = {"w_in": P(None, MODEL_AXIS), "w_out": P(MODEL_AXIS, None)}


def inputs():
    return ({"w_in": np.ones((4, 8), np.float32) / 8, "w_out": np.ones((8, 2), np.float32) / 8},
            np.arange(32, dtype=np.float32).reshape(8, 4) / 32)


def main(params, x):
    mesh = jax.make_mesh((4, 2), GRAD_SYNC_AXES)
    params = {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, P(DATA_AXIS)))
    f = jax.shard_map(train_step, mesh=mesh, in_specs=(PARAM_SPECS, P(DATA_AXIS)),
                      out_specs=PARAM_SPECS)
    return f(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
