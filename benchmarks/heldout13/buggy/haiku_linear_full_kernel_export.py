"""Haiku-like modules written by hand: a `Linear` whose kernel is column-sharded over `model`
and row-sharded (FSDP) over `data`; `full_kernel` materialises it, `export` collects it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init__(self, name=None):
        self.name = name or type(self).__name__.lower()


class Linear(Module):
    def __init__(self, fsdp_axis="data", tp_axis="model", name=None):
        super().__init__(name)
        self.fsdp_axis, self.tp_axis = fsdp_axis, tp_axis

    def full_kernel(self, w):
        return jax.lax.all_gather(w, self.tp_axis, axis=1, tiled=True, to="reduced")

    def export(self, w):
        cols = self.full_kernel(w)
        return jax.lax.all_gather(cols, (self.fsdp_axis, self.tp_axis), axis=0, tiled=True,
                                  to="reduced")

    def __call__(self, x, w):
        return x @ self.full_kernel(w), self.export(w)


def main(x, w, mesh):
    layer = Linear()
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P("data", "model")))
    fn = jax.shard_map(layer, mesh=mesh, in_specs=(P("data", None), P("data", "model")),
                       out_specs=(P("data", None),
                                  P(None, None, reduced={"data", "model"})))
    return fn(x, w)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.key(16))
    return jax.random.normal(k1, (4, 4)), jax.random.normal(k2, (8, 8)), mesh
