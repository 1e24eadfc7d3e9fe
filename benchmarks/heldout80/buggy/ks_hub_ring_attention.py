"""Ring attention over key/value blocks in a preset-configured decoder layer."""
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


class RingDecoderBackbone(Backbone):
    presets = {
        "ring_decoder_tiny": {"config": {"num_heads": 4, "head_dim": 2, "head_axis": "model", "ring_axis": "model"}},
    }

    def __init__(self, num_heads, head_dim, head_axis="model", ring_axis="batch", **kwargs):
        super().__init__(**kwargs)
        self.num_heads = num_heads
        self.head_dim = head_dim
        self.head_axis = head_axis
        self.ring_axis = ring_axis

    def ring_perm(self):
        size = jax.lax.axis_size(self.ring_axis)
        return [(i, (i + 1) % size) for i in range(size)]

    def attention(self, q, kv_block):
        keys = jax.lax.all_gather(kv_block, self.head_axis, axis=1, tiled=True, to="reduced")
        scores = [jnp.einsum("qd,kd->qk", q, keys)]
        for _ in range(jax.lax.axis_size(self.ring_axis) - 1):
            keys = jax.lax.ppermute(keys, self.ring_axis, perm=self.ring_perm())
            scores.append(jnp.einsum("qd,kd->qk", q, keys))
        return jnp.concatenate(scores, axis=-1)


class DecoderTask(Task):
    backbone_cls = RingDecoderBackbone

    def __call__(self, q, kv):
        return self.backbone.attention(q, kv)


def inputs():
    rng = np.random.default_rng(32)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(q, kv):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    task = DecoderTask.from_preset("ring_decoder_tiny")
    q = jax.device_put(q, NamedSharding(mesh, P("batch", None)))
    kv = jax.device_put(kv, NamedSharding(mesh, P("batch", "model")))
    return jax.shard_map(task, mesh=mesh, in_specs=(P("batch", None), P("batch", "model")),
                         out_specs=P("batch", "model"))(q, kv)


if __name__ == "__main__":
    print(main(*inputs()))
