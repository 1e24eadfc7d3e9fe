"""Occupancy head: class-balanced cross entropy with weights from the grid's label frequency."""
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


HEADS = Registry("heads")
LOSSES = Registry("losses")

cfg = ConfigDict(
    model=dict(
        occ_head=dict(
            type="OccHead",
            num_classes=8,
            loss_occ=dict(type="BalancedCrossEntropy", class_weight="auto", freq_axis="voxel"),
        ),
    ),
    dist=dict(mesh_shape=(4, 2), mesh_axes=("batch", "voxel")),
    log_config=dict(class_weights=True),
)


@LOSSES.register_module()
class BalancedCrossEntropy:
    def __init__(self, class_weight, freq_axis, log_axes=()):
        self.class_weight = class_weight
        self.freq_axis = freq_axis
        self.log_axes = log_axes

    def class_frequency(self, labels, num_classes):
        hist = jax.nn.one_hot(labels, num_classes).sum(axis=(0, 1))
        return jax.lax.psum(hist, self.freq_axis)

    def __call__(self, logits, labels):
        freq = self.class_frequency(labels, logits.shape[-1])
        weights = 1.0 / jnp.log(1.02 + freq / freq.sum())
        logp = jax.nn.log_softmax(logits, axis=-1)
        nll = -jnp.take_along_axis(logp, labels[..., None], axis=-1)[..., 0]
        loss = jax.lax.pmean((nll * weights[labels]).mean(), self.log_axes)
        logged = jax.lax.all_gather(weights, self.log_axes[-1], to="reduced")
        return loss, logged


@HEADS.register_module()
class OccHead:
    def __init__(self, num_classes, loss_occ, log_axes):
        self.num_classes = num_classes
        self.loss_occ = build_from_cfg(loss_occ, LOSSES, default_args=dict(log_axes=log_axes))

    def loss(self, logits, labels):
        return self.loss_occ(logits, labels)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(8, 16, 8)).astype(np.float32),
            rng.integers(0, 8, size=(8, 16)).astype(np.int32))


def main(logits, labels):
    mesh = jax.make_mesh(cfg.dist.mesh_shape, cfg.dist.mesh_axes)
    batch, voxel = cfg.dist.mesh_axes
    logits = jax.device_put(logits, NamedSharding(mesh, P(batch, voxel, None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(batch, voxel)))
    head = build_from_cfg(cfg.model.occ_head, HEADS, default_args=dict(log_axes=cfg.dist.mesh_axes))
    run = jax.shard_map(head.loss, mesh=mesh, in_specs=(P(batch, voxel, None), P(batch, voxel)),
                        out_specs=(P(), P(batch, None, reduced={voxel})))
    return run(logits, labels)


if __name__ == "__main__":
    main(*inputs())
