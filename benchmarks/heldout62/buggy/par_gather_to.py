"""A `gather_to(x, *dims)` helper: the reduced axes are read off the array's own sharding."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def _mesh_axes(spec):
    return {a for a in spec if isinstance(a, str)}


def gather_to(x, *dims):
    src = x.sharding.spec
    reduced = _mesh_axes(src) - _mesh_axes(dims)
    return top_level_all_gather(x, P(*dims, reduced=reduced))


def inputs():
    return np.arange(256, dtype=np.float32).reshape(32, 8),


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(("dp", "mp"), None)))
    with jax.set_mesh(mesh):
        full = gather_to(tokens, None, None)
    return full


if __name__ == "__main__":
    main(*inputs())
