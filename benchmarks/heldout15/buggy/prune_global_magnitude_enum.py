"""Global magnitude pruning schedule: a threshold from the norm of every weight shard."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    FSDP = "fsdp"
    TENSOR = "tensor"


def sparsity_at(step, total=100, final=0.8):
    frac = min(step / total, 1.0)
    return final * (1 - (1 - frac) ** 3)


def inputs():
    w = np.cos(np.arange(64, dtype=np.float32) * 0.3).reshape(8, 8)
    return (w,)


def main(w, step=40):
    mesh = jax.make_mesh((4, 2), (Axis.FSDP.value, Axis.TENSOR.value))
    w = jax.device_put(w, NamedSharding(mesh, P(Axis.FSDP.value, Axis.TENSOR.value)))
    target = sparsity_at(step)

    def prune(shard):
        mag = jnp.abs(shard)
        total = jax.lax.psum(jnp.sum(mag, axis=0, keepdims=True), Axis.FSDP.value)
        col_mean = total / (shard.shape[0] * 4)
        mask = (mag > target * col_mean).astype(shard.dtype)
        col_norms = jax.lax.all_gather(total, Axis.FSDP.value, axis=0, tiled=True, to="reduced")
        return shard * mask, col_norms

    f = jax.shard_map(prune, mesh=mesh,
                      in_specs=P(Axis.FSDP.value, Axis.TENSOR.value),
                      out_specs=(P(Axis.FSDP.value, Axis.TENSOR.value),
                                 P(None, Axis.TENSOR.value, reduced={Axis.FSDP.value})))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
