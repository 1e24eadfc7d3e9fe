"""Node classification loss over a (data, model) mesh: the model axis cast before the tuple psum."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))


def node_loss(h, w, labels):
    logits = jax.lax.psum(h @ w, "model")
    ll = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(ll, labels[:, None], axis=-1).sum()
    nll = jax.lax.pcast(nll, "model", to="varying")
    return jax.lax.psum(nll, ("data", "model")) / (labels.shape[0] * mesh.shape["model"])


def inputs():
    return (jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("data", "model"))),
            jax.device_put(jnp.ones((8, 3)) * 0.1, NamedSharding(mesh, P("model"))),
            jax.device_put(jnp.arange(16, dtype=jnp.int32) % 3, NamedSharding(mesh, P("data"))))


def main(h, w, labels):
    f = jax.shard_map(node_loss, mesh=mesh, in_specs=(P("data", "model"), P("model"), P("data")),
                      out_specs=P())
    return f(h, w, labels)
