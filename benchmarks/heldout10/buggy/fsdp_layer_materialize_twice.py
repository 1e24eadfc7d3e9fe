"""FSDP (ZeRO-3) forward: each layer's kernel is stored sharded over (fsdp, tp) and
materialised over fsdp just before it is used; the head reuses the last kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, TP = "fsdp", "tp"
LAYERS, WIDTH = 3, 16


def inputs():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(8, WIDTH)).astype(np.float32)
    kernels = (rng.normal(size=(LAYERS, WIDTH, WIDTH)) * 0.25).astype(np.float32)
    return x, kernels


class FSDPStack:
    def __init__(self, gather_axis=FSDP, tensor_axis=TP):
        self.gather_axis = gather_axis
        self.tensor_axis = tensor_axis

    def materialize(self, shard, axes):
        return jax.lax.all_gather(shard, axes, axis=0, tiled=True, to="reduced")

    def __call__(self, x, kernels):
        h = x
        for layer in range(LAYERS):
            w = self.materialize(kernels[layer], (self.gather_axis,))
            h = jnp.tanh(h @ w)
            h = jax.lax.all_gather(h, self.tensor_axis, axis=1, tiled=True, to="invarying")
        head = self.materialize(w, (self.gather_axis, self.tensor_axis))
        return h, head


def main(x, kernels):
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    x = jax.device_put(x, NamedSharding(mesh, P(FSDP, None)))
    kernels = jax.device_put(kernels, NamedSharding(mesh, P(None, FSDP, TP)))
    model = FSDPStack()
    fwd = jax.shard_map(model, mesh=mesh, in_specs=(P(FSDP, None), P(None, FSDP, TP)),
                        out_specs=(P(FSDP, None), P(None, None, reduced={FSDP, TP})))
    return fwd(x, kernels)
