"""Export of AWQ-packed int4 weights: the packer's layout is gathered to the serving layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "packer": P(("data", "model"), None),
    "serving": P("model", None),
}


def pack_int4(q):
    lo, hi = q[:, 0::2] & 0xF, q[:, 1::2] & 0xF
    return (lo | (hi << 4)).astype(jnp.uint8)


def build_packer(mesh):
    return jax.jit(pack_int4, out_shardings=NamedSharding(mesh, LAYOUTS["packer"]))


def export(packed, layout="serving"):
    return top_level_all_gather(packed, LAYOUTS[layout])


def inputs():
    rng = np.random.default_rng(41)
    return (rng.integers(-8, 8, size=(32, 16)).astype(np.int8),)


def main(q):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    q = jax.device_put(q, NamedSharding(mesh, LAYOUTS["packer"]))
    with jax.set_mesh(mesh):
        packed = build_packer(mesh)(q)
        served = export(packed)
    return served


if __name__ == "__main__":
    print(main(*inputs()))
