"""Load-balancing auxiliary loss of a top-1 MoE layer; tokens are data-parallel and the router
is replicated, the loss is averaged over the whole mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))
AXES = tuple(mesh.axis_names)
NUM_EXPERTS = 8


def balance_loss(probs, onehot, axes=AXES):
    frac_tokens = jnp.mean(onehot, axis=0)
    frac_probs = jnp.mean(probs, axis=0)
    aux = NUM_EXPERTS * jnp.sum(frac_tokens * frac_probs)
    return jax.lax.pmean(aux, axes)


def router_step(tokens, w_gate):
    probs = jax.nn.softmax(tokens @ w_gate, axis=-1)
    onehot = jax.nn.one_hot(jnp.argmax(probs, axis=-1), NUM_EXPERTS)
    return balance_loss(probs, onehot)


def main(tokens, w_gate):
    f = jax.shard_map(router_step, mesh=mesh, in_specs=(P("data", None), P()), out_specs=P())
    return f(jax.device_put(tokens, NamedSharding(mesh, P("data", None))),
             jax.device_put(w_gate, NamedSharding(mesh, P())))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(4))
    return jax.random.normal(k1, (64, 16)), jax.random.normal(k2, (16, NUM_EXPERTS))
