import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def loss_fn(params, batch):
    h = jnp.tanh(batch @ params["dense"]["kernel"] + params["dense"]["bias"])
    return jnp.mean(h ** 2)


def grad_step(params, batch):
    grads = jax.grad(loss_fn)(params, batch)
    grads = jax.tree.map(lambda g: jax.lax.psum(g, "i"), grads)
    exported = {}
    for layer, leaves in grads.items():
        for name, g in leaves.items():
            exported[f"{layer}/{name}"] = jax.lax.all_gather(g, "i", to="reduced")  # SF101
    return grads, exported


def run(mesh, x):
    params = {"dense": {"kernel": x, "bias": x[0]}}
    step = jax.shard_map(grad_step, mesh=mesh, in_specs=(P(), P("i")), out_specs=(P(), P(reduced={"i"})))
    return step(params, x)
