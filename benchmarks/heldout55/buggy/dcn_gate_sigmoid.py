"""Gated cross network: a sigmoid gate over the gathered cross features."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GatedCrossLayer:
    feature_axis = "feature"

    @classmethod
    def cross(cls, x0, xl, w):
        local = x0 * (xl @ w)
        return jax.lax.all_gather(local, cls.feature_axis, axis=1, tiled=True, to="reduced")

    @classmethod
    def forward(cls, x0, xl, w):
        crossed = cls.cross(x0, xl, w)
        gate = jax.nn.sigmoid(crossed)
        return gate.sum(axis=-1)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(size=(16, 16)).astype(np.float32), rng.normal(size=(16, 16)).astype(np.float32),
            rng.normal(size=(16, 16)).astype(np.float32))


def main(x0, xl, w):
    mesh = jax.make_mesh((2, 4), ("data", "feature"))
    specs = (P("data", "feature"), P("data", None), P(None, "feature"))
    x0, xl, w = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x0, xl, w), specs))
    f = jax.shard_map(GatedCrossLayer.forward, mesh=mesh, in_specs=specs, out_specs=P("data"))
    return f(x0, xl, w)


if __name__ == "__main__":
    main(*inputs())
