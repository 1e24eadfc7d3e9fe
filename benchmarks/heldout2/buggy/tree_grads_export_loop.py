import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP = "data"


def init_params():
    return {
        "dense1": {"kernel": np.ones((4, 8), np.float32), "bias": np.zeros((8,), np.float32)},
        "dense2": {"kernel": np.ones((8, 2), np.float32), "bias": np.zeros((2,), np.float32)},
    }


def loss_fn(params, batch):
    h = jnp.tanh(batch @ params["dense1"]["kernel"] + params["dense1"]["bias"])
    out = h @ params["dense2"]["kernel"] + params["dense2"]["bias"]
    return jnp.mean(out**2)


def grad_step(params, batch):
    grads = jax.grad(loss_fn)(params, batch)
    grads = jax.tree.map(lambda g: jax.lax.psum(g, DP), grads)
    exported = {}
    for layer, leaves in grads.items():
        for name, g in leaves.items():
            exported[f"{layer}/{name}"] = jax.lax.all_gather(g, DP, to="reduced")
    return grads, exported


def inputs():
    return init_params(), np.arange(8 * 4, dtype=np.float32).reshape(8, 4) / 32


def main(params, batch):
    mesh = jax.make_mesh((8,), (DP,))
    params = jax.device_put(params, NamedSharding(mesh, P()))
    batch = jax.device_put(batch, NamedSharding(mesh, P(DP)))
    step = jax.shard_map(grad_step, mesh=mesh, in_specs=(P(), P(DP)), out_specs=(P(), P(reduced={DP})))
    return step(params, batch)
