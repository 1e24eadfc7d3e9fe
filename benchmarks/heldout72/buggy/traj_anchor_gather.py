"""MTR-style intention queries: k-means endpoint anchors shared by every agent query."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Registry:
    """A name -> class table filled by decorators, as the model zoo uses it."""

    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    return registry.get(obj_type)(**args)


HEADS = Registry("heads")

motion_decoder = dict(
    type="IntentionQueryDecoder",
    num_anchors=8,
    anchor_axis="mode",
    query_axes=("agent", "mode"),
    embed_dims=4,
)


@HEADS.register_module()
class IntentionQueryDecoder:
    def __init__(self, num_anchors, anchor_axis, query_axes, embed_dims):
        self.num_anchors = num_anchors
        self.anchor_axis = anchor_axis
        self.query_axes = query_axes
        self.proj = jnp.linspace(-1.0, 1.0, 2 * embed_dims, dtype=jnp.float32).reshape(2, embed_dims)

    def get_anchors(self, anchor_shard):
        return jax.lax.all_gather(anchor_shard, self.anchor_axis, axis=1, tiled=True, to="reduced")

    def broadcast_queries(self, anchors):
        return jax.lax.all_gather(anchors, self.query_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, anchor_shard):
        anchors = self.get_anchors(anchor_shard @ self.proj)
        return self.broadcast_queries(anchors)


def inputs():
    return (np.random.default_rng(31).normal(size=(8, 8, 2)).astype(np.float32),)


def main(anchors):
    mesh = jax.make_mesh((2, 4), ("agent", "mode"))
    anchors = jax.device_put(anchors, NamedSharding(mesh, P("agent", "mode", None)))
    decoder = build_from_cfg(motion_decoder, HEADS)
    run = jax.shard_map(decoder, mesh=mesh, in_specs=P("agent", "mode", None),
                        out_specs=P(None, None, None, reduced={"agent", "mode"}))
    return run(anchors)


if __name__ == "__main__":
    main(*inputs())
