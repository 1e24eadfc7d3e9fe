"""Return every layer's hidden states from a tensor-parallel backbone, gathered for inspection."""
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


class MLPBackbone(Backbone):
    presets = {
        "mlp_small": {"config": {"num_layers": 2, "hidden_dim": 8, "model_axis": "model",
                                 "gather_axes": ["batch"]}},
    }

    def __init__(self, num_layers, hidden_dim, model_axis="model", gather_axes=("batch",), **kwargs):
        super().__init__(**kwargs)
        self.num_layers = num_layers
        self.hidden_dim = hidden_dim
        self.model_axis = model_axis
        self.gather_axes = tuple(gather_axes)

    def call(self, x, kernels, output_hidden_states=False):
        hidden_states = []
        for kernel in kernels[: self.num_layers]:
            h = jnp.tanh(x @ kernel)
            if output_hidden_states:
                hidden_states.append(jax.lax.all_gather(h, self.model_axis, axis=1, tiled=True, to="reduced"))
            x = jax.lax.all_gather(h, self.model_axis, axis=1, tiled=True)
        return x, hidden_states


class FeatureExtractor(Task):
    backbone_cls = MLPBackbone

    def __call__(self, x, kernels):
        output, hidden_states = self.backbone.call(x, kernels, output_hidden_states=True)
        axes = self.backbone.gather_axes
        snapshots = jax.tree.map(lambda h: jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced"), hidden_states)
        return output, snapshots


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(8, 8)).astype(np.float32), [rng.normal(size=(8, 8)).astype(np.float32) for _ in range(2)]


def main(x, kernels):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    model = FeatureExtractor.from_preset("mlp_small")
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    kernels = [jax.device_put(k, NamedSharding(mesh, P(None, "model"))) for k in kernels]
    snapshot_spec = P(None, None, reduced={"batch", "model"})
    output, snapshots = jax.shard_map(model, mesh=mesh, in_specs=(P("batch", None), [P(None, "model")] * 2),
                                      out_specs=(P("batch", "model"), [snapshot_spec] * 2))(x, kernels)
    return output


if __name__ == "__main__":
    print(main(*inputs()))
