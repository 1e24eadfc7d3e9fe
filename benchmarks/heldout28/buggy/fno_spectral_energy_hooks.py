"""FNO trainer with logging hooks: the spectral energy of each Fourier layer's output."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Hook:
    def on_layer(self, name, x):
        return {}


class SpectralEnergyHook(Hook):
    def __init__(self, mode_axis):
        self.mode_axis = mode_axis

    def on_layer(self, name, coeffs):
        energy = jax.lax.psum(jnp.sum(coeffs * coeffs, axis=-1), self.mode_axis)
        return {f"{name}/energy": jax.lax.all_gather(energy, self.mode_axis, tiled=True, to="reduced")}


class Trainer:
    def __init__(self, mesh, hooks, batch_axis="batch", mode_axis="mode"):
        self.mesh = mesh
        self.hooks = hooks
        self.batch_axis = batch_axis
        self.mode_axis = mode_axis

    def forward(self, coeffs, weights):
        logs = {}
        for i in range(weights.shape[0]):
            coeffs = coeffs * weights[i]
            for hook in self.hooks:
                logs.update(hook.on_layer(f"fourier_{i}", coeffs))
        return coeffs, logs

    def step(self, coeffs, weights):
        spec = P(self.batch_axis, self.mode_axis)
        log_spec = P(self.batch_axis, reduced={self.mode_axis})
        return jax.shard_map(
            self.forward, mesh=self.mesh, in_specs=(spec, P(None, self.mode_axis)),
            out_specs=(spec, {f"fourier_{i}/energy": log_spec for i in range(weights.shape[0])}),
        )(coeffs, weights)


def inputs():
    rng = np.random.default_rng(16)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(2, 16)).astype(np.float32))


def main(coeffs, weights):
    mesh = jax.make_mesh((2, 4), ("batch", "mode"))
    coeffs = jax.device_put(coeffs, NamedSharding(mesh, P("batch", "mode")))
    weights = jax.device_put(weights, NamedSharding(mesh, P(None, "mode")))
    trainer = Trainer(mesh, hooks=[SpectralEnergyHook("mode")])
    return trainer.step(coeffs, weights)


if __name__ == "__main__":
    out, logs = main(*inputs())
    print(out.shape, sorted(logs))
