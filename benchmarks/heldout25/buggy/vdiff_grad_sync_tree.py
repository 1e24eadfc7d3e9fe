"""Video diffusion trainer: gradients of every parameter are averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer:
    def __init__(self, mesh, lr=1e-3):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)
        self.lr = lr

    def local_grads(self, params, x):
        n = x.shape[0]
        spatial = 2.0 * x.T @ (x @ params["spatial"]) / n
        temporal = 2.0 * (x + params["temporal_bias"]).mean(axis=0)
        return {"spatial": spatial, "temporal_bias": jax.lax.pmean(temporal, "frame")}

    def step(self, params, x):
        grads = self.local_grads(params, x)
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, self.axes), grads)
        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)

    def run(self, params, x):
        pspec = {"spatial": P(), "temporal_bias": P()}
        params = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(self.mesh, s)), params, pspec)
        x = jax.device_put(x, NamedSharding(self.mesh, P("clip", "frame")))
        return jax.shard_map(self.step, mesh=self.mesh, in_specs=(pspec, P("clip", "frame")),
                             out_specs=pspec)(params, x)


def inputs():
    rng = np.random.default_rng(20)
    params = {"spatial": rng.normal(size=(4, 4)).astype(np.float32),
              "temporal_bias": np.zeros((4,), np.float32)}
    return params, rng.normal(size=(8, 16)).astype(np.float32)


def main(params, x):
    mesh = jax.make_mesh((2, 4), ("clip", "frame"))
    return Trainer(mesh).run(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
