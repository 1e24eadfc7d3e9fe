import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VERT = "vert"


def triangle_area(v0, v1, v2):
    return 0.5 * jnp.linalg.norm(jnp.cross(v1 - v0, v2 - v0), axis=-1)


def vertex_area_shards(v0, v1, v2):
    per_part = jax.lax.all_gather(triangle_area(v0, v1, v2), VERT, axis=1, tiled=True)
    return jax.lax.psum_scatter(per_part, VERT, scatter_dimension=1, tiled=True)


def inputs():
    rng = np.random.default_rng(116)
    return tuple(rng.normal(size=(4, 16, 3)).astype(np.float32) for _ in range(3))


def main(v0, v1, v2):
    mesh = jax.make_mesh((2, 4), ("part", VERT))
    spec = P("part", VERT, None)
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (v0, v1, v2)]
    out = jax.shard_map(vertex_area_shards, mesh=mesh, in_specs=(spec,) * 3, out_specs=P("part", VERT))(*args)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
