"""Occupancy head: per-class Lovasz-style IoU surrogate, scattered per class across the mesh."""
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


class ConfigDict(dict):
    """Attribute access to nested config dicts (cfg.model.occ_head.loss_occ)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict) and not isinstance(value, ConfigDict):
                self[key] = ConfigDict(value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


LOSSES = Registry("losses")

cfg = ConfigDict(
    loss_lovasz=dict(type="LovaszSurrogate", num_classes=8, iou_axis="voxel", loss_weight=1.0),
    dist=dict(mesh_shape=(4, 2), mesh_axes=("batch", "voxel")),
)


@LOSSES.register_module()
class LovaszSurrogate:
    def __init__(self, num_classes, iou_axis, loss_weight, scatter_axes=None):
        self.num_classes = num_classes
        self.iou_axis = iou_axis
        self.loss_weight = loss_weight
        self.scatter_axes = scatter_axes

    def class_iou(self, probs, onehot):
        inter = jax.lax.psum((probs * onehot).sum(axis=1), self.iou_axis)
        union = jax.lax.psum((probs + onehot - probs * onehot).sum(axis=1), self.iou_axis)
        return inter / (union + 1e-6)

    def __call__(self, logits, labels):
        probs = jax.nn.softmax(logits, axis=-1)
        onehot = jax.nn.one_hot(labels, self.num_classes)
        per_class = self.loss_weight * (1.0 - self.class_iou(probs, onehot))
        return jax.lax.psum_scatter(per_class.sum(axis=0), self.scatter_axes, tiled=True)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.normal(size=(8, 16, 8)).astype(np.float32),
            rng.integers(0, 8, size=(8, 16)).astype(np.int32))


def main(logits, labels):
    mesh = jax.make_mesh(cfg.dist.mesh_shape, cfg.dist.mesh_axes)
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "voxel", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("batch", "voxel")))
    loss = build_from_cfg(cfg.loss_lovasz, LOSSES, default_args=dict(scatter_axes=cfg.dist.mesh_axes))
    run = jax.shard_map(loss, mesh=mesh, in_specs=(P("batch", "voxel", None), P("batch", "voxel")),
                        out_specs=P(("batch", "voxel")))
    return run(logits, labels)


if __name__ == "__main__":
    main(*inputs())
