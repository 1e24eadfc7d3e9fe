import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def loss_fn(w, x):
    return jnp.sum((x * w) ** 2)


def body(w, x):
    loss, grad = jax.value_and_grad(loss_fn)(w, x)
    loss = jax.lax.psum(loss, "i")
    history = jax.lax.all_gather(loss[None], "i", axis=0, tiled=True, to="reduced")  # SF101
    return history, grad


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")),
                         out_specs=(P("j", reduced={"i"}), P("i", "j")))(x, x)
