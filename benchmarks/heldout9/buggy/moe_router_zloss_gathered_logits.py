"""Router z-loss (ST-MoE) on gate logits computed with an expert-sharded gate kernel: the logits
of all experts are gathered, then the losses of a table are applied."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LOSSES = {
    "z": lambda z: jnp.square(jax.nn.logsumexp(z, axis=-1)),
    "entropy": lambda z: -jnp.sum(jax.nn.softmax(z) * jax.nn.log_softmax(z), axis=-1),
}


def gate_logits(tokens, w_gate):
    local = tokens @ w_gate
    return jax.lax.all_gather(local, "expert", axis=1, tiled=True, to="reduced")


def main(tokens, w_gate):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))

    def body(t, w):
        full = gate_logits(t, w)
        return LOSSES["z"](full)

    f = jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P(None, "expert")),
                      out_specs=P("data"))
    return f(jax.device_put(tokens, NamedSharding(mesh, P("data", None))),
             jax.device_put(w_gate, NamedSharding(mesh, P(None, "expert"))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(5))
    return jax.random.normal(k1, (32, 16)), jax.random.normal(k2, (16, 8))
