"""Gather model outputs to the layouts a LayoutMap gives for activations."""
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


def gather_to_layout(x, source, target, dim):
    axes = tuple(a for a in source.axes if a is not None and a not in target.axes)
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


class Head:
    def __init__(self, layout_map):
        self.layout_map = layout_map

    def __call__(self, kernel, x):
        logits = x @ kernel
        source = self.layout_map["head/logits"]
        probs_layout = self.layout_map["head/probs"]
        logits = gather_to_layout(logits, source, probs_layout, dim=1)
        return logits, gather_to_layout(logits, source, self.layout_map["outputs/host"], dim=0)


def inputs():
    rng = np.random.default_rng(22)
    return rng.normal(size=(6, 8)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32)


def main(kernel, x):
    mesh = DeviceMesh((2, 4), ["batch", "model"])
    layout_map = LayoutMap(mesh)
    layout_map["head/kernel"] = (None, "model")
    layout_map["head/logits"] = ("batch", "model")
    layout_map["head/probs"] = ("batch", None)
    layout_map["outputs/.*"] = (None, None)
    kernel = jax.device_put(kernel, layout_map["head/kernel"].sharding)
    x = jax.device_put(x, NamedSharding(mesh.backend_mesh, P("batch", None)))
    head = Head(layout_map)
    logits, host = jax.shard_map(head, mesh=mesh.backend_mesh, in_specs=(P(None, "model"), P("batch", None)),
                                 out_specs=(P("batch", None, reduced={"model"}),
                                            P(None, None, reduced={"batch", "model"})))(kernel, x)
    return logits


if __name__ == "__main__":
    print(main(*inputs()))
