"""A quantizer parameterised by bit width with __class_getitem__ (`Quantizer[8]`)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Quantizer:
    bits = 16

    def __class_getitem__(cls, bits):
        return type(f"{cls.__name__}{bits}", (cls,), {"bits": bits})

    @classmethod
    def levels(cls):
        return 2 ** (cls.bits - 1) - 1

    @classmethod
    def quantize(cls, v):
        return jnp.round(v * cls.levels())


def inputs():
    return (np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    q8 = Quantizer[8]

    def body(w):
        full = jax.lax.all_gather(w, "data", axis=0, tiled=True, to="reduced")
        return q8.quantize(full)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    main()
