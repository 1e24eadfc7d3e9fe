"""ZeRO-style weight averaging: gather the sharded kernel, then reduce-scatter it back to its layout."""
import functools
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


COLLECTIVES = {
    "all_gather": functools.partial(jax.lax.all_gather, tiled=True, to="reduced"),
    "reduce_scatter": functools.partial(jax.lax.psum_scatter, scatter_dimension=0, tiled=True),
}


class ShardedWeightAverager:
    def __init__(self, layout_map, path, decay=0.9):
        self.layout = layout_map[path]
        self.decay = decay

    @property
    def shard_axis(self):
        return self.layout.axes[0]

    def materialize(self, shard):
        return COLLECTIVES["all_gather"](shard, self.shard_axis)

    def __call__(self, shard, grad_shard):
        full = self.materialize(shard)
        norm = jnp.sqrt(jax.lax.psum((shard * shard).sum(), self.shard_axis))
        ema = COLLECTIVES["reduce_scatter"](full, self.shard_axis) / jax.lax.axis_size(self.shard_axis)
        return self.decay * ema + (1.0 - self.decay) * (shard - grad_shard / (1.0 + norm))


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32)


def main(kernel, grad):
    mesh = DeviceMesh((2, 4), ["batch", "model"])
    layout_map = LayoutMap(mesh)
    layout_map[r"encoder/.*/kernel"] = ("model", None)
    averager = ShardedWeightAverager(layout_map, "encoder/dense_0/kernel")
    spec = averager.layout.spec
    kernel = jax.device_put(kernel, averager.layout.sharding)
    grad = jax.device_put(grad, averager.layout.sharding)
    return jax.shard_map(averager, mesh=mesh.backend_mesh, in_specs=(spec, spec), out_specs=spec)(kernel, grad)


if __name__ == "__main__":
    print(main(*inputs()))
