"""Tensor-parallel MLP whose gradients are averaged over the data axis only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"w_in": P(None, "model"), "w_out": P("model", None)}


def mlp_loss(params, x):
    return jnp.sum(jax.nn.relu(x @ params["w_in"]) @ params["w_out"])


def train_step(params, x):
    grads = jax.grad(mlp_loss)(params, x)
    grads = jax.tree.map(lambda g: lax.pmean(g, "data"), grads)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)


def inputs():
    return ({"w_in": np.ones((4, 8), np.float32) / 8, "w_out": np.ones((8, 2), np.float32) / 8},
            np.arange(32, dtype=np.float32).reshape(8, 4) / 32)


def main(params, x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    params = {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    f = jax.shard_map(train_step, mesh=mesh, in_specs=(PARAM_SPECS, P("data")), out_specs=PARAM_SPECS)
    return f(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
