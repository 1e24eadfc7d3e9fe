"""ViViT frame-saliency logging: the peak attention score of each clip over its frames, kept
per frame shard for the temporal-dropout schedule."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        return self[key]


def get_config():
    return ConfigDict(
        model=ConfigDict(num_frames=16, hidden=8, temporal_axis="time"),
        parallel=ConfigDict(mesh_shape=(2, 4), axes=("clip", "time")),
    )


def inputs():
    return (np.random.default_rng(30).normal(size=(4, 16)).astype(np.float32),)


def main(scores):
    config = get_config()
    mesh = jax.make_mesh(config.parallel.mesh_shape, config.parallel.axes)
    scores = jax.device_put(scores, NamedSharding(mesh, P(*config.parallel.axes)))
    t = config.model.temporal_axis
    body = lambda s: jax.lax.all_gather(jax.lax.pmax(jnp.max(s, axis=1), t), t, tiled=True, to="reduced")
    return jax.shard_map(body, mesh=mesh, in_specs=P(*config.parallel.axes),
                         out_specs=P("clip", reduced={t}))(scores)


if __name__ == "__main__":
    main(*inputs())
