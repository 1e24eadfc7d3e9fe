"""Keras-like `fit` step: a Sequential of callables, metrics averaged in a dict comprehension."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("batch", "model")


def dense_tp(name):
    def layer(x, params):
        y = x @ params[name]
        return jax.lax.psum(y, "model")
    return layer


def relu(x, params):
    return jax.nn.relu(x)


class Sequential(list):
    def __call__(self, x, params):
        for layer in self:
            x = layer(x, params)
        return x


MODEL = Sequential([dense_tp("w1"), relu])


def train_metrics(x, y, params):
    logits = MODEL(x, params)
    loss = jnp.mean((logits - y) ** 2)
    acc = jnp.mean((jnp.argmax(logits, -1) == jnp.argmax(y, -1)).astype(jnp.float32))
    return {"loss": loss, "accuracy": acc}


def main(mesh, x, y, params):
    def body(x, y, params):
        metrics = train_metrics(x, y, params)
        return {k: jax.lax.pmean(v, MESH_AXES) for k, v in metrics.items()}

    f = jax.shard_map(body, mesh=mesh,
                      in_specs=(P("batch", "model"), P("batch", None), {"w1": P("model", None)}),
                      out_specs={"loss": P(), "accuracy": P()})
    return f(x, y, params)


def inputs():
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    x = jax.random.normal(jax.random.key(23), (8, 16))
    y = jax.nn.one_hot(jnp.arange(8) % 4, 4)
    w = jax.random.normal(jax.random.key(24), (16, 4))
    return (mesh, jax.device_put(x, NamedSharding(mesh, P("batch", "model"))),
            jax.device_put(y, NamedSharding(mesh, P("batch", None))),
            {"w1": jax.device_put(w, NamedSharding(mesh, P("model", None)))})
