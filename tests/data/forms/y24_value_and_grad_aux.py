import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def loss_fn(w, batch):
    pred = batch * w
    loss = jnp.mean(pred ** 2)
    return loss, {"pred_norm": jnp.sum(pred)}


def train_step(w, batch):
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(w, batch)
    grads = jax.lax.psum(grads, "j")
    grads = jax.lax.pmean(grads, ("i", "j"))  # SF105
    return grads


def run(mesh, x):
    return jax.shard_map(train_step, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
