"""Restore a ModelParallel checkpoint: variables placed by a LayoutMap, gathered to a save layout."""
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

    def distribute_variable(self, path, value):
        layout = self.layout_map[path] or TensorLayout((None,) * value.ndim, self.device_mesh)
        layout.device_mesh = self.device_mesh
        return jax.device_put(value, layout.sharding)


def save_checkpoint(variables, save_layouts, mesh):
    saved = {}
    with jax.set_mesh(mesh.backend_mesh):
        for path, value in variables.items():
            layout = save_layouts[path]
            saved[path] = jax.reshard(value, layout.spec) if layout is not None else value
    return saved


def inputs():
    rng = np.random.default_rng(20)
    return ({
        "token_embedding/embeddings": rng.normal(size=(16, 8)).astype(np.float32),
        "transformer_layer_0/attention/query/kernel": rng.normal(size=(8, 8)).astype(np.float32),
        "transformer_layer_0/ffn/kernel": rng.normal(size=(8, 16)).astype(np.float32),
    },)


def main(params):
    mesh = DeviceMesh((2, 4), ["batch", "model"])
    layout_map = LayoutMap(mesh)
    layout_map["token_embedding/embeddings"] = ("model", None)
    layout_map[r"transformer_layer_.*/attention/.*/kernel"] = ("batch", "model")
    layout_map[r"transformer_layer_.*/ffn/kernel"] = (None, "model")
    distribution = ModelParallel(layout_map)
    variables = {path: distribution.distribute_variable(path, value) for path, value in params.items()}

    save_layouts = LayoutMap(mesh)
    save_layouts[r".*/kernel"] = ("model", None)
    saved = save_checkpoint(variables, save_layouts, mesh)
    return saved["transformer_layer_0/ffn/kernel"]


if __name__ == "__main__":
    print(main(*inputs()))
