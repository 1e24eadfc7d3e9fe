"""Sequence-parallel MLP: activations gathered over the tensor axis by logical name before gelu."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_RULES = {
    "activation_batch": ("data", "fsdp"),
    "activation_length": "tensor",
    "activation_embed": None,
    "mlp": None,
}


def logical_spec(*names):
    return P(*(LOGICAL_RULES[n] for n in names))


def gather_logical(x, name, dim, to):
    return jax.lax.all_gather(x, LOGICAL_RULES[name], axis=dim, tiled=True, to=to)


class SequenceParallelMlp:
    activation = staticmethod(jax.nn.gelu)

    def __init__(self, gather_to="reduced"):
        self.gather_to = gather_to

    def __call__(self, x, wi, wo):
        x = gather_logical(x, "activation_length", 1, self.gather_to)
        h = self.activation(x)
        h = h @ wi
        return jnp.tanh(h) @ wo


def inputs():
    rng = np.random.default_rng(41)
    return (rng.standard_normal((4, 8, 6)).astype(np.float32), rng.standard_normal((6, 12)).astype(np.float32),
            rng.standard_normal((12, 6)).astype(np.float32))


def main(x, wi, wo):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    xs = logical_spec("activation_batch", "activation_length", "activation_embed")
    ws = logical_spec("activation_embed", "mlp")
    x = jax.device_put(x, NamedSharding(mesh, xs))
    wi = jax.device_put(wi, NamedSharding(mesh, ws))
    wo = jax.device_put(wo, NamedSharding(mesh, P(None, None)))
    mlp = SequenceParallelMlp()
    fn = jax.shard_map(mlp, mesh=mesh, in_specs=(xs, ws, P(None, None)),
                       out_specs=logical_spec("activation_batch", "activation_embed", "mlp"))
    return jax.jit(fn)(x, wi, wo)


if __name__ == "__main__":
    main(*inputs())
