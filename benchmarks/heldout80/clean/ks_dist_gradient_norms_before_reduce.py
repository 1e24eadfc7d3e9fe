"""DataParallel training with per-device gradient-norm logging, variables placed through a LayoutMap."""
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


class DataParallel:
    def __init__(self, device_mesh, batch_dim_name=None):
        self.device_mesh = device_mesh
        self.batch_dim_name = batch_dim_name or device_mesh.axis_names[0]

    def reduce_gradients(self, grads):
        return jax.tree.map(lambda g: jax.lax.psum(g, self.batch_dim_name), grads)

    def gradient_norms(self, grads):
        norms = jnp.stack([jnp.sum(g * g) for g in jax.tree.leaves(grads)])
        return jax.lax.all_gather(norms, self.batch_dim_name, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    return ({"dense/kernel": rng.normal(size=(6, 8)).astype(np.float32) * 0.1},
            rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32))


def main(params, x, y):
    mesh = DeviceMesh((2, 4), ["batch", "model"])
    layout_map = LayoutMap(mesh)
    layout_map[r"dense.*/kernel"] = (None, "model")
    distribution = DataParallel(mesh)
    params = {k: jax.device_put(v, layout_map[k].sharding) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh.backend_mesh, P("batch", None)))
    y = jax.device_put(y, NamedSharding(mesh.backend_mesh, P("batch", "model")))

    def train_step(params, x, y):
        def loss_fn(params):
            return jnp.sum((x @ params["dense/kernel"] - y) ** 2)
        grads = {"dense/kernel": 2.0 * x.T @ (x @ params["dense/kernel"] - y)}
        norms = distribution.gradient_norms(grads)
        grads = distribution.reduce_gradients(grads)
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
        return params, norms

    specs = {k: layout_map[k].spec for k in params}
    step = jax.shard_map(train_step, mesh=mesh.backend_mesh, in_specs=(specs, P("batch", None), P("batch", "model")),
                         out_specs=(specs, P(None, "model", reduced={"batch"})))
    params, norms = step(params, x, y)
    return params["dense/kernel"]


if __name__ == "__main__":
    print(main(*inputs()))
