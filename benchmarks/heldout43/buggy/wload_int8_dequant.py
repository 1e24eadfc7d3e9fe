"""W8A16 linear: int8 weights gathered from FSDP shards and dequantised with a per-tensor scale."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Int8Linear:
    def __init__(self, fsdp_axis="fsdp"):
        self.fsdp_axis = fsdp_axis

    def dequantize(self, qweight, scale):
        full = jax.lax.all_gather(qweight, self.fsdp_axis, axis=0, tiled=True, to="reduced")
        return full.astype(jnp.float32) * scale

    def __call__(self, x, qweight, scale):
        w = self.dequantize(qweight, scale)
        return x @ w


def inputs():
    rng = np.random.default_rng(45)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    qweight = rng.integers(-127, 128, size=(16, 32)).astype(np.int8)
    scale = np.float32(0.02)
    return x, qweight, scale


def main(x, qweight, scale):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P(None, None)))
    qweight = jax.device_put(qweight, NamedSharding(mesh, P("fsdp", "tp")))
    scale = jax.device_put(scale, NamedSharding(mesh, P()))
    layer = Int8Linear()
    fn = jax.shard_map(layer, mesh=mesh, in_specs=(P(None, None), P("fsdp", "tp"), P()),
                       out_specs=P(None, "tp"))
    return fn(x, qweight, scale)


if __name__ == "__main__":
    main(*inputs())
