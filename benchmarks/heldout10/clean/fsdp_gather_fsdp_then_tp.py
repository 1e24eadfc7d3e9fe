"""FSDP+TP: a kernel sharded over (fsdp, tp) is materialised over fsdp for the layer, then
over tp alone for the head."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, TP = "fsdp", "tp"


class FSDPStack:
    def materialize(self, shard, axes, dim):
        return jax.lax.all_gather(shard, axes, axis=dim, tiled=True, to="reduced")

    def __call__(self, x, kernel):
        w = self.materialize(kernel, (FSDP,), 0)
        h = jax.lax.all_gather(jnp.tanh(x @ w), TP, axis=1, tiled=True, to="invarying")
        head = self.materialize(w, (TP,), 1)
        return h, head


def inputs():
    rng = np.random.default_rng(102)
    return rng.normal(size=(8, 16)).astype(np.float32), (rng.normal(size=(16, 16)) * 0.2).astype(np.float32)


def main(x, kernel):
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    x = jax.device_put(x, NamedSharding(mesh, P(FSDP, None)))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(FSDP, TP)))
    fn = jax.shard_map(FSDPStack(), mesh=mesh, in_specs=(P(FSDP, None), P(FSDP, TP)),
                       out_specs=(P(FSDP, None), P(None, None, reduced={FSDP, TP})))
    return fn(x, kernel)
