"""Chunked sigmoid loss: text embeddings of all devices gathered once per step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LogitsMixin:
    def logits(self, img, all_txt):
        scaled = all_txt * self.temperature
        return jnp.einsum("id,td->it", img, scaled) + self.bias


class SigmoidLossMixin:
    def pair_terms(self, logits, labels):
        return jax.nn.log_sigmoid(labels * logits)


class SigLIPLoss(LogitsMixin, SigmoidLossMixin):
    axis = "data"

    def __init__(self, temperature=10.0, bias=-10.0):
        self.temperature = temperature
        self.bias = bias

    def __call__(self, img, txt):
        all_txt = jax.lax.all_gather(txt, self.axis, tiled=True)
        logits = self.logits(img, all_txt)
        labels = -jnp.ones_like(logits)
        terms = self.pair_terms(labels, logits)
        return -jax.lax.psum(terms.sum(), self.axis)


def inputs():
    rng = np.random.default_rng(8)
    return (rng.normal(size=(8, 4)).astype(np.float32),
            rng.normal(size=(8, 4)).astype(np.float32))


def main(img, txt):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    img = jax.device_put(img, NamedSharding(mesh, P("data", None)))
    txt = jax.device_put(txt, NamedSharding(mesh, P("data", None)))
    loss = SigLIPLoss()
    return jax.shard_map(loss, mesh=mesh, in_specs=(P("data", None), P("data", None)),
                         out_specs=P())(img, txt)


if __name__ == "__main__":
    print(main(*inputs()))
