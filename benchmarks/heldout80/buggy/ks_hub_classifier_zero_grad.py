"""Fine-tune a TextClassifier head; its gradient is reduce-scattered for ZeRO-sharded updates."""
import copy

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Backbone:
    presets = {}

    def __init__(self, dtype="float32", **kwargs):
        self.dtype = dtype

    def get_config(self):
        return {"dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    @classmethod
    def from_preset(cls, preset, **kwargs):
        if preset not in cls.presets:
            raise ValueError(f"Unknown preset {preset!r}; available: {sorted(cls.presets)}")
        config = copy.deepcopy(cls.presets[preset]["config"])
        config.update(kwargs)
        return cls.from_config(config)


class Task:
    backbone_cls = None

    def __init__(self, backbone, **kwargs):
        self.backbone = backbone

    @classmethod
    def from_preset(cls, preset, **kwargs):
        return cls(cls.backbone_cls.from_preset(preset), **kwargs)


class EncoderBackbone(Backbone):
    presets = {"encoder_tiny": {"config": {"hidden_dim": 8, "model_axis": "model", "zero_axes": ["batch", "model"]}}}

    def __init__(self, hidden_dim, model_axis="model", zero_axes=("batch",), **kwargs):
        super().__init__(**kwargs)
        self.hidden_dim = hidden_dim
        self.model_axis = model_axis
        self.zero_axes = tuple(zero_axes)

    def pooled_output(self, x, kernel):
        return jax.lax.psum(x @ kernel, self.model_axis)


class TextClassifier(Task):
    backbone_cls = EncoderBackbone

    def __init__(self, backbone, num_classes=4, activation=None):
        super().__init__(backbone)
        self.num_classes = num_classes
        self.activation = activation

    def head_gradient(self, x, kernel, head, labels):
        pooled = self.backbone.pooled_output(x, kernel)
        probs = jax.nn.softmax(pooled @ head, axis=-1)
        d_logits = (probs - jax.nn.one_hot(labels, self.num_classes)) / labels.shape[0]
        grad = pooled.T @ d_logits
        return jax.lax.psum_scatter(grad, self.backbone.zero_axes, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8, 4)).astype(np.float32), rng.integers(0, 4, size=8).astype(np.int32))


def main(x, kernel, head, labels):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    classifier = TextClassifier.from_preset("encoder_tiny", num_classes=4)
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "model")))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P("model", None)))
    head = jax.device_put(head, NamedSharding(mesh, P()))
    labels = jax.device_put(labels, NamedSharding(mesh, P("batch")))
    grad_shards = jax.shard_map(classifier.head_gradient, mesh=mesh,
                                in_specs=(P("batch", "model"), P("model", None), P(), P("batch")),
                                out_specs=P(("batch", "model"), None))(x, kernel, head, labels)
    return grad_shards


if __name__ == "__main__":
    print(main(*inputs()))
