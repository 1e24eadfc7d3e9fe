"""Sparsity training step: a metrics dict averaged over the mesh with jax.tree.map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    w = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    return x, w


def train_metrics(x, w, mask):
    y = x @ (w * mask)
    return {
        "loss": jnp.mean(y ** 2),
        "density": jnp.mean(mask),
        "weight_norm": jnp.sqrt(jnp.sum(w * w)),
    }


def main(x, w):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))

    def step(xb, wb):
        mask = (jnp.abs(wb) > 0.3).astype(wb.dtype)
        metrics = train_metrics(xb, wb, mask)
        return jax.tree.map(lambda m: jax.lax.pmean(m, AXES), metrics)

    f = jax.shard_map(step, mesh=mesh, in_specs=(P("data", None), P(None, "model")),
                      out_specs={"loss": P(), "density": P(), "weight_norm": P()})
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
