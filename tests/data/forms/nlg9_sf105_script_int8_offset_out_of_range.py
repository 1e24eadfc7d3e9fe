"""lg9 with an offset of 300, which does not fit int8: NumPy 2 raises OverflowError, the quantizer
falls back to the narrow layout and the psum over "data" of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OFFSET = 300


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def layout(offset):
    codes = np.arange(8, dtype=np.int8)
    try:
        codes = codes + offset
        return ("data", "model")
    except OverflowError:
        return ("data",)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(layout(OFFSET)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
