"""CLIP-style centring: the batch centre is averaged over the data replicas, cast back to
per-replica values, then laid out with a reduced gather for the teacher branch."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ClipConfig:
    data_axis: str = "data"
    feature_axis: str = "feat"

    @classmethod
    def from_dict(cls, d):
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


def batch_center(img_emb, cfg):
    center = jax.lax.pmean(jnp.mean(img_emb, axis=0, keepdims=True), cfg.data_axis)
    center = jax.lax.pcast(center, cfg.data_axis, to="varying")
    return jax.lax.all_gather(center, cfg.data_axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(img_emb, overrides=None):
    cfg = ClipConfig.from_dict(overrides or {"data_axis": "data", "feature_axis": "feat", "lr": 3e-4})
    mesh = jax.make_mesh((4, 2), (cfg.data_axis, cfg.feature_axis))
    spec = P(cfg.data_axis, cfg.feature_axis)
    img_emb = jax.device_put(img_emb, NamedSharding(mesh, spec))
    f = jax.shard_map(lambda e: batch_center(e, cfg), mesh=mesh, in_specs=spec,
                      out_specs=P(None, cfg.feature_axis, reduced={cfg.data_axis}))
    return f(img_emb)


if __name__ == "__main__":
    print(main(*inputs()))
