"""Keras-like fit metrics: the tensor-parallel logits are summed, metrics averaged over batch."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def dense_tp(name):
    def layer(x, params):
        return jax.lax.psum(x @ params[name], "model")
    return layer


class Sequential(list):
    def __call__(self, x, params):
        for layer in self:
            x = layer(x, params)
        return x


MODEL = Sequential([dense_tp("w1"), lambda x, params: jax.nn.relu(x)])


def main(mesh, x, y, params):
    def body(x, y, params):
        logits = MODEL(x, params)
        metrics = {"loss": jnp.mean((logits - y) ** 2),
                   "accuracy": jnp.mean((jnp.argmax(logits, -1) == jnp.argmax(y, -1)) * 1.0)}
        return {k: jax.lax.pmean(v, "batch") for k, v in metrics.items()}

    f = jax.shard_map(body, mesh=mesh,
                      in_specs=(P("batch", "model"), P("batch", None), {"w1": P("model", None)}),
                      out_specs={"loss": P(), "accuracy": P()})
    return f(x, y, params)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    x = jax.random.normal(jax.random.key(23), (8, 16))
    y = jax.nn.one_hot(jnp.arange(8) % 4, 4)
    w = jax.random.normal(jax.random.key(24), (16, 4))
    return (mesh, jax.device_put(x, NamedSharding(mesh, P("batch", "model"))),
            jax.device_put(y, NamedSharding(mesh, P("batch", None))),
            {"w1": jax.device_put(w, NamedSharding(mesh, P("model", None)))})
