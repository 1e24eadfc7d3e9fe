"""Adafactor-like factored second moments for a 2-D weight sharded over ('data', 'model'):
the row statistics are completed across column shards, then collected over the mesh; the
optimiser keeps the axes of each factor in an attribute table."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Adafactor:
    def __init__(self, decay=0.8, eps=1e-30):
        self.decay = decay
        self.eps = eps
        self.factor_axes = {"row": "model", "full": ("data", "model")}

    def collect(self, v, name, dim=0):
        return jax.lax.all_gather(v, self.factor_axes[name], axis=dim, tiled=True, to="reduced")

    def row_factor(self, g):
        v_row = jnp.mean(g * g + self.eps, axis=1)[:, None]
        v_row = self.collect(v_row, "row", dim=1)
        return self.collect(v_row, "full")


def main(g):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    opt = Adafactor()
    f = jax.shard_map(opt.row_factor, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(jax.device_put(g, NamedSharding(mesh, P("data", "model"))))


def inputs():
    return (jax.random.normal(jax.random.key(71), (8, 16)),)
