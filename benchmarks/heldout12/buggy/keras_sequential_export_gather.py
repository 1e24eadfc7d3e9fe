"""A Keras-like functional API written by hand: layers are callables held in a `Sequential`."""
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
    """Keeps a full copy of the last kernel for the host-side checkpoint."""

    def __call__(self, x, kernel):
        return x, jax.lax.all_gather(kernel, (FSDP, TP), axis=1, tiled=True, to="reduced")


class Sequential:
    def __init__(self, layers):
        self.layers = layers

    def __call__(self, x, params):
        carry = None
        for layer in self.layers:
            x, carry = layer(x, params) if isinstance(layer, Dense) else layer(x, carry)
        return x, carry


MODEL = Sequential([Dense("dense_0"), ExportKernel()])


def main(mesh, x, params):
    f = jax.shard_map(MODEL, mesh=mesh,
                      in_specs=(P(None, None), {"dense_0": P(FSDP, TP)}),
                      out_specs=(P(None, TP), P(None, None, reduced={FSDP, TP})))
    return f(x, params)


def inputs():
    mesh = jax.make_mesh((2, 4), (FSDP, TP))
    x = jnp.ones((4, 8))
    params = {"dense_0": jax.random.normal(jax.random.key(5), (8, 16))}
    return (mesh, jax.device_put(x, NamedSharding(mesh, P(None, None))),
            {"dense_0": jax.device_put(params["dense_0"], NamedSharding(mesh, P(FSDP, TP)))})
