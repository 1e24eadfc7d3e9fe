import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("x", "y")


def dequant_gather(q, scale, use_fp8):
    def low(q):
        r = lax.all_gather(q, "x", tiled=True, to="reduced")
        r = r[:, ::1]
        return lax.all_gather(r, AXES, axis=1, tiled=True, to="reduced")

    def high(q):
        r = lax.all_gather(q, "x", tiled=True, to="varying")
        return lax.all_gather(r * scale, AXES, axis=1, tiled=True, to="reduced")

    return lax.cond(use_fp8, low, high, q)


def inputs():
    return np.arange(64, dtype=np.float32).reshape(8, 8), np.float32(0.5)


def main(q, scale):
    mesh = jax.make_mesh((2, 4), AXES)
    q = jax.device_put(q, NamedSharding(mesh, P(*AXES)))
    f = jax.shard_map(lambda a: dequant_gather(a, scale, True), mesh=mesh, in_specs=P(*AXES),
                      out_specs=P(reduced=set(AXES)))
    return f(q)


if __name__ == "__main__":
    print(main(*inputs()))
