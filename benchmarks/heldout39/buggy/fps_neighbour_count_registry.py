import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QUERIES = {}


class Query:
    name = None
    axis = "chunk"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        QUERIES[cls.name] = cls


class BallQuery(Query):
    name = "ball"
    radius = 1.0

    def __call__(self, centers, points):
        d = jnp.sum((centers[:, :, None, :] - points[:, None, :, :]) ** 2, axis=-1)
        inside = (d < self.radius ** 2).astype(jnp.float32)
        mask = jax.lax.all_gather(inside, self.axis, axis=2, tiled=True, to="reduced")
        return jax.lax.psum(mask.sum(axis=-1), self.axis)


def inputs():
    rng = np.random.default_rng(32)
    return rng.normal(size=(4, 4, 3)).astype(np.float32), rng.normal(size=(4, 32, 3)).astype(np.float32)


def main(centers, points):
    mesh = jax.make_mesh((2, 4), ("cloud", "chunk"))
    centers = jax.device_put(centers, NamedSharding(mesh, P("cloud", None, None)))
    points = jax.device_put(points, NamedSharding(mesh, P("cloud", "chunk", None)))
    query = QUERIES["ball"]()
    counts = jax.shard_map(
        query,
        mesh=mesh,
        in_specs=(P("cloud", None, None), P("cloud", "chunk", None)),
        out_specs=P("cloud", None),
    )(centers, points)
    print(counts.shape)
    return counts


if __name__ == "__main__":
    main(*inputs())
