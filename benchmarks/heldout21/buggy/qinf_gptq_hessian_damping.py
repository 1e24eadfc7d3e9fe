"""GPTQ layer calibration: accumulate the input Hessian over calibration batches, then damp it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GPTQ:
    def __init__(self, mesh, percdamp=0.01):
        self.mesh = mesh
        self.percdamp = percdamp
        self.token_axis, self.feature_axis = mesh.axis_names

    def add_batch(self, h, x):
        return h + x.T @ x

    def hessian(self, batches):
        h = jnp.zeros((batches.shape[-1], batches.shape[-1]), batches.dtype)
        h = jax.lax.pcast(h, (self.token_axis, self.feature_axis), to="varying")
        h, _ = jax.lax.scan(lambda acc, x: (self.add_batch(acc, x), None), h, batches)
        return jax.lax.psum(h, self.token_axis) / (batches.shape[0] * batches.shape[1])

    def damping(self, h, axes=None):
        axes = axes or self.mesh.axis_names
        mean_diag = jax.lax.pmean(jnp.mean(jnp.diagonal(h)), axes)
        return self.percdamp * mean_diag

    def prepare(self, batches):
        h = self.hessian(batches)
        return h + self.damping(h) * jnp.eye(h.shape[0], dtype=h.dtype)


def inputs():
    rng = np.random.default_rng(29)
    return (rng.standard_normal((3, 16, 16)).astype(np.float32),)


def main(batches):
    mesh = jax.make_mesh((2, 4), ("tokens", "features"))
    spec = P(None, "tokens", "features")
    batches = jax.device_put(batches, NamedSharding(mesh, spec))
    gptq = GPTQ(mesh)
    fn = jax.shard_map(gptq.prepare, mesh=mesh, in_specs=spec, out_specs=P("features", None))
    return fn(batches)


if __name__ == "__main__":
    print(main(*inputs()))
