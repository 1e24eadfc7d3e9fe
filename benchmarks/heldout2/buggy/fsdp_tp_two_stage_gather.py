"""FSDP x TP transformer block: weights are gathered over 'fsdp' for the forward pass and the
tensor-parallel head gathers the full matrix once more for the tied embedding."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Block:
    fsdp = "fsdp"
    tp = "tp"

    def __init__(self, mesh):
        self.mesh = mesh

    def unshard(self, w):
        return jax.lax.all_gather(w, self.fsdp, axis=0, to="reduced", tiled=True)

    def tied_head(self, w_full):
        return jax.lax.all_gather(w_full, (self.fsdp, self.tp), axis=1, to="reduced", tiled=True)

    def forward(self, w, x):
        w_full = self.unshard(w)
        y = x @ w_full
        return y, self.tied_head(w_full)

    def __call__(self, w, x):
        return jax.shard_map(
            self.forward,
            mesh=self.mesh,
            in_specs=(P(self.fsdp, self.tp), P(None, None)),
            out_specs=(P(None, self.tp), P(None, None, reduced={self.fsdp, self.tp})),
        )(w, x)


def inputs():
    return np.ones((8, 8), np.float32), np.arange(3 * 8, dtype=np.float32).reshape(3, 8)


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    return Block(mesh)(w, x)
