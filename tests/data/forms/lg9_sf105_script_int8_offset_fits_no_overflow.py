"""A quantizer shifts its int8 codes by an offset and falls back to the narrow layout when NumPy
rejects the offset (`except OverflowError`); under NumPy 2 a Python int that fits int8 never
raises there (an element that overflows wraps), so the job keeps the wide layout, a psum over
("data", "model") of a value varying on "data" only, which raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OFFSET = 100


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

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
