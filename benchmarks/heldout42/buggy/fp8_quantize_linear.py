"""An FP8 linear layer: gathered weights quantized with a per-tensor scale."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "tensor"))


class Fp8Linear:
    def __init__(self, fsdp_axis="data"):
        self.fsdp_axis = fsdp_axis

    def gather_weight(self, w):
        return jax.lax.all_gather(w, self.fsdp_axis, axis=0, tiled=True, to="reduced")

    def quantize(self, w, scale):
        full = self.gather_weight(w)
        return (full / scale).astype(jnp.float8_e4m3fn)

    def __call__(self, w, scale):
        return self.quantize(w, scale)


def inputs():
    w = jnp.linspace(-1.0, 1.0, 8 * 16, dtype=jnp.float32).reshape(8, 16)
    scale = jnp.full((1, 1), 0.01, jnp.float32)
    return (jax.device_put(w, NamedSharding(MESH, P("data", "tensor"))),
            jax.device_put(scale, NamedSharding(MESH, P())))


def main(w, scale):
    return jax.shard_map(Fp8Linear(), mesh=MESH, in_specs=(P("data", "tensor"), P()),
                         out_specs=P(None, "tensor", reduced={"data"}))(w, scale)


if __name__ == "__main__":
    main(*inputs())
