"""Node classification: nodes sharded over 'data', hidden units over 'model' (tensor parallel)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))
ALL = ("data", "model")


def propagate(adj, h):
    deg = jnp.maximum(adj.sum(-1, keepdims=True), 1.0)
    return (adj @ h) / deg


def node_loss(adj, h, w, labels):
    h = propagate(adj, h)
    logits = jax.lax.psum(h @ w, "model")
    ll = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(ll, labels[:, None], axis=-1).sum()
    return jax.lax.psum(nll, ALL) / labels.shape[0]


def inputs():
    adj = (jnp.arange(16 * 16).reshape(16, 16) % 5 == 0).astype(jnp.float32)
    h = jnp.ones((16, 8))
    w = jnp.ones((8, 3)) * 0.1
    labels = jnp.arange(16, dtype=jnp.int32) % 3
    return (jax.device_put(adj, NamedSharding(mesh, P("data"))),
            jax.device_put(h, NamedSharding(mesh, P(None, "model"))),
            jax.device_put(w, NamedSharding(mesh, P("model"))),
            jax.device_put(labels, NamedSharding(mesh, P("data"))))


def main(adj, h, w, labels):
    f = jax.shard_map(node_loss, mesh=mesh,
                      in_specs=(P("data"), P(None, "model"), P("model"), P("data")),
                      out_specs=P())
    return f(adj, h, w, labels)
