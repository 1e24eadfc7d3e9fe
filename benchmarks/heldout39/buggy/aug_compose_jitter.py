import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Compose:
    def __init__(self, transforms):
        self.transforms = list(transforms)

    def __call__(self, x):
        for t in self.transforms:
            x = t(x)
        return x


class GatherPoints:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")


class JitterScale:
    def __init__(self, axis, sigma=0.01):
        self.axis = axis
        self.sigma = sigma

    def __call__(self, x):
        spread = jax.lax.pmean(jnp.abs(x).sum(axis=1), self.axis)
        return spread * self.sigma


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(size=(4, 32, 3)).astype(np.float32),)


def main(points):
    mesh = jax.make_mesh((2, 4), ("host", "shard"))
    points = jax.device_put(points, NamedSharding(mesh, P("host", "shard", None)))
    pipeline = Compose([GatherPoints("shard"), lambda x: x[:, ::2], JitterScale("shard")])
    out = jax.shard_map(pipeline, mesh=mesh, in_specs=P("host", "shard", None), out_specs=P("host", None))(points)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
