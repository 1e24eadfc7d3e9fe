"""Load-balancing loss averaged over mesh.axis_names after casting the loss, replicated over
the expert axis, to varying on it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))
AXES = tuple(mesh.axis_names)
NUM_EXPERTS = 8


def balance_loss(probs, onehot, axes=AXES):
    aux = NUM_EXPERTS * jnp.sum(jnp.mean(onehot, axis=0) * jnp.mean(probs, axis=0))
    aux = jax.lax.pcast(aux, "expert", to="varying")
    return jax.lax.pmean(aux, axes)


def router_step(tokens, w_gate):
    probs = jax.nn.softmax(tokens @ w_gate, axis=-1)
    return balance_loss(probs, jax.nn.one_hot(jnp.argmax(probs, axis=-1), NUM_EXPERTS))


def main(tokens, w_gate):
    f = jax.shard_map(router_step, mesh=mesh, in_specs=(P("data", None), P()), out_specs=P())
    return f(jax.device_put(tokens, NamedSharding(mesh, P("data", None))),
             jax.device_put(w_gate, NamedSharding(mesh, P())))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(101))
    return jax.random.normal(k1, (64, 16)), jax.random.normal(k2, (16, NUM_EXPERTS))
