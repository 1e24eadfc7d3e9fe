"""FCOS regression head: exp(scale * reg) times the level stride, after gathering the row shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Scale:
    def __init__(self, init=1.0):
        self.value = init

    def __call__(self, x):
        return x * self.value


class FCOSRegressionHead:
    def __init__(self, stride, spatial_axis="spatial"):
        self.stride = stride
        self.spatial_axis = spatial_axis
        self.scale = Scale(1.0)

    def decode(self, reg):
        reg = jax.lax.all_gather(reg, self.spatial_axis, axis=1, tiled=True, to="reduced")
        ltrb = jnp.exp(reg)
        return ltrb * self.stride

    def __call__(self, feats, w):
        return self.decode(jnp.tanh(feats @ w))


def inputs():
    rng = np.random.default_rng(17)
    return (rng.standard_normal((8, 16, 6)).astype(np.float32),
            rng.standard_normal((6, 4)).astype(np.float32))


def main(feats, w):
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    spec = P("batch", "spatial", None)
    feats = jax.device_put(feats, NamedSharding(mesh, spec))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    head = FCOSRegressionHead(stride=8)
    return jax.shard_map(head, mesh=mesh, in_specs=(spec, P()), out_specs=P("batch", None, None))(feats, w)


if __name__ == "__main__":
    main(*inputs())
