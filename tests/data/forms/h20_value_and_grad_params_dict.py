import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

def loss_fn(params, batch):
    return jnp.sum((batch @ params["w"] + params["b"]) ** 2)

def train_step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    bias = lax.all_gather(grads["b"], "i", to="reduced", tiled=True)  # SF101
    return bias, lax.pmean(loss, "i")

def run(mesh, params, batch):
    specs = ({"w": P("i"), "b": P()}, P(None, "i"))
    return jax.shard_map(train_step, mesh=mesh, in_specs=specs, out_specs=(P(None, reduced={"i"}), P()))(params, batch)
