"""CenterHead-style BEV heatmap head with a reduced (gathered) heatmap for the focal loss."""
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

pts_bbox_head = dict(
    type="CenterHead",
    tasks=[dict(num_class=1, class_names=["car"]), dict(num_class=2, class_names=["truck", "bus"])],
    grid_axis="bev",
    norm_bbox=True,
)


def clip_sigmoid(x, eps=1e-4):
    y = jnp.clip(jax.nn.sigmoid(x), min=eps, max=1 - eps)
    return y


@HEADS.register_module()
class CenterHead:
    def __init__(self, tasks, grid_axis, norm_bbox=False):
        self.num_classes = [t["num_class"] for t in tasks]
        self.grid_axis = grid_axis
        self.norm_bbox = norm_bbox

    def full_heatmap(self, logits):
        return jax.lax.all_gather(logits, self.grid_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, feats):
        heatmaps = []
        start = 0
        for num in self.num_classes:
            logits = feats[..., start:start + num]
            heatmaps.append(self.full_heatmap(clip_sigmoid(logits)))
            start += num
        return tuple(heatmaps)


def inputs():
    return (np.random.default_rng(5).normal(size=(4, 16, 3)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("batch", "bev"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("batch", "bev", None)))
    head = build_from_cfg(pts_bbox_head, HEADS)
    out = P("batch", None, None, reduced={"bev"})
    run = jax.shard_map(head, mesh=mesh, in_specs=P("batch", "bev", None), out_specs=(out, out))
    return run(feats)


if __name__ == "__main__":
    main(*inputs())
