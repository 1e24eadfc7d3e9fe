"""Equinox-style training step: filter_value_and_grad written by hand, grads averaged."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Model:
    w: jax.Array
    b: jax.Array
    act: str = dataclasses.field(default="tanh", metadata=dict(static=True))

    def __call__(self, x):
        return getattr(jnp, self.act)(x @ self.w + self.b)


def filter_value_and_grad(fn):
    def wrapped(model, *args):
        return jax.value_and_grad(fn)(model, *args)
    return wrapped


@filter_value_and_grad
def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    y = np.cos(x)
    w = np.eye(8, dtype=np.float32)
    b = np.zeros((8,), np.float32)
    return x, y, w, b


def main(x, y, w, b):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    model = Model(jax.device_put(w, NamedSharding(mesh, P(None, "tp"))),
                  jax.device_put(b, NamedSharding(mesh, P("tp"))))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("dp", "tp")))
    specs = Model(P(None, "tp"), P("tp"))

    def step(m, xb, yb):
        loss, grads = loss_fn(m, xb, yb)
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, ("dp", "tp")), grads)
        return jax.lax.pmean(loss, ("dp", "tp")), grads

    f = jax.shard_map(step, mesh=mesh, in_specs=(specs, P("dp", None), P("dp", "tp")),
                      out_specs=(P(), specs))
    return f(model, x, y)


if __name__ == "__main__":
    print(main(*inputs()))
