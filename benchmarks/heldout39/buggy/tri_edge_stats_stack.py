import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PART, VERT = "part", "vert"


def edge_stats(src, dst):
    length = jnp.linalg.norm(src - dst, axis=-1)
    stats = [jax.lax.pmean(x, VERT) for x in (length.mean(), length.max())]
    return jax.lax.psum(jnp.stack(stats), (PART, VERT)) / 8


def inputs():
    rng = np.random.default_rng(54)
    return rng.normal(size=(4, 16, 3)).astype(np.float32), rng.normal(size=(4, 16, 3)).astype(np.float32)


def main(src, dst):
    mesh = jax.make_mesh((2, 4), (PART, VERT))
    spec = P(PART, VERT, None)
    src = jax.device_put(src, NamedSharding(mesh, spec))
    dst = jax.device_put(dst, NamedSharding(mesh, spec))
    out = jax.shard_map(edge_stats, mesh=mesh, in_specs=(spec, spec), out_specs=P())(src, dst)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
