"""a sha256 digest of known bytes: the faithful reading of a sha256 digest of known bytes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import hashlib


def get_axes():
    h = hashlib.sha256()
    h.update(b"ab")
    h.update("c".encode())
    return ("data",) if h.hexdigest().startswith("ba7816bf") else ("data", "model")


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
