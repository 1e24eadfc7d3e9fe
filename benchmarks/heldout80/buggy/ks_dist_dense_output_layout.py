"""A column-parallel Dense whose output layout, from a LayoutMap, asks for gathered features."""
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
    def __init__(self, layout_map, batch_dim_name="batch", gather_mode="reduced"):
        self.layout_map = layout_map
        self.batch_dim_name = batch_dim_name
        self.gather_mode = gather_mode

    def relayout(self, x, path):
        target = self.layout_map[path]
        if target is None or target.axes[-1] is not None:
            return x
        return jax.lax.all_gather(x, "model", axis=x.ndim - 1, tiled=True, to=self.gather_mode)


class Dense:
    def __init__(self, name, distribution, activation=None):
        self.name = name
        self.distribution = distribution
        self.activation = activation

    def __call__(self, kernel, bias, x):
        y = self.distribution.relayout(x @ kernel, f"{self.name}/output")
        y = y + bias
        return self.activation(y) if self.activation else y


def inputs():
    rng = np.random.default_rng(25)
    return (rng.normal(size=(6, 8)).astype(np.float32), rng.normal(size=8).astype(np.float32),
            rng.normal(size=(16, 6)).astype(np.float32))


def main(kernel, bias, x):
    mesh = DeviceMesh((2, 4), ["batch", "model"])
    layout_map = LayoutMap(mesh)
    layout_map[r"dense_\d+/kernel"] = (None, "model")
    layout_map[r"dense_\d+/bias"] = (None,)
    layout_map[r"dense_\d+/output"] = ("batch", None)
    layer = Dense("dense_1", ModelParallel(layout_map))
    kernel = jax.device_put(kernel, layout_map["dense_1/kernel"].sharding)
    bias = jax.device_put(bias, layout_map["dense_1/bias"].sharding)
    x = jax.device_put(x, NamedSharding(mesh.backend_mesh, P("batch", None)))
    return jax.shard_map(layer, mesh=mesh.backend_mesh, in_specs=(P(None, "model"), P(None), P("batch", None)),
                         out_specs=P("batch", None))(kernel, bias, x)


if __name__ == "__main__":
    print(main(*inputs()))
