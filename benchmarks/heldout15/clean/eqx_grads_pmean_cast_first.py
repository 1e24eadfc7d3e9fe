"""Equinox-style step: grads of partly replicated params cast to varying before the tuple pmean."""
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

    def __call__(self, x):
        return jnp.tanh(x @ self.w + self.b)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    return x, np.cos(x), np.eye(8, dtype=np.float32), np.zeros((8,), np.float32)


def sync(g, axes=("dp", "tp")):
    missing = tuple(a for a in axes if a not in jax.typeof(g).mat.varying)
    if missing:
        g = jax.lax.pcast(g, missing, to="varying")
    return jax.lax.pmean(g, axes)


def main(x, y, w, b):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    model = Model(jax.device_put(w, NamedSharding(mesh, P(None, "tp"))),
                  jax.device_put(b, NamedSharding(mesh, P("tp"))))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("dp", "tp")))
    specs = Model(P(None, "tp"), P("tp"))

    def step(m, xb, yb):
        loss, grads = jax.value_and_grad(loss_fn)(m, xb, yb)
        return jax.lax.pmean(loss, ("dp", "tp")), jax.tree.map(sync, grads)

    f = jax.shard_map(step, mesh=mesh, in_specs=(specs, P("dp", None), P("dp", "tp")),
                      out_specs=(P(), specs))
    return f(model, x, y)


if __name__ == "__main__":
    print(main(*inputs()))
