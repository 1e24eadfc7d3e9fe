"""Pax-like DotProductAttention with attention-probability summaries."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class WeightShardingHParams:
    bnh: tuple = ("data", None, "mdl")
    bnts: tuple = ("data", "mdl", None, None)


@dataclasses.dataclass(frozen=True)
class ActivationShardingHParams:
    summary_axes: tuple = ("data", "mdl")
    heads_axis: str = "mdl"


class BaseLayer:
    def __init__(self, **hparams):
        for k, v in hparams.items():
            setattr(self, k, v)
        self._summaries = {}

    def add_summary(self, name, tensor):
        axes = self.activation_split_dims_mapping.summary_axes
        self._summaries[name] = jax.lax.all_gather(tensor, axes, axis=0, tiled=True, to="reduced")


class DotProductAttention(BaseLayer):
    def _dot_atten(self, query, key):
        logits = jnp.einsum("BTNH,BSNH->BNTS", query, key) / np.sqrt(query.shape[-1])
        probs = jax.nn.softmax(logits, axis=-1)
        return jax.lax.all_gather(probs, self.activation_split_dims_mapping.heads_axis,
                                  axis=1, tiled=True, to="reduced")

    def fprop(self, query, key):
        probs = self._dot_atten(query, key)
        self.add_summary("attention_probs_max", jnp.sum(probs, axis=(-1, -2)))
        return self._summaries


def inputs():
    rng = np.random.default_rng(13)
    q = rng.standard_normal((8, 5, 4, 2)).astype(np.float32)
    k = rng.standard_normal((8, 5, 4, 2)).astype(np.float32)
    return q, k


def main(q, k):
    mesh = jax.make_mesh((4, 2), ("data", "mdl"))
    layer = DotProductAttention(weight_split_dims_mapping=WeightShardingHParams(),
                                activation_split_dims_mapping=ActivationShardingHParams())
    qspec = P("data", None, "mdl", None)
    q = jax.device_put(q, NamedSharding(mesh, qspec))
    k = jax.device_put(k, NamedSharding(mesh, qspec))
    fn = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(qspec, qspec),
                       out_specs={"attention_probs_max": P(reduced={"data", "mdl"})})
    return jax.jit(fn)(q, k)


if __name__ == "__main__":
    main(*inputs())
