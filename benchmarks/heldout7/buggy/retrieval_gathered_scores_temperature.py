"""Contrastive retrieval (dual encoder): document scores gathered over the index shards, divided by a temperature."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DualEncoder:
    axis = "docs"

    def __init__(self, temperature=0.05):
        self.temperature = temperature

    def encode(self, x, w):
        z = x @ w
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)

    def scores(self, q, d):
        local = q @ d.T
        return jax.lax.all_gather(local, self.axis, axis=1, tiled=True, to="reduced")

    def scaled_scores(self, q, d):
        return self.scores(q, d) / self.temperature


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32),
            rng.normal(size=(8, 8)).astype(np.float32))


def main(q, d, w):
    mesh = jax.make_mesh((8,), (DualEncoder.axis,))
    model = DualEncoder()
    q = jax.device_put(q, NamedSharding(mesh, P()))
    d = jax.device_put(d, NamedSharding(mesh, P(DualEncoder.axis, None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))

    def step(q, d, w):
        return model.scaled_scores(model.encode(q, w), model.encode(d, w))

    return jax.shard_map(step, mesh=mesh, in_specs=(P(), P(DualEncoder.axis, None), P()),
                         out_specs=P(None, None, reduced={DualEncoder.axis}))(q, d, w)


if __name__ == "__main__":
    print(main(*inputs()))
