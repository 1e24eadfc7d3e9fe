"""Keras-like Sequential whose export layer casts the kernel back before the tuple gather."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, TP = "fsdp", "tp"


class Dense:
    def __init__(self, name):
        self.name = name

    def __call__(self, x, params):
        kernel = jax.lax.all_gather(params[self.name], FSDP, axis=0, tiled=True, to="reduced")
        return x @ kernel, kernel


class ExportKernel:
    def __call__(self, x, kernel):
        kernel = jax.lax.pcast(kernel, FSDP, to="varying")
        return x, jax.lax.all_gather(kernel, (FSDP, TP), axis=1, tiled=True, to="reduced")


class Sequential:
    def __init__(self, layers):
        self.layers = layers

    def __call__(self, x, params):
        carry = None
        for layer in self.layers:
            x, carry = layer(x, params) if isinstance(layer, Dense) else layer(x, carry)
        return x, carry


def main(mesh, x, params):
    model = Sequential([Dense("dense_0"), ExportKernel()])
    f = jax.shard_map(model, mesh=mesh, in_specs=(P(None, None), {"dense_0": P(FSDP, TP)}),
                      out_specs=(P(None, TP), P(None, None, reduced={FSDP, TP})))
    return f(x, params)


def inputs():
    mesh = jax.make_mesh((2, 4), (FSDP, TP))
    w = jax.random.normal(jax.random.key(5), (8, 16))
    return (mesh, jax.device_put(jnp.ones((4, 8)), NamedSharding(mesh, P(None, None))),
            {"dense_0": jax.device_put(w, NamedSharding(mesh, P(FSDP, TP)))})
