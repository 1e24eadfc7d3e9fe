"""Keras-like dispatch: the container calls each layer by its kind (`isinstance`), the layers
are handed over as a keyword, and the exporter re-gathers what the dense layer gathered."""
import jax
from jax.sharding import PartitionSpec as P


class Dense:
    def __call__(self, x, w):
        kernel = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")
        return x @ kernel, kernel


class Export:
    def __call__(self, x, kernel):
        return x, jax.lax.all_gather(kernel, ("i", "j"), axis=1, tiled=True, to="reduced")  # SF102


class Model:
    def __init__(self, *, blocks):
        self.blocks = blocks

    def __call__(self, x, w):
        carry = w
        for block in self.blocks:
            if isinstance(block, Dense):
                x, carry = block(x, w)
            else:
                x, carry = block(x, carry)
        return x, carry


def run(mesh, x):
    model = Model(blocks=(Dense(), Export()))
    return jax.shard_map(model, mesh=mesh, in_specs=(P(None, None), P("i", "j")),
                         out_specs=(P(None, "j"), P(None, None, reduced={"i", "j"})))(x, x)
