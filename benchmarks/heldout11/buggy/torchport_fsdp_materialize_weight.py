"""torch.distributed.fsdp ported by hand for serving: FlatParameter shards unflattened in forward()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FullyShardedLinear:
    def __init__(self, shard_axis="fsdp", tp_axis="tp"):
        self.shard_axis = shard_axis
        self.tp_axis = tp_axis

    def unshard_params(self, weight):
        cols = jax.lax.all_gather(weight, self.tp_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(cols, (self.shard_axis, self.tp_axis),
                                  axis=0, tiled=True, to="reduced")

    def forward(self, x, weight):
        w = self.unshard_params(weight)
        return jnp.einsum("bi,io->bo", x, w)

    __call__ = forward


def inputs():
    return np.ones((8, 128), np.float32), np.linspace(0, 1, 32 * 16, dtype=np.float32).reshape(32, 16)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    mod = FullyShardedLinear()
    x = jax.device_put(x, NamedSharding(mesh, P()))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))
    run = jax.shard_map(mod, mesh=mesh, in_specs=(P(), P("fsdp", "tp")),
                        out_specs=P())
    return run(x, w)


if __name__ == "__main__":
    print(main(*inputs()).sum())
