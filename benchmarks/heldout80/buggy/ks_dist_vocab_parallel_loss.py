"""A vocab-parallel softmax cross-entropy whose loss is all-reduced over every mesh axis."""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DeviceMesh:
    def __init__(self, shape, axis_names, devices=None):
        self.shape = tuple(shape)
        self.axis_names = list(axis_names)
        self.backend_mesh = jax.make_mesh(self.shape, tuple(self.axis_names))


class TensorLayout:
    def __init__(self, axes, device_mesh=None):
        self.axes = tuple(axes)
        self.device_mesh = device_mesh

    @property
    def spec(self):
        return P(*self.axes)

    @property
    def sharding(self):
        return NamedSharding(self.device_mesh.backend_mesh, self.spec)


class LayoutMap:
    def __init__(self, device_mesh):
        self.device_mesh = device_mesh
        self._layout_map = {}

    def __setitem__(self, key, layout):
        if isinstance(layout, (tuple, list)):
            layout = TensorLayout(layout, self.device_mesh)
        self._layout_map[key] = layout

    def __getitem__(self, key):
        if key in self._layout_map:
            return self._layout_map[key]
        matches = [k for k in self._layout_map if re.search(k, key)]
        if len(matches) > 1:
            raise ValueError(f"Path '{key}' matches multiple layout specification keys: {matches}")
        return self._layout_map[matches[0]] if matches else None


class ModelParallel:
    def __init__(self, layout_map, batch_dim_name="batch"):
        self.device_mesh = layout_map.device_mesh
        self.layout_map = layout_map
        self.batch_dim_name = batch_dim_name

    @property
    def all_reduce_axes(self):
        return tuple(self.device_mesh.axis_names)

    @property
    def vocab_axis(self):
        return self.layout_map["lm_head/kernel"].axes[-1]


def sharded_cross_entropy(logits, labels, vocab_axis):
    block = logits.shape[-1]
    start = jax.lax.axis_index(vocab_axis) * block
    peak = jax.lax.pmax(logits.max(axis=-1), vocab_axis)
    sum_exp = jax.lax.psum(jnp.exp(logits - peak[:, None]).sum(axis=-1), vocab_axis)
    local = labels - start
    in_block = (local >= 0) & (local < block)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, block - 1)[:, None], axis=-1)[:, 0]
    label_logit = jax.lax.psum(jnp.where(in_block, picked, 0.0), vocab_axis)
    return jnp.log(sum_exp) + peak - label_logit


def inputs():
    rng = np.random.default_rng(24)
    return (rng.normal(size=(6, 16)).astype(np.float32), rng.normal(size=(8, 6)).astype(np.float32),
            rng.integers(0, 16, size=8).astype(np.int32))


def main(kernel, x, labels):
    mesh = DeviceMesh((2, 4), ["batch", "model"])
    layout_map = LayoutMap(mesh)
    layout_map["lm_head/kernel"] = (None, "model")
    distribution = ModelParallel(layout_map)
    kernel = jax.device_put(kernel, layout_map["lm_head/kernel"].sharding)
    x = jax.device_put(x, NamedSharding(mesh.backend_mesh, P("batch", None)))
    labels = jax.device_put(labels, NamedSharding(mesh.backend_mesh, P("batch")))

    def loss_step(kernel, x, labels):
        per_token = sharded_cross_entropy(x @ kernel, labels, distribution.vocab_axis)
        total = jax.lax.psum(per_token.sum(), axis_name=distribution.all_reduce_axes)
        return total / labels.shape[0]

    return jax.shard_map(loss_step, mesh=mesh.backend_mesh, in_specs=(P(None, "model"), P("batch", None), P("batch")),
                         out_specs=P())(kernel, x, labels)


if __name__ == "__main__":
    print(main(*inputs()))
