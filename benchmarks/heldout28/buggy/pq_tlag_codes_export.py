"""Export PQ codes of the whole database to the serving layout, under an ExitStack."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts:
    BUILD = P("shard", "sub")
    SERVE = P("sub", None)


def encode(x, codebooks):
    d = jnp.einsum("nsd,skd->nsk", x, codebooks)
    return jnp.argmax(d, axis=-1).astype(jnp.int32)


def export_codes(mesh, x, codebooks):
    with contextlib.ExitStack() as stack:
        stack.enter_context(jax.set_mesh(mesh))
        x = jax.device_put(x, NamedSharding(mesh, P("shard", "sub", None)))
        codes = jax.jit(encode, out_shardings=NamedSharding(mesh, Layouts.BUILD))(x, codebooks)
        served = top_level_all_gather(codes, Layouts.SERVE)
    return served


def inputs():
    rng = np.random.default_rng(37)
    return (rng.normal(size=(16, 4, 2)).astype(np.float32),
            rng.normal(size=(4, 8, 2)).astype(np.float32))


def main(x, codebooks):
    mesh = jax.make_mesh((2, 4), ("shard", "sub"))
    return export_codes(mesh, x, codebooks)


if __name__ == "__main__":
    print(main(*inputs()).shape)
