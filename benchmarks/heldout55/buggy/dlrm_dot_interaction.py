"""DLRM dot interaction: sparse feature vectors are gathered from the model-parallel shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INTERACTION_AXES = {"features": "mp", "global": ("mp", "dp")}


class DotInteraction:
    def __init__(self, axes=INTERACTION_AXES, self_interaction=False):
        self.axes = axes
        self.self_interaction = self_interaction

    def gather_features(self, sparse):
        return jax.lax.all_gather(sparse, self.axes["features"], axis=1, tiled=True, to="reduced")

    def global_view(self, sparse):
        feats = self.gather_features(sparse)
        return jax.lax.all_gather(feats, self.axes["global"], axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(21).normal(size=(8, 8, 16)).astype(np.float32),)


def main(sparse):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    sparse = jax.device_put(sparse, NamedSharding(mesh, P("dp", "mp", None)))
    layer = DotInteraction()
    f = jax.shard_map(layer.global_view, mesh=mesh, in_specs=P("dp", "mp", None),
                      out_specs=P(None, None, None, reduced={"dp", "mp"}))
    return f(sparse)


if __name__ == "__main__":
    main(*inputs())
