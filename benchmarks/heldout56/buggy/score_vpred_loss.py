"""v-prediction MSE averaged over the whole mesh, from a training step's loss method."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VPredictionLoss:
    def __init__(self, mesh):
        self.mesh = mesh

    def targets(self, x0, noise, alpha, sigma):
        return alpha[:, None] * noise - sigma[:, None] * x0

    def __call__(self, pred, x0, noise, alpha, sigma):
        v = self.targets(x0, noise, alpha, sigma)
        sq = jnp.sum((pred - v) ** 2, axis=-1)
        per_sample = jax.lax.psum(sq, self.mesh.axis_names[1])
        return jax.lax.pmean(per_sample, self.mesh.axis_names)


def inputs():
    rng = np.random.default_rng(6)
    pred, x0, noise = (rng.standard_normal((8, 16), dtype=np.float32) for _ in range(3))
    t = rng.uniform(0, 1, size=(8,)).astype(np.float32)
    return pred, x0, noise, np.cos(t * np.pi / 2), np.sin(t * np.pi / 2)


def main(pred, x0, noise, alpha, sigma):
    mesh = jax.make_mesh((4, 2), ("batch", "pixel"))
    img = NamedSharding(mesh, P("batch", "pixel"))
    vec = NamedSharding(mesh, P("batch"))
    pred, x0, noise = (jax.device_put(a, img) for a in (pred, x0, noise))
    alpha, sigma = (jax.device_put(a, vec) for a in (alpha, sigma))
    loss_fn = VPredictionLoss(mesh)
    loss = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P("batch", "pixel"),) * 3 + (P("batch"),) * 2,
                         out_specs=P())(pred, x0, noise, alpha, sigma)
    print(loss)
    return loss


if __name__ == "__main__":
    main(*inputs())
