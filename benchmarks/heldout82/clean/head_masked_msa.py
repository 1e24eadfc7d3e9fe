import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    """Nested dict with attribute access, after ml_collections.ConfigDict."""

    def __init__(self, initial=None, frozen=False):
        super().__init__()
        object.__setattr__(self, "_frozen", frozen)
        for key, value in (initial or {}).items():
            if isinstance(value, dict):
                value = ConfigDict(value, frozen)
            dict.__setitem__(self, key, value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        if self._frozen:
            raise AttributeError(f"config is frozen: {name}")
        self[name] = value

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}

    def update_from_flattened_dict(self, flat):
        for path, value in flat.items():
            node = self
            *parents, leaf = path.split(".")
            for part in parents:
                node = node[part]
            node[leaf] = value


def FrozenConfigDict(cfg):
    return ConfigDict(cfg.to_dict(), frozen=True)


CONFIG = ConfigDict({
    "model": {
        "global_config": {"mesh_axes": "data,tensor", "mesh_shape": (2, 4), "gather_axis": "tensor"},
        "heads": {
            "masked_msa": {"num_output": 4, "weight": 2.0},
            "predicted_aligned_error": {"max_error_bin": 31.0, "num_bins": 4, "weight": 0.1},
            "distogram": {"num_bins": 4, "weight": 0.3, "aggregate": "mean"},
            "experimentally_resolved": {"weight": 0.01},
        },
        "output_layouts": {"masked_msa": ("data", "tensor"), "distogram": ("data", "tensor")},
    },
})

HEAD_REGISTRY = {}


def register_head(name):
    def wrap(cls):
        HEAD_REGISTRY[name] = cls
        return cls

    return wrap


def mesh_axes(global_config):
    return tuple(global_config.mesh_axes.split(","))


def model_config(heads):
    cfg = ConfigDict(CONFIG.to_dict())
    cfg.model.heads = {name: cfg.model.heads[name] for name in heads}
    return FrozenConfigDict(cfg)


class Heads:
    """Runs every configured head; later heads may read earlier heads' outputs."""

    def __init__(self, config, global_config):
        self.heads = [(name, HEAD_REGISTRY[name](head_config, global_config))
                      for name, head_config in config.heads.items()]

    def __call__(self, representations):
        outputs = {}
        for name, head in self.heads:
            outputs[name] = head(representations, outputs)
        return outputs[self.heads[-1][0]]


def gather_logits(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


@register_head("masked_msa")
class MaskedMsaHead:
    def __init__(self, config, global_config):
        self.tensor_axis = mesh_axes(global_config)[1]

    def __call__(self, representations, outputs):
        return gather_logits(representations, self.tensor_axis, 1)


@register_head("distogram")
class DistogramHead:
    def __init__(self, config, global_config):
        self.axes = mesh_axes(global_config)

    def __call__(self, representations, outputs):
        return gather_logits(jnp.tanh(representations), self.axes[0], 0)


def main(single):
    config = model_config(["masked_msa", "distogram"])
    gc = config.model.global_config
    data, tensor = mesh_axes(gc)
    mesh = jax.make_mesh(gc.mesh_shape, mesh_axes(gc))
    single = jax.device_put(single, NamedSharding(mesh, P(data, tensor)))
    heads = Heads(config.model, gc)
    fn = jax.shard_map(heads, mesh=mesh, in_specs=P(data, tensor), out_specs=P(None, tensor, reduced={data}))
    return jax.jit(fn)(single)


def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
